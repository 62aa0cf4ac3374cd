import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Ligatures, kerning, per-character fallback, missing glyphs, cluster integrity and spacing.
@Suite("Shaper")
struct ShaperTests {
    // MARK: Ligatures and kerning

    /// DejaVu Sans has an `ffi` ligature in `liga` (hb-shape: `uniFB03=1`); Inter's `liga` has none.
    @Test("“office” in DejaVu Sans: one glyph covers “ffi”, the same glyph as U+FB03 ﬃ")
    func ffiLigature() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let run = try #require(try ShapingFixtures.shape("office", font: font).runs.first)
        #expect(run.glyphs.map(\.cluster) == [0, 1, 4, 5], "o | ffi | c | e")
        let ligature = try #require(try ShapingFixtures.shape("\u{FB03}", font: font).runs.first?.glyphs.first)
        #expect(run.glyphs[1].glyphID == ligature.glyphID)
        #expect(run.glyphs[1].glyphID != 0)
    }

    @Test("kerning: “AV” in Inter is tighter with the font's kerning than with kerning 0 (‑kern), as hb-shape says")
    func kerningPair() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.inter, size: 17)
        let kerned = try #require(try ShapingFixtures.shape("AV", font: font).runs.first)
        let unkerned = try #require(try ShapingFixtures.shape("AV", font: font, kerning: 0).runs.first)
        #expect(kerned.glyphs[0].advance < unkerned.glyphs[0].advance)
        #expect(kerned.glyphs[1].advance == unkerned.glyphs[1].advance)
        let scale = Int(17 * HarfBuzzFont.unitsPerPoint)
        let reference = try HBShape.run(
            HBShape.Request(fontPath: ShapingFixtures.inter, scale: scale, text: ["A", "V"], features: ["-kern"]))
        #expect(unkerned.asHBShapeGlyphs(in: Array("AV".utf16)) == reference)
    }

    // MARK: Fallback

    @Test("“Hello 中文 😀” in Inter: CJK → WenQuanYi Micro Hei, emoji → Noto Color Emoji, reported, no .notdef")
    func fallbackFonts() throws {
        let text = "Hello 中文 😀"
        let paragraph = try ShapingFixtures.shape(text, font: try ShapingFixtures.body())
        #expect(
            paragraph.runs.map(\.font.familyName) == ["Inter", "WenQuanYi Micro Hei", "Inter", "Noto Color Emoji"])
        #expect(paragraph.runs.map(\.range) == [0..<6, 6..<8, 8..<9, 9..<11])
        #expect(paragraph.fallbacks.map(\.range) == [6..<8, 9..<11])
        #expect(paragraph.fallbacks.map(\.usedFamily) == ["WenQuanYi Micro Hei", "Noto Color Emoji"])
        #expect(paragraph.fallbacks.allSatisfy { $0.requestedFamily == "Inter" })
        #expect(paragraph.missingGlyphs.isEmpty)
        let glyphs = paragraph.runs.flatMap(\.glyphs)
        #expect(!glyphs.isEmpty)
        #expect(glyphs.allSatisfy { $0.glyphID != 0 })
        // Fallback keeps the requested size.
        #expect(paragraph.runs.allSatisfy { $0.font.pointSize == 17 })
        #expect(paragraph.runs.map(\.script) == ["Latn", "Hani", "Hani", "Hani"])
    }

    @Test("a private-use code point no font has (U+10FFFD) is a MissingGlyph drawn as .notdef in the span's font")
    func missingGlyph() throws {
        let text = "a\u{10FFFD}b"
        let paragraph = try ShapingFixtures.shape(text, font: try ShapingFixtures.body())
        #expect(paragraph.missingGlyphs.map(\.offset) == [1])
        #expect(paragraph.missingGlyphs.map(\.scalar) == ["\u{10FFFD}"])
        #expect(paragraph.missingGlyphs.first?.font.familyName == "Inter")
        #expect(paragraph.runs.count == 1)
        let glyphs = try #require(paragraph.runs.first?.glyphs)
        #expect(glyphs.map(\.cluster) == [0, 1, 3])
        #expect(glyphs[1].glyphID == 0)
        #expect(paragraph.fallbacks.isEmpty)
    }

    @Test("emoji presentation (U+2764 U+FE0F) uses the colour font though Inter has a text heart; U+FE0E keeps Inter")
    func emojiPresentation() throws {
        let body = try ShapingFixtures.body()
        let emoji = try ShapingFixtures.shape("I \u{2764}\u{FE0F} it", font: body)
        #expect(emoji.runs.map(\.font.familyName) == ["Inter", "Noto Color Emoji", "Inter"])
        #expect(emoji.runs[1].range == 2..<4)
        let text = try ShapingFixtures.shape("I \u{2764}\u{FE0E} it", font: body)
        #expect(text.runs.map(\.font.familyName) == ["Inter"])
        #expect(text.fallbacks.isEmpty)
    }

    // MARK: Clusters stay together

    @Test(
        "combining marks, skin tones, ZWJ sequences and flags stay in one run with their base",
        arguments: [
            ("e\u{0301}", 1),  // é as e + combining acute: one cluster
            ("👍🏽", 1),  // thumbs up + medium skin tone: one glyph in Noto
            ("👨‍👩‍👧", 1),  // family ZWJ sequence: one glyph
            ("🇫🇷", 1),  // regional indicator pair
            ("1\u{FE0F}\u{20E3}", 1),  // keycap
        ])
    func clustersStayTogether(_ text: String, glyphCount: Int) throws {
        let paragraph = try ShapingFixtures.shape("a" + text + "b", font: try ShapingFixtures.body())
        let length = text.utf16.count
        // The sequence is in exactly one run, all of it.
        let containing = paragraph.runs.filter { $0.range.overlaps(1..<(1 + length)) }
        #expect(containing.count == 1, "runs: \(paragraph.runs.map { ($0.range, $0.font.familyName) })")
        let run = try #require(containing.first)
        #expect(run.range.contains(1) && run.range.contains(length))
        let glyphs = run.glyphs.filter { (1..<(1 + length)).contains($0.cluster) }
        #expect(glyphs.count == glyphCount)
        #expect(Set(glyphs.map(\.cluster)) == [1], "one cluster")
        #expect(glyphs.allSatisfy { $0.glyphID != 0 })
        #expect(paragraph.missingGlyphs.isEmpty)
    }

    @Test("a mark the span's font lacks moves its whole cluster to a font that has both (DejaVu Sans lacks U+20DD)")
    func markFallbackTakesBase() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let paragraph = try ShapingFixtures.shape("ax\u{20DD}b", font: font)
        #expect(paragraph.runs.count == 3)
        #expect(paragraph.runs.map(\.range) == [0..<1, 1..<3, 3..<4])
        #expect(paragraph.runs[1].font.filePath != ShapingFixtures.dejaVuSans)
        #expect(paragraph.fallbacks.map(\.range) == [1..<3])
        #expect(paragraph.runs.flatMap(\.glyphs).allSatisfy { $0.glyphID != 0 })
    }

    // MARK: Spacing

    @Test("tracking adds exactly its points after every cluster; the width grows by clusters × tracking")
    func tracking() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.inter, size: 17)
        let text = "AVAV Wave"
        let plain = try #require(try ShapingFixtures.shape(text, font: font).runs.first)
        let tracked = try #require(try ShapingFixtures.shape(text, font: font, tracking: 0.5).runs.first)
        #expect(tracked.glyphs.count == plain.glyphs.count)
        for (a, b) in zip(plain.glyphs, tracked.glyphs) {
            #expect(b.glyphID == a.glyphID)
            #expect(b.advance - a.advance == 0.5)
        }
        #expect(tracked.width - plain.width == 0.5 * Double(text.count))
    }

    @Test("extra kerning adds its points on top of the font's kerning; kerning 0 turns font kerning off")
    func extraKerning() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.inter, size: 17)
        let plain = try #require(try ShapingFixtures.shape("AV", font: font).runs.first)
        let unkerned = try #require(try ShapingFixtures.shape("AV", font: font, kerning: 0).runs.first)
        let extra = try #require(try ShapingFixtures.shape("AV", font: font, kerning: 1.25).runs.first)
        #expect(extra.glyphs[0].advance == plain.glyphs[0].advance + 1.25)
        #expect(extra.glyphs[1].advance == plain.glyphs[1].advance + 1.25)
        let both = try #require(try ShapingFixtures.shape("AV", font: font, kerning: 1.25, tracking: -0.25).runs.first)
        #expect(both.glyphs[0].advance == plain.glyphs[0].advance + 1)
        let offWithTracking = try #require(
            try ShapingFixtures.shape("AV", font: font, kerning: 0, tracking: 0.75).runs.first)
        #expect(offWithTracking.glyphs[0].advance == unkerned.glyphs[0].advance + 0.75)
    }

    @Test("tracking goes once per cluster: a ligature or a base with its mark gets it once")
    func trackingPerCluster() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let plain = try ShapingFixtures.shape("office e\u{0301}", font: font)
        let tracked = try ShapingFixtures.shape("office e\u{0301}", font: font, tracking: 2)
        let clusters = Set(plain.runs.flatMap(\.glyphs).map(\.cluster)).count
        #expect(clusters == 6, "o ffi c e space é")
        #expect(tracked.width - plain.width == 2 * Double(clusters))
    }

    @Test("adjacent spans with the same font and spacing shape as one run (kerning across the boundary)")
    func spansMerge() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.inter, size: 17)
        let shaper = try ShapingFixtures.shaper()
        let split = try shaper.shape(
            "AV", spans: [FontSpan(range: 0..<1, font: font), FontSpan(range: 1..<2, font: font)])
        let whole = try ShapingFixtures.shape("AV", font: font)
        #expect(split.runs == whole.runs)
        let differentKerning = try shaper.shape(
            "AV", spans: [FontSpan(range: 0..<1, font: font), FontSpan(range: 1..<2, font: font, kerning: 0)])
        #expect(differentKerning.runs.map(\.range) == [0..<1, 1..<2])
    }

    // MARK: Language and versions

    @Test("a language selects the font's localized forms: Serbian б in DejaVu Sans (locl), none by default")
    func languageLocalizedForms() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let shaper = try ShapingFixtures.shaper()
        let span = [FontSpan(range: 0..<1, font: font)]
        let plain = try #require(try shaper.shape("б", spans: span).runs.first?.glyphs.first)
        let english = try #require(try shaper.shape("б", spans: span, language: "en").runs.first?.glyphs.first)
        let serbian = try #require(try shaper.shape("б", spans: span, language: "sr").runs.first?.glyphs.first)
        #expect(plain == english)
        #expect(serbian.glyphID != plain.glyphID)
        let reference = try HBShape.run(
            HBShape.Request(fontPath: ShapingFixtures.dejaVuSans, scale: 17 * 1024, text: ["б"], script: "Cyrl"))
        #expect(reference.first?.g == plain.glyphID)
    }

    @Test("library versions: HarfBuzz is the runtime hb-shape reports, FriBidi a dotted version")
    func libraryVersions() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: HBShape.path),
            "\(HBShape.path) not found: install the Debian package libharfbuzz-bin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: HBShape.path)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "hb-shape (HarfBuzz) 6.0.0"
        #expect(output.split(separator: "\n").first?.hasSuffix(" \(TextStackLibraries.harfBuzzVersion)") == true)
        #expect(TextStackLibraries.friBidiVersion.split(separator: ".").count == 3)
    }

    // MARK: Edge cases

    @Test("control characters shape as invisible zero-width glyphs, never .notdef, and stay in the run")
    func controlCharacters() throws {
        let paragraph = try ShapingFixtures.shape("a\tb\u{2028}c\n", font: try ShapingFixtures.body())
        #expect(paragraph.runs.count == 1)
        let glyphs = try #require(paragraph.runs.first?.glyphs)
        #expect(glyphs.allSatisfy { $0.glyphID != 0 })
        for offset in [1, 3, 5] {
            #expect(glyphs.first { $0.cluster == offset }?.advance == 0)
        }
        #expect(paragraph.missingGlyphs.isEmpty)
        #expect(paragraph.fallbacks.isEmpty)
    }

    @Test("empty text, lone surrogates and text outside the spans are handled")
    func edgeCases() throws {
        let font = try ShapingFixtures.body()
        let shaper = try ShapingFixtures.shaper()
        let empty = try shaper.shape("", spans: [])
        #expect(empty.runs.isEmpty && empty.baseLevel == 0)
        #expect(try shaper.shape("", spans: [], baseDirection: .rightToLeft).isRightToLeft)

        let broken: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00]
        let repaired = try shaper.shape(broken, spans: [FontSpan(range: 0..<4, font: font)])
        #expect(repaired.runs.first?.range.lowerBound == 0)
        #expect(repaired.runs.last?.range.upperBound == 4)
        #expect(Set(repaired.runs.flatMap(\.glyphs).map(\.cluster)) == [0, 1, 2, 3])

        // A span covering only the middle: the text before takes the first span, after it the last.
        let partial = try shaper.shape("abcdef", spans: [FontSpan(range: 2..<4, font: font)])
        #expect(partial.runs.map(\.range) == [0..<6])
    }

    @Test("shaping from many tasks at once gives the same result (shared HarfBuzz font cache)")
    func concurrentShaping() async throws {
        let font = try ShapingFixtures.body()
        let texts = ["Hello 中文 😀", "abc שלום def", "office AV Wave", "مرحبا بالعالم"]
        let expected = try texts.map { try ShapingFixtures.shape($0, font: font) }
        let shaper = try ShapingFixtures.shaper()
        try await withThrowingTaskGroup(of: (Int, ShapedParagraph).self) { group in
            for round in 0..<32 {
                let index = round % texts.count
                let text = texts[index]
                group.addTask {
                    (index, try shaper.shape(text, spans: [FontSpan(range: 0..<text.utf16.count, font: font)]))
                }
            }
            for try await (index, result) in group {
                #expect(result == expected[index])
            }
        }
    }

    @Test("ShapedRun helpers: partial widths and safe break points")
    func runHelpers() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let run = try #require(try ShapingFixtures.shape("office AV", font: font).runs.first)
        #expect(run.width(of: run.range) == run.width)
        #expect(run.width(of: 0..<6) + run.width(of: 6..<9) == run.width)
        #expect(run.isSafeToBreak(atUTF16Offset: 7), "after the space")
        #expect(!run.isSafeToBreak(atUTF16Offset: 2), "inside the ffi ligature: no cluster starts there")
    }
}
