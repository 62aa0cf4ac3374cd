import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeBenchmarks
import DynamicTypeCore
import FontSystem
import Foundation

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

    /// The length and counts are usage errors (64) outside their bounds.
    func validate() throws {
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
        }
    }

    func run() throws {
        try runReportingErrors {
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
            let report = RestyleBenchmark.Report(profile: profile.name, from: configuration.from, to: configuration.to, result: result)
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text())
            }
        }
    }
}
