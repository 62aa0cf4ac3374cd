import DynamicTypeCore
import Foundation
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

    /// One observer's delivery: its time and what changed in its view.
    public struct Observer: Codable, Sendable {
        /// Its place in delivery order (from 1).
        public var order: Int
        /// `notes list`, `editor: <title>`, `screen: <title>`, with ` (rotation)` for a rotation's delivery.
        public var name: String
        /// The view's id.
        public var view: String
        /// Time the observer took.
        public var milliseconds: Double
        /// What the observer threw.
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

        /// The row of `delivery`: what `view`'s state was `before` and `after` it.
        init(order: Int, delivery: ObserverDelivery, view: any LiveView, before: ViewState, after: ViewState) {
            self.order = order
            name = delivery.name
            self.view = delivery.view
            milliseconds = (delivery.seconds * 1e6).rounded() / 1000
            error = delivery.error
            func r(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            if let titles = after.rowTitles, let old = before.rowHeights, let new = after.rowHeights {
                rows = zip(titles, zip(old, new)).enumerated().map { index, row in
                    RowChange(index: index + 1, title: row.0, before: r(row.1.0), after: r(row.1.1))
                }
                contentHeightBefore = before.contentHeight.map(r)
                contentHeightAfter = after.contentHeight.map(r)
                return
            }
            if let old = before.runs, let new = after.runs {
                let oldRuns = Set(old)
                runsBefore = old.count
                runsAfter = new.count
                runsChanged = new.filter { !oldRuns.contains($0) }.count
                paragraphsRestyled = after.paragraphsRestyled
                containers = after.containerCount
            }
            linesBefore = before.lines
            linesAfter = after.lines
            heightBefore = before.contentHeight.map(r)
            heightAfter = after.contentHeight.map(r)
            if let old = before.indicator, let new = after.indicator {
                indicatorRadiusBefore = r(old.radius)
                indicatorRadiusAfter = r(new.radius)
                func circle(_ circle: ViewState.Circle) -> String {
                    "circle at (\(PointFormat.string(r(circle.center.x))), \(PointFormat.string(r(circle.center.y)))) r \(PointFormat.string(r(circle.radius)))"
                }
                exclusionBefore = circle(old)
                exclusionAfter = circle(new)
            }
        }
    }

    /// Where a finding (by view, element, kind and severity) first appears in a sweep.
    public struct FirstAppearance: Codable, Sendable {
        /// The view's id.
        public var view: String?
        /// Where in the view.
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
    package struct SweepShard: Codable, Sendable, Equatable {
        package var index: Int
        package var count: Int
        /// The views (``SizeSwitchAudit/sweepViews`` keys) this shard walked.
        package var views: [String]
        /// Per first appearance: [category index, view position, order within the view].
        package var positions: [[Int]]
        /// Per check: its view's position.
        package var checkViews: [Int]
    }

    /// One check of one view: passed unless the view has a finding of its kind at warning or error.
    public struct Check: Codable, Sendable {
        /// The view's id.
        public var view: String
        /// The view's name (`notes list`, `editor: <title>`, `screen: <title>`).
        public var element: String
        /// The finding kind checked.
        public var check: String
        /// Whether it passed.
        public var passed: Bool
    }

    public struct Summary: Codable, Sendable {
        public var passed: Int
        public var failed: Int
    }

    /// The report format's version (2: findings, observers and checks name their view by id; a
    /// sweep lists every finding at every category).
    public var schemaVersion = 2
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
    package var shard: SweepShard?

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
        // A sweep keeps its walking order (category, view); a switch lists the worst first.
        self.findings = sweep != nil ? findings : findings.sorted { ($1.severity, $0.element) < ($0.severity, $1.element) }
        checks = Self.checks(views: context.views.map(\.view), settings: settings, findings: findings)
        summary = Summary(passed: checks.filter(\.passed).count, failed: checks.filter { !$0.passed }.count)
        self.sweep = sweep
    }

    /// Every view's checks: the kinds its kind of view gets, each failed by a finding of that kind at
    /// warning or error in the view.
    static func checks(views: [SourceView], settings: AuditSettings, findings: [Finding]) -> [Check] {
        var failing = Set<String>()
        for finding in findings where finding.severity >= .warning { failing.insert("\(finding.view ?? "")|\(finding.kind.rawValue)") }
        // The keyboard and several containers are checked when the run has them.
        let notepadKinds =
            checkKinds + (settings.keyboardHeight > 0 ? [.underKeyboard] : []) + (settings.editorLayout == .scrolling ? [] : [.overflow])
        return views.flatMap { view in
            let kinds = view.kind == .list || view.kind == .note ? notepadKinds : screenCheckKinds
            return kinds.map { kind in
                Check(view: view.id, element: ObserverDelivery.name(of: view), check: kind.rawValue, passed: !failing.contains("\(view.id)|\(kind.rawValue)"))
            }
        }
    }

    /// Each finding (by view, element, locale, kind and severity) where it first appears in
    /// `findings`, walked in order.
    static func firstAppearances(of findings: [Finding]) -> [FirstAppearance] {
        var seen = Set<String>()
        return findings.compactMap { finding in
            // Each fallback font is a finding of its own (the message ends with the font's name);
            // other messages carry numbers that change from category to category.
            let font = finding.kind == .fallbackFont ? finding.message.components(separatedBy: "fallback font ").last ?? "" : ""
            guard seen.insert("\(finding.view ?? "")|\(finding.element)|\(finding.locale ?? "")|\(finding.kind)|\(finding.severity)|\(font)").inserted
            else { return nil }
            return FirstAppearance(
                view: finding.view, element: finding.element, locale: finding.locale, kind: finding.kind.rawValue,
                severity: finding.severity.rawValue, category: finding.category.name, message: finding.message)
        }
    }
}
