import ArgumentParser
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import TextStack

/// `dyntype switch <from> <to>`: a user changing the text size while the notepad is open.
struct SwitchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Simulate a text-size change in the running notepad and report what changed, what broke, and from which category on.",
        discussion: """
            Builds the notepad (notes list + an editor per note) at <from>, posts the change to <to>
            through the change hub, and reports every observer in delivery order with timings, the
            fonts per style before → after, the list's row heights, each note's layout and time
            indicator; then compares the result with a fresh build at <to> (stale-state check) and
            lists findings with severities. --sweep walks every category instead and prints where each
            finding first appears. Ends with "N passed, N failed"; --fail-on sets the exit code for CI.
            """)

    @Argument(help: "Category before the switch (e.g. large).")
    var from: String?

    @Argument(help: "Category after the switch (e.g. accessibility3).")
    var to: String?

    @Argument(help: "Note folders or files (default: the bundled sample notes).")
    var notes: [String] = []

    @Flag(name: [.long, .customLong("all")], help: "Walk every category in order and report where each finding first appears.")
    var sweep = false

    @Option(name: .long, help: "Type-ramp profile.")
    var profile: String = "ios"

    @Option(name: .long, help: "Device: iphone-se, iphone-15, iphone-15-pro-max, ipad.")
    var device: String?

    @Option(name: .long, help: "Width in points (overrides the device's).")
    var width: Double?

    @Flag(name: .long, help: "Bold Text on (before and after).")
    var boldText = false

    @Option(name: .long, help: "Row heights: seed or selfSizing.")
    var rowHeights: String = "seed"

    @Option(name: .long, help: "Open only these notes in editors (1-based indices, comma-separated); default: all.")
    var open: String?

    @Option(name: .long, help: "Output format: text, json or markdown.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Exit 1 when a finding at or above this severity exists: warning or error.")
    var failOn: String?

    @OptionGroup var inputLimit: InputLimitOptions

    func run() throws {
        try runReportingErrors {
            let profile = try TypeRampProfile.named(profile)
            guard let rule = RowHeightRule(rawValue: rowHeights) else {
                throw CommandError(code: SysExit.usage, message: "invalid --row-heights '\(rowHeights)': use seed or selfSizing")
            }
            var failSeverity: Finding.Severity?
            if let failOn {
                guard let severity = Finding.Severity(rawValue: failOn), severity != .info else {
                    throw CommandError(code: SysExit.usage, message: "invalid --fail-on '\(failOn)': use warning or error")
                }
                failSeverity = severity
            }
            let device = try resolveDevice(named: self.device, width: width)
            // With --sweep the positional arguments are all notes.
            var notePaths = notes
            var fromCategory = ContentSizeCategory.large, toCategory = ContentSizeCategory.accessibility3
            if sweep {
                notePaths = [from, to].compactMap { $0 } + notes
            } else {
                guard let from, let to else {
                    throw CommandError(
                        code: SysExit.usage, message: "give the categories to switch between, e.g. dyntype switch large accessibility3 (or --sweep)")
                }
                fromCategory = try ContentSizeCategory(parsing: from)
                toCategory = try ContentSizeCategory(parsing: to)
                for category in [fromCategory, toCategory] where !profile.supports(category) {
                    throw ProfileError.unsupportedCategory(
                        profile: profile.name, category: category.name, available: profile.categories.map(\.category.name))
                }
            }
            let (loadedNotes, issues) = try NoteInput.load(notePaths, limit: try inputLimit.limit())
            NoteInput.warn(issues)
            guard !loadedNotes.isEmpty else {
                throw CommandError(code: NoteInput.exitCode(for: issues) ?? SysExit.noInput, message: "no notes to load")
            }
            let resolver = try FontResolver.shared()
            let legibility: LegibilityWeight = boldText ? .bold : .regular
            let environment = ReportEnvironment(resolver: resolver, fonts: [])
            var openNotes: [Int]?
            if let open {
                openNotes = try open.split(separator: ",").map { text in
                    guard let index = Int(text.trimmingCharacters(in: .whitespaces)), index >= 1, index <= loadedNotes.count else {
                        throw CommandError(
                            code: SysExit.usage, message: "invalid --open '\(text)': give note numbers 1…\(loadedNotes.count)")
                    }
                    return index - 1
                }
            }
            let context = SwitchContext(
                notes: loadedNotes, openNotes: openNotes, profile: profile, device: device, rule: rule, legibility: legibility,
                resolver: resolver)
            let report: SwitchReport
            if sweep {
                report = try context.sweep(environment: environment)
            } else {
                report = try context.switchOnce(from: fromCategory, to: toCategory, environment: environment)
            }
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text(markdown: false))
            case .markdown: StandardOutput.write(report.text(markdown: true))
            }
            if let failSeverity, report.findings.contains(where: { $0.severity >= failSeverity }) {
                throw ExitCode(SysExit.findings)
            }
            if let code = NoteInput.exitCode(for: issues) { throw ExitCode(code) }
        }
    }
}

