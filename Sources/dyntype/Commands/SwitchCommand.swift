import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype switch <from> <to>`: a user changing the text size while the notepad is open.
struct SwitchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Simulate a text-size change in the running notepad and report what changed, what broke, and from which category on.",
        discussion: """
            Builds the notepad (notes list + an editor per note) at <from>, posts the change to <to> \
            through the change hub, and reports every observer in delivery order with timings, the \
            fonts per style before → after, the list's row heights, each note's layout and time \
            indicator; then compares the result with a fresh build at <to> (stale-state check) and \
            lists findings with severities. --sweep walks every category instead and prints where each \
            finding first appears. Ends with "N passed, N failed"; --fail-on sets the exit code for CI.
            """)

    @Argument(help: "Category before the switch (e.g. large).")
    var from: String?

    @Argument(help: "Category after the switch (e.g. accessibility3).")
    var to: String?

    @Flag(name: [.long, .customLong("all")], help: "Walk every category in order and report where each finding first appears.")
    var sweep = false

    @Option(name: .long, help: "Open only these notes in editors (numbers from 1, comma-separated; default: all).")
    var open: String?

    @Option(
        name: .long,
        help: "After the size change, rotate the device to this orientation (views are told as on viewWillTransitionToSize:).")
    var rotateTo: DeviceOrientation?

    @Flag(name: .long, help: "Report text styles that never grow to 200 % of their size at large (WCAG 1.4.4) as findings.")
    var growth = false

    @Option(name: .long, help: "Output format: text, json, markdown, or junit (one test case per view × category, for CI).")
    var format: Format = .text

    /// `switch`'s formats: the shared ones and JUnit XML.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown, junit
    }

    @OptionGroup var findingsOptions: FindingsOptions

    @OptionGroup var shardOption: ShardOption

    @OptionGroup var options: ViewInputOptions

    /// Two categories unless `--sweep`; `--shard` only with `--sweep`, `--rotate-to` only without (64).
    func validate() throws {
        try runReportingErrors {
            if !sweep, from == nil || to == nil {
                throw CommandError(
                    code: SysExit.usage, message: "give the categories to switch between, e.g. dyntype switch large accessibility3 (or --sweep)")
            }
            if shardOption.shard != nil, !sweep {
                throw CommandError(code: SysExit.usage, message: "--shard splits a --sweep; a switch between two categories is one run")
            }
            if sweep, rotateTo != nil {
                throw CommandError(code: SysExit.usage, message: "--rotate-to applies to a switch between two categories, not to --sweep")
            }
        }
    }

    // Where a view's image at this scale would be cut is a finding, as in preview.
    @OptionGroup var scaleOption: ScaleOption

    func run() throws {
        try runReportingErrors {
            let profile = try TypeRampProfile.named(options.profile)
            // With --sweep the positional arguments are all notes.
            var notePaths = options.notePaths
            var fromCategory = ContentSizeCategory.large, toCategory = ContentSizeCategory.accessibility3
            if sweep {
                notePaths = [from, to].compactMap { $0 } + notePaths
            } else {
                guard let from, let to else { return }  // validate() requires both
                fromCategory = try ContentSizeCategory(parsing: from)
                toCategory = try ContentSizeCategory(parsing: to)
                for category in [fromCategory, toCategory] where !profile.supports(category) {
                    throw ProfileError.unsupportedCategory(
                        profile: profile.name, category: category.name, available: profile.categories.map(\.category.name))
                }
            }
            var options = self.options
            options.inputs = notePaths
            options.notesOption = []
            let settings = try options.settings(checksGrowth: growth)
            let strings = try options.stringTable()
            let locales = try options.screenLocales(strings)
            let reading = try options.readViews(settings: settings, strings: strings, locales: locales, extra: open.map { ["open": [$0]] } ?? [:])
            let audit = SizeSwitchAudit(
                sources: reading.sources, settings: settings, resolver: try options.resolver(for: reading.sources),
                scale: try scaleOption.value(default: 2))
            let shard = try shardOption.value()
            let report = sweep ? try audit.sweep(shard: shard) : try audit.run(from: fromCategory, to: toCategory, rotateTo: rotateTo)
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text(markdown: false))
            case .markdown: StandardOutput.write(report.text(markdown: true))
            case .junit: StandardOutput.write(report.junit.xml)
            }
            let summary = StepSummary(
                command: sweep ? "dyntype switch --sweep" : "dyntype switch \(fromCategory.name) \(toCategory.name)",
                categories: sweep ? profile.categories.map(\.category) : [fromCategory, toCategory], findings: report.findings)
            try findingsOptions.finish(
                report.findings, sources: audit.sources, summary: summary, protecting: options.filesRead(reading), sharded: shard != nil)
            if let code = SysExit.code(for: reading.problems) { throw ExitCode(code) }
        }
    }
}

