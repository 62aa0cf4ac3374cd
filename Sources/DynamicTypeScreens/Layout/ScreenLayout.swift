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
public enum ScreenLayout {
    /// `screen` laid out at `category`.
    public static func layout(
        _ screen: Screen, category: ContentSizeCategory, environment: ScreenLayoutEnvironment
    ) throws -> LaidOutScreen {
        let builder = Builder(environment: environment, category: category)
        let limits = CategoryLimits(minimum: screen.minimumCategory, maximum: screen.maximumCategory)
        let safe = environment.safeArea
        let x = screen.padding.leading + safe.left
        let width = environment.width - screen.padding.horizontal - safe.left - safe.right
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
private final class Builder {
    let environment: ScreenLayoutEnvironment
    let category: ContentSizeCategory
    var views: [LaidOutView] = []

    init(environment: ScreenLayoutEnvironment, category: ContentSizeCategory) {
        self.environment = environment
        self.category = category
    }

    // MARK: Text

    private func settings(
        font spec: FontSpec, adjusts: Bool, color: RGBAColor, alignment: TextAlignment, lines: Int, lineBreak: LineBreak,
        minimumScaleFactor: Double?, category: ContentSizeCategory
    ) throws -> TextSettings {
        let (font, atLarge) = try ScreenFontResolution.font(spec, category: category, adjusts: adjusts, environment: environment)
        let scales = adjusts && (spec.scalingStyle != nil)
        return TextSettings(
            font: font, sizeAtLarge: atLarge, scales: scales, color: color, alignment: alignment, lines: lines,
            lineBreak: lineBreak, minimumScaleFactor: minimumScaleFactor)
    }

    private func labelSettings(_ spec: LabelSpec, category: ContentSizeCategory, centred: Bool = false) throws -> TextSettings {
        let alignment: TextAlignment
        switch spec.alignment {
        case .leading: alignment = centred ? .center : .natural
        case .center: alignment = .center
        case .trailing: alignment = .right
        }
        return try settings(
            font: spec.font, adjusts: spec.adjustsFontForContentSizeCategory, color: spec.color, alignment: alignment,
            lines: spec.lines, lineBreak: spec.lineBreak, minimumScaleFactor: spec.minimumScaleFactor, category: category)
    }

    private func text(_ source: TextSource, fields: [String: String]) -> ResolvedText {
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

    private func imageSize(_ spec: ImageSpec, category: ContentSizeCategory) throws -> Size {
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

    private func placeTextView(
        _ spec: TextViewSpec, x: Double, y: Double, width: Double, parent: Int?, category: ContentSizeCategory, path: String,
        fields: [String: String]
    ) throws -> Double {
        let resolved: ResolvedText
        if let file = spec.file {
            let full = ScreenFontResolution.path(file, base: environment.baseDirectory)
            do {
                let data = try InputFile.read(atPath: full, limit: .default)
                let text = String(decoding: data, as: UTF8.self)
                resolved = ResolvedText(variants: [.init(name: nil, text: text)])
            } catch {
                throw ScreenLayoutError.textFileUnreadable(
                    view: path, path: full, reason: "\(error)", missing: ScreenLayoutError.isMissing(error))
            }
        } else {
            resolved = text(spec.text ?? .literal(""), fields: fields)
        }
        let textWidth = width - spec.insets.horizontal
        guard textWidth >= 1 else { throw ScreenLayoutError.noRoom(view: path, width: textWidth) }
        let settings = try self.settings(
            font: spec.font, adjusts: spec.adjustsFontForContentSizeCategory, color: spec.color, alignment: .natural, lines: 0,
            lineBreak: .wordWrap, minimumScaleFactor: nil, category: category)
        let storage: TextStorage
        if let rules = spec.rules, case .style(.body) = spec.font {
            let set: HighlightRuleSet
            if rules == "seeds" {
                set = .seeds
            } else {
                let full = ScreenFontResolution.path(rules, base: environment.baseDirectory)
                do { set = try HighlightRuleSet(contentsOf: full) } catch {
                    let missing: Bool
                    if case .fileMissing = error { missing = true } else { missing = false }
                    throw ScreenLayoutError.rulesUnusable(view: path, path: full, reason: "\(error)", missing: missing)
                }
            }
            let inline = try InlineImages.attributed(resolved.text, attributes: TextAttributes())
            let highlighted = try SyntaxHighlightTextStorage(
                string: inline.text.string, resolver: environment.resolver, profile: environment.profile,
                category: spec.adjustsFontForContentSizeCategory ? category : .large, legibilityWeight: environment.legibility,
                rules: set, baseAttributes: { var base = TextAttributes(); base.foregroundColor = spec.color; return base }())
            storage = highlighted.storage
            // The highlighter styled the text; the images go on top (it restyles nothing later:
            // a screen is laid out afresh at each category).
            var location = 0
            for run in inline.text.runs {
                if let attachment = run.attributes.attachment {
                    var attributes = TextAttributes()
                    attributes.attachment = attachment
                    storage.addAttributes(attributes, range: NSRange(location: location, length: run.length))
                }
                location += run.length
            }
        } else {
            storage = TextStorage(try InlineImages.attributed(resolved.text, attributes: ScreenTextLayout.attributes(settings, font: settings.font)).text)
        }
        let manager = try LayoutManager(resolver: environment.resolver, defaultFont: settings.font)
        // Columns (seed 004): one storage through N containers side by side, the view's height each.
        let columns = max(1, spec.columns)
        let columnGap = 16.0
        let columnWidth = (textWidth - columnGap * Double(columns - 1)) / Double(columns)
        guard columnWidth >= 1 else { throw ScreenLayoutError.noRoom(view: path, width: columnWidth) }
        let columnHeight = columns > 1 ? max(1, (spec.height ?? 0) - spec.insets.vertical) : .infinity
        let container = TextContainer(size: Size(width: columnWidth, height: columnHeight), lineFragmentPadding: 5)
        var placedImages: [PlacedImage] = []
        for exclusion in spec.exclusions {
            switch exclusion {
            case .rect(let x, let y, let w, let h): container.exclusionPaths.append(BezierPath(rect: Rect(x: x, y: y, width: w, height: h)))
            case .ellipse(let x, let y, let w, let h):
                container.exclusionPaths.append(BezierPath(ovalIn: Rect(x: x, y: y, width: w, height: h)))
            case .polygon(let points):
                container.exclusionPaths.append(BezierPath(polygon: points))
            case .image(let file, let ix, let iy, let iw):
                let full = ScreenFontResolution.path(file, base: environment.baseDirectory)
                let image: ScreenImage
                do {
                    guard let loader = environment.images else {
                        throw ScreenLayoutError.imageUnreadable(view: path, path: full, reason: "no image reader", missing: false)
                    }
                    image = try loader.image(atPath: full)
                } catch let error as ScreenLayoutError {
                    throw error
                } catch {
                    throw ScreenLayoutError.imageUnreadable(
                        view: path, path: full, reason: "\(error)", missing: ScreenLayoutError.isMissing(error))
                }
                let mask = try ExclusionMask(
                    alpha: image.alpha, width: image.width, height: image.height, scale: Double(image.width) / iw,
                    origin: Point(x: ix, y: iy))
                container.exclusionMasks.append(mask)
                let height = iw * Double(image.height) / Double(image.width)
                placedImages.append(
                    PlacedImage(frame: Rect(x: x + spec.insets.leading + ix, y: y + spec.insets.top + iy, width: iw, height: height), image: image))
            }
        }
        manager.addTextContainer(container)
        for _ in 1..<columns {
            manager.addTextContainer(TextContainer(size: Size(width: columnWidth, height: columnHeight), lineFragmentPadding: 5))
        }
        manager.attach(to: storage)
        // Lines of later columns move right, so the text view's lines share one coordinate space
        // (drawing, overlap and findings need no container origins).
        let lines = manager.lineFragments.map { line -> LineFragment in
            guard line.containerIndex > 0 else { return line }
            var moved = line
            let dx = Double(line.containerIndex) * (columnWidth + columnGap)
            moved.rect = moved.rect.offsetBy(dx: dx, dy: 0)
            moved.usedRect = moved.usedRect.offsetBy(dx: dx, dy: 0)
            for index in moved.attachments.indices { moved.attachments[index].rect = moved.attachments[index].rect.offsetBy(dx: dx, dy: 0) }
            return moved
        }
        let overflow = columns > 1 && manager.overflowRange != nil
        let textHeight =
            overflow
            ? columnHeight + settings.font.lineHeight  // text left over: it needs more than the box
            : (lines.map(\.rect.maxY).max() ?? settings.font.lineHeight)
        let height = spec.height ?? (textHeight + spec.insets.vertical)
        let origin = Point(x: x + spec.insets.leading, y: y + spec.insets.top)
        var laid = LaidOutText(
            resolved: resolved, storage: storage, lines: lines, origin: origin,
            box: Rect(x: origin.x, y: origin.y, width: textWidth, height: max(0, height - spec.insets.vertical)),
            font: settings.font, sizeAtLarge: settings.sizeAtLarge, scales: settings.scales, color: spec.color,
            isTruncated: false, lineBreak: .wordWrap, lineLimit: 0, neededHeight: textHeight, shrinkScale: 1,
            truncatedVariants: [], fallbacks: manager.fallbacks)
        laid.overflowLength = columns > 1 ? manager.overflowRange?.length ?? 0 : 0
        laid.columns = columns
        laid.images = placedImages
            + (try InlineImages.placed(lines: lines, origin: origin, loader: environment.images, base: environment.baseDirectory, view: path))
        views.append(
            LaidOutView(
                path: path, kind: .textView, frame: Rect(x: x, y: y, width: width, height: height), parent: parent,
                category: category, background: spec.background, cornerRadius: 0, minimumTapTarget: nil, content: .text(laid)))
        return height
    }

    private func placeStack(
        _ spec: StackSpec, x: Double, y: Double, offered: Double, fill: Bool, parent: Int?, limits: CategoryLimits,
        category: ContentSizeCategory, path: String, prefix: String, fields: [String: String]
    ) throws -> Double {
        let axis = spec.axis(at: category)
        var width = spec.width ?? offered
        let naturals = try spec.children.map { try naturalWidth($0, limits: limits, fields: fields) }
        let spacingTotal = spec.spacing * Double(max(0, spec.children.count - 1))
        let natural: Double
        switch axis {
        case .horizontal: natural = naturals.reduce(0, +) + spacingTotal + spec.padding.horizontal
        case .vertical, .overlay: natural = (naturals.max() ?? 0) + spec.padding.horizontal
        }
        if !fill, spec.width == nil { width = min(offered, natural) }
        let inner = width - spec.padding.horizontal
        let index = views.count
        views.append(
            LaidOutView(
                path: path, kind: .stack, frame: Rect(x: x, y: y, width: width, height: 0), parent: parent, category: category,
                background: spec.background, cornerRadius: 0, minimumTapTarget: nil,
                content: .stack(
                    axis: axis, naturalWidth: natural - spec.padding.horizontal, availableWidth: inner,
                    hasAccessibilityAxis: spec.accessibilityAxis != nil && spec.accessibilityAxis != spec.axis)))
        let top = y + spec.padding.top
        var height = 0.0
        switch axis {
        case .vertical:
            var cursor = top
            for (offset, child) in spec.children.enumerated() {
                if offset > 0 { cursor += spec.spacing }
                let childFill = spec.alignment == .fill
                let childWidth = childFill ? inner : min(inner, naturals[offset])
                var childX = x + spec.padding.leading
                switch spec.alignment {
                case .center: childX += (inner - childWidth) / 2
                case .trailing: childX += inner - childWidth
                case .fill, .leading: break
                }
                cursor += try place(
                    child, x: childX, y: cursor, width: childWidth, fill: childFill, parent: index, limits: limits,
                    prefix: prefix, fields: fields)
            }
            height = cursor - top
        case .overlay:
            for child in spec.children {
                height = max(
                    height,
                    try place(
                        child, x: x + spec.padding.leading, y: top, width: inner, fill: true, parent: index, limits: limits,
                        prefix: prefix, fields: fields))
            }
        case .horizontal:
            let widths = Self.rowWidths(
                children: spec.children, naturals: naturals, available: inner - spacingTotal)
            var cursor = x + spec.padding.leading
            var placed: [(start: Int, height: Double)] = []
            for (offset, child) in spec.children.enumerated() {
                if offset > 0 { cursor += spec.spacing }
                let start = views.count
                let childHeight = try place(
                    child, x: cursor, y: top, width: widths[offset], fill: true, parent: index, limits: limits, prefix: prefix,
                    fields: fields)
                placed.append((start, childHeight))
                cursor += views[start].frame.width
            }
            height = placed.map(\.height).max() ?? 0
            if spec.alignment == .center || spec.alignment == .trailing {
                for (offset, item) in placed.enumerated() {
                    let end = offset + 1 < placed.count ? placed[offset + 1].start : views.count
                    let dy = spec.alignment == .center ? (height - item.height) / 2 : height - item.height
                    shift(item.start..<end, dy: dy)
                }
            }
        }
        let total = height + spec.padding.vertical
        views[index].frame.size.height = total
        return total
    }

    /// Widths for a row's children (see ``ScreenLayout``).
    static func rowWidths(children: [ScreenView], naturals: [Double], available: Double) -> [Double] {
        let flexible = children.map { child -> Bool in
            switch child {
            case .label(let spec): spec.width == nil
            case .button(let spec): spec.title.width == nil
            case .stack(let spec): spec.width == nil
            case .textView, .table: true
            case .image: false
            }
        }
        // Views that take any width (text views, tables) share what the others leave.
        let greedy = naturals.map { !$0.isFinite }
        let finiteTotal = zip(naturals, greedy).filter { !$0.1 }.map(\.0).reduce(0, +)
        var widths = naturals
        if greedy.contains(true) {
            let share = max(ScreenLayout.minimumFlexibleWidth, (available - finiteTotal) / Double(greedy.filter { $0 }.count))
            for index in widths.indices where greedy[index] { widths[index] = share }
            return widths
        }
        let total = naturals.reduce(0, +)
        if total <= available {
            if let first = flexible.firstIndex(of: true) { widths[first] += available - total }
            return widths
        }
        var overflow = total - available
        let flexibleTotal = zip(naturals, flexible).filter { $0.1 }.map(\.0).reduce(0, +)
        guard flexibleTotal > 0 else { return widths }
        for index in widths.indices where flexible[index] {
            let floor = min(naturals[index], ScreenLayout.minimumFlexibleWidth)
            let cut = min(naturals[index] - floor, (total - available) * naturals[index] / flexibleTotal)
            widths[index] -= cut
            overflow -= cut
        }
        return widths
    }

    private func placeTable(
        _ spec: TableSpec, x: Double, y: Double, width: Double, parent: Int?, limits: CategoryLimits,
        category: ContentSizeCategory, path: String
    ) throws -> Double {
        let index = views.count
        views.append(
            LaidOutView(
                path: path, kind: .table, frame: Rect(x: x, y: y, width: width, height: 0), parent: parent, category: category,
                background: spec.background, cornerRadius: 0, minimumTapTarget: nil,
                content: .table(separators: [], rowFrames: [])))
        var cursor = y
        var separators: [Double] = []
        var rowFrames: [Rect] = []
        let inner = width - spec.cellPadding.horizontal
        for (row, fields) in spec.rows.enumerated() {
            let start = views.count
            let content = try place(
                spec.cell, x: x + spec.cellPadding.leading, y: cursor + spec.cellPadding.top, width: inner, fill: true,
                parent: index, limits: limits, prefix: "\(path)[\(row + 1)].", fields: fields)
            let rowHeight: Double
            switch spec.rowHeight {
            case .automatic: rowHeight = content + spec.cellPadding.vertical
            case .fixed(let fixed): rowHeight = fixed
            }
            let rowFrame = Rect(x: x, y: cursor, width: width, height: rowHeight)
            rowFrames.append(rowFrame)
            if case .fixed = spec.rowHeight {
                // What does not fit the row is cut at its bottom, as a cell clips to its bounds.
                for child in start..<views.count {
                    guard var text = views[child].text else { continue }
                    let bottom = min(text.box.maxY, rowFrame.maxY)
                    text.box.size.height = max(0, bottom - text.box.minY)
                    views[child].content = .text(text)
                }
            }
            cursor += rowHeight
            if spec.separators, row + 1 < spec.rows.count { separators.append(cursor) }
        }
        views[index].frame.size.height = cursor - y
        views[index].content = .table(separators: separators, rowFrames: rowFrames)
        return cursor - y
    }

    /// Moves views (and their text) down by `dy`.
    private func shift(_ range: Range<Int>, dy: Double) {
        guard dy != 0 else { return }
        for index in range {
            views[index].frame.origin.y += dy
            if var text = views[index].text {
                text.origin.y += dy
                text.box.origin.y += dy
                for image in text.images.indices { text.images[image].frame.origin.y += dy }
                views[index].content = .text(text)
            }
        }
    }
}

/// `{field}` in a table cell's texts and keys, replaced by the row's values.
enum Substitution {
    static func apply(_ fields: [String: String], to source: TextSource) -> TextSource {
        guard !fields.isEmpty else { return source }
        switch source {
        case .literal(let text): return .literal(apply(fields, to: text))
        case .key(let key): return .key(apply(fields, to: key))
        }
    }

    static func apply(_ fields: [String: String], to text: String) -> String {
        guard text.contains("{") else { return text }
        var result = text
        for (name, value) in fields { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }
}
