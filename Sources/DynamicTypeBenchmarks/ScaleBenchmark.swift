import DynamicTypeAudit
import Foundation

/// The data and arithmetic of `dyntype bench scale`: how time and memory grow with the input,
/// each command run as its own process at doubling note sizes, with the growth exponent fitted
/// on a log–log scale (the CLI runs the processes; ``MeasuredChildProcess`` measures one).
package enum ScaleBenchmark {
    /// The two shapes of note: all text in one paragraph, or prose in ordinary paragraphs.
    package enum Shape: String, CaseIterable, Encodable {
        case oneParagraph = "one paragraph"
        case ordinary = "ordinary"
    }

    /// One command at one note shape and size.
    package struct Row: Encodable {
        /// The command measured.
        package var command: String
        /// The note's shape.
        package var shape: Shape
        /// The note's size in KB.
        package var kilobytes: Int
        /// Wall time.
        package var seconds: Double
        /// Peak resident memory in MB.
        package var peakMegabytes: Double
        /// The exit status.
        package var status: Int32
    }

    /// A command's growth on one note shape.
    package struct Fit: Encodable {
        /// The command measured.
        package var command: String
        /// The note's shape.
        package var shape: Shape
        /// k in time ∝ size^k.
        package var timeExponent: Double
        /// Peak memory per MB of note.
        package var memoryMegabytesPerMegabyte: Double
    }

    /// `dyntype bench scale`'s report (JSON field names are stable).
    package struct Report: Encodable {
        /// The report format's version; bumped on breaking changes.
        package var schemaVersion = 1
        /// The tool, its version and the command.
        package var tool = ReportTool(command: "bench scale")
        /// The categories preview and snapshot ran at.
        package var categories: String
        /// Each run.
        package var rows: [Row]
        /// Each command's growth per note shape.
        package var fits: [Fit]
    }

    /// Runs `executable` (this dyntype) for each command on a note of each shape and size, in a
    /// temporary folder removed afterwards, and fits each command's growth. A run that exits with
    /// anything but 0 is passed to `warn` (no `--fail-on` is given, so findings never fail one).
    package static func run(
        executable: String, sizes: [Int], commands: [String], categories: String, warn: (String) -> Void
    ) throws -> Report {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-bench-scale-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        var rows: [Row] = []
        for shape in Shape.allCases {
            for kilobytes in sizes {
                let folder = work.appendingPathComponent("\(shape == .ordinary ? "ordinary" : "one-paragraph")-\(kilobytes)k")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let note = folder.appendingPathComponent("note.txt")
                try Data(Self.note(shape, bytes: kilobytes * 1024).utf8).write(to: note)
                for command in commands {
                    let out = work.appendingPathComponent("out-\(command)-\(shape == .ordinary ? "o" : "p")-\(kilobytes)")
                    let arguments: [String]
                    switch command {
                    case "measure": arguments = ["measure", note.path]
                    case "preview": arguments = ["preview", "--notes", folder.path, "--categories", categories, "--out", out.path]
                    case "switch": arguments = ["switch", "large", "accessibility3", folder.path]
                    default:
                        // On preview's device: snapshots default to the narrower iPhone SE, whose
                        // extra lines would make the two times measure different layouts.
                        arguments = [
                            "snapshot", "record", "--notes", folder.path, "--categories", categories, "--format", "text",
                            "--device", "iphone-15", "--out", out.path,
                        ]
                    }
                    let outcome = try MeasuredChildProcess.run(executable, arguments)
                    // No --fail-on is passed, so findings never fail a run: any other exit is reported.
                    if outcome.status != 0 {
                        warn("dyntype \(arguments.joined(separator: " ")) exited with \(outcome.status)")
                    }
                    rows.append(
                        Row(
                            command: command, shape: shape, kilobytes: kilobytes, seconds: outcome.seconds,
                            peakMegabytes: Double(outcome.peakResidentBytes) / 1_048_576, status: outcome.status))
                    try? FileManager.default.removeItem(at: out)
                }
            }
        }
        let fits = commands.flatMap { command in
            Shape.allCases.map { shape in
                let series = rows.filter { $0.command == command && $0.shape == shape }
                return Fit(
                    command: command, shape: shape,
                    timeExponent: exponent(series.map { (Double($0.kilobytes), $0.seconds) }),
                    memoryMegabytesPerMegabyte: slope(series.map { (Double($0.kilobytes) / 1024, $0.peakMegabytes) }))
            }
        }
        return Report(categories: categories, rows: rows, fits: fits)
    }

    /// The report as text: a table of runs and one of growth fits.
    package static func text(_ report: Report) -> String {
        var table = TextTable(header: ["command", "note", "size", "time", "peak RSS"], rightAligned: [2, 3, 4])
        for row in report.rows {
            table.add([
                row.command, row.shape.rawValue, "\(row.kilobytes) KB", String(format: "%.2f s", row.seconds),
                String(format: "%.0f MB", row.peakMegabytes) + (row.status > 1 ? " (exit \(row.status))" : ""),
            ])
        }
        var fits = TextTable(header: ["command", "note", "time exponent", "memory per MB of note"], rightAligned: [2, 3])
        for fit in report.fits {
            fits.add([
                fit.command, fit.shape.rawValue, String(format: "%.2f", fit.timeExponent),
                String(format: "%.1f MB", fit.memoryMegabytesPerMegabyte),
            ])
        }
        return "bench scale (preview and snapshot at \(report.categories))\n" + table.render() + "\n"
            + "Growth (time ∝ size^k; 1 = linear)\n" + fits.render()
    }

    /// The least-squares exponent k of y ∝ x^k.
    package static func exponent(_ points: [(Double, Double)]) -> Double {
        slope(points.filter { $0.0 > 0 && $0.1 > 0 }.map { (log($0.0), log($0.1)) })
    }

    /// The least-squares slope of y over x (0 with fewer than two distinct x).
    package static func slope(_ points: [(Double, Double)]) -> Double {
        guard points.count >= 2 else { return 0 }
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.0 } / n, meanY = points.reduce(0) { $0 + $1.1 } / n
        let sxx = points.reduce(0) { $0 + ($1.0 - meanX) * ($1.0 - meanX) }
        let sxy = points.reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        return sxx > 0 ? sxy / sxx : 0
    }

    /// About `bytes` of prose with a title line: in one paragraph, or in the corpus's paragraphs.
    package static func note(_ shape: Shape, bytes: Int) -> String {
        let prose = BenchCorpus.make(bytes: bytes)
        switch shape {
        case .ordinary: return "A long note\n" + prose
        case .oneParagraph: return "A long note\n" + prose.replacingOccurrences(of: "\n", with: " ")
        }
    }

}

extension ScaleBenchmark.Report {
    /// The report as text.
    package func text() -> String { ScaleBenchmark.text(self) }
}
