import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
import DynamicTypeViewSources
import FontSystem
import Foundation
import Rendering
import TextStack

/// The inputs and rendering options of every command that draws views — `preview`, `switch`,
/// `snapshot record|verify` and `serve` — declared once, so they read and behave the same; their
/// values go to the library as a ``ViewInputSelection``: the common ones as values, the options of
/// one source (the notepad's columns, rules, figures…) by name, for its reader to check and use.
struct ViewInputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Note folders or files (UTF-8 text), screen files (*.screen.json|yaml) and SwiftUI sources (.swift files, folders); a folder may hold all (default: the bundled sample notes).",
            valueName: "notes-and-screens"),
        completion: .file())
    var inputs: [String] = []

    @Option(name: .customLong("notes"), help: ArgumentHelp("The same as a positional note folder or file.", visibility: .hidden))
    var notesOption: [String] = []

    @Option(name: .long, help: "Type-ramp profile: a bundled one or a JSON file.", completion: .list(TypeRampProfile.bundledNames))
    var profile: String = "ios"

    @Option(name: .long, help: "Device; its width and height (default: iphone-15 for preview and switch, iphone-se for snapshots).")
    var device: DeviceName?

    @Option(name: .long, parsing: .unconditional, help: "Width in points, 100…4000 (overrides the device's).")
    var width: Double?

    @Option(name: .long, help: "How the device is held: portrait or landscape (width and height swap; keyboard and safe area follow).")
    var orientation: DeviceOrientation = .portrait

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show the keyboard: device (its height for the device and orientation; also a bare --keyboard) or a height in points.",
            valueName: "device|pt"))
    var keyboard: String?

    @Option(name: .long, parsing: .unconditional, help: "Lay each note out in N columns side by side (2…12), one text container each.")
    var columns: Int?

    @Flag(name: .long, help: "Lay each note out in pages of the view's size, drawn side by side.")
    var pages = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Place a PNG in every editor, text flowing around its opaque pixels (seed 004): file.png, or file.png@x,y[,width] in points (default @16,120,140).",
            valueName: "file.png[@x,y[,width]]"),
        completion: .file(extensions: ["png"]))
    var figure: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A shape every editor's text flows around, in points: rect:x,y,w,h, ellipse:x,y,w,h or polygon:x,y;x,y;x,y (repeatable).",
            valueName: "shape"))
    var exclusion: [String] = []

    @Flag(name: .long, help: "Simulate the Bold Text setting.")
    var boldText = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Fonts: system (fontconfig's, the default), hermetic (only the snapshot font set, as dyntype snapshot, which always uses it, draws), or a design-token map for SwiftUI sources (map.yml: theme.fonts.body → a style or font; colours too). Repeatable.",
            valueName: "system|hermetic|map.yml"),
        completion: .file(extensions: ["yml", "yaml"]))
    var fonts: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Sample texts for SwiftUI text the source does not give (Text(item.title)): a YAML map under samples: by expression, Type.property or property name (docs/swiftui.md). Repeatable.",
            valueName: "map.yml"),
        completion: .file(extensions: ["yml", "yaml"]))
    var samples: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Third-party SwiftUI views as what they draw: a YAML map under views: of type names to Text, Image, opaque or transparent (docs/swiftui.md). Repeatable.",
            valueName: "map.yml"),
        completion: .file(extensions: ["yml", "yaml"]))
    var views: [String] = []

    @Option(name: .long, help: "List row heights: seed (a \"test\" label × 1.7) or selfSizing.")
    var rowHeights: RowHeightsValue = .seed

    @Option(
        name: .long, help: ArgumentHelp("Highlight rules for the editors: a JSON rule file (default: the seeds' rules).", valueName: "file.json"),
        completion: .file(extensions: ["json"]))
    var rules: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Strings for screens' keys: .xcstrings, .strings or .stringsdict (repeatable; locales of .strings from their <locale>.lproj folder).",
            valueName: "file"),
        completion: .file(extensions: ["xcstrings", "strings", "stringsdict"]))
    var strings: [String] = []

    @Option(
        name: .long,
        help: "Locales to check screens in: a comma list (de,ja), or all (default: all the strings files have; without --strings, none).")
    var locales: String?

    @Flag(name: .long, help: "Also check screens in a pseudo-locale: accented, about 40 % longer, bracketed.")
    var pseudo = false

    @Flag(
        name: .long,
        help:
            "Calibrate Interface Builder files: lay each view out on its design device with content sizes from Xcode's recorded frames, and print per file how many views land within 0.5 pt of them.")
    var recordedSizes = false

    @OptionGroup var inputLimit: InputLimitOptions

    /// Every note path given, positional first.
    var notePaths: [String] { inputs + notesOption }

    /// The options as the library's selection (the input limit checked: exit 64 for a bad one).
    func selection() throws -> ViewInputSelection {
        var selection = ViewInputSelection()
        selection.paths = notePaths
        selection.profile = profile
        selection.device = device?.rawValue
        selection.width = width
        selection.orientation = orientation
        selection.keyboard = keyboard
        selection.boldText = boldText
        try selection.chooseFonts(fonts)
        selection.sampleMaps = samples
        selection.viewMaps = views
        selection.strings = strings
        selection.discoverStrings(registry: .standard)
        selection.locales = locales
        selection.pseudo = pseudo
        selection.limit = try inputLimit.limit()
        selection.sourceOptions = sourceOptions
        return selection
    }

    /// The options of single sources, by name, for their readers (the notepad's).
    var sourceOptions: [String: [String]] {
        var options: [String: [String]] = ["row-heights": [rowHeights.rawValue], "figure": figure, "exclusion": exclusion]
        if let columns { options["columns"] = [String(columns)] }
        if pages { options["pages"] = ["true"] }
        if let rules { options["rules"] = [rules] }
        if recordedSizes { options["recorded-sizes"] = ["true"] }
        return options
    }

    /// The usage checks that need no file: the input limit, the device and width, the keyboard
    /// against the device, and the editor layout (exit 64 before anything is read).
    func validate() throws {
        try runReportingErrors {
            let selection = try selection()
            _ = try selection.keyboardSetting(try selection.resolvedDevice())
            try selection.validateSourceOptions(registry: .standard)
        }
    }

    /// The views of the inputs, read with `settings`, `strings` in `locales` and a command's own
    /// source options (`switch --open`); problems warned on stderr.
    func readViews(settings: AuditSettings, strings: StringTable, locales: [String?], extra: [String: [String]] = [:]) throws -> ViewReading {
        var selection = try selection()
        selection.sourceOptions.merge(extra) { $1 }
        return try selection.readViews(registry: .standard, settings: settings, strings: strings, locales: locales, warn: Diagnostics.warning)
    }

    /// The `--strings` files as one table.
    func stringTable() throws -> StringTable { try selection().stringTable(warn: Diagnostics.warning) }

    /// The locales screens are checked in (warnings on stderr).
    func screenLocales(_ table: StringTable) throws -> [String?] { try selection().screenLocales(table, warn: Diagnostics.warning) }

    /// The audit settings these options describe.
    func settings(checksGrowth: Bool = false, defaultDevice: String? = nil) throws -> AuditSettings {
        try selection().settings(checksGrowth: checksGrowth, defaultDevice: defaultDevice)
    }

    /// The files and folders an output must never touch (the inputs and every file `reading` read).
    func protectedInputs(_ reading: ViewReading) throws -> [OutputSafety.Input] {
        try selection().protectedInputs(reading)
    }

    /// Every file the run reads — notes, screens and the files they name, Swift sources, token maps,
    /// the profile, rules, figures, strings — which `--sarif` and `--write-baseline` may not name (issue 32).
    func filesRead(_ reading: ViewReading) throws -> [String] {
        try protectedInputs(reading).map(\.path)
    }
}

