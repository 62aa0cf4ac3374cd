import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeBenchmarks
import DynamicTypeCore
import Foundation

/// `dyntype bench scale`: how time and memory grow with the input — `measure`, `preview`,
/// `switch` and `snapshot record` on a one-paragraph note and an ordinary note at doubling sizes,
/// each run as its own process (so peak memory is the command's own), with the growth exponent
/// fitted on a log–log scale. Linear commands have an exponent near 1.
struct BenchScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Time, peak memory and growth exponent of measure, preview, switch and snapshot record at 128 KB…1 MB.",
        discussion: """
            Writes the notes into a temporary folder (removed afterwards) and runs this dyntype on them:
            measure (one paragraph per line), preview and snapshot record (text) at --categories, both \
            on the iphone-15, and switch large accessibility3. Exponent k fits time ∝ size^k (least squares over the sizes); \
            1 is linear. Use a release build.
            """)

    @Option(name: .long, help: "Note sizes in KB, comma-separated.")
    var sizes: String = "128,256,512,1024"

    @Option(name: .long, help: "Categories for preview and snapshot record.")
    var categories: String = "all"

    @Option(name: .long, help: "Commands to run, comma-separated: measure, preview, switch, snapshot.")
    var commands: String = "measure,preview,switch,snapshot"

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    /// `--sizes` as KB values and `--commands` as known names.
    ///
    /// - Throws: ``CommandError`` (64) naming what is wrong.
    func parsed() throws -> (sizes: [Int], commands: [String]) {
        let sizes = try self.sizes.split(separator: ",").map { text -> Int in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0, value <= 64 * 1024 else {
                throw CommandError(code: SysExit.usage, message: "invalid --sizes '\(self.sizes)': give KB values 1…65536, e.g. 128,256,512,1024")
            }
            return value
        }
        let known = ["measure", "preview", "switch", "snapshot"]
        let commands = self.commands.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if let unknown = commands.first(where: { !known.contains($0) }) {
            throw CommandError(code: SysExit.usage, message: "unknown command '\(unknown)' in --commands; use \(known.joined(separator: ", "))")
        }
        return (sizes, commands)
    }

    /// Sizes, commands and categories are usage errors (64) before anything runs.
    func validate() throws {
        try runReportingErrors {
            _ = try parsed()
            _ = try ContentSizeCategorySelection(parsing: categories)
        }
    }

    func run() throws {
        try runReportingErrors {
            let (sizes, commands) = try parsed()
            let executable = try Self.executablePath()
            let report = try ScaleBenchmark.run(
                executable: executable, sizes: sizes, commands: commands, categories: categories,
                warn: { Diagnostics.warning($0) })
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text())
            }
        }
    }

    /// This program's own path (the benchmark runs the same build).
    static func executablePath() throws -> String {
        let link = "/proc/self/exe"
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: link) { return resolved }
        guard let path = Bundle.main.executablePath else {
            throw CommandError(code: SysExit.software, message: "cannot find the dyntype executable to run")
        }
        return path
    }
}
