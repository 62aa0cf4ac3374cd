import DynamicTypeCore
import Foundation
import Notepad
import TextStack

/// What a size switch or a sweep found: the model behind `dyntype switch`'s JSON (stable field
/// names; `schemaVersion` bumps on a breaking change) and its text and Markdown tables.
public struct SwitchReport: Codable, Sendable {
    public struct Settings: Codable, Sendable {
        public var profile: String
        public var device: String
        public var width: Double
        public var boldText: Bool
        public var rowHeights: String
        public var from: String
        public var to: String
        /// `portrait` or `landscape` (where the switch started).
        public var orientation: String?
        /// `portrait → landscape` when the switch rotated the device too.
        public var rotation: String?
        /// The keyboard's height while it was up.
        public var keyboard: Double?
    }

    public struct StyleFont: Codable, Sendable {
        public var style: String
        public var size: Double
        public var leading: Double
        public var family: String
        public var file: String
    }

    public struct FontChange: Codable, Sendable {
        public var style: String
        public var before: StyleFont
        public var after: StyleFont
    }

    public struct RowChange: Codable, Sendable {
        public var index: Int
        public var title: String
        public var before: Double
        public var after: Double
    }

    public struct Observer: Codable, Sendable {
        public var order: Int
        public var name: String
        public var milliseconds: Double
        public var error: String?
        /// List observers: each row's height before → after and the content height.
        public var rows: [RowChange]?
        public var contentHeightBefore: Double?
        public var contentHeightAfter: Double?
        /// Editor observers: runs restyled, lines, height, pages, the indicator and its exclusion path.
        public var runsBefore: Int?
        public var runsAfter: Int?
        public var runsChanged: Int?
        public var paragraphsRestyled: Int?
        public var linesBefore: Int?
        public var linesAfter: Int?
        public var heightBefore: Double?
        public var heightAfter: Double?
        public var containers: Int?
        public var indicatorRadiusBefore: Double?
        public var indicatorRadiusAfter: Double?
        public var exclusionBefore: String?
        public var exclusionAfter: String?

