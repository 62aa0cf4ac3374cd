import DynamicTypeCore
import Foundation

/// `dyntype strings`' report: each string with the lines it needs per category and the category
/// it truncates from, as JSON (field names are stable) or as text (one line per string that
/// truncates or needs more lines, located at its key, then a summary).
package struct StringsReport: Encodable, Sendable {
    /// The label the strings were laid out in.
    package struct LabelInfo: Encodable, Sendable {
        package var style: String
        package var width: Double
        /// The line limit (0: unlimited).
        package var lines: Int
    }

    /// One string in one locale.
    package struct Entry: Encodable, Sendable {
        package var key: String
        package var variant: String?
        package var locale: String
        /// The text laid out (placeholders filled with sample values).
        package var text: String
        package var file: String?
        package var line: Int?
        /// Lines needed at each category, by category name.
        package var linesNeeded: [String: Int]
        /// The first category where it needs more lines than the label has.
        package var truncatedFrom: String?
        /// The first category where it needs more lines than at `large` (or the first category checked).
        package var moreLinesFrom: String?
        /// Its findings.
        package var findings: [Finding]
    }

    /// The report format's version.
    package var schemaVersion = 1
    /// The tool and command.
    package var tool = ReportTool(command: "strings")
    package var files: [String]
    package var locales: [String]
    package var label: LabelInfo
    package var categories: [String]
    package var strings: [Entry]

    /// The report of `audit`'s `rows`.
    package init(audit: StringsAudit, rows: [StringsAudit.Row]) {
        files = audit.files
        locales = audit.locales
        label = LabelInfo(style: audit.label.style.name, width: audit.label.width, lines: audit.label.lines)
        categories = audit.categories.map(\.name)
        let reference = audit.categories.contains(.large) ? ContentSizeCategory.large : audit.categories.first
        strings = rows.map { row in
            let base = reference.flatMap { row.linesNeeded[$0] } ?? 1
            return Entry(
                key: row.item.key, variant: row.item.variant, locale: row.item.locale, text: row.item.text,
                file: row.item.location?.path, line: row.item.location?.line,
                linesNeeded: Dictionary(uniqueKeysWithValues: row.linesNeeded.map { ($0.key.name, $0.value) }),
                truncatedFrom: audit.label.lines > 0
                    ? audit.categories.first { (row.linesNeeded[$0] ?? 0) > audit.label.lines }?.name : nil,
                moreLinesFrom: audit.categories.first { $0 > (reference ?? .xSmall) && (row.linesNeeded[$0] ?? 0) > base }?.name,
                findings: row.findings)
        }
    }

    /// A lookup of where a finding of this report is: its key's line (indexed once, so locating
    /// every finding stays linear in the catalog's size).
    package func locator() -> @Sendable (Finding) -> FindingLocation? {
        var index: [String: FindingLocation] = [:]
        for entry in strings {
            guard let file = entry.file else { continue }
            index[entry.key + "\u{0}" + entry.locale] = FindingLocation(path: file, line: entry.line ?? 1)
        }
        let table = index
        return { finding in finding.view.flatMap { table[$0 + "\u{0}" + (finding.locale ?? "")] } }
    }

    /// The report as `text`, `json` or `sarif` (relative paths from `root`).
    package func output(format: String, root: String = FindingsGate.root(ProcessInfo.processInfo.environment)) throws -> String {
        switch format {
        case "json": try JSONOutput.encode(self)
        case "sarif": FindingsSARIF.log(findings, locate: locator(), root: root, toolVersion: ReportTool.version).json()
        default: text()
        }
    }

    /// Every finding, string by string.
    package var findings: [Finding] { strings.flatMap(\.findings) }

    /// The text: `Localizable.xcstrings:41: [de] "Settings" → "Einstellungen": truncates from
    /// accessibility3 (needs 2 lines there, 3 at accessibility5)`, then the summary line.
    package func text() -> String {
        var out = ""
        for entry in strings where entry.truncatedFrom != nil || entry.moreLinesFrom != nil {
            let place = entry.file.map { "\($0):\(entry.line ?? 1): " } ?? ""
            let name = "[\(entry.locale)] \(StringsAudit.quoted(entry.key))\(entry.variant.map { " (\($0))" } ?? "")"
            let shown = entry.text == entry.key ? "" : " → \(StringsAudit.quoted(entry.text))"
            let last = categories.last.flatMap { name in entry.linesNeeded[name].map { (name, $0) } }
            if let from = entry.truncatedFrom {
                let there = entry.linesNeeded[from] ?? 0
                let end = last.map { $0.0 != from ? ", \($0.1) at \($0.0)" : "" } ?? ""
                out += "\(place)\(name)\(shown): truncates from \(from) (needs \(there) line\(there == 1 ? "" : "s") there\(end); the label has \(label.lines))\n"
            } else if let from = entry.moreLinesFrom {
                let there = entry.linesNeeded[from] ?? 0
                out += "\(place)\(name)\(shown): needs \(there) lines from \(from)\(last.map { $0.0 != from ? ", \($0.1) at \($0.0)" : "" } ?? "")\n"
            }
        }
        return out + summary() + "\n"
    }

    /// `24 strings (12 keys in de, en) in a body label 288 pt wide, 1 line, at 12 categories: 3
    /// truncate (the first from xxxLarge); 5 need more lines than at large.`
    package func summary() -> String {
        let keys = Set(strings.map(\.key)).count
        let truncating = strings.filter { $0.truncatedFrom != nil }
        let first = categories.first { name in truncating.contains { $0.truncatedFrom == name } }
        let more = strings.filter { $0.moreLinesFrom != nil }.count
        var text = "\(strings.count) string\(strings.count == 1 ? "" : "s") (\(keys) key\(keys == 1 ? "" : "s") in \(locales.joined(separator: ", "))) "
        text += "in a \(label.style) label \(PointFormat.string(label.width)) pt wide, "
        text += label.lines == 0 ? "unlimited lines" : "\(label.lines) line\(label.lines == 1 ? "" : "s")"
        text += ", at \(categories.count) categor\(categories.count == 1 ? "y" : "ies"): "
        if label.lines > 0 { text += "\(truncating.count) truncate" + (first.map { " (the first from \($0))" } ?? "") + "; " }
        return text + "\(more) need\(more == 1 ? "s" : "") more lines than at \(categories.contains("large") ? "large" : categories.first ?? "large")."
    }
}
