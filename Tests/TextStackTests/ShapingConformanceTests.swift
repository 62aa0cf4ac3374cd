import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Our shaper against HarfBuzz's own `hb-shape` on the same font file and size: glyph ids,
/// clusters, advances and offsets must be identical, run by run.
///
/// Each of our runs is replayed through hb-shape with the run's script and direction, the rest of
/// the paragraph as context (`--unicodes-before/-after`), `--bot`/`--eot` at the paragraph's
/// edges, and `--font-size=<size × 1024>`: the shaper's HarfBuzz scale is 1024 units per point, so
/// hb-shape's integer positions divided by 1024 are our points, exactly.
@Suite("Shaping conformance with hb-shape")
struct ShapingConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fontPath: String
        var faceIndex = 0
        var size: Double
        var text: String
        /// Runs the text must itemize into (a sanity check that the case shapes what we think).
        var expectedRuns: Int
        var kerningOff = false

        var testDescription: String {
            "\((fontPath as NSString).lastPathComponent) \(size) pt: \(text)\(kerningOff ? " (-kern)" : "")"
        }
    }

    static let cases: [Case] = [
        Case(fontPath: ShapingFixtures.inter, size: 17, text: "office AV Wave", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.inter, size: 17, text: "Typography 1234", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.inter, size: 17, text: "office AV Wave", expectedRuns: 1, kerningOff: true),
        Case(fontPath: ShapingFixtures.inter, size: 17, text: "Ĳsselmeer, “quoted” — x²", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.dejaVuSans, size: 13.5, text: "office AV Wave", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.dejaVuSans, size: 13.5, text: "Typography 1234", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.dejaVuSans, size: 13.5, text: "שלום עולם", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.dejaVuSans, size: 13.5, text: "مرحبا بالعالم", expectedRuns: 1),
        // Mixed direction: the Hebrew run is shaped RTL with the Latin text around it as context.
        Case(fontPath: ShapingFixtures.dejaVuSans, size: 13.5, text: "abc שלום def", expectedRuns: 3),
        // Han and Hiragana are two scripts, so two runs.
        Case(fontPath: ShapingFixtures.wenQuanYi, size: 17, text: "漢字かな", expectedRuns: 2),
        Case(fontPath: ShapingFixtures.wenQuanYi, size: 15.5, text: "Typography 1234", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.notoColorEmoji, size: 17, text: "👍🏽😀", expectedRuns: 1),
        Case(fontPath: ShapingFixtures.notoColorEmoji, size: 22, text: "👨‍👩‍👧❤️🇫🇷", expectedRuns: 1),
    ]

    @Test("glyph ids, clusters and advances equal hb-shape's", arguments: cases)
    func matchesHBShape(_ testCase: Case) throws {
        let font = try ShapingFixtures.font(testCase.fontPath, size: testCase.size, faceIndex: testCase.faceIndex)
        let utf16 = Array(testCase.text.utf16)
        let paragraph = try ShapingFixtures.shape(testCase.text, font: font, kerning: testCase.kerningOff ? 0 : nil)

        // Single-font spans the font covers: no fallback may be involved, or we compare the wrong font.
        #expect(paragraph.fallbacks.isEmpty, "unexpected fallback: \(paragraph.fallbacks)")
        #expect(paragraph.missingGlyphs.isEmpty)
        #expect(paragraph.runs.count == testCase.expectedRuns, "runs: \(paragraph.runs.map(\.range))")
        #expect(paragraph.runs.allSatisfy { $0.font.filePath == testCase.fontPath })

        let allScalars = Array(testCase.text.unicodeScalars)
        var scalarStart = 0
        for run in paragraph.runs {
            let runScalars = run.scalars(in: utf16)
            let request = HBShape.Request(
                fontPath: testCase.fontPath, faceIndex: testCase.faceIndex,
                scale: Int(testCase.size * HarfBuzzFont.unitsPerPoint), text: runScalars,
                before: Array(allScalars[..<scalarStart]),
                after: Array(allScalars[(scalarStart + runScalars.count)...]),
                script: run.script, rightToLeft: run.isRightToLeft,
                beginningOfText: run.range.lowerBound == 0, endOfText: run.range.upperBound == utf16.count,
                features: testCase.kerningOff ? ["-kern"] : [])
            let expected = try HBShape.run(request)
            let ours = run.asHBShapeGlyphs(in: utf16)
            #expect(ours == expected, "run \(run.range) \(run.script) level \(run.bidiLevel)")
            #expect(!ours.isEmpty)
            #expect(ours.allSatisfy { $0.g != 0 }, "a .notdef in a font that covers the text")
            scalarStart += runScalars.count
        }
    }

    @Test("positions are whole HarfBuzz units: advances are multiples of 1/1024 pt")
    func advancesAreExactUnits() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.inter, size: 17)
        let paragraph = try ShapingFixtures.shape("Typography", font: font)
        for glyph in paragraph.runs.flatMap(\.glyphs) {
            let units = glyph.advance * HarfBuzzFont.unitsPerPoint
            #expect(units == units.rounded())
        }
    }
}
