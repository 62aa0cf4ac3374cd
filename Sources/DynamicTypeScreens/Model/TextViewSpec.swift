import DynamicTypeCore
import TextStack

/// A shape text flows around, in the view's text-container coordinates (points).
public enum TextViewExclusion: Hashable, Sendable {
    /// A rectangle.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// An ellipse in the rectangle.
    case ellipse(x: Double, y: Double, width: Double, height: Double)
    /// A polygon through `points` (closed).
    case polygon(points: [Point])
    /// A PNG drawn at (`x`, `y`), `width` points wide (its height follows its aspect), text
    /// flowing around its opaque pixels (seed 004's image view).
    case image(file: String, x: Double, y: Double, width: Double)
}

/// A text view (`UITextView`): text laid out by the text stack with highlight rules and
/// exclusion paths. With a ``height`` the box is fixed (text below it scrolls: `belowFold`);
/// without, it grows with its text.
package struct TextViewSpec: Hashable, Sendable {
    package typealias Exclusion = TextViewExclusion

    /// The view's id.
    public var id: String
    /// The text (literal or a strings key), or nil with ``file``.
    package var text: TextSource?
    /// A UTF-8 text file (relative paths are relative to the screen file).
    public var file: String?
    /// The base font (default: the `body` style).
    public var font: FontSpec
    /// A highlight-rules file (`--rules` format), `seeds` for the seeds' rules, or nil for none.
    public var rules: String?
    /// Shapes the text flows around.
    public var exclusions: [Exclusion]
    /// A fixed height in points; nil = as tall as its text.
    public var height: Double?
    /// Columns side by side (1…12; more than one needs a ``height``): one storage flowing through
    /// several text containers, as seed 004's text views.
    public var columns: Int = 1
    /// Text container inset (default 8 pt, as `UITextView`).
    public var insets: EdgeInsets
    /// Text colour.
    public var color: RGBAColor
    /// The view's background.
    public var background: RGBAColor?
    /// Whether the font follows the content-size category.
    public var adjustsFontForContentSizeCategory: Bool
    /// The categories the view sees.
    package var limits: CategoryLimits

    /// A text view.
    package init(
        id: String, text: TextSource? = nil, file: String? = nil, font: FontSpec = .style(.body), rules: String? = nil,
        exclusions: [Exclusion] = [], height: Double? = nil, insets: EdgeInsets = EdgeInsets(all: 8), color: RGBAColor = .black,
        background: RGBAColor? = nil, adjustsFontForContentSizeCategory: Bool = true, limits: CategoryLimits = .none
    ) {
        self.id = id
        self.text = text
        self.file = file
        self.font = font
        self.rules = rules
        self.exclusions = exclusions
        self.height = height
        self.insets = insets
        self.color = color
        self.background = background
        self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
        self.limits = limits
    }
}
