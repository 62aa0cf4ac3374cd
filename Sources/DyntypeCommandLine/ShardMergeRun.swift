import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation

/// What `dyntype merge` does: reads each shard's output (a `preview --shard` folder or a
/// `switch --sweep --shard` JSON), checks they are shards of one run, and writes what one
/// unsharded run would have written into ``out``. The command only passes its arguments in and
/// prints the summary this returns.
package struct ShardMergeRun: Sendable {
    /// Each shard's output: a folder or its report.json.
    package var inputs: [String]
    /// The output folder.
    package var out: String
    /// The most bytes read from one report or PNG.
    package var limit: InputSizeLimit

    /// A merge of `inputs` into `out`.
    package init(inputs: [String], out: String, limit: InputSizeLimit) {
        (self.inputs, self.out, self.limit) = (inputs, out, limit)
    }

    /// Merges and returns the summary for stdout.
    ///
    /// - Throws: ``CommandError``: missing inputs (66), shards of different runs or unreadable
    ///   reports (65), outputs that cannot be written (73).
    package func run() throws -> String {
            let documents = try inputs.map { input -> (name: String, file: String, folder: URL, data: Data) in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw CommandError(code: SysExit.noInput, message: "shard output '\(input)' does not exist")
            }
            let url = URL(fileURLWithPath: input).standardizedFileURL
            let file = isDirectory.boolValue ? url.appendingPathComponent("report.json") : url
            guard FileManager.default.fileExists(atPath: file.path) else {
            throw CommandError(code: SysExit.noInput, message: "'\(input)' has no report.json: is it the --out folder of a preview --shard run?")
            }
            return (input, file.path, file.deletingLastPathComponent(), try InputFile.read(atPath: file.path, limit: limit))
        }
        let commands = try documents.map { document -> String in
            struct Header: Decodable {
            var schemaVersion: Int?
            var tool: ReportTool
            }
            let file = document.file
            guard let header = try? JSONDecoder().decode(Header.self, from: document.data) else {
            throw CommandError(code: SysExit.dataError, message: "\(file) is not a dyntype JSON report")
            }
            // A report of another format version may mean other things by the same fields.
            guard let version = header.schemaVersion, Self.supportedSchemaVersions.contains(version) else {
            throw CommandError(
                code: SysExit.dataError,
                message: "\(file): field schemaVersion: \(header.schemaVersion.map { "version \($0)" } ?? "missing") is not supported; this dyntype merges reports of schemaVersion \(Self.supportedSchemaVersions.map(String.init).joined(separator: ", ")) — run every shard with this dyntype version")
            }
            return header.tool.command
        }
        switch Set(commands) {
        case ["preview"]:
            return try mergePreview(documents)
        case ["switch"]:
            return try mergeSwitch(documents)
        default:
            let kinds = zip(inputs, commands).map { "\($0) (\($1))" }.joined(separator: ", ")
            throw CommandError(code: SysExit.dataError, message: "can only merge shards of one command (preview, or switch --sweep); got \(kinds)")
        }
    }

    /// The report versions merge reads: the `schemaVersion` preview and switch reports are written with.
    package static let supportedSchemaVersions = [2]

    private func decode<T: Decodable>(_ type: T.Type, _ document: (name: String, file: String, folder: URL, data: Data)) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: document.data)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(document.name): unreadable report (\(error))")
        }
    }

    /// `switch --sweep --shard i/n --format json` outputs → `<out>/switch.json`, equal to an unsharded sweep's JSON.
    private func mergeSwitch(_ documents: [(name: String, file: String, folder: URL, data: Data)]) throws -> String {
        let reports = try documents.map { try decode(SwitchReport.self, $0) }
        let merged = try merging { try SwitchMerge.merge(reports, names: documents.map(\.name)) }
        let output = try OutputFolder(
            path: out, views: [], protecting: inputs.map { OutputSafety.Input(role: "shard output", path: $0) })
        try output.write("switch.json", try JSONOutput.encode(merged))
        return (
            "Merged \(reports.count) sweep shards: \(merged.sweep?.firstAppearances.count ?? 0) first appearances, \(merged.summary.failed) of \(merged.checks.count) checks failed\n  report: \(output.url.appendingPathComponent("switch.json").path)\n")
    }

    private func mergePreview(_ documents: [(name: String, file: String, folder: URL, data: Data)]) throws -> String {
        let started = ContinuousClock.now
        let pieces = try documents.map { PreviewMerge.Piece(name: $0.name, report: try decode(PreviewReport.self, $0)) }
        let (report, owners) = try merging { try PreviewMerge.merge(pieces) }
        let output = try OutputFolder(
            path: out, views: report.views.map(\.id),
            protecting: inputs.map { OutputSafety.Input(role: "shard output", path: $0) })
        let categories = report.categories.compactMap { name in ContentSizeCategory.allCases.first { $0.name == name } }
        var columns = categories.map { ContactSheetImage.Column(category: $0, thumbnails: [:]) }
        var copied = 0
        for view in report.views {
            for (column, category) in categories.enumerated() {
                guard let owner = owners[Preview.itemKey(view: view.id, category: category)] else { continue }
                let folder = documents[owner].folder
                // Paths come from the view id (checked by PreviewMerge) and the category, never
                // from the report; the shard's file is opened without following links.
                if view.files[category.name] != nil {
                    let file = PreviewMerge.file(view: view.id, category: category)
                    guard let source = try ShardFile.open(in: folder, [view.id, "\(category.fileStem).png"]) else {
                        throw CommandError(
                            code: SysExit.noInput,
                            message: "\(folder.appendingPathComponent(file).path) is missing: its shard's output is incomplete; re-run that shard")
                    }
                    try source.requirePNG(limit: limit)
                    try output.place(source, at: file)
                    copied += 1
                }
                if let thumbnail = try ShardThumbnails.read(view: view.id, category: category, in: folder, limit: limit) {
                    columns[column].thumbnails[view.id] = thumbnail
                }
            }
        }
        try output.write("report.json", try JSONOutput.encode(report))
        try output.write("index.html", ContactSheet.html(report: report))
        let fit = ContactSheetImage.Fit(views: report.views.count, viewWidth: report.settings.width, viewHeight: report.settings.height)
        let sheet = try ContactSheetImage.render(report: report, columns: columns, fit: fit, resolver: try FontResolver.shared())
        try output.writePNG(sheet, to: "contact-sheet.png")
        return """
            Merged \(pieces.count) shard\(pieces.count == 1 ? "" : "s"): \(report.views.count) views at \(categories.count) categories, \(copied) PNGs in \
            \(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s
              contact sheet: \(output.url.appendingPathComponent("index.html").path) (also contact-sheet.png)
              report:        \(output.url.appendingPathComponent("report.json").path)
            \(PreviewSummary.coverage(report))
            """
    }

    /// Runs a merge, turning its refusals into exit 65.
    private func merging<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ShardMergeError {
            throw CommandError(code: SysExit.dataError, message: error.message)
        }
    }
}
