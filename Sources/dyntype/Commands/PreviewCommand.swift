import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeSnapshots
import FontSystem
import Foundation
import Rendering
import TextStack

/// `dyntype preview`: the notepad at every content-size category — PNGs of each note's editor and
/// of the notes list, an `index.html` contact sheet and `report.json`. The main job.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the notepad (notes list + each note's editor) and your screens at every content-size category.",
        discussion: """
            Writes <out>/<note>/<NN>-<category>.png for each editor, <out>/list/<NN>-<category>.png for \
            the notes list, <out>/<screen>[.<locale>]/<NN>-<category>.png for each screen in each \
            locale, <out>/index.html (a contact sheet: views × categories, the category where \
            a problem first appears highlighted) and <out>/report.json. Without inputs the bundled \
            sample notes are used; with only screens there is no notes list. Categories render in parallel.
            """)

    @OptionGroup var options: ViewInputOptions

    @OptionGroup var categoryOption: CategoriesOption

    @OptionGroup var scaleOption: ScaleOption

    @Option(name: .long, help: "Output folder: never an input, inside one or holding one; locked while a run writes it.", completion: .directory)
    var out: String = "preview"

    @Option(name: .long, parsing: .unconditional, help: "Parallel jobs, 1…64 (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var findingsOptions: FindingsOptions

    @OptionGroup var shardOption: ShardOption

    /// Each job holds one category's views: more jobs than cores only costs memory. Checked
    /// before anything is read or the output folder is created (64).
    func validate() throws {
        if let jobs, !(1...64).contains(jobs) {
            Diagnostics.error("invalid --jobs \(jobs): give 1…64 (default: one per core)")
            throw ExitCode(SysExit.usage)
        }
    }

    func run() throws {
        try runReportingErrors {
            let started = ContinuousClock.now
            let settings = try options.settings()
            let profile = settings.profile
            let categories = try categoryOption.selected(in: profile)
            let scale = try scaleOption.value(default: 2)
            let shard = try shardOption.value()
            let strings = try options.stringTable()
            let locales = try options.screenLocales(strings)
            let reading = try options.readViews(settings: settings, strings: strings, locales: locales)
            let issues = reading.problems
            let resolver = try options.resolver(for: reading.sources)
            var preview = Preview(sources: reading.sources, settings: settings, scale: scale, resolver: resolver, sink: NoImages())
            // A shard draws only its items; every shard computes the same plan from the same inputs.
            var shardInfo: ShardInfo?
            var views = preview.views.map(\.view.id)
            if let shard {
                let mine = ShardPlan(items: preview.workItems(categories: categories), count: shard.count).keys(for: shard)
                shardInfo = ShardInfo(
                    shard: shard, fingerprint: preview.runFingerprint(categories: categories, extra: shardFingerprintExtras),
                    items: Array(mine))
                views = views.filter { view in categories.contains { mine.contains(Preview.itemKey(view: view, category: $0)) } }
                views += views.map { ShardThumbnails.folder + "/" + $0 }
                preview.onlyItems = mine
            }
            let output = try OutputFolder(
                path: out, views: views, protecting: options.protectedInputs(reading))
            preview.sink = output
            let progress = Progress(total: categories.count)
            let results = try preview.renderAll(
                categories: categories, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                categoryDone: { progress.step($0.name) })
            progress.finish()
            var report = PreviewReport(
                preview: preview, categories: categories, results: results, issues: issues.map(\.description),
                environment: ReportEnvironment(resolver: resolver, fonts: results.flatMap(\.fonts)),
                seconds: (ContinuousClock.now - started).seconds)
            if let shard, let shardInfo {
                // A partial report and the thumbnails merge draws the contact sheet from; the
                // sheet and index.html come from merge.
                report.shard = shardInfo
                try ShardThumbnails.write(results, to: output)
                try output.write("report.json", try JSONOutput.encode(report))
                StandardOutput.write(
                    """
                    Rendered shard \(shard) (\(shardInfo.items.count) of \(preview.workItems(categories: categories).count) view × category items) in \
                    \(String(format: "%.1f", report.seconds)) s
                      partial report: \(output.url.appendingPathComponent("report.json").path)
                      join the shards: dyntype merge <shard folders…> --out <folder>

                    """)
                try finish(report, sources: preview.sources, artifacts: [("partial report", "report.json")], output: output,
                    protecting: options.filesRead(reading), sharded: true)
                if let code = SysExit.code(for: issues) { throw ExitCode(code) }
                return
            }
            // The first problem is where the run's failure starts (--fail-on), in the report and the sheet.
            let policy = try findingsOptions.gate().failPolicy
            report.markFirstProblems(failingOn: policy)
            try output.write("report.json", try JSONOutput.encode(report))
            try output.write("index.html", ContactSheet.html(report: report, failingOn: policy))
            let sheet = try ContactSheetImage.render(report: report, results: results, fit: preview.sheet, resolver: resolver)
            try output.writePNG(sheet, to: "contact-sheet.png")
            let problems = report.views.filter { $0.firstProblemCategory != nil }.count
            StandardOutput.write(
                """
                Rendered \(PreviewSummary.inventory(sources: reading.sources)) at \(categories.count) categor\(categories.count == 1 ? "y" : "ies") \
                (\(PreviewSummary.devices(sources: reading.sources, settings: settings)), \(PointFormat.string(scale))×) in \
                \(String(format: "%.1f", report.seconds)) s
                  contact sheet: \(output.url.appendingPathComponent("index.html").path) (open it in a browser; also contact-sheet.png)
                  report:        \(output.url.appendingPathComponent("report.json").path)
                  \(problems) of \(report.views.count) views have warnings or errors; open the contact sheet to see where they start.
                \(PreviewSummary.coverage(report))
                """)
            try finish(
                report, sources: preview.sources, artifacts: [("contact sheet", "index.html"), ("report", "report.json")], output: output,
                protecting: options.filesRead(reading))
            if let code = SysExit.code(for: issues) { throw ExitCode(code) }
        }
    }
}

