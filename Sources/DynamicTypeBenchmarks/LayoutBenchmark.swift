import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype bench layout`: wrap a corpus, measure one-line titles, relayout after a one-character edit.
package enum LayoutBenchmark {
    /// Runs the three measurements on `text` in `font`, each `runs` times (the median is reported).
    package static func run(
        text: String, font body: ResolvedFont, width: Double, titles: Int, runs: Int, resolver: FontResolver
    ) throws -> Report {
        let measurer = try TextMeasurer(font: body, resolver: resolver)
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

        return Report(
            corpusBytes: text.utf8.count, paragraphs: wrap.paragraphs.count, lines: wrap.lines, width: width,
            font: "\(body.familyName) \(PointFormat.string(body.pointSize)) pt",
            wrapSeconds: wrapSeconds, megabytesPerSecond: megabytes / wrapSeconds,
            titles: titles, titleSeconds: titleSeconds, titlesPerSecond: Double(titles) / titleSeconds,
            fullLayoutSeconds: fullSeconds, editRelayoutSeconds: editSeconds,
            editSpeedup: fullSeconds / editSeconds, paragraphsReshapedPerEdit: touched)
    }

    /// The report (JSON field names are stable).
    package struct Report: Encodable {
        /// The report format's version; bumped on breaking changes.
        package var schemaVersion = 1
        /// The tool, its version and the command.
        package var tool = ReportTool(command: "bench layout")
        /// The corpus bytes.
        package var corpusBytes: Int
        /// How many paragraphs.
        package var paragraphs: Int
        /// How many lines.
        package var lines: Int
        /// The width in points.
        package var width: Double
        /// The body font, as `family size pt`.
        package var font: String
        /// The wrap seconds.
        package var wrapSeconds: Double
        /// The megabytes per second.
        package var megabytesPerSecond: Double
        /// The titles.
        package var titles: Int
        /// The title seconds.
        package var titleSeconds: Double
        /// The titles per second.
        package var titlesPerSecond: Double
        /// The full layout seconds.
        package var fullLayoutSeconds: Double
        /// The edit relayout seconds.
        package var editRelayoutSeconds: Double
        /// The edit speedup.
        package var editSpeedup: Double
        /// The paragraphs reshaped per edit.
        package var paragraphsReshapedPerEdit: Int
    }
}

extension LayoutBenchmark.Report {
    /// The report as text.
    package func text(runs: Int) -> String {
        let editSeconds = editRelayoutSeconds
        let fullSeconds = fullLayoutSeconds, touched = paragraphsReshapedPerEdit
        return """
        bench layout: \(font), width \(PointFormat.string(width)) pt, median of \(runs) runs
          wrap corpus:    \(corpusBytes) bytes, \(paragraphs) paragraphs, \(lines) lines in \
        \(ms(wrapSeconds)) (\(String(format: "%.2f", megabytesPerSecond)) MB/s)
          titles:         \(titles) in \(ms(titleSeconds)) (\(String(format: "%.0f", titlesPerSecond)) titles/s)
          edit relayout:  \(ms(editSeconds)) after one typed character vs \(ms(fullSeconds)) full layout \
        (\(String(format: "%.0f", editSpeedup))× cheaper; \(touched) paragraph reshaped)

        """
    }
}
