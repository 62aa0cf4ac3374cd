import DynamicTypeCore
import TextStack

/// A DSL builder whose draft its modifiers change: every builder has `.id(_:)` and the
/// content-size category limits.
public protocol ScreenViewBuilder: ScreenViewConvertible {
    /// The view as a draft, its id not yet assigned.
    var draft: ScreenViewDraft { get set }
}

extension ScreenViewBuilder {
    /// A modified copy (SwiftUI-style value modifiers).
    func with(_ change: (inout ScreenViewDraft) -> Void) -> Self {
        var copy = self
        change(&copy.draft)
        return copy
    }

    /// The view's id (unique in the screen); without one, an id such as `label-2` is derived.
    public func id(_ id: String) -> Self { with { $0.givenID = id } }

    /// Limits the categories the view sees, like SwiftUI's `.dynamicTypeSize(.small ... .accessibility2)`.
    public func dynamicTypeSize(_ range: ClosedRange<ContentSizeCategory>) -> Self {
        contentSizeCategory(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// Limits the categories the view sees from above (`...xxxLarge`).
    public func dynamicTypeSize(_ range: PartialRangeThrough<ContentSizeCategory>) -> Self {
        contentSizeCategory(maximum: range.upperBound)
    }

    /// Limits the categories the view sees from below (`.large...`).
    public func dynamicTypeSize(_ range: PartialRangeFrom<ContentSizeCategory>) -> Self {
        contentSizeCategory(minimum: range.lowerBound)
    }

    /// UIKit's `minimumContentSizeCategory`/`maximumContentSizeCategory` (nil = no limit).
    public func contentSizeCategory(minimum: ContentSizeCategory? = nil, maximum: ContentSizeCategory? = nil) -> Self {
        with { $0.setLimits(CategoryLimits(minimum: minimum, maximum: maximum)) }
    }
}

/// Builders with text in a font: `Label`, `Button`, `TextView`.
public protocol TextViewBuilder: ScreenViewBuilder {}

extension TextViewBuilder {
    /// Changes the label (or button title) or text view spec, whichever this is.
    fileprivate func editText(label: (inout LabelSpec) -> Void, textView: (inout TextViewSpec) -> Void) -> Self {
        with {
            $0.editLabel(label)
            $0.editTextView(textView)
        }
    }

    /// A text style's font (`UIFont.preferredFont(forTextStyle:)`).
    public func font(_ style: TextStyle) -> Self { font(.style(style)) }

    /// A font: `.style(.body)` or `.custom(family:size:relativeTo:)`.
    public func font(_ font: FontSpec) -> Self { editText(label: { $0.font = font }, textView: { $0.font = font }) }

    /// The text colour.
    public func foregroundColor(_ color: RGBAColor) -> Self { editText(label: { $0.color = color }, textView: { $0.color = color }) }

    /// The view's background (a button's: behind its title).
    public func background(_ color: RGBAColor) -> Self {
        editText(label: { $0.background = color }, textView: { $0.background = color })
    }

    /// Whether the font follows the content-size category (`adjustsFontForContentSizeCategory`).
    public func adjustsFontForContentSizeCategory(_ adjusts: Bool) -> Self {
        editText(
            label: { $0.adjustsFontForContentSizeCategory = adjusts }, textView: { $0.adjustsFontForContentSizeCategory = adjusts })
    }

    /// Keeps the font at its `large` size whatever the category: `adjustsFontForContentSizeCategory`
    /// false, the classic Dynamic Type bug. (Not SwiftUI's `fixedSize()`, which is about layout.)
    public func fixedFontSize() -> Self { adjustsFontForContentSizeCategory(false) }
}

/// Builders of one-box text: `Label` and `Button` (its title).
public protocol LabelBuilder: TextViewBuilder {}

extension LabelBuilder {
    fileprivate func editLabel(_ change: @escaping (inout LabelSpec) -> Void) -> Self { with { $0.editLabel(change) } }

    /// Lines allowed; nil = unlimited (SwiftUI's `lineLimit(nil)`, UIKit's `numberOfLines = 0`).
    public func lineLimit(_ lines: Int?) -> Self { editLabel { $0.lines = max(0, lines ?? 0) } }

    /// How text that does not fit is broken or cut.
    public func lineBreak(_ mode: LineBreak) -> Self { editLabel { $0.lineBreak = mode } }

    /// A fixed width in points (a button's width).
    public func frame(width: Double) -> Self { editLabel { $0.width = width } }

    /// Text alignment in the box.
    public func alignment(_ alignment: LabelAlignment) -> Self { editLabel { $0.alignment = alignment } }

    /// The smallest scale a one-line label may shrink its font to before truncating.
    public func minimumScaleFactor(_ factor: Double) -> Self { editLabel { $0.minimumScaleFactor = factor } }
}
