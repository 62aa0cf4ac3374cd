import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeSnapshots
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// `dyntype preview`: the notepad at every content-size category — PNGs of each note's editor and
/// of the notes list, an `index.html` contact sheet and `report.json`. The main job.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the notepad (notes list + each note's editor) at every content-size category.",
        discussion: """
            Writes <out>/<note>/<NN>-<category>.png for each editor, <out>/list/<NN>-<category>.png for
            the notes list, <out>/index.html (a contact sheet: notes × categories, the category where
            a problem first appears highlighted) and <out>/report.json. Without --notes the bundled
            sample notes are used. Categories render in parallel.
            """)

    @Option(name: .long, help: "A folder of UTF-8 text notes, or one note file (default: the bundled samples).")
    var notes: String?

    @Option(name: .long, help: "Categories: a name, a range (large...accessibility2), all, standard, accessibility.")
    var categories: String = "all"

    @Option(name: .long, help: "Type-ramp profile: ios, ios7, watchos, macos, android, or a JSON file.")
    var profile: String = "ios"

    @Option(name: .long, help: "Device: iphone-se, iphone-15, iphone-15-pro-max, ipad.")
    var device: String?

    @Option(name: .long, help: "Width in points (overrides the device's).")
    var width: Double?

    @Option(name: .long, help: "Pixel scale: 1, 2 or 3.")
    var scale: Double = 2

    @Flag(name: .long, help: "Simulate the Bold Text setting.")
    var boldText = false

    @Option(name: .long, help: "Row heights: seed (\"test\" × 1.7) or selfSizing.")
    var rowHeights: String = "seed"

    @Option(name: .long, help: "Output folder: never an input, inside one or holding one; locked while a run writes it.")
    var out: String = "preview"

    @Option(name: .long, help: "Parallel jobs (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var inputLimit: InputLimitOptions

    func run() throws {
        try runReportingErrors {
            let started = ContinuousClock.now
            let profile = try TypeRampProfile.named(profile)
            let categories = try selectCategories(categories, in: profile)
            guard [1.0, 2.0, 3.0].contains(scale) else {
                throw CommandError(code: SysExit.usage, message: "invalid --scale \(scale): use 1, 2 or 3")
            }
            guard let rule = RowHeightRule(rawValue: rowHeights) else {
                throw CommandError(code: SysExit.usage, message: "invalid --row-heights '\(rowHeights)': use seed or selfSizing")
            }
            let device = try resolveDevice(named: self.device, width: width)
            let (notes, issues) = try NoteInput.load(self.notes.map { [$0] } ?? [], limit: try inputLimit.limit())
            NoteInput.warn(issues)
            guard !notes.isEmpty else {
                throw CommandError(code: NoteInput.exitCode(for: issues) ?? SysExit.noInput, message: "no notes to render")
            }
            let resolver = try FontResolver.shared()
            let output = try OutputFolder(path: out, notes: notes, input: self.notes, profile: self.profile)

            let job = PreviewJob(
                notes: notes, profile: profile, device: device, scale: scale, legibility: boldText ? .bold : .regular,
                rule: rule, resolver: resolver, output: output,
                sheet: ContactSheetImage.Fit(views: notes.count + 1, viewWidth: device.width, viewHeight: device.height))
            // Each job holds one category's views: more jobs than cores only costs memory.
            if let jobs, !(1...64).contains(jobs) {
                throw CommandError(code: SysExit.usage, message: "invalid --jobs \(jobs): give 1…64 (default: one per core)")
            }
            let results = try job.renderAll(categories: categories, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let report = PreviewReport(
                job: job, categories: categories, results: results, issues: issues,
                environment: ReportEnvironment(resolver: resolver, fonts: results.flatMap(\.fonts)),
                seconds: (ContinuousClock.now - started).seconds)
            try output.write("report.json", try JSONOutput.encode(report))
            try output.write("index.html", ContactSheet.html(report: report))
            let sheet = try ContactSheetImage.render(report: report, results: results, fit: job.sheet, resolver: resolver)
            try output.writePNG(sheet, to: "contact-sheet.png")
            let problems = report.notes.filter { $0.firstProblemCategory != nil }.count
            StandardOutput.write(
                """
                Rendered \(notes.count) notes + the notes list at \(categories.count) categories \
                (\(device.name), \(PointFormat.string(device.width)) pt, \(PointFormat.string(scale))×) in \
                \(String(format: "%.1f", report.seconds)) s
                  contact sheet: \(output.url.appendingPathComponent("index.html").path) (open it in a browser; also contact-sheet.png)
                  report:        \(output.url.appendingPathComponent("report.json").path)
                  \(problems) of \(report.notes.count) views have warnings or errors; open the contact sheet to see where they start.

                """)
            if let code = NoteInput.exitCode(for: issues) { throw ExitCode(code) }
        }
    }
}

/// Renders one category: the list and every editor, to PNG files; returns what it found.
struct PreviewJob: @unchecked Sendable {
    // Sendable by construction: every member is an immutable value or a thread-safe FontResolver;
    // each category builds its own storages, layout managers and canvases.
    let notes: [Note]
    let profile: TypeRampProfile
    let device: Device
    let scale: Double
    let legibility: LegibilityWeight
    let rule: RowHeightRule
    let resolver: FontResolver
    let output: OutputFolder
    /// How the contact sheet fits: thumbnails are made only for the views it shows.
    let sheet: ContactSheetImage.Fit

    struct CategoryResult: Sendable {
        var category: ContentSizeCategory
        var listFile: String
        var listRowHeights: [Double]
        var listFindings: [Finding]
        var noteFiles: [String: String]
        var noteFindings: [String: [Finding]]
        var noteLines: [String: Int]
        var fonts: [ResolvedFont]
        var warnings: [String]
        /// View id (`list` or a note slug) → thumbnail for the contact sheet.
        var thumbnails: [String: RGBAImage]
    }

    func renderAll(categories: [ContentSizeCategory], jobs: Int) throws -> [CategoryResult] {
        let results = LockedResults(count: categories.count)
        let progress = Progress(total: categories.count)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, jobs)
        for (index, category) in categories.enumerated() {
            queue.addOperation {
                do {
                    results.set(index, .success(try render(category)))
                } catch {
                    results.set(index, .failure(error))
                }
                progress.step(category.name)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        progress.finish()
        return try results.values().map { try $0.get() }
    }

    func render(_ category: ContentSizeCategory) throws -> CategoryResult {
        let setting = TextSizeSetting(category: category, legibilityWeight: legibility)
        let viewSize = Size(width: device.width, height: device.height)
        var warnings: [String] = []
        var fonts: [ResolvedFont] = []

        // Notes list.
        let list = try NotesList(notes: notes, width: device.width, rule: rule, setting: setting, profile: profile, resolver: resolver)
        fonts.append(list.headline)
        let listImage = NotepadDrawing.render(list: list, scale: scale, minimumHeight: viewSize.height)
        warnings += listImage.warnings
        var listFindings = ReadabilityChecks.findings(in: list, profile: profile)
        if let cut = listImage.cut {
            listFindings.append(Finding(kind: .imageCut, severity: .info, element: "notes list", category: category, message: cut))
        }
        let listFile = "list/\(category.fileStem).png"
        try output.writePNG(listImage.image, to: listFile)
        var thumbnails = [
            "list": ContactSheetImage.thumbnail(listImage.image, viewHeight: viewSize.height, scale: scale, width: sheet.thumbnailWidth)
        ]

        var noteFiles: [String: String] = [:]
        var noteFindings: [String: [Finding]] = [:]
        var noteLines: [String: Int] = [:]
        for (noteIndex, note) in notes.enumerated() {
            // The editor (a long note's storage and lines) is released before the PNG is
            // compressed, so the two never hold memory at the same time.
            let rendered = try {
                let editor = try NoteEditor(note: note, viewSize: viewSize, setting: setting, profile: profile, resolver: resolver)
                // Only the first screen is drawn and nothing lists the runs below it.
                editor.layoutManager.releasedLinesKeepRuns = false
                fonts.append(editor.textStorage.highlighter.bodyFont)
                noteFindings[note.slug] = ReadabilityChecks.findings(in: editor, profile: profile)
                noteLines[note.slug] = editor.layoutManager.numberOfLines
                return NotepadDrawing.render(editor: editor, scale: scale)
            }()
            warnings += rendered.warnings
            let file = "\(note.slug)/\(category.fileStem).png"
            try output.writePNG(rendered.image, to: file)
            if noteIndex + 1 < sheet.shownViews {
                thumbnails[note.slug] = ContactSheetImage.thumbnail(
                    rendered.image, viewHeight: viewSize.height, scale: scale, width: sheet.thumbnailWidth)
            }
            noteFiles[note.slug] = file
        }
        return CategoryResult(
            category: category, listFile: listFile, listRowHeights: list.rows.map(\.height),
            listFindings: listFindings, noteFiles: noteFiles, noteFindings: noteFindings,
            noteLines: noteLines, fonts: fonts, warnings: warnings, thumbnails: thumbnails)
    }
}

/// Results written from several threads, read once all are done.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<PreviewJob.CategoryResult, any Error>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<PreviewJob.CategoryResult, any Error>) {
        lock.withLock { storage[index] = value }
    }

    func values() -> [Result<PreviewJob.CategoryResult, any Error>] {
        lock.withLock { storage.map { $0 ?? .failure(CommandError(code: SysExit.software, message: "category not rendered")) } }
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
