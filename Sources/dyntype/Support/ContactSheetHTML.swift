import DynamicTypeAudit
import DynamicTypeCore
import Foundation

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
