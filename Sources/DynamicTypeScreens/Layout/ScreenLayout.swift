import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// Lays out a screen at one category from its texts' intrinsic sizes — no constraint solver, one
/// pass from the top, positions in points:
///
/// - **The screen** is a vertical column inside its `padding` plus the device's safe area; top-level views are as wide as the
///   column and `spacing` apart.
/// - **A label** is as wide as it is offered (or its `width`); its text wraps, truncates or
///   shrinks in that width minus `insets` (``LineBreak``, `lines`, `minimumScaleFactor`), and it is
///   as tall as its lines. Its natural width is its text on one line.
/// - **A button** is its title inside `contentInsets`, centred; as wide as offered in a column,
///   its natural width in a row.
/// - **An image** has its `width × height`, scaled by the `scalesWith` style's factor
///   (`@ScaledMetric`), capped at `maximumSize`.
/// - **A text view** is as wide as offered; its height is `height`, or its text's.
/// - **A vertical stack** places children top to bottom; with `fill` they are as wide as the
///   stack, otherwise their natural width (at most the stack's) aligned leading, centre or trailing.
/// - **A horizontal stack** gives each child its natural width. Left-over width goes to the first
///   flexible child (a label, button, text view or stack without a fixed width), like a stack view
///   whose first label hugs least. When the children need more than the stack has, flexible
///   children give up width in proportion to their natural widths (each keeps at least 44 pt or
///   its natural width); fixed children keep theirs and may overflow. Children are aligned
///   across the row by `alignment` (top for fill/leading). At accessibility categories the stack
///   uses `accessibilityAxis` when it has one.
/// - **A table** stacks one cell per row, made from the template with `{field}` replaced, inside
///   `cellPadding`; rows are as tall as their content (automatic) or fixed, and text below a fixed
///   row's bottom is clipped.
/// - **An overlay stack** places every child at its top-left corner, as wide as the stack; a
///   label's `alignment` then puts its text at the leading or trailing edge (a title and a value
///   pinned to either side of a cell), and texts that meet collide.
/// - Each view sees the category clamped by its own, its ancestors' and the screen's limits.
package enum ScreenLayout {
    /// `screen` laid out at `category`.
    public static func layout(
        _ screen: Screen, category: ContentSizeCategory, environment: ScreenLayoutEnvironment
    ) throws -> LaidOutScreen {
        let builder = ScreenLayoutPass(environment: environment, category: category)
        let limits = CategoryLimits(minimum: screen.minimumCategory, maximum: screen.maximumCategory)
        let safe = environment.safeArea
        let x = screen.padding.leading + safe.leading
        let width = environment.width - screen.padding.horizontal - safe.leading - safe.trailing
        guard width >= 1 else { throw ScreenLayoutError.noRoom(view: screen.name, width: width) }
        var y = screen.padding.top + safe.top
        for (index, view) in screen.views.enumerated() {
            if index > 0 { y += screen.spacing }
            y += try builder.place(view, x: x, y: y, width: width, fill: true, parent: nil, limits: limits, prefix: "", fields: [:])
        }
        let contentHeight = y + screen.padding.bottom + safe.bottom
        var laidOut = LaidOutScreen(
            screen: screen, category: category, locale: environment.texts.locale,
            size: Size(width: environment.width, height: max(environment.height, contentHeight)),
            foldHeight: environment.height, views: builder.views, contentHeight: contentHeight)
        laidOut.keyboardHeight = min(environment.keyboardHeight, environment.height)
        return laidOut
    }

    /// The least width a flexible child of a squeezed row keeps (a tap target's width).
    static let minimumFlexibleWidth = 44.0
}

/// One layout pass: appends views in document order, parents before their children.
///
/// This file resolves text settings, natural widths and labels and buttons; text views, stacks
/// and tables are placed by the extensions named after them.
final class ScreenLayoutPass {
    let environment: ScreenLayoutEnvironment
    let category: ContentSizeCategory
    var views: [LaidOutView] = []

    init(environment: ScreenLayoutEnvironment, category: ContentSizeCategory) {
        self.environment = environment
        self.category = category
    }

