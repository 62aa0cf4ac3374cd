import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `report.json` of `dyntype preview` (stable field names; `schemaVersion` bumps on breaking
/// changes — 2: views are listed under `views`, not `notes`, each finding names its `view`).
package struct PreviewReport: Codable, Sendable {
    /// The settings the views were built with.
    package struct Settings: Codable, Equatable, Sendable {
        /// The type ramp's name.
        public var profile: String
        /// The device's id.
        public var device: String
        /// The device's width in points.
        public var width: Double
        /// The device's height in points.
        public var height: Double
        /// Pixels per point.
        public var scale: Double
        /// Bold Text.
        public var boldText: Bool
        /// The list's row-height rule (the notepad source's setting; nil without one).
        public var rowHeights: String?
        /// `portrait` or `landscape`.
        public var orientation: String
        /// The keyboard's height while it is up (nil: hidden).
        public var keyboard: Double?
        /// How editors lay out notes: `scrolling`, `2 columns`, `pages` (the notepad source's
        /// setting; nil without one).
        public var editorLayout: String?
    }

    /// One view at every category.
    package struct View: Codable, Sendable {
        /// `list`, a note slug, or a screen's slug (with `.<locale>` when checked per locale).
        public var id: String
        /// `list`, `note` or `screen` (``ViewKind``).
        public var kind: String
        /// The locale a screen was checked in (nil for the notepad and literal text).
        public var locale: String?
        /// The title.
        public var title: String
        /// The file the view was read from.
        public var source: String?
        /// Category name → PNG path relative to the output folder.
        public var files: [String: String]
        /// Category name → findings there.
        public var findings: [String: [Finding]]
        /// The first category with a warning or an error.
        public var firstProblemCategory: String?
        /// Category name → line count (editors).
        public var lines: [String: Int]?
        /// Category name → row heights (the list).
        public var rowHeights: [String: [Double]]?
        /// Category name → each text container's share of the note (columns and pages).
        public var containers: [String: [ContainerUsage]]?
        /// How much of a view read from source was laid out, and the stand-ins it was drawn with
        /// (null for notes and screen files: all of it).
        package var coverage: ViewCoverage?

        enum CodingKeys: String, CodingKey {
            case id, kind, locale, title, source, files, findings, firstProblemCategory, lines, rowHeights, containers, coverage
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
            try container.encode(coverage, forKey: .coverage)
        }

        /// The view's id without its locale: one entry per view declared in a file.
        package var declarationKey: String {
            guard let locale, id.hasSuffix(".\(locale)") else { return id }
            return String(id.dropLast(locale.count + 1))
        }
    }

    /// The report format's version.
    public var schemaVersion = 2
    /// The tool that wrote it.
    package var tool = ReportTool(command: "preview")
    /// The settings.
    package var settings: Settings
    /// The categories, in order.
    public var categories: [String]
    /// Every view, in order.
    package var views: [View]
    /// What could not be loaded (the rest was).
    public var inputIssues: [String]
    /// What the canvas could not draw.
    public var renderWarnings: [String]
    /// Library versions and font files.
    package var environment: ReportEnvironment
    /// The run's wall time.
    public var seconds: Double
    /// Set on one shard's partial report (`--shard i/n`): which items it did; nil otherwise (the
    /// key is then absent, so unsharded and merged reports are alike).
    package var shard: ShardInfo?
    /// Per source file, how much of its views was laid out (views read from source only; the key
    /// is absent when no view has a coverage).
    package var coverage: [FileCoverage]?

    /// The `settings` block of `preview`: the common settings, and those its sources add
    /// (``ViewSource/reportSettings``).
    package static func settings(of preview: Preview) -> Settings {
        let job = preview.settings
        return Settings(
            profile: job.profile.name, device: job.device.id, width: job.device.width, height: job.device.height,
            scale: preview.scale, boldText: job.legibility == .bold, rowHeights: preview.sources.reportSetting("rowHeights"),
            orientation: job.device.orientation.rawValue, keyboard: job.keyboardHeight > 0 ? job.keyboardHeight : nil,
            editorLayout: preview.sources.reportSetting("editorLayout"))
    }

    /// The report of `preview`'s `results`.
    package init(
        preview: Preview, categories: [ContentSizeCategory], results: [Preview.CategoryResult], issues: [String],
        environment: ReportEnvironment, seconds: Double
    ) {
        settings = Self.settings(of: preview)
        self.categories = categories.map(\.name)
        views = preview.views.map { entry in
            let view = entry.view
            func each<T>(_ value: (Preview.ViewResult) -> T?) -> [String: T] {
                Dictionary(uniqueKeysWithValues: results.compactMap { r in r.views[view.id].flatMap(value).map { (r.category.name, $0) } })
            }
            let firstProblem = results.first { ($0.views[view.id]?.findings ?? []).contains { $0.severity >= .warning } }?.category.name
            let lines = each { $0.state.lines }
            let rows = each { $0.state.rowHeights }
            let containers = each { $0.state.containers }
            return View(
                id: view.id, kind: view.kind.rawValue, locale: view.locale, title: view.title, source: view.location,
                files: each { $0.file },
                findings: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.views[view.id]?.findings ?? []) }),
                firstProblemCategory: firstProblem, lines: view.kind == .note ? lines : nil, rowHeights: rows.isEmpty ? nil : rows,
                containers: containers.isEmpty ? nil : containers, coverage: view.coverage)
        }
        inputIssues = issues
        renderWarnings = Array(Set(results.flatMap(\.warnings))).sorted()
        self.environment = environment
        self.seconds = seconds
        summarizeCoverage()
    }
}

extension PreviewReport {
    /// Sets the per-file ``coverage`` from the views' (nil when none has one).
    package mutating func summarizeCoverage() {
        let files = FileCoverage.summaries(of: views.lazy.map { ($0.source, $0.declarationKey, $0.coverage) })
        coverage = files.isEmpty ? nil : files
    }

    /// Every finding, view by view and category by category (the report's order, stable across runs).
    package var orderedFindings: [Finding] {
        views.flatMap { view in categories.flatMap { view.findings[$0] ?? [] } }
    }
}

extension PreviewReport {
    /// Moves each view's first problem to the first category with a finding `policy` fails on, so
    /// the contact sheet shades where the run's failure starts; views with no such finding keep
    /// their first warning. No change without a policy.
    package mutating func markFirstProblems(failingOn policy: FailPolicy) {
        guard policy.isActive else { return }
        for index in views.indices {
            let view = views[index]
            if let first = categories.first(where: { (view.findings[$0] ?? []).contains(where: policy.matches) }) {
                views[index].firstProblemCategory = first
            }
        }
    }
}
