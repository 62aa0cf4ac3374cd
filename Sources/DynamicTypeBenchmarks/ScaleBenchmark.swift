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

        /// Makes the value from its parts.
        package init(command: String, shape: Shape, kilobytes: Int, seconds: Double, peakMegabytes: Double, status: Int32) {
            self.command = command
            self.shape = shape
            self.kilobytes = kilobytes
            self.seconds = seconds
            self.peakMegabytes = peakMegabytes
            self.status = status
        }
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

        /// Makes the value from its parts.
        package init(command: String, shape: Shape, timeExponent: Double, memoryMegabytesPerMegabyte: Double) {
            self.command = command
            self.shape = shape
            self.timeExponent = timeExponent
            self.memoryMegabytesPerMegabyte = memoryMegabytesPerMegabyte
        }
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

        /// Makes the value from its parts.
        package init(categories: String, rows: [Row], fits: [Fit]) {
            self.categories = categories
            self.rows = rows
            self.fits = fits
        }
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
