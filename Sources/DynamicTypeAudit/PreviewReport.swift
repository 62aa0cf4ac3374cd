import DynamicTypeCore
import FontSystem
import Foundation
import Notepad

/// `report.json` of `dyntype preview` (stable field names; schemaVersion bumps on breaking changes).
public struct PreviewReport: Codable, Sendable {
    public struct Settings: Codable, Equatable, Sendable {
        public var profile: String
        public var device: String
        public var width: Double
        public var height: Double
        public var scale: Double
        public var boldText: Bool
        public var rowHeights: String
        /// `portrait` or `landscape`.
        public var orientation: String
        /// The keyboard's height while it is up (nil: hidden).
        public var keyboard: Double?
        /// How editors lay out notes: `scrolling`, `2 columns`, `pages`.
        public var editorLayout: String
    }

    public struct View: Codable, Sendable {
        /// `list`, a note slug, or a screen's slug (with `.<locale>` when checked per locale).
        public var id: String
        /// `list`, `note` or `screen`.
        public var kind: String
        /// The locale a screen was checked in (nil for the notepad and literal text).
        public var locale: String?
        public var title: String
        public var source: String?
        /// Category name → PNG path relative to the output folder.
        public var files: [String: String]
        /// Category name → findings there.
        public var findings: [String: [Finding]]
        /// The first category with a warning or an error.
        public var firstProblemCategory: String?
        /// Category name → line count (editors) or row heights (list).
        public var lines: [String: Int]?
        public var rowHeights: [String: [Double]]?
        /// Category name → each text container's share of the note (columns and pages).
        public var containers: [String: [ContainerUsage]]?

        enum CodingKeys: String, CodingKey {
            case id, kind, locale, title, source, files, findings, firstProblemCategory, lines, rowHeights, containers
        }

        // Every key is always present (null when not applicable), so consumers can rely on the fields.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(locale, forKey: .locale)
            try container.encode(title, forKey: .title)
            try container.encode(source, forKey: .source)
            try container.encode(files, forKey: .files)
            try container.encode(findings, forKey: .findings)
            try container.encode(firstProblemCategory, forKey: .firstProblemCategory)
            try container.encode(lines, forKey: .lines)
            try container.encode(rowHeights, forKey: .rowHeights)
            try container.encode(containers, forKey: .containers)
        }
    }

    public var schemaVersion = 1
    public var tool = ReportTool(command: "preview")
    public var settings: Settings
    public var categories: [String]
    public var notes: [View]
    public var inputIssues: [String]
    public var renderWarnings: [String]
    public var environment: ReportEnvironment
    public var seconds: Double
    /// Set on one shard's partial report (`--shard i/n`): which items it did; nil otherwise (the
    /// key is then absent, so unsharded and merged reports are alike).
    public var shard: ShardInfo?

    /// The `settings` block of `preview`.
    public static func settings(of preview: NotepadPreview) -> Settings {
        let job = preview.settings
        return Settings(
            profile: job.profile.name, device: job.device.id, width: job.device.width, height: job.device.height,
            scale: preview.scale, boldText: job.legibility == .bold, rowHeights: job.rule.rawValue,
            orientation: job.device.orientation.rawValue, keyboard: job.keyboardHeight > 0 ? job.keyboardHeight : nil,
            editorLayout: job.editorLayout.name)
    }

    /// The report of `preview`'s `results`.
    public init(
        preview: NotepadPreview, categories: [ContentSizeCategory], results: [NotepadPreview.CategoryResult],
        issues: [NoteLoadIssue], environment: ReportEnvironment, seconds: Double
    ) {
        settings = Self.settings(of: preview)
        self.categories = categories.map(\.name)
        func firstProblem(_ findings: [ContentSizeCategory: [Finding]]) -> String? {
            categories.first { (findings[$0] ?? []).contains { $0.severity >= .warning } }?.name
        }
        var views: [View] = []
        var listFindings: [ContentSizeCategory: [Finding]] = [:]
        for result in results { listFindings[result.category] = result.listFindings }
        if !preview.notes.isEmpty {
        views.append(
            View(
                id: "list", kind: "list", locale: nil, title: "Notes list", source: nil,
                files: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.listFile) }),
                findings: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.listFindings) }),
                firstProblemCategory: firstProblem(listFindings), lines: nil,
                rowHeights: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.listRowHeights) }), containers: nil))
        }
        for note in preview.notes {
            var findings: [ContentSizeCategory: [Finding]] = [:]
            for result in results { findings[result.category] = result.noteFindings[note.slug] ?? [] }
            views.append(
                View(
                    id: note.slug, kind: "note", locale: nil, title: note.title, source: note.source,
                    files: Dictionary(uniqueKeysWithValues: results.compactMap { r in r.noteFiles[note.slug].map { (r.category.name, $0) } }),
                    findings: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.noteFindings[note.slug] ?? []) }),
                    firstProblemCategory: firstProblem(findings),
                    lines: Dictionary(uniqueKeysWithValues: results.compactMap { r in r.noteLines[note.slug].map { (r.category.name, $0) } }),
                    rowHeights: nil,
                    containers: preview.settings.editorLayout == .scrolling
                        ? nil
                        : Dictionary(uniqueKeysWithValues: results.compactMap { r in r.noteContainers[note.slug].map { (r.category.name, $0) } })))
        }
        for (document, locale) in preview.screenViews {
            let id = document.viewID(locale: locale)
            var findings: [ContentSizeCategory: [Finding]] = [:]
            for result in results { findings[result.category] = result.screenFindings[id] ?? [] }
            views.append(
                View(
                    id: id, kind: "screen", locale: locale, title: document.title(locale: locale), source: document.source,
                    files: Dictionary(uniqueKeysWithValues: results.compactMap { r in r.screenFiles[id].map { (r.category.name, $0) } }),
                    findings: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.screenFindings[id] ?? []) }),
                    firstProblemCategory: firstProblem(findings), lines: nil, rowHeights: nil, containers: nil))
        }
        notes = views
        inputIssues = issues.map(\.description)
        renderWarnings = Array(Set(results.flatMap(\.warnings))).sorted()
        self.environment = environment
        self.seconds = seconds
    }
}

