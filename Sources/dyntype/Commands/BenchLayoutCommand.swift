import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

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

    func run() throws {
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
            let resolver = try FontResolver.shared()
            let body = try resolver.resolve(FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
            let text = try corpus.map { try InputText.read($0, limit: inputLimit.limit()).string } ?? BenchCorpus.make(bytes: 1 << 20)
            let measurer = try TextMeasurer(font: body, resolver: resolver)
            if let writeCorpus {
                do { try Data(text.utf8).write(to: URL(fileURLWithPath: writeCorpus), options: .atomic) } catch {
                    throw CommandError(code: SysExit.cannotCreate, message: "cannot write \(writeCorpus): \(error.localizedDescription)")
                }
            }

            // 1. Wrap the corpus.
            var wrapTimes: [Double] = []
            var wrap: TextMeasurer.Result!
            for _ in 0..<runs {
                wrap = try measurer.measure(text, width: width)
                wrapTimes.append(wrap.elapsedSeconds)
            }
            let wrapSeconds = median(wrapTimes)
            let megabytes = Double(text.utf8.count) / 1_048_576

            // 2. Titles: one line each.
            let titleText = BenchCorpus.titles(count: titles)
            var titleTimes: [Double] = []
            for _ in 0..<runs { titleTimes.append(try measurer.measureTitles(titleText).elapsedSeconds) }
            let titleSeconds = median(titleTimes)

            // 3. Relayout after a one-character edit in the middle of the note.
            let storage = TextStorage(string: text, attributes: TextAttributes(resolvedFont: body))
            let manager = try LayoutManager(resolver: resolver, defaultFont: body)
            manager.addTextContainer(TextContainer(size: Size(width: width, height: .infinity), lineFragmentPadding: 0))
            manager.attach(to: storage)
            let clock = ContinuousClock()
            var start = clock.now
            manager.ensureLayout()
            let fullSeconds = (clock.now - start).seconds
            var editTimes: [Double] = []
            var touched = 0
            for run in 0..<max(runs, 5) {
                storage.replaceCharacters(in: NSRange(location: storage.length / 2 + run, length: 0), with: "x")
                start = clock.now
                manager.ensureLayout()
                editTimes.append((clock.now - start).seconds)
                touched = manager.lastLayoutStatistics.paragraphsShaped
            }
            let editSeconds = median(editTimes)

            let report = Report(
                corpusBytes: text.utf8.count, paragraphs: wrap.paragraphs.count, lines: wrap.lines, width: width,
                font: "\(body.familyName) \(PointFormat.string(body.pointSize)) pt",
                wrapSeconds: wrapSeconds, megabytesPerSecond: megabytes / wrapSeconds,
                titles: titles, titleSeconds: titleSeconds, titlesPerSecond: Double(titles) / titleSeconds,
                fullLayoutSeconds: fullSeconds, editRelayoutSeconds: editSeconds,
                editSpeedup: fullSeconds / editSeconds, paragraphsReshapedPerEdit: touched)
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text:
                StandardOutput.write(
                    """
                    bench layout: \(report.font), width \(PointFormat.string(width)) pt, median of \(runs) runs
                      wrap corpus:    \(report.corpusBytes) bytes, \(report.paragraphs) paragraphs, \(report.lines) lines in \
                    \(ms(wrapSeconds)) (\(String(format: "%.2f", report.megabytesPerSecond)) MB/s)
                      titles:         \(titles) in \(ms(titleSeconds)) (\(String(format: "%.0f", report.titlesPerSecond)) titles/s)
                      edit relayout:  \(ms(editSeconds)) after one typed character vs \(ms(fullSeconds)) full layout \
                    (\(String(format: "%.0f", report.editSpeedup))× cheaper; \(touched) paragraph reshaped)

                    """)
            }
        }
    }

    struct Report: Encodable {
        var schemaVersion = 1
        var tool = ReportTool(command: "bench layout")
        var corpusBytes: Int
        var paragraphs: Int
        var lines: Int
        var width: Double
        var font: String
        var wrapSeconds: Double
        var megabytesPerSecond: Double
        var titles: Int
        var titleSeconds: Double
        var titlesPerSecond: Double
        var fullLayoutSeconds: Double
        var editRelayoutSeconds: Double
        var editSpeedup: Double
        var paragraphsReshapedPerEdit: Int
    }
}

/// Deterministic benchmark text (a fixed linear-congruential word sequence; same bytes every run).
enum BenchCorpus {
    static let words = """
        the of and to in is that it was for on are as with his they at be this have from or one had by word but \
        not what all were we when your can said there use an each which she do how their if will up other about \
        out many then them these so some her would make like him into time has look two more write go see number \
        no way could people my than first water been call who oil its now find long down day did get come made \
        may part typography readable accessibility dynamic category paragraph hyphenation notepad letterpress \
        exclusion container storage layout shaping ligature kerning office affine waffle
        """.split(separator: " ").map(String.init)

    /// About `bytes` of prose: paragraphs of 20–140 words, capitalised, ending with a full stop.
    static func make(bytes: Int) -> String {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var out = ""
        out.reserveCapacity(bytes + 1024)
        while out.utf8.count < bytes {
            let count = 20 + next() % 120
            var paragraph: [String] = []
            for index in 0..<count {
                var word = words[next() % words.count]
                if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                paragraph.append(word)
            }
            out += paragraph.joined(separator: " ") + ".\n"
        }
        return out
    }

    /// `count` short titles, one per line.
    static func titles(count: Int) -> String {
        var state: UInt64 = 42
        var lines: [String] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = words[Int(state >> 33) % words.count], b = words[Int(state >> 17) % words.count]
            lines.append("\(a.prefix(1).uppercased())\(a.dropFirst()) \(b) \(Int(state >> 50) % 100)")
        }
        return lines.joined(separator: "\n")
    }
}
