import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// The inputs and rendering options of every command that builds the notepad — `preview`,
/// `switch` and `snapshot record|verify` — declared once, so they read and behave the same.
struct NotepadOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Note folders or files (UTF-8 text) and screen files (*.screen.json|yaml); a folder may hold both (default: the bundled sample notes).",
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
        help: "Fonts to draw with: system (fontconfig's, the default) or hermetic (only the snapshot font set: what dyntype snapshot draws with, so images match its references byte for byte). Snapshots always use hermetic.")
    var fonts: FontChoice = .system

    @Option(name: .long, help: "List row heights: seed (a \"test\" label × 1.7) or selfSizing.")
    var rowHeights: RowHeightRule = .seed

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

    @OptionGroup var inputLimit: InputLimitOptions

    /// Every note path given, positional first.
    var notePaths: [String] { inputs + notesOption }

    /// The notes (or the samples), the screens, and what went wrong loading notes, warned on stderr.
    func loadInputs() throws -> (notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]) {
        let (notes, issues, screens) = try NoteInput.load(notePaths, limit: try inputLimit.limit())
        NoteInput.warn(issues)
        guard !notes.isEmpty || !screens.isEmpty else {
            throw CommandError(code: NoteInput.exitCode(for: issues) ?? SysExit.noInput, message: "no notes or screens to load")
        }
        // Strings give screens their texts; notes have no keys. Checking the samples instead
        // would look like a pass while the strings were never read.
        if !strings.isEmpty && screens.isEmpty {
            let given = notePaths.isEmpty ? "no inputs are given, so the sample notes would be checked" : "the inputs hold only notes"
            throw CommandError(
                code: SysExit.usage,
                message: "--strings gives texts to screens, but \(given); give screen files (*.screen.json|yaml) or folders holding them")
        }
        return (notes, issues, screens)
    }

    /// The `--strings` files as one table.
    func stringTable() throws -> StringTable {
        for path in strings where !FileManager.default.fileExists(atPath: path) {
            throw CommandError(code: SysExit.noInput, message: "strings file '\(path)' does not exist")
        }
        do {
            return try StringTable.load(files: strings)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(error)")
        }
    }

    /// The locales screens are checked in (`--locales`, else every locale of the strings), with
    /// the exit code of where a bad locale name came from: 64 for `--locales`, 65 for a strings
    /// file (whose name and field the message gives). Locale names become output folders, so a
    /// name that is not a locale (`../../x`, `a/b`, markup) never reaches a path.
    func screenLocales(_ table: StringTable) throws -> [String?] {
        do {
            let (result, warnings) = try ScreenLocales.select(
                locales, table: table, stringsGiven: !strings.isEmpty, pseudo: pseudo, files: strings)
            for warning in warnings { Diagnostics.warning(warning) }
            return result
        } catch {
            throw CommandError(code: error.source == .stringsFile ? SysExit.dataError : SysExit.usage, message: error.description)
        }
    }

    /// Where fonts come from: fontconfig's configuration, or the snapshot font set alone. A
    /// missing font of the set is exit 69, naming the package.
    func resolver() throws -> FontResolver {
        guard fonts == .hermetic else { return try FontResolver.shared() }
        do {
            // A rule's family is drawn with the stand-in snapshots of its editors use.
            return try HermeticFontSet.project.includingStandIns(for: try highlightRules().families, resolvedBy: .shared()).resolver()
        } catch {
            throw CommandError(code: SysExit.unavailable, message: "\(error)")
        }
    }

    /// The audit settings these options describe.
    func settings(checksGrowth: Bool = false, defaultDevice: String? = nil) throws -> AuditSettings {
        let device = try resolveDevice(named: device?.rawValue ?? defaultDevice, width: width).oriented(orientation)
        return AuditSettings(
            profile: try TypeRampProfile.named(profile), device: device,
            legibility: boldText ? .bold : .regular, rule: rowHeights, rules: try highlightRules(),
            checksGrowth: checksGrowth, keyboard: try keyboardSetting(device), editorLayout: try editorLayout(),
            figures: try figures(device), exclusions: try exclusions())
    }

    /// `--exclusion rect:x,y,w,h | ellipse:x,y,w,h | polygon:x,y;x,y;…`.
    func exclusions() throws -> [BezierPath] {
        try exclusion.map { text in
            let fail = CommandError(
                code: SysExit.usage,
                message: "invalid --exclusion '\(text)': give rect:x,y,w,h, ellipse:x,y,w,h or polygon:x,y;x,y;x,y in points")
            guard let colon = text.firstIndex(of: ":") else { throw fail }
            let kind = text[..<colon], body = text[text.index(after: colon)...]
            func numbers(_ part: Substring) throws -> [Double] {
                let values = part.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard values.allSatisfy({ $0 != nil && $0!.isFinite }) else { throw fail }
                return values.map { $0! }
            }
            switch kind {
            case "rect", "ellipse":
                let v = try numbers(body)
                guard v.count == 4, v[2] > 0, v[3] > 0 else { throw fail }
                let rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
                return kind == "rect" ? BezierPath(rect: rect) : BezierPath(ovalIn: rect)
            case "polygon":
                let points = try body.split(separator: ";").map { part -> Point in
                    let v = try numbers(part)
                    guard v.count == 2 else { throw fail }
                    return Point(x: v[0], y: v[1])
                }
                guard points.count >= 3 else { throw fail }
                return BezierPath(polygon: points)
            default:
                throw fail
            }
        }
    }

    /// `--figure file.png[@x,y[,width]]`: the image read with libspng, placed in points; its
    /// height follows its aspect.
    func figures(_ device: Device) throws -> [NoteFigure] {
        try figure.map { text in
            var path = text
            var numbers: [Double] = [16, 120, min(140, device.width * 0.4)]
            if let at = text.lastIndex(of: "@"), !FileManager.default.fileExists(atPath: text) {
                let parts = text[text.index(after: at)...].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 10_000 }) else {
                    throw CommandError(
                        code: SysExit.usage, message: "invalid --figure '\(text)': give file.png or file.png@x,y[,width] in points, 0…10000 each")
                }
                path = String(text[..<at])
                for (index, value) in parts.enumerated() { numbers[index] = value! }
            }
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandError(code: SysExit.noInput, message: "--figure: '\(path)' does not exist")
            }
            let image: RGBAImage
            do {
                image = try PNGDecoder.decode(try InputFile.read(atPath: path, limit: try inputLimit.limit()))
            } catch {
                throw CommandError(code: SysExit.dataError, message: "--figure: '\(path)' is not a readable PNG (\(error))")
            }
            guard numbers[2] > 0, numbers[0] + numbers[2] <= device.width else {
                throw CommandError(
                    code: SysExit.usage,
                    message: "invalid --figure '\(text)': x + width must fit the \(PointFormat.string(device.width)) pt view")
            }
            let height = numbers[2] * Double(image.height) / Double(image.width)
            return try NoteFigure(
                name: (path as NSString).lastPathComponent, frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: height),
                rgba: image.pixels, pixelWidth: image.width, pixelHeight: image.height)
        }
    }

    /// `--keyboard`: `device` or a height from 0 up to the device's height.
    func keyboardSetting(_ device: Device) throws -> KeyboardSetting {
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

    /// `--columns` / `--pages`.
    func editorLayout() throws -> EditorLayout {
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

    /// The `--rules` file's rules, or the seeds'.
    func highlightRules() throws -> HighlightRuleSet {
        guard let rules else { return .seeds }
        // Read first, through the one input reader: missing, a FIFO or a device is 66 (`describe`),
        // a file that is not a rules file 65.
        let data = try InputFile.read(atPath: rules, limit: try inputLimit.limit())
        do {
            return try HighlightRuleSet(jsonData: data, origin: rules)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(error)")
        }
    }

    /// The files and folders an output must never touch.
    func protectedInputs(_ notes: [Note]) -> [OutputSafety.Input] {
        OutputSafety.notes(notePaths) + OutputSafety.profile(profile) + OutputSafety.noteFiles(notes)
            + (rules.map { [OutputSafety.Input(role: "--rules file", path: $0)] } ?? [])
            + strings.map { OutputSafety.Input(role: "--strings file", path: $0) }
            + figure.map { OutputSafety.Input(role: "--figure image", path: $0.split(separator: "@").first.map(String.init) ?? $0) }
    }
}

/// `--categories` of the commands that render every category by default.
struct CategoriesOption: ParsableArguments {
    @Option(
        name: [.long, .customLong("category")],
        help: "Categories: names (large, AX3, extraLarge…), a range (large...accessibility2), all, standard, accessibility, or a comma list.")
    var categories: String = "all"

    /// The categories, checked against what `profile` offers.
    func selected(in profile: TypeRampProfile) throws -> [ContentSizeCategory] { try selectCategories(categories, in: profile) }
}

/// `--scale`: pixels per point of the PNGs.
struct ScaleOption: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Pixel scale of the PNGs: 1, 2 or 3 (default: 2 for preview, 1 for snapshots).")
    var scale: Double?

    /// The scale, or `fallback` when not given.
    func value(default fallback: Double) throws -> Double {
        let scale = self.scale ?? fallback
        guard [1.0, 2.0, 3.0].contains(scale) else {
            throw CommandError(code: SysExit.usage, message: "invalid --scale \(PointFormat.string(scale)): use 1, 2 or 3")
        }
        return scale
    }
}

/// `--fail-on`: the one rule for every command's exit code on findings — 1 only when asked.
struct FailOnOption: ParsableArguments {
    @Option(name: .long, help: "Exit 1 when a finding at or above this severity exists (without it, findings never fail the run).")
    var failOn: FailSeverity?

    /// Throws exit 1 when `findings` has one at or above `--fail-on`.
    func check(_ findings: [Finding]) throws {
        guard let failOn, findings.contains(where: { $0.severity >= failOn.severity }) else { return }
        throw ExitCode(SysExit.findings)
    }
}

/// The severities `--fail-on` accepts.
enum FailSeverity: String, ExpressibleByArgument, CaseIterable {
    case warning, error

    var severity: Finding.Severity { self == .warning ? .warning : .error }
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

extension RowHeightRule: ExpressibleByArgument {}
extension DeviceOrientation: ExpressibleByArgument {}

/// `--format` of the commands that print text or JSON only.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `--fonts`: the system's fonts or the hermetic snapshot set.
enum FontChoice: String, ExpressibleByArgument, CaseIterable {
    case system, hermetic
}