extension PreviewCommand {
    /// The findings through `--fail-on`, baselines, SARIF and the step summary (artifacts are files of `output`).
    func finish(
        _ report: PreviewReport, sources: [any ViewSource], artifacts: [(String, String)], output: OutputFolder,
        protecting: [String], sharded: Bool = false
    ) throws {
        var summary = StepSummary(
            command: "dyntype preview", categories: report.categories.compactMap { try? ContentSizeCategory(parsing: $0) },
            findings: report.orderedFindings)
        summary.artifacts = artifacts.map { ($0.0, output.url.appendingPathComponent($0.1).path) }
        // Nor over the run's own outputs (`--sarif out/report.json`).
        let written = ["report.json", "index.html", "contact-sheet.png"].map { output.url.appendingPathComponent($0).path }
        try findingsOptions.finish(
            report.orderedFindings, sources: sources, summary: summary, protecting: protecting + options.strings + written, sharded: sharded)
    }

    /// Options the report's settings block does not show but that change the images: shards run
    /// with different ones must not merge.
    var shardFingerprintExtras: [String] {
        let figures: [String] = options.figure.map { "figure=\($0)" }
        let exclusions: [String] = options.exclusion.map { "exclusion=\($0)" }
        return ["rules=\(options.rules ?? "")"] + figures + exclusions + options.strings.map { "strings=\($0)" }
    }
}

/// "rendered 3/12 (xLarge)" on stderr, only when stderr is a terminal.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let enabled = isatty(STDERR_FILENO) != 0

    init(total: Int) { self.total = total }

    func step(_ label: String) {
        guard enabled else { return }
        lock.withLock {
            done += 1
            FileHandle.standardError.write(Data("\r\u{1B}[Krendered \(done)/\(total) categories (\(label))".utf8))
        }
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
