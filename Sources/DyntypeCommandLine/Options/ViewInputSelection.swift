import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Rendering
import TextStack

/// The inputs and rendering options of every command that draws views — `preview`, `switch`,
/// `snapshot record|verify` and `serve` — as values: what to load (inputs, strings) and the
/// ``AuditSettings`` every view is drawn with, whatever its source. The options of one source's
/// views are passed by name to the readers (``sourceOptions``), which read them; the paths are
/// read by a ``ViewSourceRegistry``. The CLI's `ViewInputOptions` fills it.
package struct ViewInputSelection: Sendable {
    /// Inputs — files and folders any reader reads — in order (empty: the readers' defaults, the
    /// bundled sample notes).
    package var paths: [String] = []
    /// Options of single sources by name (`columns` → `["3"]`), as ``ViewReadContext/options``.
    package var sourceOptions: [String: [String]] = [:]
    /// Type-ramp profile: a bundled name or a JSON file.
    package var profile = "ios"
    /// A bundled device id (nil: the caller's default).
    package var device: String?
    /// Width in points, 100…4000, overriding the device's.
    package var width: Double?
    /// How the device is held.
    package var orientation: DeviceOrientation = .portrait
    /// `device`, or a keyboard height in points (nil: no keyboard).
    package var keyboard: String?
    /// The Bold Text setting.
    package var boldText = false
    /// Draw with the hermetic snapshot font set instead of fontconfig's configuration.
    package var hermeticFonts = false
    /// Design-token maps for SwiftUI sources (`--fonts map.yml`): `theme.fonts.body` → a style or
    /// font, colours likewise; read with the `*.fonts.yml` files among the inputs.
    package var tokenMaps: [String] = []
    /// Sample texts for SwiftUI text the source does not give (`--samples map.yml`, a token map's `samples:`).
    package var sampleMaps: [String] = []
    /// Third-party SwiftUI views mapped to what they draw (`--views map.yml`, a token map's `views:`).
    package var viewMaps: [String] = []
    /// Strings files for screens' keys.
    package var strings: [String] = []
    /// The strings files found for the inputs (a SwiftUI app's String Catalogs and `.lproj`
    /// strings in its folders, an Interface Builder file's `<lang>.lproj/<name>.strings`,
    /// ``discoverStrings(registry:)``), used when ``strings`` is empty. Unlike
    /// `--strings`, they do not make every locale they hold checked: `--locales` chooses.
    package var discoveredStrings: [String] = []
    /// `--locales`: a comma list or `all`.
    package var locales: String?
    /// Also the pseudo-locale.
    package var pseudo = false
    /// The largest input file read.
    package var limit = InputSizeLimit(bytes: InputSizeLimit.defaultBytes, howToRaise: "")

    /// An empty selection: the sample notes on the default device.
    package init() {}

    /// Sets ``hermeticFonts`` and ``tokenMaps`` from `--fonts` values: `system`, `hermetic`, or a
    /// token map's path (`.yml`/`.yaml`), repeatable.
    ///
    /// - Throws: ``CommandError`` (64) for another value, or both `system` and `hermetic`.
    package mutating func chooseFonts(_ values: [String]) throws {
        let sets = Set(values.filter { $0 == "system" || $0 == "hermetic" })
        guard sets.count < 2 else { throw CommandError(code: SysExit.usage, message: "give --fonts system or --fonts hermetic, not both") }
        for value in values where !sets.contains(value) {
            let lower = value.lowercased()
            guard lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") else {
                throw CommandError(
                    code: SysExit.usage,
                    message: "invalid --fonts '\(value)': give system, hermetic, or a design-token map for SwiftUI sources (a .yml file; docs/swiftui.md)")
            }
        }
        hermeticFonts = sets.contains("hermetic")
        tokenMaps = values.filter { !sets.contains($0) }
    }

    /// The context readers read `paths` with: these options (token maps as `fonts`), `settings`,
    /// `strings` in `locales`.
    package func readContext(settings: AuditSettings, strings: StringTable = StringTable(), locales: [String?] = [nil]) -> ViewReadContext {
        var options = sourceOptions
        if !tokenMaps.isEmpty { options["fonts"] = tokenMaps }
        if !sampleMaps.isEmpty { options["samples"] = sampleMaps }
        if !viewMaps.isEmpty { options["views"] = viewMaps }
        var context = ViewReadContext(paths: paths, locales: locales, strings: strings, settings: settings, options: options)
        context.limit = limit
        return context
    }

    /// Every reader's checks of its own options (usage errors, 64) before anything is read.
    package func validateSourceOptions(registry: ViewSourceRegistry) throws {
        do {
            try registry.validate(readContext(settings: AuditSettings()))
        } catch {
            throw CommandError(code: SysExit.code(for: error.kind), message: error.description)
        }
    }

    /// The views of ``paths`` as `registry` reads them with `settings`, `strings` in `locales`;
    /// each problem also passed to `warn`.
    ///
    /// - Throws: ``CommandError``: the code of a reader's failure (``SysExit/code(for:)``); 66 (or
    ///   the problems' code) when there is no view at all; 64 for `--strings` without screens (the
    ///   sample notes would be checked while the strings were never read).
    package func readViews(
        registry: ViewSourceRegistry, settings: AuditSettings, strings: StringTable, locales: [String?], warn: (String) -> Void
    ) throws -> ViewReading {
        let reading: ViewReading
        do {
            reading = try registry.read(readContext(settings: settings, strings: strings, locales: locales))
        } catch {
            throw CommandError(code: SysExit.code(for: error.kind), message: error.description)
        }
        for problem in reading.problems { warn(problem.description) }
        guard !reading.views.isEmpty else {
            guard !reading.problems.isEmpty else { throw CommandError(code: SysExit.noInput, message: "no notes or screens to load") }
            // Every input was left out: the exit says why (a file that does not parse is invalid input, 65).
            let code =
                SysExit.code(for: reading.problems)
                ?? (reading.problems.contains { $0.kind == .syntax } ? SysExit.dataError : SysExit.noInput)
            throw CommandError(code: code, message: "no views to lay out: every input was left out (the warnings above say why and how to fix it)")
        }
        if !self.strings.isEmpty && !reading.sources.contains(where: { $0 is ScreenSource && !$0.views.isEmpty }) {
            let given = paths.isEmpty ? "no inputs are given, so the sample notes would be checked" : "the inputs hold no screens"
            throw CommandError(
                code: SysExit.usage,
                message: "--strings gives texts to screens, but \(given); give screen files (*.screen.json|yaml), SwiftUI sources or folders holding them")
        }
        return reading
    }

    /// The files and folders an output must never touch: these inputs, the profile, the strings
    /// and token maps, and every file `reading` read.
    package func protectedInputs(_ reading: ViewReading) -> [OutputSafety.Input] {
        OutputSafety.inputs(paths) + OutputSafety.profile(profile)
            + reading.readFiles.map { OutputSafety.Input(role: "input file", path: $0) }
            + strings.map { OutputSafety.Input(role: "--strings file", path: $0) }
            + discoveredStrings.map { OutputSafety.Input(role: "strings file", path: $0) }
            + tokenMaps.map { OutputSafety.Input(role: "--fonts token map", path: $0) }
            + sampleMaps.map { OutputSafety.Input(role: "--samples map", path: $0) }
            + viewMaps.map { OutputSafety.Input(role: "--views map", path: $0) }
    }

    /// The strings files whose keys the run uses: `--strings`, else those found beside the inputs.
    package var stringsInUse: [String] { strings.isEmpty ? discoveredStrings : strings }

    /// Sets ``discoveredStrings`` from the input folders when no `--strings` is given.
    package mutating func discoverStrings(registry: ViewSourceRegistry) {
        discoveredStrings = strings.isEmpty ? registry.stringsFiles(in: paths) : []
    }

    /// The strings files as one table: `--strings`, else those found in the input folders (one
    /// that cannot be read is passed to `warn` and left out: the run goes on with the others).
    ///
    /// - Throws: ``CommandError``: 66 for a missing `--strings` file, 65 for one that does not parse.
    package func stringTable(warn: (String) -> Void = { _ in }) throws -> StringTable {
        if strings.isEmpty, !discoveredStrings.isEmpty {
            var usable: [String] = []
            for file in discoveredStrings {
                do {
                    _ = try StringTable.load(files: [file])
                    usable.append(file)
                } catch {
                    warn("\(error); its strings are not used")
                }
            }
            return (try? StringTable.load(files: usable)) ?? StringTable()
        }
        for path in strings where !FileManager.default.fileExists(atPath: path) {
            throw CommandError(code: SysExit.noInput, message: "strings file '\(path)' does not exist")
        }
        do {
            return try StringTable.load(files: strings)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(error)")
        }
    }

    /// The locales screens are checked in (`locales`, else every locale of the strings), with
    /// the exit code of where a bad locale name came from: 64 for `--locales`, 65 for a strings
    /// file (whose name and field the message gives). Locale names become output folders, so a
    /// name that is not a locale (`../../x`, `a/b`, markup) never reaches a path.
    package func screenLocales(_ table: StringTable, warn: (String) -> Void) throws -> [String?] {
        do {
            let (result, warnings) = try ScreenLocales.select(
                locales, table: table, stringsGiven: !strings.isEmpty, pseudo: pseudo, files: strings)
            for warning in warnings { warn(warning) }
            return result
        } catch {
            throw CommandError(code: error.source == .stringsFile ? SysExit.dataError : SysExit.usage, message: error.description)
        }
    }

    /// The device: `device` (else `defaultDevice`, else the catalog's default), `width`, turned to `orientation`.
    package func resolvedDevice(default defaultDevice: String? = nil) throws -> Device {
        try OptionValues.device(named: device ?? defaultDevice, width: width).oriented(orientation)
    }

    /// The audit settings these options describe (every view's).
    package func settings(checksGrowth: Bool = false, defaultDevice: String? = nil) throws -> AuditSettings {
        let device = try resolvedDevice(default: defaultDevice)
        return AuditSettings(
            profile: try TypeRampProfile.named(profile), device: device, legibility: boldText ? .bold : .regular,
            checksGrowth: checksGrowth, keyboard: try keyboardSetting(device))
    }

    /// `keyboard`: `device` or a height from 0 up to the device's height.
    ///
    /// - Throws: ``CommandError`` (64).
    package func keyboardSetting(_ device: Device) throws -> KeyboardSetting {
        guard let keyboard else { return .hidden }
        if keyboard == "device" {
            guard device.keyboardHeight > 0 else {
                throw CommandError(code: SysExit.usage, message: "--keyboard: \(device.id) has no keyboard height; give one in points (--keyboard 260)")
            }
            return .device
        }
        guard let points = Double(keyboard), points.isFinite, points >= 0, points < device.height else {
            throw CommandError(
                code: SysExit.usage,
                message: "invalid --keyboard '\(keyboard)': give device, or a height in points below the view's \(PointFormat.string(device.height)) pt")
        }
        return points == 0 ? .hidden : .height(points)
    }
}
