import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Notepad
import TextStack

/// The seed app as a ``ViewSource``: the notes list (`list`) and one editor per opened note (its
/// slug), built with its own ``NotepadSettings`` and the common `AuditSettings`. Without notes it
/// offers no view (its settings still reach reports).
public struct NotepadSource: ViewSource {
    /// The notes.
    public var notes: [Note]
    /// The notes (0-based indices) opened in editors; nil opens every note.
    public var openNotes: [Int]?
    /// Whether the list lays itself out again on a size change. `false` plants the bug class users
    /// hit most — a list that keeps its row heights — so the stale-state check can be tested.
    public var listRecomputesOnChange = true
    /// The row heights, highlight rules, editor layout, figures and exclusions.
    package var settings: NotepadSettings

    /// The notepad of `notes`, with the editors of `openNotes` (nil: every note), as the seeds
    /// build it: self-sizing rows, the seeds' highlight rules, scrolling editors.
    public init(notes: [Note], openNotes: [Int]? = nil) {
        self.init(notes: notes, openNotes: openNotes, settings: NotepadSettings())
    }

    /// The notepad with other row heights, rules, editor layout, figures or exclusions (the
    /// commands' options).
    package init(notes: [Note], openNotes: [Int]? = nil, settings: NotepadSettings) {
        self.notes = notes
        self.openNotes = openNotes
        self.settings = settings
    }

    /// The notes with an editor, in order.
    public var openedNotes: [Note] {
        openNotes.map { $0.filter(notes.indices.contains).map { notes[$0] } } ?? notes
    }

    public var views: [SourceView] {
        guard !notes.isEmpty else { return [] }
        return [SourceView(id: "list", title: "Notes list", kind: .list, cost: SourceView.perImageCost + notes.count * 200)]
            + openedNotes.map {
                SourceView(id: $0.slug, title: $0.title, kind: .note, location: $0.source, cost: SourceView.perImageCost + $0.contents.utf8.count)
            }
    }

    public var fingerprintParts: [String] { notes.flatMap { [$0.slug, $0.title, $0.contents] } + settings.fingerprintParts }

    /// `rowHeights` and `editorLayout`.
    public var reportSettings: [String: String] { settings.reportSettings }

    /// The list's and editors' checks: `underKeyboard` while the keyboard is up, `overflow` for
    /// columns and pages.
    public func checkKinds(for view: SourceView, settings: AuditSettings) -> [Finding.Kind] {
        SwitchReport.checkKinds + (settings.keyboardHeight > 0 ? [.underKeyboard] : [])
            + (self.settings.editorLayout == .scrolling ? [] : [.overflow])
    }

    /// `5 notes + the notes list`.
    package var inventory: [ViewInventory] {
        notes.isEmpty ? [] : [ViewInventory(count: notes.count, singular: "note", plural: "notes", suffix: " + the notes list")]
    }

    /// The list: the notes' titles; an editor: its note's text; both with the notepad's settings.
    public func fingerprint(of view: SourceView) -> Int {
        var hasher = Hasher()
        hasher.combine(settings.fingerprintParts)
        if view.kind == .list {
            hasher.combine(notes.map(\.title))
        } else {
            hasher.combine(notes.first { $0.slug == view.id }?.contents)
        }
        return hasher.finalize()
    }

    /// The families the highlight rules name (a hermetic font set stands in for them).
    public var fontFamilies: [String] { settings.rules.families }

    public func build(_ view: SourceView, setting: TextSizeSetting, settings: AuditSettings, resolver: FontResolver) throws -> any LiveView {
        if view.kind == .list {
            let list = try NotesList(
                notes: notes, width: settings.device.width, rule: self.settings.rule, setting: setting, profile: settings.profile,
                resolver: resolver)
            return NotesListView(view: view, list: list, minimumHeight: settings.device.height, recomputes: listRecomputesOnChange)
        }
        guard let note = notes.first(where: { $0.slug == view.id }) else { throw ViewSourceError.unknownView(view.id) }
        let editor = try NoteEditor(
            note: note, viewSize: settings.viewSize, setting: setting, profile: settings.profile, rules: self.settings.rules,
            resolver: resolver, layout: self.settings.editorLayout)
        editor.figures = self.settings.figures
        editor.exclusions = self.settings.exclusions
        // The checks compare line ranges and heights; only a layout dump lists runs below the first screen.
        editor.layoutManager.releasedLinesKeepRuns = settings.keepsEveryRun
        if settings.keyboardHeight > 0 { editor.showKeyboard(height: settings.keyboardHeight) }
        return NoteEditorView(view: view, editor: editor)
    }
}

extension NotepadSource: InventoryCounting {}
