import DynamicTypeAudit
import DynamicTypeLint
import Foundation

/// `dyntype bench lint`: `dyntype lint` on generated apps of growing size (``SyntheticApp``), each
/// run as its own process (wall time and peak memory are the command's own), with the growth of
/// time and memory fitted on a log–log scale; optionally on a real app folder too. The findings per
/// rule come from the library, in this process.
package enum LintBenchmark {
    /// One lint run.
    package struct Row: Encodable {
        /// What was linted: `synthetic` or the folder given.
        package var app: String
        /// Files read (Swift and Interface Builder).
        package var files: Int
        /// Wall time of the `dyntype lint` process.
        package var seconds: Double
        /// Its peak resident memory in MB.
        package var peakMegabytes: Double
        /// Findings per rule id.
        package var findingsByRule: [String: Int]
        /// The process's exit status (1 means findings at error level: expected).
        package var status: Int32
    }

    /// `dyntype bench lint`'s report (JSON field names are stable).
    package struct Report: Encodable {
        /// The report format's version.
        package var schemaVersion = 1
        /// The tool, its version and the command.
        package var tool = ReportTool(command: "bench lint")
        /// Each run.
        package var rows: [Row]
        /// k in time ∝ files^k over the synthetic runs (1 = linear).
        package var timeExponent: Double
        /// k in peak memory ∝ files^k over the synthetic runs.
        package var memoryExponent: Double
    }

    /// `--files` as counts ("250,1000,4000"); a usage error (64) names what to give.
    package static func fileCounts(_ text: String) throws -> [Int] {
        try text.split(separator: ",").map { item in
            guard let value = Int(item.trimmingCharacters(in: .whitespaces)), value > 0, value <= 100_000 else {
                throw RunFailure(.usage, "invalid --files '\(text)': give counts 1…100000, e.g. 250,1000,4000")
            }
            return value
        }
    }

    /// `--app` folders, checked before anything runs: one that is not a folder is 66.
    package static func checkFolders(_ folders: [String]) throws {
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw RunFailure(.missingInput, "--app '\(folder)' is not a folder")
            }
        }
    }

    /// Lints a generated app of each size in `fileCounts`, then `apps` (real folders), with
    /// `executable` (this dyntype). A run that exits with anything but 0 or 1 goes to `warn`.
    package static func run(executable: String, fileCounts: [Int], apps: [String], warn: (String) -> Void) throws -> Report {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-bench-lint-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        var rows: [Row] = []
        for count in fileCounts {
            let folder = work.appendingPathComponent("app-\(count)")
            try SyntheticApp.write(files: count, to: folder)
            rows.append(try measure(executable: executable, folder: folder.path, label: "synthetic", warn: warn))
            try? FileManager.default.removeItem(at: folder)
        }
        for app in apps { rows.append(try measure(executable: executable, folder: app, label: app, warn: warn)) }
        let synthetic = rows.filter { $0.app == "synthetic" }
        return Report(
            rows: rows, timeExponent: ScaleBenchmark.exponent(synthetic.map { (Double($0.files), $0.seconds) }),
            memoryExponent: ScaleBenchmark.exponent(synthetic.map { (Double($0.files), $0.peakMegabytes) }))
    }

    private static func measure(executable: String, folder: String, label: String, warn: (String) -> Void) throws -> Row {
        let arguments = ["lint", folder, "--root", folder, "--format", "json"]
        let outcome = try MeasuredChildProcess.run(executable, arguments)
        if outcome.status > 1 { warn("dyntype \(arguments.joined(separator: " ")) exited with \(outcome.status)") }
        let report = try Linter(root: folder).lint([folder])
        return Row(
            app: label, files: report.filesChecked, seconds: outcome.seconds, peakMegabytes: Double(outcome.peakResidentBytes) / 1_048_576,
            findingsByRule: Dictionary(uniqueKeysWithValues: report.countsByRule.map { ($0.key.rawValue, $0.value) }),
            status: outcome.status)
    }

    /// The report as text: one row per run with its findings per rule, then the growth.
    package static func text(_ report: Report) -> String {
        let rules = LintRule.allCases.filter { rule in report.rows.contains { $0.findingsByRule[rule.rawValue] != nil } }
        var table = TextTable(header: ["app", "files", "time", "peak RSS", "findings"] + rules.map(\.rawValue), rightAligned: Set(1..<(5 + rules.count)))
        for row in report.rows {
            table.add(
                [
                    row.app, "\(row.files)", String(format: "%.2f s", row.seconds), String(format: "%.0f MB", row.peakMegabytes),
                    "\(row.findingsByRule.values.reduce(0, +))",
                ] + rules.map { "\(row.findingsByRule[$0.rawValue] ?? 0)" })
        }
        return "bench lint (dyntype lint as a child process; findings per rule)\n" + table.render() + "\n"
            + String(format: "Growth over the synthetic apps: time ∝ files^%.2f, peak memory ∝ files^%.2f (1 = linear)\n", report.timeExponent, report.memoryExponent)
    }
}
