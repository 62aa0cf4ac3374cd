import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Notepad

/// `report.json` of `dyntype preview` (stable field names; schemaVersion bumps on breaking changes).
struct PreviewReport: Encodable {
    struct Settings: Encodable {
        var profile: String
        var device: String
        var width: Double
        var height: Double
        var scale: Double
        var boldText: Bool
        var rowHeights: String
    }

    struct View: Encodable {
        /// `list` or a note slug.
        var id: String
        var title: String
        var source: String?
        /// Category name → PNG path relative to the output folder.
        var files: [String: String]
        /// Category name → findings there.
        var findings: [String: [Finding]]
        /// The first category with a warning or an error.
        var firstProblemCategory: String?
        /// Category name → line count (editors) or row heights (list).
        var lines: [String: Int]?
        var rowHeights: [String: [Double]]?

        enum CodingKeys: String, CodingKey {
            case id, title, source, files, findings, firstProblemCategory, lines, rowHeights
        }

        // Every key is always present (null when not applicable), so consumers can rely on the fields.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(source, forKey: .source)
            try container.encode(files, forKey: .files)
            try container.encode(findings, forKey: .findings)
            try container.encode(firstProblemCategory, forKey: .firstProblemCategory)
            try container.encode(lines, forKey: .lines)
            try container.encode(rowHeights, forKey: .rowHeights)
        }
    }

    var schemaVersion = 1
    var tool = ReportTool(command: "preview")
    var settings: Settings
    var categories: [String]
    var notes: [View]
    var inputIssues: [String]
    var renderWarnings: [String]
    var environment: ReportEnvironment
    var seconds: Double

    init(
        job: PreviewJob, categories: [ContentSizeCategory], results: [PreviewJob.CategoryResult], issues: [NoteLoadIssue],
        environment: ReportEnvironment, seconds: Double
    ) {
        settings = Settings(
            profile: job.profile.name, device: job.device.id, width: job.device.width, height: job.device.height,
            scale: job.scale, boldText: job.legibility == .bold, rowHeights: job.rule.rawValue)
        self.categories = categories.map(\.name)
        func firstProblem(_ findings: [ContentSizeCategory: [Finding]]) -> String? {
            categories.first { (findings[$0] ?? []).contains { $0.severity >= .warning } }?.name
        }
        var views: [View] = []
        var listFindings: [ContentSizeCategory: [Finding]] = [:]
        for result in results { listFindings[result.category] = result.listFindings }
        views.append(
            View(
                id: "list", title: "Notes list", source: nil,
                files: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.listFile) }),
                findings: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.listFindings) }),
                firstProblemCategory: firstProblem(listFindings), lines: nil,
                rowHeights: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.listRowHeights) })))
        for note in job.notes {
            var findings: [ContentSizeCategory: [Finding]] = [:]
            for result in results { findings[result.category] = result.noteFindings[note.slug] ?? [] }
            views.append(
                View(
                    id: note.slug, title: note.title, source: note.source,
                    files: Dictionary(uniqueKeysWithValues: results.compactMap { r in r.noteFiles[note.slug].map { (r.category.name, $0) } }),
                    findings: Dictionary(uniqueKeysWithValues: results.map { ($0.category.name, $0.noteFindings[note.slug] ?? []) }),
                    firstProblemCategory: firstProblem(findings),
                    lines: Dictionary(uniqueKeysWithValues: results.compactMap { r in r.noteLines[note.slug].map { (r.category.name, $0) } }),
                    rowHeights: nil))
        }
        notes = views
        inputIssues = issues.map(\.description)
        renderWarnings = Array(Set(results.flatMap(\.warnings))).sorted()
        self.environment = environment
        self.seconds = seconds
    }
}

/// The `index.html` contact sheet: rows = views (list, then notes), columns = categories.
enum ContactSheet {
    static func html(report: PreviewReport) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Dynamic Type preview</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 16px; color: #222; }
            table { border-collapse: collapse; } th, td { padding: 4px; vertical-align: top; text-align: center; }
            th.view { text-align: left; max-width: 160px; }
            td img { width: 96px; border: 1px solid #ccc; display: block; }
            td.problem img { border: 3px solid #d00; }
            td.first { background: #fdd; }
            .findings { font-size: 11px; text-align: left; max-width: 110px; color: #a00; }
            caption { text-align: left; margin-bottom: 8px; }
            </style></head><body>
            <h1>Dynamic Type preview</h1>
            <table><caption>Profile <b>\(escape(report.settings.profile))</b>, \(escape(report.settings.device)) \
            (\(PointFormat.string(report.settings.width)) pt, \(PointFormat.string(report.settings.scale))×), Bold Text \
            \(report.settings.boldText ? "on" : "off"), row heights: \(escape(report.settings.rowHeights)). \
            A red frame marks warnings or errors; the first such category is shaded.</caption>
            <tr><th></th>
            """
        for category in report.categories { out += "<th>\(escape(category))</th>" }
        out += "</tr>\n"
        for view in report.notes {
            out += "<tr><th class=\"view\">\(escape(view.title))</th>"
            for category in report.categories {
                let findings = view.findings[category] ?? []
                let problems = findings.filter { $0.severity >= .warning }
                var classes: [String] = []
                if !problems.isEmpty { classes.append("problem") }
                if view.firstProblemCategory == category { classes.append("first") }
                let tooltip = escape(findings.map(\.description).joined(separator: "\n"))
                out += "<td class=\"\(classes.joined(separator: " "))\" title=\"\(tooltip)\">"
                if let file = view.files[category] {
                    out += "<a href=\"\(escape(file))\"><img src=\"\(escape(file))\" alt=\"\(escape(view.title)) at \(escape(category))\" loading=\"lazy\"></a>"
                }
                if view.firstProblemCategory == category {
                    out += "<div class=\"findings\">" + problems.prefix(3).map { escape($0.kind.rawValue) }.joined(separator: "<br>") + "</div>"
                }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        out += "</table>\n"
        if !report.inputIssues.isEmpty {
            out += "<h2>Input</h2><ul>" + report.inputIssues.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        out += "</body></html>\n"
        return out
    }
}
