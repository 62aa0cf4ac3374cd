import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import DynamicTypeBenchmarks

@Suite("Highlight restyle benchmark (small, no timing assertions)")
struct RestyleBenchmarkTests {
    @Test("the sample note is deterministic and uses every seed rule")
    func sampleNote() throws {
        let note = RestyleBenchmark.sampleNote(targetLength: 20_000)
        #expect(note == RestyleBenchmark.sampleNote(targetLength: 20_000))
        #expect(note.utf16.count >= 20_000 && note.utf16.count < 20_200)
        let storage = try SyntaxHighlightTextStorage(string: note, resolver: FontResolver.shared(), category: .large)
        let report = try #require(storage.highlighter.lastRestyle)
        #expect(report.matchesPerRule.allSatisfy { $0 > 0 }, "every rule matches: \(report.matchesPerRule)")
    }

    @Test("a small run: the typed character touches one paragraph; every hub observer hears every change")
    func smallRun() throws {
        var configuration = RestyleBenchmark.Configuration()
        configuration.targetLength = 30_000
        configuration.categoryRuns = 2
        configuration.typedRuns = 3
        configuration.hubObservers = 10
        configuration.hubChanges = 7
        let result = try RestyleBenchmark.run(configuration, resolver: FontResolver.shared())
        #expect(result.typedParagraphsTouched == 1)
        #expect(result.typedRestyledLength < 200)
        #expect(result.fullRestyleSamples.count == 2)
        #expect(result.hubDeliveries == 70)
        #expect(result.paragraphs > 300)
        #expect(result.matches > 0)
    }
}

@Suite("fontconfig baseline")
struct FontconfigBaselineTests {
    @Test("matches each distinct descriptor once on the resolver's configuration")
    func measures() throws {
        let descriptors = try [TextStyle.body, .headline, .body].map {
            try FontDescriptor.preferred(for: $0, category: .large, profile: .ios)
        }
        let timing = try FontconfigBaseline.measure(descriptors)
        #expect(timing.startup > 0)
        #expect(timing.matching >= 0)
    }
}