    // MARK: Text

    func settings(
        font spec: FontSpec, adjusts: Bool, color: RGBAColor, alignment: TextAlignment, lines: Int, lineBreak: LineBreak,
        minimumScaleFactor: Double?, category: ContentSizeCategory
    ) throws -> TextSettings {
        let (font, atLarge) = try ScreenFontResolution.font(spec, category: category, adjusts: adjusts, environment: environment)
        let scales = adjusts && (spec.scalingStyle != nil)
        return TextSettings(
            font: font, sizeAtLarge: atLarge, scales: scales, color: color, alignment: alignment, lines: lines,
            lineBreak: lineBreak, minimumScaleFactor: minimumScaleFactor)
    }

    func labelSettings(_ spec: LabelSpec, category: ContentSizeCategory, centred: Bool = false) throws -> TextSettings {
        let alignment: TextAlignment
        switch spec.alignment {
        case .leading: alignment = centred ? .center : .natural
        case .center: alignment = .center
        case .trailing: alignment = .right
        }
        var result = try settings(
            font: spec.font, adjusts: spec.adjustsFontForContentSizeCategory, color: spec.color, alignment: alignment,
            lines: spec.lines, lineBreak: spec.lineBreak, minimumScaleFactor: spec.minimumScaleFactor, category: category)
        result.markdown = spec.markdown
        return result
    }

    func text(_ source: TextSource, fields: [String: String]) -> ResolvedText {
        environment.texts.resolve(Substitution.apply(fields, to: source))
    }

    // MARK: Natural widths

    /// The width `view` would take on a line of unlimited width (capped by fixed widths).
    func naturalWidth(_ view: ScreenView, limits outer: CategoryLimits, fields: [String: String]) throws -> Double {
        let limits = view.limits.within(outer)
        let category = limits.clamp(self.category)
        switch view {
        case .label(let spec):
            if let width = spec.width { return width }
            let settings = try labelSettings(spec, category: category)
            return try ScreenTextLayout.naturalWidth(text(spec.text, fields: fields).text, settings: settings, resolver: environment.resolver)
                + spec.insets.horizontal
        case .button(let spec):
            if let width = spec.title.width { return width }
            let settings = try labelSettings(spec.title, category: category, centred: true)
            return try ScreenTextLayout.naturalWidth(
                text(spec.title.text, fields: fields).text, settings: settings, resolver: environment.resolver)
                + spec.contentInsets.horizontal
        case .image(let spec):
            return try imageSize(spec, category: category).width
        case .textView:
            return .infinity
        case .stack(let spec):
            if let width = spec.width { return width }
            let widths = try spec.children.map { try naturalWidth($0, limits: limits, fields: fields) }
            let inner: Double
            switch spec.axis(at: category) {
            case .horizontal: inner = widths.reduce(0, +) + spec.spacing * Double(max(0, widths.count - 1))
            case .vertical, .overlay: inner = widths.max() ?? 0
            }
            return inner + spec.padding.horizontal
        case .table:
            return .infinity
        }
    }

    func imageSize(_ spec: ImageSpec, category: ContentSizeCategory) throws -> Size {
        var factor = 1.0
        if let style = spec.scalesWith {
            factor = try FontMetrics(forTextStyle: style, profile: environment.profile).scaleFactor(for: category)
        }
        var width = spec.width * factor, height = spec.height * factor
        if let maximum = spec.maximumSize, maximum > 0, max(width, height) > maximum {
            let cap = maximum / max(width, height)
            width *= cap
            height *= cap
        }
        return Size(width: width, height: height)
    }

    // MARK: Placing

    /// Places `view` with its top-left at (x, y), offered `width`; returns its height. With
    /// `fill` the view takes the whole width, otherwise its natural width (at most `width`).
    func place(
        _ view: ScreenView, x: Double, y: Double, width offered: Double, fill: Bool, parent: Int?, limits outer: CategoryLimits,
        prefix: String, fields: [String: String]
    ) throws -> Double {
        let limits = view.limits.within(outer)
        let category = limits.clamp(self.category)
        let path = prefix + view.id
        do {
            return try place(
                view, path: path, x: x, y: y, offered: offered, fill: fill, parent: parent, outer: outer, limits: limits,
                category: category, prefix: prefix, fields: fields)
        } catch let error as InlineImages.MarkerError {
            // The marker's text knows no view; the error names the view it is in.
            throw ScreenLayoutError.invalidImageMarker(view: path, marker: error.marker, reason: error.reason)
        }
    }

