import DynamicTypeCore
import TextStack

/// A label (`UILabel`, SwiftUI `Text`).
package struct LabelSpec: Hashable, Sendable {
    /// The view's id.
    public var id: String
    /// The text or strings key.
    public var text: TextSource
    /// The font (default: the `body` style).
    public var font: FontSpec
    /// Lines allowed; 0 = unlimited (`numberOfLines`; default 1, as UILabel).
    public var lines: Int
    /// How text that does not fit is broken or cut (default `truncateTail`).
    public var lineBreak: LineBreak
    /// A fixed width in points (nil: the width its parent offers).
    public var width: Double?
    /// Space between the view's edges and its text.
    public var insets: EdgeInsets
    /// Text colour (default black).
    public var color: RGBAColor
    /// The view's own background (nil: transparent, the parent's shows through).
    public var background: RGBAColor?
    /// Text alignment in the box.
    public var alignment: LabelAlignment
    /// Whether the font follows the content-size category (`adjustsFontForContentSizeCategory`;
    /// default true). When false the font stays at its `large` size.
    public var adjustsFontForContentSizeCategory: Bool
    /// The smallest scale a one-line label may shrink its font to before truncating
    /// (`minimumScaleFactor` with `adjustsFontSizeToFitWidth`); nil = never shrinks.
    public var minimumScaleFactor: Double?
    /// The categories the view sees.
    public var limits: CategoryLimits
    /// Draw the text's inline Markdown as styled runs, as SwiftUI does for a `LocalizedStringKey`
    /// (``MarkdownInline``); screen files' labels are drawn as written.
    package var markdown = false

    /// A label.
    public init(
        id: String, text: TextSource, font: FontSpec = .style(.body), lines: Int = 1, lineBreak: LineBreak = .truncateTail,
        width: Double? = nil, insets: EdgeInsets = .zero, color: RGBAColor = .black, background: RGBAColor? = nil,
        alignment: LabelAlignment = .leading, adjustsFontForContentSizeCategory: Bool = true,
        minimumScaleFactor: Double? = nil, limits: CategoryLimits = .none
    ) {
        self.id = id
        self.text = text
        self.font = font
        self.lines = lines
        self.lineBreak = lineBreak
        self.width = width
        self.insets = insets
        self.color = color
        self.background = background
        self.alignment = alignment
        self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
        self.minimumScaleFactor = minimumScaleFactor
        self.limits = limits
    }
}
