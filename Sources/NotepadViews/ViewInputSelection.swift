import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// The inputs and rendering options of every command that draws views — `preview`, `switch`,
/// `snapshot record|verify` and `serve` — as values: what to load (notes, screens, strings), the
/// `AuditSettings` every view is drawn with and the ``NotepadSettings`` of the notepad's views.
/// The CLI's `ViewInputOptions` fills it from its options.
package struct ViewInputSelection: Sendable {
    /// Note folders or files and screen files, in order (empty: the bundled sample notes).
    package var paths: [String] = []
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
    /// Editor columns, 2…12.
    package var columns: Int?
    /// Editors laid out in pages.
    package var pages = false
    /// PNGs placed in every editor.
    package var figures: [FigureOption] = []
    /// Shapes every editor's text flows around.
    package var exclusions: [ExclusionShape] = []
    /// The Bold Text setting.
    package var boldText = false
    /// Draw with the hermetic snapshot font set instead of fontconfig's configuration.
    package var hermeticFonts = false
    /// List row heights.
    package var rowHeights: RowHeightRule = .seed
    /// A highlight-rule file for the editors (nil: the seeds' rules).
    package var rules: String?
    /// Strings files for screens' keys.
    package var strings: [String] = []
    /// `--locales`: a comma list or `all`.
    package var locales: String?
    /// Also the pseudo-locale.
    package var pseudo = false
    /// The largest input file read.
    package var limit = InputSizeLimit(bytes: InputSizeLimit.defaultBytes, howToRaise: "")

    /// An empty selection: the sample notes on the default device.
    package init() {}

    /// The notes (or the samples), the screens, and what went wrong loading notes (each also
    /// passed to `warn`).
    ///
    /// - Throws: ``CommandError``: 66 (or the issues' code) when nothing could be loaded; 64 for
    ///   `--strings` without screens (the sample notes would be checked while the strings were never read).
    package func loadInputs(warn: (String) -> Void) throws -> (notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]) {
        let (notes, issues, screens) = try NoteInput.load(paths, limit: limit)
        for issue in issues { warn(issue.description) }
        guard !notes.isEmpty || !screens.isEmpty else {
            throw CommandError(code: NoteInput.exitCode(for: issues) ?? SysExit.noInput, message: "no notes or screens to load")
        }
        if !strings.isEmpty && screens.isEmpty {
            let given = paths.isEmpty ? "no inputs are given, so the sample notes would be checked" : "the inputs hold only notes"
            throw CommandError(
                code: SysExit.usage,
                message: "--strings gives texts to screens, but \(given); give screen files (*.screen.json|yaml) or folders holding them")
        }
        return (notes, issues, screens)
    }

    /// The strings files as one table.
    ///
    /// - Throws: ``CommandError``: 66 for a missing file, 65 for one that does not parse.
    package func stringTable() throws -> StringTable {
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

    /// The notepad's settings these options describe: row heights, highlight rules, editor layout,
    /// and figures placed on the device (`defaultDevice` as for ``settings(checksGrowth:defaultDevice:)``).
    package func notepadSettings(defaultDevice: String? = nil) throws -> NotepadSettings {
        let device = try resolvedDevice(default: defaultDevice)
        return NotepadSettings(
            rule: rowHeights, rules: try highlightRules(), editorLayout: try editorLayout(),
            figures: try figures.map { try $0.figure(on: device, limit: limit) }, exclusions: exclusions.map(\.path))
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

    /// `columns` / `pages`.
    ///
    /// - Throws: ``CommandError`` (64) for columns outside 2…12 or both given.
    package func editorLayout() throws -> EditorLayout {
        switch (columns, pages) {
        case (nil, false): return .scrolling
        case (nil, true): return .pages
        case (let count?, false):
            guard (2...12).contains(count) else {
                throw CommandError(code: SysExit.usage, message: "invalid --columns \(count): give 2…12 (1 is the ordinary scrolling editor)")
            }
            return .columns(count)
        case (_?, true):
            throw CommandError(code: SysExit.usage, message: "give --columns or --pages, not both")
        }
    }

    /// The rule file's rules, or the seeds'. Read through the one input reader: missing, a FIFO
    /// or a device is 66 (`describe`), a file that is not a rules file 65.
    package func highlightRules() throws -> HighlightRuleSet {
        guard let rules else { return .seeds }
        let data = try InputFile.read(atPath: rules, limit: limit)
        do {
            return try HighlightRuleSet(jsonData: data, origin: rules)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(error)")
        }
    }

    /// The files and folders an output must never touch.
    package func protectedInputs(_ notes: [Note]) -> [OutputSafety.Input] {
        OutputSafety.notes(paths) + OutputSafety.profile(profile) + OutputSafety.noteFiles(notes)
            + (rules.map { [OutputSafety.Input(role: "--rules file", path: $0)] } ?? [])
            + strings.map { OutputSafety.Input(role: "--strings file", path: $0) }
            + figures.map { OutputSafety.Input(role: "--figure image", path: $0.text.split(separator: "@").first.map(String.init) ?? $0.text) }
    }
}
