import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Notepad
import TextStack

/// The size switch as a use case: build the notepad at one category, post a change through its
/// hub, time every observer, compare with a fresh build (stale state), and check every view —
/// or walk every category and report where each finding first appears.
///
/// ```swift
/// let audit = SizeSwitchAudit(notes: try NoteLoader.sampleNotes(), settings: AuditSettings(), resolver: try .shared())
/// let report = try audit.run(from: .large, to: .accessibility3)
/// report.summary.failed   // checks that failed
/// ```
public struct SizeSwitchAudit: Sendable {
    /// The notes.
    public let notes: [Note]
    /// How the views are built.
    public internal(set) var settings: AuditSettings
    /// Where fonts come from.
    public let resolver: FontResolver
    /// The screens.
    public internal(set) var screens: [ScreenDocument]
    /// The locales each screen is checked in.
    public let locales: [String?]
    /// The strings screens' keys are looked up in.
    public let strings: StringTable
    /// Whether the notes list is part of this audit (a sweep shard without it leaves it out).
    public internal(set) var includesList = true

    /// An audit of `notes` and of `screens` in each of `locales`, with `settings`.
    public init(
        notes: [Note], screens: [ScreenDocument] = [], locales: [String?] = [nil], strings: StringTable = StringTable(),
        settings: AuditSettings, resolver: FontResolver
    ) {
        self.notes = notes
        self.settings = settings
        self.resolver = resolver
        self.screens = screens
        self.locales = locales.isEmpty ? [nil] : locales
        self.strings = strings
    }

    /// The notepad built at `category` (`listRecomputes: false` plants a list that keeps its rows).
    public func build(_ category: ContentSizeCategory, listRecomputes: Bool = true) throws -> NotepadSession {
        try NotepadSession(
            notes: notes, viewSize: settings.viewSize, setting: settings.setting(category), profile: settings.profile,
            rule: settings.rule, rules: settings.rules, resolver: resolver, listRecomputesOnChange: listRecomputes,
            openNotes: settings.openNotes,
            screens: try screens.flatMap { document in
                try locales.map {
                    try ScreenSession(
                        document: document, locale: $0, strings: strings, settings: settings, setting: settings.setting(category),
                        resolver: resolver)
                }
            },
            editorLayout: settings.editorLayout, keyboardHeight: settings.keyboardHeight, figures: settings.figures,
            exclusions: settings.exclusions)
    }

    /// Every view's findings at its current setting (``ReadabilityChecks``).
    public func findings(_ notepad: NotepadSession) -> [Finding] {
        viewFindings(notepad).flatMap(\.findings)
    }

    /// Every view's findings in report order, keyed as ``sweepViews`` are: `list`, a note's slug,
    /// a screen's slug (its locales together).
    func viewFindings(_ notepad: NotepadSession) -> [(view: String, findings: [Finding])] {
        var result: [(view: String, findings: [Finding])] = []
        if includesList { result.append(("list", ReadabilityChecks.findings(in: notepad.list, profile: settings.profile))) }
        for editor in notepad.editors { result.append((editor.note.slug, ReadabilityChecks.findings(in: editor, profile: settings.profile))) }
        for screen in notepad.screens {
            let found = ReadabilityChecks.findings(in: screen.laidOut, profile: settings.profile)
            // A screen's sessions (one per locale) follow each other.
            if result.last?.view == screen.document.slug { result[result.count - 1].findings += found } else {
                result.append((screen.document.slug, found))
            }
        }
        return result
    }

