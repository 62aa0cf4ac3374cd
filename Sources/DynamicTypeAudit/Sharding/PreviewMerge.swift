import DynamicTypeCore
import Foundation

/// Puts the partial reports of a sharded `preview` back together: the report an unsharded run
/// would have written (timings aside — `seconds` is the slowest shard's), each item's files,
/// findings, lines, row heights and containers taken from the shard that did it.
package enum PreviewMerge {
    /// One shard's report and a name for messages (its folder).
    package struct Piece: Sendable {
        package var name: String
        package var report: PreviewReport

        package init(name: String, report: PreviewReport) {
            self.name = name
            self.report = report
        }
    }

    /// The merged report, and for each item key the piece (index into `pieces`) that did it.
    ///
    /// - Throws: ``ShardMergeError`` when the pieces are not every shard of one run, each once,
    ///   or an item of the run was done by no shard.
    package static func merge(_ pieces: [Piece]) throws -> (report: PreviewReport, owners: [String: Int]) {
        try checkViewIDs(pieces)
        try ShardSet.check(pieces.map { ShardSet.Member(name: $0.name, shard: $0.report.shard) }) { a, b in
            differences(pieces[a].report, pieces[b].report)
        }
        var owners: [String: Int] = [:]
        for (offset, piece) in pieces.enumerated() {
            for item in piece.report.shard?.items ?? [] { owners[item] = offset }
        }
        var merged = pieces[0].report
        let categories = merged.categories.compactMap { name in ContentSizeCategory.allCases.first { $0.name == name } }
        var views: [PreviewReport.View] = []
        for (viewOffset, template) in merged.views.enumerated() {
            var view = template
            view.files = [:]
            view.findings = [:]
            // A view's numbers are null in a shard that drew none of its categories.
            let sources = pieces.map { $0.report.views[viewOffset] }
            view.lines = sources.allSatisfy { $0.lines == nil } ? nil : [:]
            view.rowHeights = sources.allSatisfy { $0.rowHeights == nil } ? nil : [:]
            view.containers = sources.allSatisfy { $0.containers == nil } ? nil : [:]
            for category in categories {
                let key = Preview.itemKey(view: view.id, category: category)
                guard let owner = owners[key] else {
                    throw ShardMergeError(.inconsistent, "no shard did \(key); re-run the shards from one commit with the same options")
                }
                let source = pieces[owner].report.views[viewOffset]
                let name = category.name
                // The path is recomputed from the (checked) view id and the category, never
                // taken from the shard's report: a report can say anything.
                if source.files[name] != nil { view.files[name] = file(view: view.id, category: category) }
                view.findings[name] = source.findings[name]
                if let value = source.lines?[name] { view.lines?[name] = value }
                if let value = source.rowHeights?[name] { view.rowHeights?[name] = value }
                if let value = source.containers?[name] { view.containers?[name] = value }
            }
            view.firstProblemCategory = categories.first { (view.findings[$0.name] ?? []).contains { $0.severity >= .warning } }?.name
            views.append(view)
        }
        merged.views = views
        merged.summarizeCoverage()
        merged.renderWarnings = Array(Set(pieces.flatMap(\.report.renderWarnings))).sorted()
        var fonts: [String: ReportEnvironment.Font] = [:]
        for piece in pieces { for font in piece.report.environment.fonts { fonts[font.file] = font } }
        merged.environment.fonts = fonts.values.sorted { $0.file < $1.file }
        merged.seconds = pieces.map(\.report.seconds).max() ?? 0
        merged.shard = nil
        return (merged, owners)
    }

    /// A view's PNG inside a preview output: `<view>/<NN>-<category>.png` (the item key plus `.png`).
    package static func file(view: String, category: ContentSizeCategory) -> String {
        Preview.itemKey(view: view, category: category) + ".png"
    }

    /// Every view id of every piece is one file name (it names a folder of the merged output) and
    /// unique in its piece.
    ///
    /// - Throws: ``ShardMergeError`` (``ShardMergeError/Kind/invalidName``) naming the shard, the
    ///   field and the id.
    static func checkViewIDs(_ pieces: [Piece]) throws {
        for piece in pieces {
            var seen = Set<String>()
            for (index, view) in piece.report.views.enumerated() {
                do {
                    try PathComponent.validated(view.id, what: "\(piece.name): field views[\(index)].id: view id")
                } catch {
                    throw ShardMergeError(.invalidName, "\(error.description); this is not a report dyntype wrote — re-run that shard")
                }
                guard seen.insert(view.id).inserted else {
                    throw ShardMergeError(
                        .invalidName, "\(piece.name): field views[\(index)].id: view id '\(view.id)' appears twice; re-run that shard")
                }
            }
        }
    }

    /// What differs between two shards' runs, named for the user (empty when alike).
    static func differences(_ a: PreviewReport, _ b: PreviewReport) -> [String] {
        var result: [String] = []
        if a.tool.version != b.tool.version { result.append("dyntype version (\(a.tool.version) vs \(b.tool.version))") }
        if a.tool.command != b.tool.command { result.append("command (\(a.tool.command) vs \(b.tool.command))") }
        let left = fields(a.settings), right = fields(b.settings)
        for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
            result.append("\(key) (\(left[key] ?? "none") vs \(right[key] ?? "none"))")
        }
        if a.categories != b.categories {
            result.append("categories (\(a.categories.joined(separator: ",")) vs \(b.categories.joined(separator: ",")))")
        }
        let viewsA = a.views.map(\.id), viewsB = b.views.map(\.id)
        if viewsA != viewsB {
            let only = Set(viewsA).symmetricDifference(viewsB).sorted().prefix(5)
            result.append("views (\(viewsA.count) vs \(viewsB.count)\(only.isEmpty ? ", in another order" : ": " + only.joined(separator: ", ")))")
        }
        return result
    }

    /// The settings block as name → value text, for naming a difference.
    private static func fields(_ settings: PreviewReport.Settings) -> [String: String] {
        // Through the JSON data model, not Foundation's: its booleans are NSNumbers, which
        // printed `boldText (0 vs 1)`.
        guard let data = try? JSONEncoder.sorted.encode(settings), case .object(let members)? = try? StrictJSON.parse(data) else {
            return [:]
        }
        var result: [String: String] = [:]
        for member in members { result[member.key] = text(member.value) }
        return result
    }

    /// A settings value as a user writes it: `true`, `2`, `iphone-15`, `[1, 2]`.
    private static func text(_ value: StrictJSON.Value) -> String {
        switch value {
        case .null: "none"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number, _): PointFormat.string(number)
        case .string(let string): string
        case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
