import DynamicTypeCore
import Foundation
import Notepad
import TextStack

/// `dyntype switch`'s report: JSON with stable field names, or text/markdown tables.
struct SwitchReport: Encodable {
    struct Settings: Encodable {
        var profile: String
        var device: String
        var width: Double
        var boldText: Bool
        var rowHeights: String
        var from: String
        var to: String
    }

    struct StyleFont: Encodable {
        var style: String
        var size: Double
        var leading: Double
        var family: String
        var file: String
    }

    struct FontChange: Encodable {
        var style: String
        var before: StyleFont
        var after: StyleFont
    }

    struct RowChange: Encodable {
        var index: Int
        var title: String
        var before: Double
        var after: Double
    }

    struct Observer: Encodable {
        var order: Int
        var name: String
        var milliseconds: Double
        var error: String?
        /// List observers: each row's height before → after and the content height.
        var rows: [RowChange]?
        var contentHeightBefore: Double?
        var contentHeightAfter: Double?
        /// Editor observers: runs restyled, lines, height, pages, the indicator and its exclusion path.
        var runsBefore: Int?
        var runsAfter: Int?
        var runsChanged: Int?
        var paragraphsRestyled: Int?
        var linesBefore: Int?
        var linesAfter: Int?
        var heightBefore: Double?
        var heightAfter: Double?
        var containers: Int?
        var indicatorRadiusBefore: Double?
        var indicatorRadiusAfter: Double?
        var exclusionBefore: String?
        var exclusionAfter: String?

        init(order: Int, delivery: ObserverDelivery, before: ViewSnapshot, after: ViewSnapshot, notepad: Notepad) {
            self.order = order
            name = delivery.name
            milliseconds = (delivery.seconds * 1e6).rounded() / 1000
            error = delivery.error
            func r(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            switch delivery.kind {
            case .list:
                rows = notepad.list.rows.map { row in
                    RowChange(index: row.index, title: row.title, before: r(before.rowHeights[row.index]), after: r(after.rowHeights[row.index]))
                }
                contentHeightBefore = r(before.contentHeight)
                contentHeightAfter = r(after.contentHeight)
            case .editor(let index):
                let old = Set(before.editorRuns[index])
                runsBefore = before.editorRuns[index].count
                runsAfter = after.editorRuns[index].count
                runsChanged = after.editorRuns[index].filter { !old.contains($0) }.count
                paragraphsRestyled = notepad.editors[index].textStorage.highlighter.lastRestyle?.paragraphCount
                linesBefore = before.editorLines[index]
                linesAfter = after.editorLines[index]
                heightBefore = r(before.editorHeights[index])
                heightAfter = r(after.editorHeights[index])
                containers = notepad.editors[index].layoutManager.textContainers.count
                indicatorRadiusBefore = r(before.indicatorRadii[index])
                indicatorRadiusAfter = r(after.indicatorRadii[index])
                func circle(_ center: Point, _ radius: Double) -> String {
                    "circle at (\(PointFormat.string(r(center.x))), \(PointFormat.string(r(center.y)))) r \(PointFormat.string(r(radius)))"
                }
                exclusionBefore = circle(before.indicatorCenters[index], before.indicatorRadii[index])
                exclusionAfter = circle(after.indicatorCenters[index], after.indicatorRadii[index])
            }
        }
    }

    struct FirstAppearance: Encodable {
        var element: String
        var kind: String
        var severity: String
        var category: String
        var message: String
    }

    struct Growth: Encodable {
        var style: String
        var sizeAtLarge: Double
        var maxRatio: Double
        var reaches200PercentAt: String?
    }

    struct Sweep: Encodable {
        var categories: [String]
        var firstAppearances: [FirstAppearance]
        var growth: [Growth]
    }

    struct Check: Encodable {
        var element: String
        var check: String
        var passed: Bool
    }

    struct Summary: Encodable {
        var passed: Int
        var failed: Int
    }

    var schemaVersion = 1
    var tool = ToolInfo(command: "switch")
    var settings: Settings
    var environment: ReportEnvironment
    var fonts: [FontChange]
    var observers: [Observer]
    var switchMilliseconds: Double
    var freshBuildMilliseconds: Double
    var findings: [Finding]
    var checks: [Check]
    var summary: Summary
    var sweep: Sweep?

    /// The checks every view gets; a check fails on a finding of its kind at warning or error.
    static let checkKinds: [Finding.Kind] = [
        .staleState, .rowNotResized, .clipped, .truncated, .wordWiderThanLine, .missingGlyph, .underIndicator,
        .belowMinimumSize, .lowContrast,
    ]

    init(
        context: SwitchContext, from: ContentSizeCategory, to: ContentSizeCategory, environment: ReportEnvironment,
        fonts: [FontChange], observers: [Observer], switchSeconds: Double, freshBuildSeconds: Double, findings: [Finding],
        sweep: Sweep?
    ) {
        settings = Settings(
            profile: context.profile.name, device: context.device.id, width: context.device.width,
            boldText: context.legibility == .bold, rowHeights: context.rule.rawValue, from: from.name, to: to.name)
        self.environment = environment
        self.fonts = fonts
        self.observers = observers
        switchMilliseconds = (switchSeconds * 1e6).rounded() / 1000
        freshBuildMilliseconds = (freshBuildSeconds * 1e6).rounded() / 1000
        self.findings = findings.sorted { ($1.severity, $0.element) < ($0.severity, $1.element) }
        let opened = context.openNotes.map { $0.map { context.notes[$0] } } ?? context.notes
        let elements = ["notes list"] + opened.map { "editor: \($0.title)" }
        var checks: [Check] = []
        for element in elements {
            for kind in Self.checkKinds {
                let failed = findings.contains { finding in
                    finding.kind == kind && finding.severity >= .warning
                        && (finding.element == element || (element == "notes list" && finding.element.hasPrefix("list row")))
                }
                checks.append(Check(element: element, check: kind.rawValue, passed: !failed))
            }
        }
        self.checks = checks
        summary = Summary(passed: checks.filter(\.passed).count, failed: checks.filter { !$0.passed }.count)
        self.sweep = sweep
    }

    // MARK: Text and markdown

    func text(markdown: Bool) -> String {
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
                sweep.firstAppearances.map { [$0.element, $0.kind, $0.severity, $0.category, $0.message] })
            heading("Growth of each text style against large (WCAG 1.4.4 asks for 200%)")
            table(
                ["style", "at large", "max", "reaches 200% at"],
                sweep.growth.map { [$0.style, num($0.sizeAtLarge), "\(Int(($0.maxRatio * 100).rounded()))%", $0.reaches200PercentAt ?? "never"] },
                right: [1, 2])
        } else {
            out += markdown ? "## dyntype switch \(settings.from) → \(settings.to)\n\n" : "dyntype switch \(settings.from) → \(settings.to)\n"
            out += "Profile \(settings.profile), \(settings.device) (\(num(settings.width)) pt), Bold Text \(settings.boldText ? "on" : "off"), rows: \(settings.rowHeights)\n"
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
        if findings.isEmpty {
            out += "none\n"
        } else {
            table(["severity", "element", "finding", "category", "details"], findings.map { [$0.severity.rawValue, $0.element, $0.kind.rawValue, $0.category.name, $0.message] })
        }
        out += "\n\(summary.passed) passed, \(summary.failed) failed\n"
        return out
    }
}