/// Everything needed to build the notepad and run a switch or a sweep.
struct SwitchContext {
    let notes: [Note]
    let openNotes: [Int]?
    let profile: TypeRampProfile
    let device: Device
    let rule: RowHeightRule
    let legibility: LegibilityWeight
    let resolver: FontResolver

    var viewSize: Size { Size(width: device.width, height: device.height) }

    func build(_ category: ContentSizeCategory, listRecomputes: Bool = true) throws -> Notepad {
        try Notepad(
            notes: notes, viewSize: viewSize, setting: TextSizeSetting(category: category, legibilityWeight: legibility),
            profile: profile, rule: rule, resolver: resolver, listRecomputesOnChange: listRecomputes, openNotes: openNotes)
    }

    /// Findings of the views at their current setting, plus legibility checks.
    func findings(_ notepad: Notepad) -> [Finding] {
        var result = FindingsDetector.findings(in: notepad.list)
        for editor in notepad.editors {
            result += FindingsDetector.findings(in: editor)
            result += LegibilityChecks.minimumSize(in: editor, profile: profile)
            result += LegibilityChecks.contrast(in: editor)
        }
        return result
    }

    func switchOnce(from: ContentSizeCategory, to: ContentSizeCategory, environment: ReportEnvironment) throws -> SwitchReport {
        let clock = ContinuousClock()
        let notepad = try build(from)
        let before = ViewSnapshot(notepad)
        let fontsBefore = try styleFonts(at: from)
        let switchStart = clock.now
        let deliveries = notepad.switchTo(TextSizeSetting(category: to, legibilityWeight: legibility))
        // Layout is lazy (as in TextKit): the relayout the views need happens on first display.
        for editor in notepad.editors { editor.layoutManager.ensureLayout() }
        let switchSeconds = (clock.now - switchStart).seconds
        let after = ViewSnapshot(notepad)
        let freshStart = clock.now
        let fresh = try build(to)
        for editor in fresh.editors { editor.layoutManager.ensureLayout() }
        let freshSeconds = (clock.now - freshStart).seconds
        var findings = StaleStateCheck.compare(notepad, with: fresh)
        // A row whose height did not change although its title's font did.
        if before.headlineSize != after.headlineSize {
            for (index, (old, new)) in zip(before.rowHeights, after.rowHeights).enumerated() where old == new {
                findings.append(
                    Finding(
                        kind: .rowNotResized, severity: .error, element: "list row \(index)", category: to,
                        message: "row height stayed \(PointFormat.string(old)) pt although the headline went from \(PointFormat.string(before.headlineSize)) to \(PointFormat.string(after.headlineSize)) pt"))
            }
        }
        for delivery in deliveries where delivery.error != nil {
            findings.append(
                Finding(
                    kind: .staleState, severity: .error, element: delivery.name, category: to,
                    message: "observer failed: \(delivery.error!)"))
        }
        findings += self.findings(notepad)
        return SwitchReport(
            context: self, from: from, to: to, environment: environment, fonts: zip(fontsBefore, try styleFonts(at: to)).map {
                SwitchReport.FontChange(style: $0.0.style, before: $0.0, after: $0.1)
            },
            observers: deliveries.enumerated().map { index, delivery in
                SwitchReport.Observer(order: index + 1, delivery: delivery, before: before, after: after, notepad: notepad)
            },
            switchSeconds: switchSeconds, freshBuildSeconds: freshSeconds, findings: findings, sweep: nil)
    }