        init(order: Int, delivery: ObserverDelivery, before: ViewSnapshot, after: ViewSnapshot, notepad: NotepadSession) {
            self.order = order
            name = delivery.name
            milliseconds = (delivery.seconds * 1e6).rounded() / 1000
            error = delivery.error
            func r(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            switch delivery.kind {
            case .list:
                rows = notepad.list.rows.map { row in
                    RowChange(index: row.index + 1, title: row.title, before: r(before.rowHeights[row.index]), after: r(after.rowHeights[row.index]))
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
            case .screen(let index):
                linesBefore = before.screenLines[index]
                linesAfter = after.screenLines[index]
                heightBefore = r(before.screenHeights[index])
                heightAfter = r(after.screenHeights[index])
            }
        }
    }

    public struct FirstAppearance: Codable, Sendable {
        public var element: String
        /// The locale, for a screen checked per locale.
        public var locale: String?
        public var kind: String
        public var severity: String
        public var category: String
        public var message: String
    }

    public struct Growth: Codable, Sendable {
        public var style: String
        public var sizeAtLarge: Double
        public var maxRatio: Double
        public var reaches200PercentAt: String?
    }

    public struct Sweep: Codable, Sendable {
        public var categories: [String]
        public var firstAppearances: [FirstAppearance]
        public var growth: [Growth]
    }

    /// What a `switch --sweep --shard` report carries for `dyntype merge`: which views it walked
    /// and where each first appearance and check sits in an unsharded sweep.
    public struct SweepShard: Codable, Sendable, Equatable {
        public var index: Int
        public var count: Int
        /// The views (``SizeSwitchAudit/sweepViews`` keys) this shard walked.
        public var views: [String]
        /// Per first appearance: [category index, view position, order within the view].
        public var positions: [[Int]]
        /// Per check: its view's position.
        public var checkViews: [Int]
    }

    public struct Check: Codable, Sendable {
        public var element: String
        public var check: String
        public var passed: Bool
    }

    public struct Summary: Codable, Sendable {
        public var passed: Int
        public var failed: Int
    }

    public var schemaVersion = 1
    public var tool = ReportTool(command: "switch")
    public var settings: Settings
    public var environment: ReportEnvironment
    public var fonts: [FontChange]
    public var observers: [Observer]
    public var switchMilliseconds: Double
    public var freshBuildMilliseconds: Double
    public var findings: [Finding]
    public var checks: [Check]
    public var summary: Summary
    public var sweep: Sweep?
    /// Set on a sweep shard's report (nil on whole and merged reports).
    public var shard: SweepShard?

    /// The checks every view gets (with `underKeyboard` while the keyboard is up and `overflow`
    /// for columns and pages); a check fails on a finding of its kind at warning or error.
    public static let checkKinds: [Finding.Kind] = [
        .staleState, .rowNotResized, .clipped, .truncated, .wordWiderThanLine, .missingGlyph, .underIndicator,
        .belowMinimumSize, .lowContrast,
    ]

    /// The checks every screen gets besides the common ones.
    public static let screenCheckKinds: [Finding.Kind] = [
        .staleState, .clipped, .truncated, .wordWiderThanLine, .missingGlyph, .belowMinimumSize, .lowContrast, .overlapping,
        .offScreen, .notScaling, .smallTapTarget, .crampedRow, .missingTranslation, .underKeyboard,
    ]

    init(
        context: SizeSwitchAudit, from: ContentSizeCategory, to: ContentSizeCategory, environment: ReportEnvironment,
        fonts: [FontChange], observers: [Observer], switchSeconds: Double, freshBuildSeconds: Double, findings: [Finding],
        sweep: Sweep?, rotation: String? = nil
    ) {
        let settings = context.settings
        self.settings = Settings(
            profile: settings.profile.name, device: settings.device.id, width: settings.device.width,
            boldText: settings.legibility == .bold, rowHeights: settings.rule.rawValue, from: from.name, to: to.name,
            orientation: settings.device.orientation.rawValue, rotation: rotation,
            keyboard: settings.keyboardHeight > 0 ? settings.keyboardHeight : nil)
        self.environment = environment
        self.fonts = fonts
        self.observers = observers
        switchMilliseconds = (switchSeconds * 1e6).rounded() / 1000
        freshBuildMilliseconds = (freshBuildSeconds * 1e6).rounded() / 1000
        self.findings = findings.sorted { ($1.severity, $0.element) < ($0.severity, $1.element) }
        let opened = settings.openNotes.map { $0.map { context.notes[$0] } } ?? context.notes
        let elements = (context.notes.isEmpty || !context.includesList ? [] : ["notes list"]) + opened.map { "editor: \($0.title)" }
        var checks: [Check] = []
        // The keyboard and several containers are checked when the run has them.
        let kinds =
            Self.checkKinds + (settings.keyboardHeight > 0 ? [.underKeyboard] : [])
            + (settings.editorLayout == .scrolling ? [] : [.overflow])
        for element in elements {
            for kind in kinds {
                let failed = findings.contains { finding in
                    finding.kind == kind && finding.severity >= .warning && finding.locale == nil
                        && (finding.element == element || finding.element.hasPrefix(element + " · ")
                            || (element == "notes list" && finding.element.hasPrefix("list ")))
                }
                checks.append(Check(element: element, check: kind.rawValue, passed: !failed))
            }
        }
        // Each screen in each locale: its views' findings are named "<screen>: <view>".
        for (document, locale) in context.screens.flatMap({ document in context.locales.map { (document, $0) } }) {
            let name = document.screen.name
            for kind in Self.screenCheckKinds {
                let failed = findings.contains { finding in
                    finding.kind == kind && finding.severity >= .warning && finding.locale == locale
                        && (finding.element == name || finding.element.hasPrefix(name + ": "))
                }
                checks.append(Check(element: "screen: \(document.title(locale: locale))", check: kind.rawValue, passed: !failed))
            }
        }
        self.checks = checks
        summary = Summary(passed: checks.filter(\.passed).count, failed: checks.filter { !$0.passed }.count)
        self.sweep = sweep
    }
}
