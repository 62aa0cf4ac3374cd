import FontSystem

/// Shapes Latin paragraphs word by word through a cache, so a word that occurs a thousand times is
/// shaped by HarfBuzz once (the technique of browser engines' word caches).
///
/// HarfBuzz on a feature-rich font such as Inter runs at about 1 MB/s (the same as `hb-shape` on the
/// same text), and shaping dominates layout. Prose repeats words, so caching "word + its trailing
/// spaces" units cuts that cost by an order of magnitude. The unit keeps kerning between a word and
/// the space after it; it drops only lookups that span from a space into the next word, which
/// Latin text fonts do not use (`WordShapingCacheTests` checks the widths equal whole-paragraph
/// shaping on a corpus). The fast path is taken only when it cannot change the result in other
/// ways: one font span, Latin, Latin-1/Extended-A/B and general punctuation only (no bidi, no combining marks,
/// no fallback), and left-to-right or natural direction. Everything else is shaped whole.
final class WordShapingCache {
    /// What besides the characters decides a word's shaping.
    private struct SpanKey: Hashable {
        let font: ResolvedFont
        let kerning: Double?
        let tracking: Double
    }

    /// A shaped word and its characters (to tell apart words whose hashes collide).
    private struct Entry {
        let units: [UInt16]
        let glyphs: [ShapedGlyph]
    }

    /// Per span, words by a 64-bit hash of their UTF-16 units: a lookup hashes the word in place
    /// and compares it with the few entries of its bucket — no key is allocated per word.
    private var tables: [SpanKey: [UInt64: [Entry]]] = [:]
    private var entryCount = 0
    private let shaper: Shaper
    /// Entries are dropped when the cache grows past this many words.
    private let capacity: Int

    init(shaper: Shaper, capacity: Int = 50_000) {
        self.shaper = shaper
        self.capacity = capacity
    }

    /// FNV-1a over the units.
    @inline(__always)
    private static func hash(_ units: ArraySlice<UInt16>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units {
            hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Basic Latin, Latin-1, Extended-A/B and general punctuation (dashes, quotes, ellipsis) —
    /// without the bidi controls, joiners and separators of U+200B–U+200F, U+2028–U+202F, U+2060–U+206F.
    private static func isSimpleLatin(_ unit: UInt16) -> Bool {
        (unit >= 0x20 && unit < 0x7F) || (unit >= 0xA0 && unit < 0x250) || (unit >= 0x2010 && unit < 0x2028)
            || (unit >= 0x2030 && unit < 0x205F)
    }

    /// The paragraph shaped word by word, or nil when the fast path does not apply.
    func shape(_ text: [UInt16], spans: [FontSpan], baseDirection: BaseWritingDirection) -> ShapedParagraph? {
        guard spans.count == 1, baseDirection != .rightToLeft, !text.isEmpty,
            text.allSatisfy(Self.isSimpleLatin)
        else { return nil }
        let span = spans[0]
        let spanKey = SpanKey(font: span.font, kerning: span.kerning, tracking: span.trackingPoints)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(text.count)
        var width = 0.0
        var start = 0
        var table = tables.removeValue(forKey: spanKey) ?? [:]
        defer { tables[spanKey] = table }
        while start < text.count {
            var end = start
            while end < text.count && text[end] != 0x20 { end += 1 }
            while end < text.count && text[end] == 0x20 { end += 1 }
            let word = text[start..<end]
            let hash = Self.hash(word)
            let shaped: [ShapedGlyph]
            if let cached = table[hash]?.first(where: { $0.units.elementsEqual(word) }) {
                shaped = cached.glyphs
            } else {
                let unit = Array(word)
                guard
                    let result = try? shaper.shape(
                        unit, spans: [FontSpan(range: 0..<unit.count, font: span.font, kerning: span.kerning, trackingPoints: span.trackingPoints)],
                        baseDirection: .leftToRight),
                    result.runs.count == 1, result.fallbacks.isEmpty, result.missingGlyphs.isEmpty,
                    result.runs[0].font == span.font
                else { return nil }
                shaped = result.runs[0].glyphs
                if entryCount >= capacity {
                    tables.removeAll(keepingCapacity: true)
                    table.removeAll(keepingCapacity: true)
                    entryCount = 0
                }
                table[hash, default: []].append(Entry(units: unit, glyphs: shaped))
                entryCount += 1
            }
            for glyph in shaped {
                var placed = glyph
                placed.cluster += start
                glyphs.append(placed)
                width += glyph.advance
            }
            start = end
        }
        let run = ShapedRun(range: 0..<text.count, font: span.font, glyphs: glyphs, bidiLevel: 0, script: "Latn", width: width)
        return ShapedParagraph(runs: [run], fallbacks: [], missingGlyphs: [], baseLevel: 0, utf16Count: text.count)
    }
}
