import DynamicTypeCore
import Foundation

// Hyphenation: where line fitting may cut a word (libhyphen's points), and the one dictionary per
// locale every layout manager shares.

extension ParagraphTypesetter {
    /// The largest hyphenation point of the word at `wordStart` such that the line
    /// `lineStart..<point` plus a hyphen fits `width`.
    func hyphenate(_ p: MeasuredParagraph, lineStart: Int, wordStart: Int, width: Double) -> Int? {
        guard let hyphenator else { return nil }
        var wordEnd = wordStart
        while wordEnd < p.count, !p.isHangingSpace(wordEnd), p.input.text[wordEnd] != 0x2028 { wordEnd += 1 }
        // Hyphenate the letters only (leading/trailing punctuation stays attached).
        var letterStart = wordStart
        while letterStart < wordEnd, !Self.isLetter(p.input.text[letterStart]) { letterStart += 1 }
        var letterEnd = wordEnd
        while letterEnd > letterStart, !Self.isLetter(p.input.text[letterEnd - 1]) { letterEnd -= 1 }
        guard letterEnd - letterStart >= 4 else { return nil }
        let word = String(decoding: p.input.text[letterStart..<letterEnd], as: UTF16.self)
        let points = hyphenator.hyphenationPoints(in: word)
        let font = fontAt(p, max(lineStart, letterStart))
        let hyphenWidth = decorations.hyphen(for: font)?.advance ?? font.pointSize * 0.3
        for point in points.reversed() {
            let offset = letterStart + point
            guard offset > lineStart, offset < letterEnd else { continue }
            if p.width(lineStart, offset) + hyphenWidth <= width + 1e-6 {
                if let delegate,
                    !delegate.delegate.layoutManager(
                        delegate.manager,
                        shouldBreakLineByHyphenatingBeforeCharacterAt: delegate.paragraphLocation + p.input.start + offset)
                {
                    continue
                }
                return offset
            }
        }
        return nil
    }

    /// Whether a code unit belongs to a word's letters (what is hyphenated).
    private static func isLetter(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return true }  // surrogates: part of a letter
        return scalar.properties.isAlphabetic
    }
}

extension Hyphenator {
    private static let cache = LockedDictionary<String, Hyphenator?>()

    /// One dictionary per locale for the whole process: loading `hyph_en_US.dic` takes milliseconds
    /// and every label, row and editor has its own layout manager. Nil when no dictionary is installed
    /// (paragraphs then break words between characters, as without hyphenation).
    static func cached(locale: String) -> Hyphenator? {
        cache.value(for: locale) { try? Hyphenator(locale: locale) } ?? nil
    }
}
