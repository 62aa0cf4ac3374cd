import DynamicTypeCore
import FontSystem
import Notepad
import TextStack

/// The seed app as a ``ViewSource``: the notes list (`list`) and one editor per opened note (its
/// slug). Without notes it offers no view.
public struct NotepadSource: ViewSource {
    /// The notes.
    public var notes: [Note]
    /// The notes (0-based indices) opened in editors; nil opens every note.
    public var openNotes: [Int]?
    /// Whether the list lays itself out again on a size change. `false` plants the bug class users
    /// hit most — a list that keeps its row heights — so the stale-state check can be tested.
    public var listRecomputesOnChange = true

    /// The notepad of `notes`, with the editors of `openNotes` (nil: every note).
    public init(notes: [Note], openNotes: [Int]? = nil) {
        self.notes = notes
        self.openNotes = openNotes
    }

    /// The notes with an editor, in order.
    public var openedNotes: [Note] {
        openNotes.map { $0.filter(notes.indices.contains).map { notes[$0] } } ?? notes
    }

    // The fixed part of a cost stands for drawing and compressing one screen-sized PNG.
    static let perImageCost = 2_000

    public var views: [SourceView] {
        guard !notes.isEmpty else { return [] }
        return [SourceView(id: "list", title: "Notes list", kind: .list, cost: Self.perImageCost + notes.count * 200)]
            + openedNotes.map {
                SourceView(id: $0.slug, title: $0.title, kind: .note, location: $0.source, cost: Self.perImageCost + $0.contents.utf8.count)
            }
    }

    public var fingerprintParts: [String] { notes.flatMap { [$0.slug, $0.title, $0.contents] } }

    public func build(_ view: SourceView, setting: TextSizeSetting, settings: AuditSettings, resolver: FontResolver) throws -> any LiveView {
        if view.kind == .list {
            let list = try NotesList(
                notes: notes, width: settings.device.width, rule: settings.rule, setting: setting, profile: settings.profile,
                resolver: resolver)
            return NotesListView(view: view, list: list, minimumHeight: settings.device.height, recomputes: listRecomputesOnChange)
        }
        guard let note = notes.first(where: { $0.slug == view.id }) else { throw ViewSourceError.unknownView(view.id) }
        let editor = try NoteEditor(
            note: note, viewSize: settings.viewSize, setting: setting, profile: settings.profile, rules: settings.rules,
            resolver: resolver, layout: settings.editorLayout)
        editor.figures = settings.figures
        editor.exclusions = settings.exclusions
        // The checks compare line ranges and heights; only a layout dump lists runs below the first screen.
        editor.layoutManager.releasedLinesKeepRuns = settings.keepsEveryRun
        if settings.keyboardHeight > 0 { editor.showKeyboard(height: settings.keyboardHeight) }
        return NoteEditorView(view: view, editor: editor)
    }
}

/// Why a source could not build a view.
public enum ViewSourceError: Error, CustomStringConvertible {
    /// The source offers no view with this id.
    case unknownView(String)

    public var description: String {
        switch self {
        case .unknownView(let id): "no view '\(id)' in this source"
        }
    }
}
