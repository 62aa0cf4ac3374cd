import DynamicTypeCore
import Foundation

/// The `index.html` contact sheet: rows = views (list, notes, screens per locale), columns =
/// categories. A summary says how many views have problems and from which size; the category
/// where a view's first problem appears is captioned in words (which row, which view, what);
/// information is shown quietly; the view names stay in view while the sizes scroll.
package enum ContactSheet {
    /// The page for `report`; in the first problem's cell, the findings `failingOn` matches come
    /// first (the ones the run fails on).
    package static func html(report: PreviewReport, failingOn policy: FailPolicy = FailPolicy()) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let flagged = report.views.filter { $0.firstProblemCategory != nil }
        let earliest = report.categories.first { category in flagged.contains { $0.firstProblemCategory == category } }
        var summary = "\(flagged.count) of \(report.views.count) views have warnings or errors"
        if let earliest { summary += "; the first appear at <b>\(escape(earliest))</b>" }
        summary += "."
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Dynamic Type preview</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 16px; color: #222; max-width: 1400px; }
            .sheet { overflow-x: auto; max-width: 1380px; }
            table { border-collapse: collapse; } th, td { padding: 4px; vertical-align: top; text-align: center; }
            th.view { text-align: left; width: 140px; min-width: 140px; position: sticky; left: 0; background: #fff; z-index: 1; }
            td img { width: 80px; border: 1px solid #ccc; display: block; }
            td.problem img { border: 3px solid #d00; }
            td.first { background: #fdd; }
            td .frame { position: relative; }
            .outline { position: absolute; border: 2px solid #f90; pointer-events: none; box-sizing: border-box; }
            .outline.error { border-color: #f00; }
            .findings { font-size: 11px; text-align: left; width: 96px; color: #a00; overflow-wrap: anywhere; }
            .info { font-size: 10px; color: #999; text-align: left; }
            p.summary { font-size: 16px; }
            caption { text-align: left; margin-bottom: 8px; }
            </style></head><body>
            <h1>Dynamic Type preview</h1>
            <p class="summary">\(summary)</p>
            <div class="sheet"><table><caption>Profile <b>\(escape(report.settings.profile))</b>, \(escape(report.settings.device)) \
            (\(PointFormat.string(report.settings.width)) pt, \(PointFormat.string(report.settings.scale))×), Bold Text \
            \(report.settings.boldText ? "on" : "off"), row heights: \(escape(report.settings.rowHeights ?? "")). \
            A red frame marks warnings or errors; the first such category is shaded and captioned.</caption>
            <tr><th class="view"></th>
            """
        // Accessibility sizes as AX1…AX5 (full name on hover): twelve columns fit 1400 px.
        for category in report.categories {
            let short = category.hasPrefix("accessibility") ? "AX" + category.dropFirst("accessibility".count) : category
            out += "<th title=\"\(escape(category))\">\(escape(short))</th>"
        }
        out += "</tr>\n"
        for view in report.views {
            // A SwiftUI view with opaque boxes says how much of it the images show.
            let coverage = view.coverage.flatMap { coverage in
                coverage.percent < 100
                    ? "<div class=\"info\" title=\"\(escape(coverage.opaque.joined(separator: "; ")))\">coverage \(coverage.percent) %</div>" : nil
            }
            out += "<tr><th class=\"view\">\(escape(view.title))\(coverage ?? "")</th>"
            for category in report.categories {
                let findings = view.findings[category] ?? []
                let problems = findings.filter { $0.severity >= .warning }
                let infos = findings.count - problems.count
                var classes: [String] = []
                if !problems.isEmpty { classes.append("problem") }
                if view.firstProblemCategory == category { classes.append("first") }
                let tooltip = escape(findings.map(\.description).joined(separator: "\n"))
                out += "<td class=\"\(classes.joined(separator: " "))\" title=\"\(tooltip)\">"
                if let file = view.files[category] {
                    // Areas of the warnings and errors, outlined once the image has loaded (script below).
                    let areas = problems.compactMap { finding in
                        finding.area.map { "[\($0.x),\($0.y),\($0.width),\($0.height),\(finding.severity == .error ? 1 : 0)]" }
                    }
                    out += "<div class=\"frame\" data-areas=\"[\(areas.joined(separator: ","))]\"><a href=\"\(escape(file))\"><img src=\"\(escape(file))\" alt=\"\(escape(view.title)) at \(escape(category))\" loading=\"lazy\"></a></div>"
                }
                if view.firstProblemCategory == category {
                    // In words: where (the row, the view) and what, from the finding's own message.
                    let failing = problems.filter(policy.matches)
                    let words = (failing + problems.filter { !policy.matches($0) }).prefix(3).map { "\(escape(Self.place($0.element, in: view.title))): \(escape($0.message))" }
                    let more = problems.count > 3 ? "<br>and \(problems.count - 3) more" : ""
                    out += "<div class=\"findings\">" + words.joined(separator: "<br>") + more + "</div>"
                }
                if infos > 0 { out += "<div class=\"info\">\(infos) note\(infos == 1 ? "" : "s")</div>" }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        out += "</table></div>\n"
        if !report.inputIssues.isEmpty {
            out += "<h2>Input</h2><ul>" + report.inputIssues.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        out += """
            <script>
            // Outline each flagged area on its thumbnail: points → pixels of the shown image.
            const scale = \(report.settings.scale);
            for (const frame of document.querySelectorAll(".frame")) {
              const img = frame.querySelector("img"), areas = JSON.parse(frame.dataset.areas || "[]");
              const draw = () => {
                const factor = img.clientWidth / (img.naturalWidth / scale);
                for (const [x, y, w, h, error] of areas) {
                  const box = document.createElement("div"); box.className = "outline" + (error ? " error" : "");
                  Object.assign(box.style, { left: x * factor + "px", top: y * factor + "px",
                    width: Math.max(3, w * factor) + "px", height: Math.max(3, h * factor) + "px" });
                  frame.appendChild(box);
                }
              };
              if (areas.length) { if (img.complete && img.naturalWidth) draw(); else img.addEventListener("load", draw); }
            }
            // Twelve columns fit 1400 px; on a narrower window, scroll the earliest first problem into view.
            const sheet = document.querySelector(".sheet"), first = [...document.querySelectorAll("td.first")]
              .sort((a, b) => a.cellIndex - b.cellIndex)[0];
            if (sheet && first && sheet.scrollWidth > sheet.clientWidth) {
              const th = document.querySelector("th.view");
              sheet.scrollLeft = Math.max(0, first.offsetLeft - (th ? th.offsetWidth : 0) - 8);
            }
            </script>
            </body></html>

            """
        return out
    }

    /// `editor: Groceries` → `the text`, `Checkout: buy` → `buy`, `list row 2` stays: the row is
    /// named, the view's own name is the row header already.
    package static func place(_ element: String, in title: String) -> String {
        if element.hasPrefix("editor: ") { return element.hasSuffix("· date label") ? "the date label" : "the text" }
        if let colon = element.range(of: ": "), !element.hasPrefix("list") { return String(element[colon.upperBound...]) }
        return element
    }
}
