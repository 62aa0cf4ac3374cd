import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation

/// `dyntype bench fonts`: cold resolution of a profile's whole table (styles × categories ×
/// regular/bold/italic/bold-italic) against fontconfig alone, and warm lookups.
package enum FontBenchmark {
    /// Resolves the table `runs` times cold (the median is reported), then `lookups` warm lookups.
    package static func run(profile: TypeRampProfile, lookups: Int, runs: Int) throws -> Report {
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
        return Report(
            profile: profile.name, descriptors: descriptors.count, runs: runs,
            coldSeconds: cold, fontconfigStartupSeconds: median(baselineStartup),
            fontconfigMatchSeconds: median(baselineMatch), coldToFontconfigRatio: cold / fcTotal,
            warmLookups: lookups, warmNanosecondsPerLookup: warm / Double(lookups) * 1e9)
    }

    /// The report (JSON field names are stable).
    package struct Report: Encodable {
        /// The report format's version; bumped on breaking changes.
        package var schemaVersion = 1
        /// The tool, its version and the command.
        package var tool = ReportTool(command: "bench fonts")
        /// The profile's name.
        package var profile: String
        /// The descriptors.
        package var descriptors: Int
        /// The runs.
        package var runs: Int
        /// The cold seconds.
        package var coldSeconds: Double
        /// The fontconfig startup seconds.
        package var fontconfigStartupSeconds: Double
        /// The fontconfig match seconds.
        package var fontconfigMatchSeconds: Double
        /// The cold to fontconfig ratio.
        package var coldToFontconfigRatio: Double
        /// The warm lookups.
        package var warmLookups: Int
        /// The warm nanoseconds per lookup.
        package var warmNanosecondsPerLookup: Double
    }
}

extension FontBenchmark.Report {
    /// The report as text.
    package func text() -> String {
        // fontconfig alone is the median of start-up + matching per run, as the ratio uses it.
        let cold = coldSeconds, fcTotal = coldSeconds / coldToFontconfigRatio
        return """
        bench fonts: profile \(profile), \(descriptors) descriptors \
        (styles × categories × regular/bold/italic/bold-italic), median of \(runs) cold runs
          cold table (fontconfig start-up + match + FreeType load): \(ms(cold))
          fontconfig alone, same matches:                         \(ms(fcTotal)) \
        (start-up \(ms(fontconfigStartupSeconds)), matching \(ms(fontconfigMatchSeconds)))
          ratio cold / fontconfig alone:                          \(String(format: "%.2f", coldToFontconfigRatio))×
          warm lookup:                                            \(String(format: "%.1f", warmNanosecondsPerLookup)) ns \
        (\(warmLookups) lookups)

        """
    }
}
