import DynamicTypeCore

/// How an underline or strikethrough is drawn (TextKit `NSUnderlineStyle`, plus the optional
/// `NSUnderlineColor` / `NSStrikethroughColor`).
///
/// An attribute of `nil` means no line (`NSUnderlineStyle` raw value 0). The seed's strikethrough
/// `NSStrikethroughStyleAttributeName : @1` is ``single``.
///
/// ```swift
/// UnderlineStyle(rawValue: 1) == .single                       // true
/// UnderlineStyle(.thick, pattern: .dash, color: .red).rawValue // 0x202
/// ```
public struct UnderlineStyle: Hashable, Sendable, CustomStringConvertible {
    /// Line weight and count.
    public enum Line: String, Hashable, Sendable, CaseIterable {
        /// One thin line (`NSUnderlineStyle.single`, 0x01).
        case single
        /// One thick line (`.thick`, 0x02).
        case thick
        /// Two thin lines (`.double`, 0x09).
        case double
    }

    /// Dash pattern.
    public enum Pattern: String, Hashable, Sendable, CaseIterable {
        /// Unbroken (0x000).
        case solid
        /// `.patternDot` (0x100).
        case dot
        /// `.patternDash` (0x200).
        case dash
        /// `.patternDashDot` (0x300).
        case dashDot
        /// `.patternDashDotDot` (0x400).
        case dashDotDot
    }

    /// Line weight and count.
    public var line: Line
    /// Dash pattern.
    public var pattern: Pattern
    /// Draw under words only, skipping white space (`.byWord`, 0x8000).
    public var byWord: Bool
    /// Line colour; `nil` draws in the text's foreground colour, as TextKit does.
    public var color: RGBAColor?

    /// A line style.
    public init(_ line: Line = .single, pattern: Pattern = .solid, byWord: Bool = false, color: RGBAColor? = nil) {
        self.line = line
        self.pattern = pattern
        self.byWord = byWord
        self.color = color
    }

    /// One thin solid line.
    public static let single = UnderlineStyle(.single)
    /// One thick solid line.
    public static let thick = UnderlineStyle(.thick)
    /// Two thin solid lines.
    public static let double = UnderlineStyle(.double)

    /// From `NSUnderlineStyle` bits; `nil` for 0 (no line) or bits TextKit does not define.
    public init?(rawValue: Int) {
        let lineBits = rawValue & 0xFF
        let patternBits = rawValue & 0x0F00
        guard rawValue & ~0x8FFF == 0 else { return nil }
        switch lineBits {
        case 0x01: line = .single
        case 0x02: line = .thick
        case 0x09: line = .double
        default: return nil
        }
        switch patternBits {
        case 0x000: pattern = .solid
        case 0x100: pattern = .dot
        case 0x200: pattern = .dash
        case 0x300: pattern = .dashDot
        case 0x400: pattern = .dashDotDot
        default: return nil
        }
        byWord = rawValue & 0x8000 != 0
        color = nil
    }

    /// The `NSUnderlineStyle` bits (the colour is not part of them).
    public var rawValue: Int {
        let lineBits = switch line {
        case .single: 0x01
        case .thick: 0x02
        case .double: 0x09
        }
        let patternBits = switch pattern {
        case .solid: 0x000
        case .dot: 0x100
        case .dash: 0x200
        case .dashDot: 0x300
        case .dashDotDot: 0x400
        }
        return lineBits | patternBits | (byWord ? 0x8000 : 0)
    }

    /// `single`, `thick dash by-word #FF0000`, …
    public var description: String {
        var parts = [line.rawValue]
        if pattern != .solid { parts.append(pattern.rawValue) }
        if byWord { parts.append("by-word") }
        if let color { parts.append(color.hexString) }
        return parts.joined(separator: " ")
    }
}

/// A text effect (TextKit `NSTextEffectAttributeName`). Apple defines one, letterpress; a struct
/// so that more can be added without breaking `switch`es.
public struct TextEffect: Hashable, Sendable, CustomStringConvertible {
    /// The value TextKit stores (`NSTextEffectLetterpressStyle` is `_UIKitNewLetterpressStyle`).
    public let rawValue: String

    /// An effect by its TextKit value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Seed 000's notes-list titles and seed 003's text view: a subtle inset shadow and highlight.
    public static let letterpress = TextEffect(rawValue: "_UIKitNewLetterpressStyle")

    /// Effects by the names rule files use.
    public static let named: [String: TextEffect] = ["letterpress": .letterpress]

    public var description: String { self == .letterpress ? "letterpress" : rawValue }
}

/// Paragraph layout settings (TextKit `NSParagraphStyle`), with TextKit's defaults.
///
/// Zero means "not set" for ``lineHeightMultiple``, ``minimumLineHeight`` and
/// ``maximumLineHeight``, as in TextKit. ``hyphenationFactor`` is clamped to 0…1.
public struct ParagraphStyle: Hashable, Sendable {
    /// Horizontal alignment.
    public var alignment: TextAlignment
    /// Extra space between the lines of a paragraph, in points.
    public var lineSpacing: Double
    /// Space after the paragraph, in points.
    public var paragraphSpacing: Double
    /// Space before the paragraph, in points.
    public var paragraphSpacingBefore: Double
    /// How eagerly to hyphenate: 0 never … 1 whenever the line is less than full (TextKit's
    /// threshold). Clamped to 0…1.
    public var hyphenationFactor: Double {
        didSet { hyphenationFactor = Self.unit(hyphenationFactor) }
    }
    /// What happens to a line that does not fit.
    public var lineBreakMode: LineBreakMode
    /// Line height = natural height × this; 0 = unset.
    public var lineHeightMultiple: Double
    /// Lines are at least this tall, in points; 0 = unset.
    public var minimumLineHeight: Double
    /// Lines are at most this tall, in points; 0 = no limit.
    public var maximumLineHeight: Double
    /// Direction for bidi resolution of the paragraph.
    public var baseWritingDirection: BaseWritingDirection
    /// Which line-break opportunities the paragraph uses beyond UAX #14: by default
    /// ``LineBreakStrategy/standard`` (Hangul words kept whole), what `UILabel` lays out with
    /// (TextKit's `NSParagraphStyle.default` itself has none); `[]` for plain UAX #14.
    public var lineBreakStrategy: LineBreakStrategy

    /// A style; every parameter defaults to TextKit's `NSParagraphStyle.default`, except
    /// `lineBreakStrategy`: ``LineBreakStrategy/standard``, as iOS's labels use.
    public init(
        alignment: TextAlignment = .natural, lineSpacing: Double = 0, paragraphSpacing: Double = 0,
        paragraphSpacingBefore: Double = 0, hyphenationFactor: Double = 0,
        lineBreakMode: LineBreakMode = .byWordWrapping, lineHeightMultiple: Double = 0,
        minimumLineHeight: Double = 0, maximumLineHeight: Double = 0,
        baseWritingDirection: BaseWritingDirection = .natural, lineBreakStrategy: LineBreakStrategy = .standard
    ) {
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.hyphenationFactor = Self.unit(hyphenationFactor)
        self.lineBreakMode = lineBreakMode
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.baseWritingDirection = baseWritingDirection
        self.lineBreakStrategy = lineBreakStrategy
    }

    /// TextKit's `NSParagraphStyle.default`.
    public static let `default` = ParagraphStyle()

    private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
}
