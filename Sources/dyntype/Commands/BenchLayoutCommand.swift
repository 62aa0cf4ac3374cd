import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeBenchmarks
import DynamicTypeCore
import FontSystem
import Foundation

/// `dyntype bench layout`: wrap a 1 MB corpus, measure 100,000 titles, relayout after one edit.
struct BenchLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Layout throughput: a 1 MB corpus at 343 pt in body 17 pt, 100,000 one-line titles, one-character edit relayout.")

    @Option(name: .long, help: "Corpus file (UTF-8, one paragraph per line); a deterministic 1 MB corpus when omitted.")
    var corpus: String?

    @Option(name: .long, help: "Also write the corpus used to this file (to run other tools, such as Pango, on the same text).")
    var writeCorpus: String?

    @Option(name: .long, help: "Wrap width in points.")
    var width: Double = 343

    @Option(name: .long, help: "Number of titles to measure.")
    var titles: Int = 100_000

    @Option(name: .long, help: "Runs per measurement; the median is reported.")
    var runs: Int = 3

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    @OptionGroup var inputLimit: InputLimitOptions

    /// The counts, the width and `--write-corpus` over `--corpus` are usage errors (64).
    func validate() throws {
        try runReportingErrors {
            guard runs > 0, titles > 0, width > 0 else {
                throw CommandError(code: SysExit.usage, message: "--runs, --titles and --width must be positive")
            }
            // Each title is laid out and kept for the report: bound the memory a typo can ask for.
            guard titles <= 1_000_000, runs <= 1_000, width.isFinite, width <= 100_000 else {
                throw CommandError(
                    code: SysExit.usage,
                    message: "--titles \(titles), --runs \(runs), --width \(width): use at most 1,000,000 titles, 1,000 runs and 100,000 pt")
            }
            if let writeCorpus, let corpus {
                try OutputSafety.checkFile(
                    writeCorpus, option: "--write-corpus '\(writeCorpus)'", against: [OutputSafety.Input(role: "--corpus file", path: corpus)])
            }
        }
    }

    func run() throws {
        try runReportingErrors {
            let resolver = try FontResolver.shared()
            let body = try resolver.resolve(FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
            let text = try corpus.map { try InputText.read($0, limit: inputLimit.limit()).string } ?? BenchCorpus.make(bytes: 1 << 20)
            if let writeCorpus {
                // AtomicWriter: a regular file or nothing is replaced, never a device or a FIFO (issue 32).
                do { try AtomicWriter.standard.write(Data(text.utf8), to: URL(fileURLWithPath: writeCorpus), createFolder: false) } catch {
                    throw CommandError(code: SysExit.cannotCreate, message: "\(error)")
                }
            }

            let report = try LayoutBenchmark.run(text: text, font: body, width: width, titles: titles, runs: runs, resolver: resolver)
            StandardOutput.write(format == .json ? try JSONOutput.encode(report) : report.text(runs: runs))
        }
    }
}