/// `--row-heights`' values, for the help and ArgumentParser's check; the notepad's reader reads them.
enum RowHeightsValue: String, ExpressibleByArgument, CaseIterable {
    case seed, selfSizing
}

/// `--categories` of the commands that render every category by default.
struct CategoriesOption: ParsableArguments {
    @Option(
        name: [.long, .customLong("category")],
        help: "Categories: names (large, AX3, extraLarge…), a range (large...accessibility2), all, standard, accessibility, or a comma list.")
    var categories: String = "all"

    /// The categories, checked against what `profile` offers.
    func selected(in profile: TypeRampProfile) throws -> [ContentSizeCategory] { try OptionValues.categories(categories, in: profile) }
}

/// `--scale`: pixels per point of the PNGs.
struct ScaleOption: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Pixel scale of the PNGs: 1, 2 or 3 (default: 2 for preview, 1 for snapshots).")
    var scale: Double?

    /// The scale, or `fallback` when not given.
    func value(default fallback: Double) throws -> Double { try OptionValues.scale(scale ?? fallback) }

    /// A given scale that is not 1, 2 or 3 is a usage error (64) before anything runs.
    func validate() throws {
        try runReportingErrors { _ = try scale.map(OptionValues.scale) }
    }
}

/// `--fail-on`, `--baseline`, `--write-baseline`, `--sarif`, `--junit`, `--gitlab-code-quality`,
/// `--checkstyle`: what preview, switch, snapshot and
/// strings do with their findings in CI (``FindingsGate``). Without `--fail-on`, findings never fail a run.
struct FindingsOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Exit 1 on findings at or above a severity, or of kinds, optionally from a category on: error, truncated,clipped, truncated@accessibility1...; add known-text to leave out findings on sample text (repeatable).",
            valueName: "rule"))
    var failOn: [String] = []

    @Option(name: .long, help: ArgumentHelp("Fail only on findings not in this baseline (view, kind, element, category, locale).", valueName: "file"))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp("Write every finding of the run to this baseline file (that run does not fail on them).", valueName: "file"))
    var writeBaseline: String?

    @Option(name: .long, help: ArgumentHelp("Write the findings as SARIF 2.1.0 (for code scanning) to this file.", valueName: "file"))
    var sarif: String?

    @Option(name: .long, help: ArgumentHelp("Write the findings as JUnit XML (CI test reports) to this file.", valueName: "file"))
    var junit: String?

    @Option(name: .long, help: ArgumentHelp("Write the findings as GitLab Code Quality JSON to this file.", valueName: "file"))
    var gitlabCodeQuality: String?

    @Option(name: .long, help: ArgumentHelp("Write the findings as Checkstyle XML to this file.", valueName: "file"))
    var checkstyle: String?

    /// A bad `--fail-on` is a usage error (64) before anything runs.
    /// Also refuses `--sarif` and `--write-baseline` on one file before any work is done.
    func validate() throws { try runReportingErrors { try gate().checkOutputs() } }

    /// The gate of these options; `protecting` are the run's inputs, never written.
    func gate(protecting: [String] = []) throws -> FindingsGate {
        var gate = FindingsGate()
        do { gate.failPolicy = try FailPolicy(parsing: failOn) } catch { throw CommandError(code: SysExit.usage, message: error.description) }
        (gate.baselinePath, gate.writeBaselinePath, gate.sarifPath, gate.protectedPaths) = (baseline, writeBaseline, sarif, protecting)
        (gate.junitPath, gate.gitlabPath, gate.checkstylePath) = (junit, gitlabCodeQuality, checkstyle)
        return gate
    }

    /// Ends a run on `findings`: baseline, SARIF, annotations and summary, then exit 1 with one
    /// line per reason when the findings fail it.
    func finish(
        _ findings: [Finding], sources: [any ViewSource], summary: StepSummary?, protecting: [String] = [], sharded: Bool = false
    ) throws {
        try finish(findings, locate: sources.findingLocator(), summary: summary, protecting: protecting, sharded: sharded)
    }

    /// ``finish(_:sources:summary:protecting:sharded:)`` with findings located by `locate`.
    func finish(
        _ findings: [Finding], locate: (Finding) -> FindingLocation?, summary: StepSummary?, protecting: [String] = [], sharded: Bool = false
    ) throws {
        var gate = try gate(protecting: protecting)
        gate.reportsStaleEntries = !sharded
        let environment = ProcessInfo.processInfo.environment
        let verdict = try gate.finish(findings, locate: locate, summary: summary, environment: environment, root: FindingsGate.root(environment))
        verdict.notes.forEach(Diagnostics.note)
        verdict.warnings.forEach(Diagnostics.warning)
        FileHandle.standardError.write(Data(verdict.annotations.utf8))
        verdict.reasons.forEach(Diagnostics.note)
        if verdict.failed { throw ExitCode(SysExit.findings) }
    }
}

/// A bundled device, by id.
struct DeviceName: ExpressibleByArgument, RawRepresentable {
    let rawValue: String

    init?(rawValue: String) {
        guard DeviceCatalog.bundled.device(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    init?(argument: String) { self.init(rawValue: argument) }

    static var allValueStrings: [String] { DeviceCatalog.bundled.devices.map(\.id) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

extension DeviceOrientation: ExpressibleByArgument {}

/// `--format` of the commands that print text or JSON only.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension ViewInputOptions {
    /// Where fonts come from (`--fonts`): fontconfig's configuration, or only the snapshot font
    /// set plus the stand-ins of the families the views name (`HermeticFontSet`), so images match
    /// snapshot references byte for byte. A missing font of the set is exit 69, naming the package.
    func resolver(for sources: [any ViewSource]) throws -> FontResolver {
        let selection = try selection()
        guard selection.hermeticFonts else { return try FontResolver.shared() }
        var families: [String] = []
        for family in sources.flatMap(\.fontFamilies) where !families.contains(family) { families.append(family) }
        do {
            return try HermeticFontSet.project.includingStandIns(for: families, resolvedBy: .shared()).resolver()
        } catch {
            throw CommandError(code: SysExit.unavailable, message: "\(error)")
        }
    }
}