    /// Switches from `from` to `to` — then, with `rotateTo`, rotates the device — and reports
    /// observers, fonts, stale state (against a fresh build at the new size and orientation) and
    /// findings.
    public func run(from: ContentSizeCategory, to: ContentSizeCategory, rotateTo: DeviceOrientation? = nil) throws -> SwitchReport {
        let environment = ReportEnvironment(resolver: resolver, fonts: [])
        let clock = ContinuousClock()
        let legibility = settings.legibility
        let notepad = try build(from)
        let before = ViewSnapshot(notepad)
        let fontsBefore = try styleFonts(at: from)
        let switchStart = clock.now
        var deliveries = notepad.switchTo(TextSizeSetting(category: to, legibilityWeight: legibility))
        var rotated = self
        if let rotateTo, rotateTo != settings.device.orientation {
            rotated = SizeSwitchAudit(
                notes: notes, screens: screens, locales: locales, strings: strings,
                settings: { var turned = settings; turned.device = settings.device.oriented(rotateTo); return turned }(),
                resolver: resolver)
            deliveries += notepad.rotate(to: rotated.settings.viewSize)
            // The keyboard turns with the device: UIKit posts it again with its new frame.
            if notepad.keyboard.height > 0 { notepad.keyboard.show(height: rotated.settings.keyboardHeight) }
        }
        // Layout is lazy (as in TextKit): the relayout the views need happens on first display.
        for editor in notepad.editors { editor.layoutManager.ensureLayout() }
        let switchSeconds = (clock.now - switchStart).seconds
        let after = ViewSnapshot(notepad)
        let freshStart = clock.now
        let fresh = try rotated.build(to)
        for editor in fresh.editors { editor.layoutManager.ensureLayout() }
        let freshSeconds = (clock.now - freshStart).seconds
        var findings = StaleStateCheck.compare(notepad, with: fresh)
        // A row whose height did not change although its title's font did.
        if before.headlineSize != after.headlineSize {
            for (index, (old, new)) in zip(before.rowHeights, after.rowHeights).enumerated() where old == new {
                findings.append(
                    Finding(
                        kind: .rowNotResized, severity: .error, element: "list row \(index + 1)", category: to,
                        message: "row height stayed \(PointFormat.string(old)) pt although the headline went from \(PointFormat.string(before.headlineSize)) to \(PointFormat.string(after.headlineSize)) pt"))
            }
        }
        for delivery in deliveries {
            guard let error = delivery.error else { continue }
            findings.append(
                Finding(
                    kind: .staleState, severity: .error, element: delivery.name, category: to, message: "observer failed: \(error)"))
        }
        findings += rotated.findings(notepad)
        if settings.checksGrowth { findings += try ReadabilityChecks.growthFindings(profile: settings.profile, categories: [from, to]) }
        return SwitchReport(
            context: self, from: from, to: to, environment: environment, fonts: zip(fontsBefore, try styleFonts(at: to)).map {
                SwitchReport.FontChange(style: $0.0.style, before: $0.0, after: $0.1)
            },
            observers: deliveries.enumerated().map { index, delivery in
                SwitchReport.Observer(order: index + 1, delivery: delivery, before: before, after: after, notepad: notepad)
            },
            switchSeconds: switchSeconds, freshBuildSeconds: freshSeconds, findings: findings, sweep: nil,
            rotation: rotated.settings.device.orientation == settings.device.orientation
                ? nil : "\(settings.device.orientation.rawValue) → \(rotated.settings.device.orientation.rawValue)")
    }

    /// The views a sweep walks, in report order: the notes list (when there are notes), each
    /// opened note's editor (by slug), each screen (by slug, all its locales together) — the items
    /// `switch --sweep --shard` splits.
    public var sweepViews: [ShardWorkItem] {
        let opened = settings.openNotes ?? Array(notes.indices)
        var items: [ShardWorkItem] = []
        if !notes.isEmpty { items.append(ShardWorkItem(key: "list", cost: 1 + notes.count * 4)) }
        for index in opened { items.append(ShardWorkItem(key: notes[index].slug, cost: 200 + notes[index].contents.utf16.count)) }
        for document in screens { items.append(ShardWorkItem(key: document.slug, cost: 400 * locales.count * max(1, document.screen.views.count))) }
        return items
    }

