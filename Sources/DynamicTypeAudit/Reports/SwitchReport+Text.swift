import DynamicTypeCore
import Foundation

/// `dyntype switch`'s text and Markdown tables (the CLI prints them; package API).
extension SwitchReport {
    package func text(markdown: Bool) -> String {
        var out = ""
        func heading(_ title: String) {
            out += markdown ? "\n### \(title)\n\n" : "\n\(title)\n"
        }
        func table(_ header: [String], _ rows: [[String]], right: Set<Int> = []) {
            if markdown {
                out += "| " + header.joined(separator: " | ") + " |\n"
                out += "|" + header.indices.map { right.contains($0) ? "---:" : "---" }.joined(separator: "|") + "|\n"
                for row in rows { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
            } else {
                var t = TextTable(header: header)
                t.rightAligned = right
                for row in rows { t.add(row) }
                out += t.render()
            }
        }
        func num(_ value: Double?) -> String { value.map { PointFormat.string($0) } ?? "" }
        if let sweep {
            out += markdown ? "## dyntype switch --sweep\n\n" : "dyntype switch --sweep\n"
            out += "Profile \(settings.profile), \(settings.device) (\(num(settings.width)) pt), Bold Text \(settings.boldText ? "on" : "off"), categories \(sweep.categories.first ?? "")…\(sweep.categories.last ?? "")\n"
            heading("First category at which each finding appears")
            table(
                ["element", "finding", "severity", "from", "details"],
                sweep.firstAppearances.map { [$0.element + ($0.locale.map { " [\($0)]" } ?? ""), $0.kind, $0.severity, $0.category, $0.message] })
            heading("Growth of each text style against large (WCAG 1.4.4 asks for 200%)")
            table(
                ["style", "at large", "max", "reaches 200% at"],
                sweep.growth.map { [$0.style, num($0.sizeAtLarge), "\(Int(($0.maxRatio * 100).rounded()))%", $0.reaches200PercentAt ?? "never"] },
                right: [1, 2])
        } else {
            out += markdown ? "## dyntype switch \(settings.from) → \(settings.to)\n\n" : "dyntype switch \(settings.from) → \(settings.to)\n"
            out += "Profile \(settings.profile), \(settings.device) (\(num(settings.width)) pt, \(settings.orientation ?? "portrait")), Bold Text \(settings.boldText ? "on" : "off"), rows: \(settings.rowHeights ?? "")"
            if let keyboard = settings.keyboard { out += ", keyboard \(num(keyboard)) pt" }
            if let rotation = settings.rotation { out += ", then rotated \(rotation)" }
            out += "\n"
            heading("Fonts per style (before → after)")
            table(
                ["style", "size", "leading", "font"],
                fonts.map {
                    [
                        $0.style, "\(num($0.before.size)) → \(num($0.after.size))", "\(num($0.before.leading)) → \(num($0.after.leading))",
                        $0.before.file == $0.after.file ? $0.after.file : "\($0.before.file) → \($0.after.file)",
                    ]
                })
            heading("Observers, in delivery order")
            table(
                ["#", "observer", "time", "what changed"],
                observers.map { observer in
                    var what: String
                    if let rows = observer.rows {
                        let changed = rows.filter { $0.before != $0.after }.count
                        what = "\(changed)/\(rows.count) row heights changed (\(num(rows.first?.before)) → \(num(rows.first?.after)) pt); content \(num(observer.contentHeightBefore)) → \(num(observer.contentHeightAfter)) pt"
                    } else if observer.runsAfter == nil {
                        // A screen: laid out again from its texts' intrinsic sizes.
                        what = "laid out again; text lines \(observer.linesBefore ?? 0) → \(observer.linesAfter ?? 0); content height \(num(observer.heightBefore)) → \(num(observer.heightAfter)) pt"
                    } else {
                        what = "\(observer.runsChanged ?? 0)/\(observer.runsAfter ?? 0) runs restyled in \(observer.paragraphsRestyled ?? 0) paragraphs; lines \(observer.linesBefore ?? 0) → \(observer.linesAfter ?? 0); height \(num(observer.heightBefore)) → \(num(observer.heightAfter)) pt; indicator r \(num(observer.indicatorRadiusBefore)) → \(num(observer.indicatorRadiusAfter))"
                    }
                    if let error = observer.error { what += " — FAILED: \(error)" }
                    return [String(observer.order), observer.name, String(format: "%.2f ms", observer.milliseconds), what]
                },
                right: [0, 2])
            out += String(
                format: "\nswitch: %.2f ms in observers (%.2f ms with relayout); a fresh build at %@ takes %.2f ms\n",
                observers.reduce(0) { $0 + $1.milliseconds }, switchMilliseconds, settings.to, freshBuildMilliseconds)
        }
        heading("Findings")
        if let sweep, !findings.isEmpty {
            // A sweep has every view's findings at every category: the table above says where each
            // starts; JSON and JUnit list each one.
            let serious = findings.filter { $0.severity >= .warning }.count
            out += "\(findings.count) findings (\(serious) at warning or error) at \(sweep.categories.count) categories; --format json lists each with its view and category\n"
        } else if findings.isEmpty {
            out += "none\n"
        } else {
            table(["severity", "element", "finding", "category", "details"], findings.map { [$0.severity.rawValue, $0.element + ($0.locale.map { " [\($0)]" } ?? ""), $0.kind.rawValue, $0.category.name, $0.message] })
        }
        out += "\n\(summary.passed) passed, \(summary.failed) failed\n"
        return out
    }
}
