import ArgumentParser
import DynamicTypeAudit
import DynamicTypeBenchmarks
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
            """)

    @Option(name: .long, help: "Generated app sizes in files, comma-separated.")
    var files: String = "250,1000,4000"

    @Option(name: .long, help: ArgumentHelp("Also lint this folder (repeatable).", valueName: "folder"))
    var app: [String] = []

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    /// `--files` as counts.
    func counts() throws -> [Int] {
        try files.split(separator: ",").map { text in
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0, value <= 100_000 else {
                throw CommandError(code: SysExit.usage, message: "invalid --files '\(files)': give counts 1…100000, e.g. 250,1000,4000")
            }
            return value
        }
    }

    /// Counts and folders are checked before anything runs (64, 66).
    func validate() throws {
        try runReportingErrors {
            _ = try counts()
            for folder in app {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                    throw CommandError(code: SysExit.noInput, message: "--app '\(folder)' is not a folder")
                }
            }
        }
    }

    func run() throws {
        try runReportingErrors {
            let report = try LintBenchmark.run(
                executable: try BenchScaleCommand.executablePath(), fileCounts: try counts(), apps: app, warn: { Diagnostics.warning($0) })
            StandardOutput.write(format == .json ? try JSONOutput.encode(report) : LintBenchmark.text(report))
        }
    }
}