    func sweep(environment: ReportEnvironment) throws -> SwitchReport {
        let categories = profile.categories.map(\.category)
        let notepad = try build(categories[0])
        var first: [String: SwitchReport.FirstAppearance] = [:]
        var order: [String] = []
        var all: [Finding] = []
        for (index, category) in categories.enumerated() {
            if index > 0 { notepad.switchTo(TextSizeSetting(category: category, legibilityWeight: legibility)) }
            let found = findings(notepad).filter { $0.kind != .belowFold }
            all += found
            for finding in found {
                let key = "\(finding.element)|\(finding.kind.rawValue)|\(finding.severity.rawValue)"
                if first[key] == nil {
                    first[key] = SwitchReport.FirstAppearance(
                        element: finding.element, kind: finding.kind.rawValue, severity: finding.severity.rawValue,
                        category: category.name, message: finding.message)
                    order.append(key)
                }
            }
        }
        var growth: [SwitchReport.Growth] = []
        for style in profile.styles {
            guard profile.supports(.large) else { break }
            let base = try profile.metrics(for: style, category: .large).size
            var reaches: String?
            var maxRatio = 0.0
            for category in categories {
                let ratio = try profile.metrics(for: style, category: category).size / base
                maxRatio = max(maxRatio, ratio)
                if reaches == nil && ratio >= 2 - 1e-9 { reaches = category.name }
            }
            growth.append(
                SwitchReport.Growth(style: style.name, sizeAtLarge: base, maxRatio: (maxRatio * 100).rounded() / 100, reaches200PercentAt: reaches))
        }
        let firstList = order.map { first[$0]! }
        return SwitchReport(
            context: self, from: categories[0], to: categories[categories.count - 1], environment: environment, fonts: [],
            observers: [], switchSeconds: 0, freshBuildSeconds: 0,
            findings: firstList.compactMap { entry in all.first { "\($0.element)|\($0.kind.rawValue)|\($0.severity.rawValue)" == "\(entry.element)|\(entry.kind)|\(entry.severity)" } },
            sweep: SwitchReport.Sweep(categories: categories.map(\.name), firstAppearances: firstList, growth: growth))
    }

    /// Every style's font at `category` (what `preferredFont(forTextStyle:)` gives).
    func styleFonts(at category: ContentSizeCategory) throws -> [SwitchReport.StyleFont] {
        try profile.styles.map { style in
            let descriptor = try FontDescriptor.preferred(for: style, category: category, legibilityWeight: legibility, profile: profile)
            let font = try resolver.resolve(descriptor)
            return SwitchReport.StyleFont(
                style: style.name, size: descriptor.size, leading: descriptor.leading ?? font.lineHeight, family: font.familyName,
                file: (font.filePath as NSString).lastPathComponent)
        }
    }
}

/// What the views looked like at one moment (for before → after columns).
struct ViewSnapshot {
    var rowHeights: [Double]
    var headlineSize: Double
    var contentHeight: Double
    var editorLines: [Int]
    var editorHeights: [Double]
    var editorRuns: [[String]]
    var indicatorRadii: [Double]
    var indicatorCenters: [Point]

    init(_ notepad: Notepad) {
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