    /// Walks every category the profile offers, in order, through one running notepad, and reports
    /// where each finding first appears and how each text style grows. With `shard`, only that
    /// shard's views (``sweepViews`` split by ``ShardPlan``) are built and walked, and the report
    /// carries what `dyntype merge` needs to put the shards back in the unsharded order.
    public func sweep(shard: ShardSpec? = nil) throws -> SwitchReport {
        let environment = ReportEnvironment(resolver: resolver, fonts: [])
        let profile = settings.profile
        let legibility = settings.legibility
        let categories = profile.categories.map(\.category)
        let allViews = sweepViews.map(\.key)
        let mine = shard.map { ShardPlan(items: sweepViews, count: $0.count).keys(for: $0) } ?? Set(allViews)
        // This shard's part of the notepad: its editors and screens; the list only if it is ours.
        var part = self
        part.includesList = mine.contains("list")
        part.settings.openNotes = (settings.openNotes ?? Array(notes.indices)).filter { mine.contains(notes[$0].slug) }
        part.screens = screens.filter { mine.contains($0.slug) }
        let notepad = try part.build(categories[0])
        // Each finding (by element, kind and severity) at the first category it appears, with its
        // place in an unsharded sweep: category, view, order within the view.
        var firstFindings: [Finding] = []
        var positions: [[Int]] = []
        var seen = Set<String>()
        func keepFirst(_ findings: [Finding], category: Int, view: Int) {
            for (sequence, finding) in findings.enumerated()
            where seen.insert("\(finding.element)|\(finding.locale ?? "")|\(finding.kind)|\(finding.severity)").inserted
            {
                firstFindings.append(finding)
                positions.append([category, view, sequence])
            }
        }
        for (index, category) in categories.enumerated() {
            if index > 0 { notepad.switchTo(TextSizeSetting(category: category, legibilityWeight: legibility)) }
            for (view, found) in part.viewFindings(notepad) {
                keepFirst(found.filter { $0.kind != .belowFold }, category: index, view: allViews.firstIndex(of: view) ?? 0)
            }
        }
        let growth = try ReadabilityChecks.styleGrowth(profile: profile, categories: categories).map {
            SwitchReport.Growth(
                style: $0.style.name, sizeAtLarge: $0.sizeAtLarge, maxRatio: ($0.maxRatio * 100).rounded() / 100,
                reaches200PercentAt: $0.reaches200PercentAt?.name)
        }
        // Growth is the profile's: the first shard reports it.
        if settings.checksGrowth, (shard?.index ?? 1) == 1 {
            keepFirst(try ReadabilityChecks.growthFindings(profile: profile, categories: categories), category: categories.count, view: 0)
        }
        let firstList = firstFindings.map {
            SwitchReport.FirstAppearance(
                element: $0.element, locale: $0.locale, kind: $0.kind.rawValue, severity: $0.severity.rawValue,
                category: $0.category.name, message: $0.message)
        }
        var report = SwitchReport(
            context: part, from: categories[0], to: categories[categories.count - 1], environment: environment, fonts: [],
            observers: [], switchSeconds: 0, freshBuildSeconds: 0,
            findings: firstFindings,
            sweep: SwitchReport.Sweep(categories: categories.map(\.name), firstAppearances: firstList, growth: growth))
        if let shard {
            report.shard = SwitchReport.SweepShard(
                index: shard.index, count: shard.count, views: allViews.filter { mine.contains($0) }, positions: positions,
                checkViews: report.checks.map { check in Self.viewPosition(of: check.element, views: allViews, audit: self) })
        }
        return report
    }

    /// The position in ``sweepViews`` of a check's element (`notes list`, `editor: <title>`, `screen: <title>`).
    static func viewPosition(of element: String, views: [String], audit: SizeSwitchAudit) -> Int {
        if element == "notes list" { return 0 }
        if element.hasPrefix("editor: ") {
            let title = String(element.dropFirst("editor: ".count))
            if let note = audit.notes.first(where: { $0.title == title }) { return views.firstIndex(of: note.slug) ?? views.count }
        }
        if element.hasPrefix("screen: ") {
            for document in audit.screens where audit.locales.contains(where: { "screen: \(document.title(locale: $0))" == element }) {
                return views.firstIndex(of: document.slug) ?? views.count
            }
        }
        return views.count
    }

    /// Every style's font at `category` (what `preferredFont(forTextStyle:)` gives).
    func styleFonts(at category: ContentSizeCategory) throws -> [SwitchReport.StyleFont] {
        let profile = settings.profile, legibility = settings.legibility
        return try profile.styles.map { style in
            let descriptor = try FontDescriptor.preferred(for: style, category: category, legibilityWeight: legibility, profile: profile)
            let font = try resolver.resolve(descriptor)
            return SwitchReport.StyleFont(
                style: style.name, size: descriptor.size, leading: descriptor.leading ?? font.lineHeight, family: font.familyName,
                file: (font.filePath as NSString).lastPathComponent)
        }
    }
}

/// What the views looked like at one moment (for before → after columns).
struct ViewSnapshot: Sendable {
    var rowHeights: [Double]
    var headlineSize: Double
    var contentHeight: Double
    var editorLines: [Int]
    var editorHeights: [Double]
    var editorRuns: [[String]]
    var indicatorRadii: [Double]
    var indicatorCenters: [Point]
    var screenLines: [Int]
    var screenHeights: [Double]

    init(_ notepad: NotepadSession) {
        screenLines = notepad.screens.map(\.lineCount)
        screenHeights = notepad.screens.map(\.laidOut.contentHeight)
        rowHeights = notepad.list.rows.map(\.height)
        headlineSize = notepad.list.headline.pointSize
        contentHeight = notepad.list.contentHeight
        editorLines = notepad.editors.map { $0.layoutManager.numberOfLines }
        editorHeights = notepad.editors.map(\.contentHeight)
        editorRuns = notepad.editors.map { editor in
            editor.textStorage.storage.attributeRuns().map { "\($0.range.location)+\($0.range.length)@\($0.attributes.resolvedFont?.pointSize ?? 0)" }
        }
        indicatorRadii = notepad.editors.map(\.timeIndicator.radius)
        indicatorCenters = notepad.editors.map(\.timeIndicator.center)
    }
}
