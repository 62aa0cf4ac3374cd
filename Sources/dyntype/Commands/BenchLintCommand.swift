import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeBenchmarks
import DynamicTypeLint
import Foundation

/// `dyntype bench lint`: `dyntype lint` on generated apps of growing size, and on real app folders.
struct BenchLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Time, peak memory and growth of dyntype lint on generated apps (250…4000 files) and your own.",
        discussion: """
            Generates apps of --files files each (60 % UIKit view controllers, 30 % SwiftUI views, \
            10 % .xib files, about 120 lines a Swift file) in a temporary folder, and runs this \
            dyntype lint on each as its own process. Exponent k fits time ∝ files^k; 1 is linear. \
            --app adds a real app's folder. Use a release build.

            --labelled <folder> instead scores precision and recall on a folder whose lines carry \
            labels (`// expect: rule-id` in Swift, `<!-- expect: rule-id -->` in .xib and \
            .storyboard files; several ids comma-separated): per rule TP, FP, FN, precision and \
            recall, then every false positive and miss. Paths are relative to the folder. See \
            docs/lint.md › Labelled precision.
            """)

    @Option(name: .long, help: "Generated app sizes in files, comma-separated.")
    var files: String = "250,1000,4000"

    @Option(name: .long, help: ArgumentHelp("Also lint this folder (repeatable).", valueName: "folder"))
    var app: [String] = []

    @Option(name: .long, help: ArgumentHelp("Score precision and recall on this folder's expect labels instead of timing.", valueName: "folder"))
    var labelled: String?

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    /// Counts and folders are checked before anything runs (64, 66).
    func validate() throws {
        try runReportingErrors {
            _ = try LintBenchmark.fileCounts(files)
            try LintBenchmark.checkFolders(app + (labelled.map { [$0] } ?? []))
        }
    }

    func run() throws {
        if let labelled {
            try runReportingErrors {
                let root = URL(fileURLWithPath: labelled).standardizedFileURL.path
                let score: LabelledScore
                do { score = try LabelledScore.score(folder: root, linter: Linter(root: root)) } catch let error as LintError {
                    throw CommandError(code: SysExit.code(for: error.kind), message: error.message)
                }
                StandardOutput.write(format == .json ? try JSONOutput.encode(score) : score.text)
            }
            return
        }
        try runReportingErrors {
            let report = try LintBenchmark.run(
                executable: try BenchScaleCommand.executablePath(), fileCounts: try LintBenchmark.fileCounts(files), apps: app, warn: { Diagnostics.warning($0) })
            StandardOutput.write(format == .json ? try JSONOutput.encode(report) : LintBenchmark.text(report))
        }
    }
}
