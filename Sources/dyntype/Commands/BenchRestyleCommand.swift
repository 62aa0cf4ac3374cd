import ArgumentParser
import DynamicTypeAudit
import DynamicTypeBenchmarks
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype bench restyle`: the syntax-highlighting text storage on a ~1 MB note — a full restyle
/// on a category change, one typed character, and the change hub's fan-out to 1,000 observers.
struct BenchRestyleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restyle",
        abstract: "Full restyle on a category change vs. one typed character on a ~1 MB note; change-hub delivery rate.",
        discussion: """
            The note is generated deterministically (paragraphs using every seed markup rule). \
            A typed character must restyle only its own paragraph: the report gives the paragraphs \
            touched and the ratio full restyle / typed character (target ≥ 100×).
            """)

    @Option(name: .long, help: "Note length in UTF-16 units.")
    var length: Int = 1_000_000

    @Option(name: .long, help: "Category switches to time (alternating --from and --to).")
    var categoryRuns: Int = 6

    @Option(name: .long, help: "Typed characters to time.")
    var typedRuns: Int = 200

    @Option(name: .long, help: "Observers registered on the change hub.")
    var hubObservers: Int = 1_000

    @Option(name: .long, help: "Setting changes posted to the change hub.")
    var hubChanges: Int = 2_000

    @Option(name: .long, help: "Start category.")
    var from: String = "large"

    @Option(name: .long, help: "Category switched to.")
    var to: String = "accessibility3"

    @Option(name: .long, help: "Type-ramp profile.")
    var profile: String = "ios"

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    func run() throws {
        try runReportingErrors {
            guard length > 0, categoryRuns > 0, typedRuns > 0, hubObservers > 0, hubChanges > 0 else {
                throw CommandError(code: SysExit.usage, message: "--length and every run count must be positive")
            }
            // The note is built in memory and every run is timed: bound what a typo can ask for.
            guard length <= 64 << 20, categoryRuns <= 10_000, typedRuns <= 1_000_000, hubObservers <= 1_000_000,
                hubChanges <= 10_000_000
            else {
                throw CommandError(
                    code: SysExit.usage,
                    message: "bench restyle limits: --length ≤ 64 MB (67108864), --category-runs ≤ 10,000, --typed-runs and --hub-observers ≤ 1,000,000, --hub-changes ≤ 10,000,000")
            }
            let profile = try TypeRampProfile.named(profile)
            var configuration = RestyleBenchmark.Configuration()
            configuration.targetLength = length
            configuration.categoryRuns = categoryRuns
            configuration.typedRuns = typedRuns
            configuration.hubObservers = hubObservers
            configuration.hubChanges = hubChanges
            configuration.from = try ContentSizeCategory(parsing: from)
            configuration.to = try ContentSizeCategory(parsing: to)
            for category in [configuration.from, configuration.to] where !profile.supports(category) {
                throw ProfileError.unsupportedCategory(
                    profile: profile.name, category: category.name, available: profile.categories.map(\.category.name))
            }
            let result = try RestyleBenchmark.run(configuration, resolver: FontResolver.shared(), profile: profile)
            let report = Report(profile: profile.name, from: configuration.from, to: configuration.to, result: result)
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text())
            }
        }
    }

    struct Report: Encodable {
        var schemaVersion = 1
        var tool = ReportTool(command: "bench restyle")
        var profile: String
        var from: String
        var to: String
        var noteLength: Int
        var paragraphs: Int
        var attributeRuns: Int
        var matches: Int
        var initialStyleSeconds: Double
        var fullRestyleSeconds: Double
        var fullRestyleSamples: [Double]
        var typedSeconds: Double
        var typedParagraphsTouched: Int
        var typedRestyledLength: Int
        var fullToTypedRatio: Double
        var hubObservers: Int
        var hubChanges: Int
        var hubDeliveries: Int
        var hubSeconds: Double
        var hubDeliveriesPerSecond: Double

        init(profile: String, from: ContentSizeCategory, to: ContentSizeCategory, result: RestyleBenchmark.Result) {
            self.profile = profile
            self.from = from.name
            self.to = to.name
            noteLength = result.noteLength
            paragraphs = result.paragraphs
            attributeRuns = result.attributeRuns
            matches = result.matches
            initialStyleSeconds = result.initialStyleSeconds
            fullRestyleSeconds = result.fullRestyleSeconds
            fullRestyleSamples = result.fullRestyleSamples
            typedSeconds = result.typedSeconds
            typedParagraphsTouched = result.typedParagraphsTouched
            typedRestyledLength = result.typedRestyledLength
            fullToTypedRatio = result.fullToTypedRatio
            hubObservers = result.hubObservers
            hubChanges = result.hubChanges
            hubDeliveries = result.hubDeliveries
            hubSeconds = result.hubSeconds
            hubDeliveriesPerSecond = result.hubDeliveriesPerSecond
        }

        func text() -> String {
            let target = fullToTypedRatio >= 100 ? "meets the ≥ 100× target" : "BELOW the 100× target"
            let rows: [(String, String)] = [
                ("initial styling (cold fonts)", ms(initialStyleSeconds)),
                ("full restyle, \(from) ↔ \(to) (update())", "\(ms(fullRestyleSeconds)) (median of \(fullRestyleSamples.count))"),
                (
                    "one typed character in the middle",
                    String(format: "%.1f µs", typedSeconds * 1e6)
                        + " (\(typedParagraphsTouched) paragraph(s) touched, \(typedRestyledLength) units restyled)"
                ),
                ("ratio full / typed", String(format: "%.0f× ", fullToTypedRatio) + "(\(target))"),
                (
                    "change hub, \(hubObservers) observers",
                    String(format: "%.2f M notifications/s ", hubDeliveriesPerSecond / 1e6)
                        + "(\(hubDeliveries) in \(ms(hubSeconds)))"
                ),
            ]
            let width = rows.map(\.0.count).max() ?? 0
            var lines = [
                "bench restyle: profile \(profile), note of \(noteLength) UTF-16 units, \(paragraphs) paragraphs, "
                    + "\(attributeRuns) attribute runs, \(matches) rule matches"
            ]
            for (label, value) in rows {
                lines.append("  " + label + ":" + String(repeating: " ", count: width - label.count + 1) + value)
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
