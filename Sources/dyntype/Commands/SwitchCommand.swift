import ArgumentParser
import DynamicTypeAudit
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
            let settings = AuditSettings(
                profile: profile, device: device, legibility: boldText ? .bold : .regular, rule: rule, openNotes: openNotes)
            let audit = SizeSwitchAudit(notes: loadedNotes, settings: settings, resolver: resolver)
            let report = sweep ? try audit.sweep() : try audit.run(from: fromCategory, to: toCategory)
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

