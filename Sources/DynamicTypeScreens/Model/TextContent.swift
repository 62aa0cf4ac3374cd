import DynamicTypeCore
import TextStack

/// Where a view's text comes from.
package enum TextSource: Hashable, Sendable {
    /// Literal text, shown exactly as written: never formatted, so `Battery 100% done` stays that
    /// (Foundation formats only localized strings given arguments; issue 32).
    case literal(String)
    /// A strings key used with arguments (a screen file's `key`, SwiftUI's `Text("Hi \(name)")`),
    /// looked up in the `--strings` files for the locale being checked; it falls back to the source
    /// language, then to the key itself (with a `missingTranslation` finding). The string found is
    /// formatted as `String(format:)` would, with sample values for its placeholders.
    case key(String)
    /// A strings key used without arguments (SwiftUI's `Text("Done")`, `String(localized: "Done")`):
    /// looked up like ``key(_:)``, but the string found is shown as written, since Foundation calls
    /// `String(format:)` only when there are arguments.
    case keyWithoutArguments(String)

    /// The key looked up, nil for literal text.
    package var key: String? {
        switch self {
        case .literal: nil
        case .key(let key), .keyWithoutArguments(let key): key
        }
    }
}

/// A view's font: a text style (`.style(.body)`), or an explicit font that may scale relative to
/// a style (`.custom(family:size:relativeTo:)`).
public struct FontSpec: Hashable, Sendable {
    /// Which of the two it is.
    package enum Kind: Hashable, Sendable {
        /// A text style's preferred font (`UIFont.preferredFont(forTextStyle:)`).
        case style(TextStyle)
        /// An explicit font.
        case custom(CustomFont)
    }

    /// Which of the two it is.
    package var kind: Kind

    /// A text style's preferred font (`UIFont.preferredFont(forTextStyle:)`).
    public static func style(_ style: TextStyle) -> FontSpec { FontSpec(kind: .style(style)) }

    /// An explicit font.
    package static func custom(_ font: CustomFont) -> FontSpec { FontSpec(kind: .custom(font)) }

    /// The text style the font scales with, if any.
    public var scalingStyle: TextStyle? {
        switch kind {
        case .style(let style): style
        case .custom(let font): font.relativeTo
        }
    }
}

/// An explicit font: a family (or font file) at a size, optionally scaled like `UIFontMetrics`.
package struct CustomFont: Hashable, Sendable {
    /// A font family name (fontconfig's), e.g. `DejaVu Serif`; nil with `file`, or the system family.
    public var family: String?
    /// A font file path (relative paths are relative to the screen file).
    public var file: String?
    /// The size at the default category (`large`), in points.
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// Italic.
    public var italic: Bool
    /// The style it scales with (`UIFontMetrics(forTextStyle:).scaledFont(for:)`); nil = fixed size.
    public var relativeTo: TextStyle?
    /// The largest size scaling may give (`scaledFont(for:maximumPointSize:)`).
    public var maximumPointSize: Double?

    /// An explicit font.
    public init(
        family: String? = nil, file: String? = nil, size: Double, weight: FontWeight = .regular, italic: Bool = false,
        relativeTo: TextStyle? = nil, maximumPointSize: Double? = nil
    ) {
        self.family = family
        self.file = file
        self.size = size
        self.weight = weight
        self.italic = italic
        self.relativeTo = relativeTo
        self.maximumPointSize = maximumPointSize
    }
}

/// How text that does not fit its lines is broken or cut (`NSLineBreakMode`).
public enum LineBreak: String, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries; the last allowed line is cut off without an ellipsis.
    case wordWrap
    /// Wrap at character boundaries.
    case charWrap
    /// "…" at the start of the last line.
    case truncateHead
    /// "…" at the end of the last line (UILabel's default).
    case truncateTail
    /// "…" in the middle of the last line (UIButton's default).
    case truncateMiddle
    /// Cut at the view's edge.
    case clip
}

/// Horizontal placement of text in its box.
public enum LabelAlignment: String, Hashable, Sendable, CaseIterable {
    /// Text starts at the leading edge (left in left-to-right text), `NSTextAlignment.natural`.
    case leading
    /// Text is centred in the box.
    case center
    /// Text ends at the trailing edge.
    case trailing
}
