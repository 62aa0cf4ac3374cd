import ArgumentParser
import DynamicTypeAudit
import DynamicTypeBenchmarks
import DynamicTypeCore
import FontSystem
import Foundation

/// `dyntype bench …`: the benchmarks the issues ask for (run them on a release build).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks (use a release build: swift build -c release).",
        subcommands: [BenchFontsCommand.self, BenchLayoutCommand.self, BenchRestyleCommand.self, BenchScaleCommand.self])
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

    func run() throws {
        try runReportingErrors {
            guard lookups > 0, runs > 0, lookups <= 1_000_000_000, runs <= 1_000 else {
                throw CommandError(
                    code: SysExit.usage, message: "--lookups must be 1…1,000,000,000 and --runs 1…1,000")
            }
            let profile = try TypeRampProfile.named(profile)
            var descriptors: [FontDescriptor] = []
            for style in profile.styles {
                for step in profile.categories {
                    let base = try FontDescriptor.preferred(for: style, category: step.category, profile: profile)
                    for traits in [SymbolicTraits(), [.bold], [.italic], [.bold, .italic]] {
                        descriptors.append(base.withSymbolicTraits(traits))
                    }
                }
            }
            let clock = ContinuousClock()
            var coldTimes: [Double] = []
            var baselineStartup: [Double] = []
            var baselineMatch: [Double] = []
            var resolver: FontResolver!
            for _ in 0..<runs {
                let start = clock.now
                resolver = try FontResolver()
                for descriptor in descriptors { _ = try resolver.resolve(descriptor) }
                coldTimes.append((clock.now - start).seconds)
                let baseline = try FontconfigBaseline.measure(descriptors)
                baselineStartup.append(baseline.startup)
                baselineMatch.append(baseline.matching)
            }
            // Warm: cycle through the table so the cache is hit with varying keys.
            var sink = 0.0
            let warmStart = clock.now
            var index = 0
            for _ in 0..<lookups {
                sink += try resolver.resolve(descriptors[index]).pointSize
                index += 1
                if index == descriptors.count { index = 0 }
            }
            let warm = (clock.now - warmStart).seconds
            precondition(sink > 0)
            let cold = median(coldTimes)
            let fcTotal = median(zip(baselineStartup, baselineMatch).map { $0 + $1 })
            let report = Report(
                profile: profile.name, descriptors: descriptors.count, runs: runs,
                coldSeconds: cold, fontconfigStartupSeconds: median(baselineStartup),
                fontconfigMatchSeconds: median(baselineMatch), coldToFontconfigRatio: cold / fcTotal,
                warmLookups: lookups, warmNanosecondsPerLookup: warm / Double(lookups) * 1e9)
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text:
                StandardOutput.write(
                    """
                    bench fonts: profile \(report.profile), \(report.descriptors) descriptors \
                    (styles × categories × regular/bold/italic/bold-italic), median of \(runs) cold runs
                      cold table (fontconfig start-up + match + FreeType load): \(ms(cold))
                      fontconfig alone, same matches:                         \(ms(fcTotal)) \
                    (start-up \(ms(report.fontconfigStartupSeconds)), matching \(ms(report.fontconfigMatchSeconds)))
                      ratio cold / fontconfig alone:                          \(String(format: "%.2f", report.coldToFontconfigRatio))×
                      warm lookup:                                            \(String(format: "%.1f", report.warmNanosecondsPerLookup)) ns \
                    (\(lookups) lookups)

                    """)
            }
        }
    }

    struct Report: Encodable {
        var schemaVersion = 1
        var tool = ReportTool(command: "bench fonts")
        var profile: String
        var descriptors: Int
        var runs: Int
        var coldSeconds: Double
        var fontconfigStartupSeconds: Double
        var fontconfigMatchSeconds: Double
        var coldToFontconfigRatio: Double
        var warmLookups: Int
        var warmNanosecondsPerLookup: Double
    }
}

/// The median of a non-empty list.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Seconds as milliseconds text.
func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
