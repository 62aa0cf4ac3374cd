import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Notepad
import TextStack

/// The notes list as a ``LiveView``: its rows follow size changes (unless planted not to).
package final class NotesListView: LiveView {
    package let view: SourceView
    /// The list.
    package let list: NotesList
    /// The list is drawn at least this tall (a screen).
    let minimumHeight: Double
    private let recomputes: Bool

    init(view: SourceView, list: NotesList, minimumHeight: Double, recomputes: Bool) {
        self.view = view
        self.list = list
        self.minimumHeight = max(1, minimumHeight)
        self.recomputes = recomputes
    }

    package func contentSizeDidChange(_ change: ContentSizeChange) throws {
        if recomputes { try list.contentSizeDidChange(change) }
    }

    package func rotate(to size: Size) throws { try list.viewWillTransition(to: size) }

    package func findings(profile: TypeRampProfile) -> [Finding] { ReadabilityChecks.findings(in: list, profile: profile) }

    package func imageCut(scale: Double) -> String? { NotepadDrawing.listCut(list, scale: scale, minimumHeight: minimumHeight) }

    package func draw(scale: Double) -> DrawnView {
        let drawn = NotepadDrawing.render(list: list, scale: scale, minimumHeight: minimumHeight)
        return DrawnView(image: drawn.image, warnings: drawn.warnings, viewHeight: minimumHeight)
    }

    package var fontsUsed: [ResolvedFont] {
        var fonts = FontList()
        fonts.add(list.headline)
        for row in list.rows { fonts.add(row.lines) }
        return fonts.fonts
    }

    package var state: ViewState {
        var state = ViewState()
        state.rowHeights = list.rows.map(\.height)
        state.rowTitles = list.rows.map(\.title)
        state.headlineSize = list.headline.pointSize
        state.contentHeight = list.contentHeight
        return state
    }

    package func staleFindings(comparedWith fresh: any LiveView) -> [Finding] {
        guard let fresh = fresh as? NotesListView else { return [] }
        let category = fresh.list.setting.category
        return zip(list.rows, fresh.list.rows).compactMap { row, freshRow in
            guard abs(row.height - freshRow.height) > 1e-9 else { return nil }
            return Finding(
                kind: .staleState, severity: .error, element: "list row \(row.index + 1)", category: category,
                message: "row height \(StaleState.fmt(row.height)) pt kept after the switch; a fresh build gives \(StaleState.fmt(freshRow.height)) pt")
        }
    }

    package func changeFindings(before: ViewState, after: ViewState) -> [Finding] {
        // A row whose height did not change although its title's font did.
        guard let old = before.headlineSize, let new = after.headlineSize, old != new else { return [] }
        return zip(before.rowHeights ?? [], after.rowHeights ?? []).enumerated().compactMap { index, heights in
            guard heights.0 == heights.1 else { return nil }
            return Finding(
                kind: .rowNotResized, severity: .error, element: "list row \(index + 1)", category: list.setting.category,
                message: "row height stayed \(PointFormat.string(heights.0)) pt although the headline went from \(PointFormat.string(old)) to \(PointFormat.string(new)) pt")
        }
    }

    package func layoutDump(profile: TypeRampProfile, findings: [Finding]) -> String {
        LayoutDump.list(list, profile: profile, findings: findings)
    }
}
