import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeBenchmarks
import DynamicTypeCore
import FontSystem
import Foundation

/// `dyntype bench …`: the benchmarks the issues ask for (run them on a release build).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks (use a release build: swift build -c release).",
        subcommands: [BenchFontsCommand.self, BenchLayoutCommand.self, BenchRestyleCommand.self, BenchScaleCommand.self, BenchLintCommand.self])
}

/// `dyntype bench fonts`: cold resolution of a whole profile table and warm lookups.
struct BenchFontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "Cold resolution of a profile's table (styles × categories × regular/bold/italic/bold-italic) and warm lookups.")

    @Option(name: .long, help: "Profile to resolve.")
    var profile: String = "ios"

    @Option(name: .long, help: "Warm lookups to time.")
    var lookups: Int = 2_000_000

    @Option(name: .long, help: "Cold runs (each with a fresh fontconfig configuration); the median is reported.")
    var runs: Int = 5

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    /// The counts are usage errors (64) outside their bounds.
    func validate() throws {
        try runReportingErrors {
            guard lookups > 0, runs > 0, lookups <= 1_000_000_000, runs <= 1_000 else {
                throw CommandError(
                    code: SysExit.usage, message: "--lookups must be 1…1,000,000,000 and --runs 1…1,000")
            }
        }
    }

    func run() throws {
        try runReportingErrors {
            let profile = try TypeRampProfile.named(profile)
            let report = try FontBenchmark.run(profile: profile, lookups: lookups, runs: runs)
            StandardOutput.write(format == .json ? try JSONOutput.encode(report) : report.text())
        }
    }
}
