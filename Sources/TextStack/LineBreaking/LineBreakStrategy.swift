/// How a paragraph chooses among Unicode's line-break opportunities, beyond UAX #14 itself
/// (TextKit `NSParagraphStyle.LineBreakStrategy`).
///
/// iOS lays out labels with ``standard``, which keeps Korean words whole:
/// Unicode allows a break between any two Hangul syllables, but Korean is written with spaces
/// between words and iOS breaks there (``hangulWordPriority``). An empty strategy breaks wherever
/// UAX #14 allows it.
///
/// ```swift
/// var style = ParagraphStyle()
/// style.lineBreakStrategy = []   // break Hangul between syllables, as UAX #14 allows
/// ```
public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
    /// The option bits, TextKit's values (`NSLineBreakStrategy`).
    public let rawValue: UInt

    /// A strategy from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Keeps words of Hangul whole ("the text system prohibits breaking between Hangul
    /// characters"): no soft break between two Hangul characters, or between Hangul and a letter
    /// or digit of the same word (`iOS에서`, `3개`) — CSS `word-break: keep-all` where Hangul is
    /// involved; breaks stay at spaces and punctuation. A Hangul word wider than the line is still
    /// broken between characters, as any word is.
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)

    /// What iOS lays out labels with (`NSLineBreakStrategyStandard`, every bit): here
    /// ``hangulWordPriority``. iOS's standard strategy also pushes a lone last word down
    /// (`pushOut`), which this simulator does not model.
    public static let standard = LineBreakStrategy(rawValue: 0xFFFF)

    /// Whether a soft break at UTF-16 `offset` of `text` would split a word with Hangul in it: the
    /// characters on both sides are letters or digits (alphabetic, or decimal digits) and at least
    /// one of them is Hangul. False at the text's ends and next to an unpaired surrogate.
    package static func splitsHangulWord(_ text: [UInt16], at offset: Int) -> Bool {
        guard offset > 0, offset < text.count else { return false }
        guard isHangul(text[offset - 1]) || isHangul(text[offset]) else { return false }
        func pair(_ lead: UInt16, _ trail: UInt16) -> Unicode.Scalar? {
            guard UTF16.isLeadSurrogate(lead), UTF16.isTrailSurrogate(trail) else { return nil }
            return Unicode.Scalar(0x10000 + (UInt32(lead - 0xD800) << 10) + UInt32(trail - 0xDC00))
        }
        let before = Unicode.Scalar(text[offset - 1]) ?? (offset >= 2 ? pair(text[offset - 2], text[offset - 1]) : nil)
        let after = Unicode.Scalar(text[offset]) ?? (offset + 1 < text.count ? pair(text[offset], text[offset + 1]) : nil)
        guard let before, let after else { return false }
        func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
        }
        return isWordCharacter(before) && isWordCharacter(after)
    }

    /// Whether a UTF-16 code unit is Hangul, by its UAX #14 line-break class: a syllable (H2, H3)
    /// or a conjoining jamo (JL, JV, JT). Every one is in the BMP, so one code unit is one character.
    package static func isHangul(_ unit: UInt16) -> Bool {
        switch unit {
        case 0xAC00...0xD7A3: true  // syllables: H2 (LV) and H3 (LVT)
        case 0x1100...0x115F, 0xA960...0xA97C: true  // leading jamo (JL)
        case 0x1160...0x11A7, 0xD7B0...0xD7C6: true  // vowel jamo (JV)
        case 0x11A8...0x11FF, 0xD7CB...0xD7FB: true  // trailing jamo (JT)
        default: false
        }
    }
}
