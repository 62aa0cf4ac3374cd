import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Throughput of shaping a 1 MB Latin corpus (the GPL-3 text repeated) in body 17 pt Inter,
/// one call per paragraph as the layout manager makes them. Prints MB/s; asserts nothing about
/// time. Opt-in, and meaningful only in release mode:
///
///     SHAPING_BENCHMARK=1 swift test -c release --scratch-path .build-shaping --filter ShapingBenchmark
@Suite("Shaping benchmark", .enabled(if: ProcessInfo.processInfo.environment["SHAPING_BENCHMARK"] != nil))
struct ShapingBenchmarkTests {
    static let corpusPath = "/usr/share/common-licenses/GPL-3"

    @Test("shape 1 MB of Latin text in Inter 17 pt")
    func latinThroughput() throws {
        let source = try String(contentsOfFile: Self.corpusPath, encoding: .utf8)
        let sourceParagraphs = source.components(separatedBy: "\n\n")
            .map { $0.replacingOccurrences(of: "\n", with: " ") }
            .filter { !$0.isEmpty }
        var paragraphs: [[UInt16]] = []
        var bytes = 0
        while bytes < 1_000_000 {
            for paragraph in sourceParagraphs where bytes < 1_000_000 {
                paragraphs.append(Array(paragraph.utf16))
                bytes += paragraph.utf8.count
            }
        }
        let font = try ShapingFixtures.body()
        let shaper = try ShapingFixtures.shaper()
        // Warm the caches (HarfBuzz face, fallbacks) so the measurement is the steady state.
        _ = try shaper.shape(paragraphs[0], spans: [FontSpan(range: 0..<paragraphs[0].count, font: font)])

        let clock = ContinuousClock()
        var glyphs = 0
        var runs = 0
        let elapsed = try clock.measure {
            for paragraph in paragraphs {
                let shaped = try shaper.shape(
                    paragraph, spans: [FontSpan(range: 0..<paragraph.count, font: font, trackingPoints: font.trackingPoints)])
                runs += shaped.runs.count
                for run in shaped.runs { glyphs += run.glyphs.count }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let megabytes = Double(bytes) / 1_000_000
        print(
            "shaping benchmark: \(bytes) bytes in \(paragraphs.count) paragraphs, \(runs) runs, \(glyphs) glyphs: "
                + String(format: "%.3f s, %.2f MB/s, %.0f glyphs/s", seconds, megabytes / seconds, Double(glyphs) / seconds))
        #expect(glyphs > 900_000)
    }
}
