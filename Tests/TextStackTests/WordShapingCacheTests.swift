import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

/// The word cache must not change what is laid out: same advances as shaping whole paragraphs.
@Suite("Word shaping cache")
struct WordShapingCacheTests {
    static let prose = """
        The quick brown fox jumps over the lazy dog. AVAVA Typography, office waffles; "Quoted" text (with parentheses) \
        and numbers 1,234.56 — plus Latin-1 café naïve façade. Yes, T. Y. Vance & Co. wrote: 'LT' V. Wave, AT&T.
        """

    @Test("word-cached advances equal whole-paragraph shaping (Inter, body at large)")
    func sameAdvances() throws {
        let body = try LayoutFixtures.body()
        let text = Array(Self.prose.utf16)
        let shaper = Shaper(resolver: LayoutFixtures.resolver)
        let spans = [FontSpan(range: 0..<text.count, font: body, trackingPoints: body.trackingPoints)]
        let whole = try shaper.shape(text, spans: spans)
        let cached = try #require(WordShapingCache(shaper: shaper).shape(text, spans: spans, baseDirection: .natural))
        func advances(_ paragraph: ShapedParagraph) -> [Int: Double] {
            var result: [Int: Double] = [:]
            for run in paragraph.runs { for glyph in run.glyphs { result[glyph.cluster, default: 0] += glyph.advance } }
            return result
        }
        let a = advances(whole), b = advances(cached)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (cluster, advance) in a { #expect(abs(advance - (b[cluster] ?? -1)) < 1e-9, "cluster \(cluster)") }
    }

    @Test("the fast path steps aside for RTL, CJK and several fonts")
    func fallsBack() throws {
        let body = try LayoutFixtures.body()
        let shaper = Shaper(resolver: LayoutFixtures.resolver)
        let cache = WordShapingCache(shaper: shaper)
        for sample in ["abc שלום", "中文 text", "emoji 😀", "e\u{301}"] {
            let text = Array(sample.utf16)
            #expect(cache.shape(text, spans: [FontSpan(range: 0..<text.count, font: body)], baseDirection: .natural) == nil)
        }
    }

    @Test("line breaks with and without the cache are identical on a corpus")
    func sameLines() throws {
        let text = (0..<40).map { "Paragraph \($0): " + Self.prose }.joined(separator: "\n")
        let storage = try LayoutFixtures.storage(text)
        let (fast, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 343, height: .infinity)])
        let (slow, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 343, height: .infinity)])
        slow.usesWordShapingCache = false
        #expect(fast.lineFragments.map(\.characterRange) == slow.lineFragments.map(\.characterRange))
    }
}
