import DynamicTypeCore
import Foundation
import TextStack

/// What a size switch or a sweep found: the model behind `dyntype switch`'s JSON (stable field
/// names; `schemaVersion` bumps on a breaking change) and its text and Markdown tables.
public struct SwitchReport: Codable, Sendable {
    /// What the switch ran with.
    package struct Settings: Codable, Sendable {
        /// The type ramp's name.
        public var profile: String
        /// The device's id.
        public var device: String
        /// The device's width in points.
        public var width: Double
        /// Bold Text.
        public var boldText: Bool
        /// The list's row-height rule (the notepad source's setting; nil without one).
        public var rowHeights: String?
        /// The category switched from.
        public var from: String
        /// The category switched to.
        public var to: String
        /// `portrait` or `landscape` (where the switch started).
        public var orientation: String?
        /// `portrait → landscape` when the switch rotated the device too.
        public var rotation: String?
        /// The keyboard's height while it was up.
        public var keyboard: Double?
    }

    /// A text style's font at one category.
    package struct StyleFont: Codable, Sendable {
        /// The text style's name.
        public var style: String
        /// The point size.
        public var size: Double
        /// The line height in points.
        public var leading: Double
        /// The family drawn.
        public var family: String
        /// The font file drawn.
        public var file: String
    }

    /// A text style's font before and after the switch.
    package struct FontChange: Codable, Sendable {
        /// The text style's name.
        public var style: String
        /// At the category switched from.
        public var before: StyleFont
        /// At the category switched to.
        public var after: StyleFont
    }

    /// A list row's height before and after the switch.
    package struct RowChange: Codable, Sendable {
        /// The row's place in the list (from 1).
        public var index: Int
        /// The row's title.
        public var title: String
        /// The height before, in points.
        public var before: Double
        /// The height after, in points.
        public var after: Double
    }

    /// One observer's delivery: its time and what changed in its view.
    package struct Observer: Codable, Sendable {
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
        /// The list's content height before, in points.
        public var contentHeightBefore: Double?
        /// The list's content height after, in points.
        public var contentHeightAfter: Double?
        /// Editor observers: runs restyled, lines, height, pages, the indicator and its exclusion path.
        public var runsBefore: Int?
        /// Attribute runs after the restyle.
        public var runsAfter: Int?
        /// Runs the restyle changed.
        public var runsChanged: Int?
        /// Paragraphs the restyle touched.
        public var paragraphsRestyled: Int?
        /// Text lines before.
        public var linesBefore: Int?
        /// Text lines after.
        public var linesAfter: Int?
        /// Content height before, in points.
        public var heightBefore: Double?
        /// Content height after, in points.
        public var heightAfter: Double?
        /// Text containers (columns, pages) after.
        public var containers: Int?
        /// The time indicator's radius before, in points.
        public var indicatorRadiusBefore: Double?
        /// The time indicator's radius after, in points.
        public var indicatorRadiusAfter: Double?
        /// The indicator's exclusion path before.
        public var exclusionBefore: String?
        /// The indicator's exclusion path after.
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
    package struct FirstAppearance: Codable, Sendable {
        /// The view's id.
        public var view: String?
        /// Where in the view.
        public var element: String
        /// The locale, for a screen checked per locale.
        public var locale: String?
        /// The finding kind (``Finding/Kind``).
        public var kind: String
        /// `info`, `warning` or `error`.
        public var severity: String
        /// The first category it appears at.
        public var category: String
        /// What the finding says there.
        public var message: String
    }

    /// How one text style grows across the categories.
    package struct Growth: Codable, Sendable {
        /// The text style's name.
        public var style: String
        /// The point size at Large (the default).
        public var sizeAtLarge: Double
        /// The largest size over the size at Large.
        public var maxRatio: Double
        /// The first category at twice the size at Large, if any.
        public var reaches200PercentAt: String?
    }

    /// What a sweep over every category found.
    package struct Sweep: Codable, Sendable {
        /// The categories walked, in order.
        public var categories: [String]
        /// Where each finding first appears.
        package var firstAppearances: [FirstAppearance]
        /// How each text style grows.
        package var growth: [Growth]
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
    package struct Check: Codable, Sendable {
        /// The view's id.
        public var view: String
        /// The view's name (`notes list`, `editor: <title>`, `screen: <title>`).
        public var element: String
        /// The finding kind checked.
        public var check: String
        /// Whether it passed.
        public var passed: Bool
    }

    /// How many checks passed and failed.
    package struct Summary: Codable, Sendable {
        /// Checks that passed.
        public var passed: Int
        /// Checks that failed.
        public var failed: Int
    }

    /// The report format's version (2: findings, observers and checks name their view by id; a
    /// sweep lists every finding at every category).
    public var schemaVersion = 2
    /// The tool that wrote the report.
    package var tool = ReportTool(command: "switch")
    /// The settings the switch ran with.
    package var settings: Settings
    /// Library versions and font files.
    package var environment: ReportEnvironment
    /// Each text style's font before and after.
    package var fonts: [FontChange]
    /// Every observer's delivery, in order.
    package var observers: [Observer]
    /// The switch's wall time (every observer).
    public var switchMilliseconds: Double
    /// The time a fresh build at the new size took.
    public var freshBuildMilliseconds: Double
    /// The findings (a switch: worst first; a sweep: in walking order).
    public var findings: [Finding]
    /// Every view's checks.
    package var checks: [Check]
    /// How many checks passed and failed.
    package var summary: Summary
    /// How many checks passed (a view × a check kind, per category in a sweep).
    public var passedChecks: Int { summary.passed }
    /// How many checks failed: a finding of the check's kind at warning or error.
    public var failedChecks: Int { summary.failed }
    /// Set on a sweep's report.
    package var sweep: Sweep?
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
            boldText: settings.legibility == .bold, rowHeights: context.sources.reportSetting("rowHeights"), from: from.name, to: to.name,
            orientation: settings.device.orientation.rawValue, rotation: rotation,
            keyboard: settings.keyboardHeight > 0 ? settings.keyboardHeight : nil)
        self.environment = environment
        self.fonts = fonts
        self.observers = observers
        switchMilliseconds = (switchSeconds * 1e6).rounded() / 1000
        freshBuildMilliseconds = (freshBuildSeconds * 1e6).rounded() / 1000
        // A sweep keeps its walking order (category, view); a switch lists the worst first.
        self.findings = sweep != nil ? findings : findings.sorted { ($1.severity, $0.element) < ($0.severity, $1.element) }
        checks = Self.checks(views: context.views, settings: settings, findings: findings)
        summary = Summary(passed: checks.filter(\.passed).count, failed: checks.filter { !$0.passed }.count)
        self.sweep = sweep
    }

    /// Every view's checks: the kinds its source gives it (``ViewSource/checkKinds(for:settings:)``),
    /// each failed by a finding of that kind at warning or error in the view.
    static func checks(
        views: [(source: any ViewSource, view: SourceView)], settings: AuditSettings, findings: [Finding]
    ) -> [Check] {
        var failing = Set<String>()
        for finding in findings where finding.severity >= .warning { failing.insert("\(finding.view ?? "")|\(finding.kind.rawValue)") }
        return views.flatMap { source, view in
            source.checkKinds(for: view, settings: settings).map { kind in
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
