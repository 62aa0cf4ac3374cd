import DynamicTypeCore
import Foundation

/// What a highlight rule does to the text it matches.
///
/// Font changes compose with the font already there: ``traits`` are *added* to the run's font
/// (so `*bold _italic_*` gives bold italic), ``family`` replaces its family and keeps its size
/// (the seed's Zapfino "at the body size"). Fonts keep following the content-size category
/// because the highlighter derives them from the preferred body font every time it restyles.
/// Every other field, when set, replaces the run's value.
public struct HighlightStyle: Hashable, Sendable, CustomStringConvertible {
    /// Symbolic traits added to the font (`.bold`, `.italic`).
    public var traits: SymbolicTraits
    /// Font family (family-map key or installed family), e.g. `Zapfino` → URW Z003.
    public var family: String?
    /// Text colour.
    public var foregroundColor: RGBAColor?
    /// Background fill.
    public var backgroundColor: RGBAColor?
    /// Strikethrough.
    public var strikethrough: UnderlineStyle?
    /// Underline.
    public var underline: UnderlineStyle?
    /// Text effect (letterpress).
    public var textEffect: TextEffect?
    /// Kerning (see ``TextAttributes/kerning``).
    public var kerning: Double?
    /// Baseline offset in points.
    public var baselineOffset: Double?

    /// A style; every field defaults to "no change".
    public init(
        traits: SymbolicTraits = [], family: String? = nil, foregroundColor: RGBAColor? = nil,
        backgroundColor: RGBAColor? = nil, strikethrough: UnderlineStyle? = nil, underline: UnderlineStyle? = nil,
        textEffect: TextEffect? = nil, kerning: Double? = nil, baselineOffset: Double? = nil
    ) {
        self.traits = traits
        self.family = family
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.strikethrough = strikethrough
        self.underline = underline
        self.textEffect = textEffect
        self.kerning = kerning
        self.baselineOffset = baselineOffset
    }

    /// Whether the style touches the font.
    public var changesFont: Bool { !traits.isEmpty || family != nil }

    /// Whether the style changes nothing.
    public var isEmpty: Bool { self == HighlightStyle() }

    public var description: String {
        var parts: [String] = []
        if !traits.isEmpty { parts.append("traits: \(traits)") }
        if let family { parts.append("family: \(family)") }
        if let foregroundColor { parts.append("foregroundColor: \(foregroundColor)") }
        if let backgroundColor { parts.append("backgroundColor: \(backgroundColor)") }
        if let strikethrough { parts.append("strikethrough: \(strikethrough)") }
        if let underline { parts.append("underline: \(underline)") }
        if let textEffect { parts.append("textEffect: \(textEffect)") }
        if let kerning { parts.append("kerning: \(kerning)") }
        if let baselineOffset { parts.append("baselineOffset: \(baselineOffset)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// A regular expression and the style for what it matches (one entry of the seed's
/// `replacements` dictionary).
///
/// ``pattern`` is ICU syntax, as `NSRegularExpression` takes it; ``group`` picks the capture group
/// that is styled (the seeds style group 1, `match.rangeAtIndex(1)`; 0 = the whole match).
///
/// ```swift
/// let bold = HighlightRule(name: "bold", pattern: #"(\*\w+(\s\w+)*\*)"#, group: 1,
///                          style: HighlightStyle(traits: .bold))
/// let alice = HighlightRule.mark("Alice", color: .red)     // seed 003's markWord
/// ```
public struct HighlightRule: Hashable, Sendable, CustomStringConvertible {
    /// A name for reports and error messages.
    public var name: String
    /// ICU regular expression.
    public var pattern: String
    /// The capture group styled; 0 = the whole match.
    public var group: Int
    /// Match without regard to case (`NSRegularExpression.Options.caseInsensitive`).
    public var caseInsensitive: Bool
    /// What the rule does to the group's text.
    public var style: HighlightStyle

    /// A rule. Patterns are checked when the rule joins a ``HighlightRuleSet``.
    public init(name: String, pattern: String, group: Int = 0, caseInsensitive: Bool = false, style: HighlightStyle) {
        self.name = name
        self.pattern = pattern
        self.group = group
        self.caseInsensitive = caseInsensitive
        self.style = style
    }

    /// Seed 003's `markWord:inTextStorage:`: every occurrence of `word` in `color`.
    ///
    /// As in the seed, occurrences inside longer words count too ("Alice" in "Alices"); the word
    /// is escaped, so `.` or `*` in it match themselves (the seed passes it to
    /// `regularExpressionWithPattern:` as is). Use a rule with `\b…\b` for whole words.
    public static func mark(_ word: String, color: RGBAColor, name: String? = nil) -> HighlightRule {
        HighlightRule(
            name: name ?? word, pattern: NSRegularExpression.escapedPattern(for: word), group: 0,
            style: HighlightStyle(foregroundColor: color))
    }

    public var description: String { "\(name): /\(pattern)/ group \(group) \(style)" }

    /// Compiles the pattern; `index` and `file` only go into the error.
    func compile(index: Int, file: String?) throws(HighlightRuleError) -> NSRegularExpression {
        let options: NSRegularExpression.Options = caseInsensitive ? [.caseInsensitive] : []
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            throw .invalidPattern(
                file: file, ruleIndex: index, ruleName: name, pattern: pattern,
                reason: RegexDiagnosis.reason(for: pattern, caseInsensitive: caseInsensitive, fallback: error))
        }
        guard group >= 0, group <= regex.numberOfCaptureGroups else {
            throw .invalidGroup(
                file: file, ruleIndex: index, ruleName: name, group: group, available: regex.numberOfCaptureGroups)
        }
        return regex
    }
}