    private func place(
        _ view: ScreenView, path: String, x: Double, y: Double, offered: Double, fill: Bool, parent: Int?, outer: CategoryLimits,
        limits: CategoryLimits, category: ContentSizeCategory, prefix: String, fields: [String: String]
    ) throws -> Double {
        switch view {
        case .label(let spec):
            return try placeText(
                spec, insets: spec.insets, kind: .label, view: view, x: x, y: y, offered: offered, fill: fill, parent: parent,
                outer: outer, category: category, path: path, fields: fields, background: spec.background, cornerRadius: 0,
                minimumTapTarget: nil)
        case .button(let spec):
            return try placeText(
                spec.title, insets: spec.contentInsets, kind: .button, view: view, x: x, y: y, offered: offered, fill: fill,
                parent: parent, outer: outer, category: category, path: path, fields: fields, background: spec.title.background,
                cornerRadius: spec.cornerRadius, minimumTapTarget: spec.minimumTapTarget, centred: true)
        case .image(let spec):
            let size = try imageSize(spec, category: category)
            views.append(
                LaidOutView(
                    path: path, kind: .image, frame: Rect(x: x, y: y, width: size.width, height: size.height), parent: parent,
                    category: category, background: nil, cornerRadius: spec.circular ? size.width / 2 : 8,
                    minimumTapTarget: nil, content: .image(circular: spec.circular, color: spec.color)))
            return size.height
        case .textView(let spec):
            return try placeTextView(spec, x: x, y: y, width: offered, parent: parent, category: category, path: path, fields: fields)
        case .stack(let spec):
            return try placeStack(
                spec, x: x, y: y, offered: offered, fill: fill, parent: parent, limits: limits, category: category, path: path,
                prefix: prefix, fields: fields)
        case .table(let spec):
            return try placeTable(spec, x: x, y: y, width: offered, parent: parent, limits: limits, category: category, path: path)
        }
    }

    /// A label, or a button's title: the text in the view's width (its own, offered, or natural)
    /// minus `insets`; the view as tall as the text plus the insets.
    private func placeText(
        _ spec: LabelSpec, insets: EdgeInsets, kind: ScreenView.Kind, view: ScreenView, x: Double, y: Double, offered: Double,
        fill: Bool, parent: Int?, outer: CategoryLimits, category: ContentSizeCategory, path: String, fields: [String: String],
        background: RGBAColor?, cornerRadius: Double, minimumTapTarget: Double?, centred: Bool = false
    ) throws -> Double {
        var width = spec.width ?? offered
        if !fill, spec.width == nil { width = min(offered, try naturalWidth(view, limits: outer, fields: fields)) }
        let textWidth = width - insets.horizontal
        guard textWidth >= 1 else { throw ScreenLayoutError.noRoom(view: path, width: textWidth) }
        var laid = try ScreenTextLayout.layout(
            text(spec.text, fields: fields), settings: try labelSettings(spec, category: category, centred: centred), width: textWidth,
            resolver: environment.resolver)
        let height = laid.box.height + insets.vertical
        laid.origin = Point(x: x + insets.leading, y: y + insets.top)
        laid.box = Rect(x: laid.origin.x, y: laid.origin.y, width: textWidth, height: laid.box.height)
        laid.images = try InlineImages.placed(
            lines: laid.lines, origin: laid.origin, loader: environment.images, base: environment.baseDirectory, view: path)
        views.append(
            LaidOutView(
                path: path, kind: kind, frame: Rect(x: x, y: y, width: width, height: height), parent: parent, category: category,
                background: background, cornerRadius: cornerRadius, minimumTapTarget: minimumTapTarget, content: .text(laid)))
        return height
    }
}
