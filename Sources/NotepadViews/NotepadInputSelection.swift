import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import Notepad
import TextStack

/// The notepad's options of the commands that draw views — `--row-heights`, `--rules`,
/// `--columns`, `--pages`, `--figure`, `--exclusion` — as values, next to the common
/// `ViewInputSelection`; they become the ``NotepadSettings`` of ``NotepadSource``. The CLI's
/// `ViewInputOptions` fills both.
package struct NotepadInputSelection: Sendable {
    /// Editor columns, 2…12.
    package var columns: Int?
    /// Editors laid out in pages.
    package var pages = false
    /// PNGs placed in every editor.
    package var figures: [FigureOption] = []
    /// Shapes every editor's text flows around.
    package var exclusions: [ExclusionShape] = []
    /// List row heights.
    package var rowHeights: RowHeightRule = .seed
    /// A highlight-rule file for the editors (nil: the seeds' rules).
    package var rules: String?

    /// No option given: the seed app's settings.
    package init() {}

    /// The settings these options describe: row heights, highlight rules, editor layout, and
    /// figures placed on `device`, files read up to `limit`.
    package func settings(device: Device, limit: InputSizeLimit) throws -> NotepadSettings {
        NotepadSettings(
            rule: rowHeights, rules: try highlightRules(limit: limit), editorLayout: try editorLayout(),
            figures: try figures.map { try $0.figure(on: device, limit: limit) }, exclusions: exclusions.map(\.path))
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

    /// The rule file's rules (read up to `limit`), or the seeds'. Read through the one input
    /// reader: missing, a FIFO or a device is 66 (`describe`), a file that is not a rules file 65.
    package func highlightRules(limit: InputSizeLimit) throws -> HighlightRuleSet {
        guard let rules else { return .seeds }
        let data = try InputFile.read(atPath: rules, limit: limit)
        do {
            return try HighlightRuleSet(jsonData: data, origin: rules)
        } catch {
            throw CommandError(code: SysExit.dataError, message: "\(error)")
        }
    }
}

extension ViewInputSelection {
    /// The notes (or the samples), the screens, and what went wrong loading notes (each also
    /// passed to `warn`).
    ///
    /// - Throws: ``CommandError``: 66 (or the issues' code) when nothing could be loaded; 64 for
    ///   `--strings` without screens (the sample notes would be checked while the strings were never read).
    package func loadInputs(warn: (String) -> Void) throws -> (notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]) {
        let (notes, issues, screens) = try NoteInput.load(paths, tokenMaps: tokenMaps, limit: limit)
        if !tokenMaps.isEmpty && !screens.contains(where: { $0.engine != nil }) {
            warn("--fonts \(tokenMaps.joined(separator: ", ")): a token map resolves design tokens of SwiftUI sources, but the inputs have no .swift file; it is not used")
        }
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

    /// The notepad's settings of `notepad` on this selection's device (`defaultDevice` as for
    /// `settings(checksGrowth:defaultDevice:)`), files read up to this selection's limit.
    package func notepadSettings(_ notepad: NotepadInputSelection, defaultDevice: String? = nil) throws -> NotepadSettings {
        try notepad.settings(device: try resolvedDevice(default: defaultDevice), limit: limit)
    }

    /// The files and folders an output must never touch: these inputs, the notes loaded from them
    /// and `notepad`'s rule file and figures.
    package func protectedInputs(_ notes: [Note], notepad: NotepadInputSelection) -> [OutputSafety.Input] {
        OutputSafety.notes(paths) + OutputSafety.profile(profile) + OutputSafety.noteFiles(notes)
            + (notepad.rules.map { [OutputSafety.Input(role: "--rules file", path: $0)] } ?? [])
            + strings.map { OutputSafety.Input(role: "--strings file", path: $0) }
            + tokenMaps.map { OutputSafety.Input(role: "--fonts token map", path: $0) }
            + notepad.figures.map {
                OutputSafety.Input(role: "--figure image", path: $0.text.split(separator: "@").first.map(String.init) ?? $0.text)
            }
    }
}
