import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// Labels', buttons' and text fields' text measured and laid out with the project's fonts,
/// shaping and line breaking at a category (``ExternalLayout``, as SwiftUI views and screen files
/// are): their intrinsic content sizes, and their text drawn in the frames Auto Layout gave them.
struct IBTextMeasure {
    /// The environment (fonts, type ramp, strings, scale).
    let environment: ScreenLayoutEnvironment
    /// The category.
    let category: ContentSizeCategory
    /// Font families not installed, laid out with the system font instead.
    private(set) var missingFamilies: Set<String> = []

    init(environment: ScreenLayoutEnvironment, category: ContentSizeCategory) {
        self.environment = environment
        self.category = category
    }

    /// The label spec of `text` (lines limited to `lines` when given).
    static func spec(_ text: IBText, kind: IBViewKind, lines: Int? = nil) -> LabelSpec {
        let font: FontSpec
        switch text.font {
        case .textStyle(let style): font = .style(style)
        case .system(let size, let weight, let italic): font = .custom(CustomFont(size: size, weight: weight, italic: italic))
        case .named(let family, let size, let weight, let italic):
            font = .custom(CustomFont(family: family, size: size, weight: weight, italic: italic))
        }
        let breaks: [String: LineBreak] = [
            "wordWrap": .wordWrap, "characterWrap": .charWrap, "clip": .clip, "headTruncation": .truncateHead,
            "middleTruncation": .truncateMiddle, "tailTruncation": .truncateTail,
        ]
        let alignment: LabelAlignment = text.alignment == "center" ? .center : text.alignment == "right" ? .trailing : .leading
        return LabelSpec(
            id: "", text: .literal(text.text), font: font, lines: lines ?? text.numberOfLines, lineBreak: breaks[text.lineBreakMode] ?? .truncateTail,
            color: kind == .button ? RGBAColor(red: 0, green: 122 / 255, blue: 1) : .black, alignment: alignment,
            // A fixed font never follows the category; a text style does only when the view adjusts.
            adjustsFontForContentSizeCategory: text.adjustsFontForContentSizeCategory, minimumScaleFactor: text.minimumScaleFactor)
    }

    /// `text` laid out `width` wide (`.infinity`: one line per paragraph), limited to `lines`.
    mutating func layout(_ text: IBText, kind: IBViewKind, width: Double, lines: Int? = nil) throws -> LaidOutText {
        var spec = Self.spec(text, kind: kind, lines: lines)
        do {
            return try ExternalLayout.text(spec, width: width, category: category, environment: environment)
        } catch {
            guard case .custom(var custom) = spec.font.kind, let family = custom.family else { throw error }
            // A family not installed here (an app's own font): the system font at its size, said once.
            missingFamilies.insert(family)
            custom.family = nil
            spec.font = .custom(custom)
            return try ExternalLayout.text(spec, width: width, category: category, environment: environment)
        }
    }

    /// `value` rounded up to the device's pixel grid (UIKit rounds intrinsic sizes up to pixels).
    func pixelCeil(_ value: Double) -> Double {
        let scale = max(1, environment.scale)
        return (value * scale - 1e-6).rounded(.up) / scale
    }

    /// The intrinsic content of a text view `width` points wide at most (nil: unlimited, its
    /// natural one-line-per-paragraph size), with its padding.
    mutating func intrinsic(_ view: IBView, width: Double?) throws -> IntrinsicContent {
        guard let text = view.text else { return .none }
        let padding = Self.padding(view)
        guard !text.text.isEmpty || view.kind != .label else {
            return IntrinsicContent(width: 0, height: 0, textHeight: 0, firstBaseline: 0, lastBaseline: 0)
        }
        let available = width.map { max(1, $0 - padding.width) } ?? .infinity
        let sample = text.text.isEmpty ? IBText(text: " ", font: text.font) : text
        let laid = try layout(sample, kind: view.kind, width: available)
        let widest = laid.lines.map(\.textWidth).max() ?? 0
        let height = laid.box.height
        let first = laid.lines.first.map { $0.baseline } ?? height
        let last = laid.lines.last.map { $0.baseline } ?? height
        return IntrinsicContent(
            width: pixelCeil(min(widest, available)) + padding.width, height: pixelCeil(height) + padding.height, textHeight: height,
            firstBaseline: first, lastBaseline: last)
    }

    /// Space a control adds around its text: a button's title padding, a text field's.
    static func padding(_ view: IBView) -> (width: Double, height: Double) {
        switch view.kind {
        case .button:
            if view.text?.buttonConfiguration == true {
                return (2 * UIKitMetrics.configurationHorizontalPadding.value, 2 * UIKitMetrics.configurationVerticalPadding.value)
            }
            return (0, 2 * UIKitMetrics.buttonVerticalPadding.value)
        case .textField:
            return (UIKitMetrics.textFieldHorizontalPadding.value, UIKitMetrics.textFieldVerticalPadding.value)
        default:
            return (0, 0)
        }
    }
}
