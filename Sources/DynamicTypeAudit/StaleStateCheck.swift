import DynamicTypeCore
import Foundation
import Notepad
import TextStack

/// Compares a switched notepad with a fresh build at the same setting: any difference is state the
/// switch failed to update.
public enum StaleStateCheck {
    /// Findings for every difference between `switched` and `fresh`.
    public static func compare(_ switched: NotepadSession, with fresh: NotepadSession) -> [Finding] {
        let category = fresh.list.setting.category
        var findings: [Finding] = []
        for (row, freshRow) in zip(switched.list.rows, fresh.list.rows) where abs(row.height - freshRow.height) > 1e-9 {
            findings.append(
                Finding(
                    kind: .staleState, severity: .error, element: "list row \(row.index + 1)", category: category,
                    message: "row height \(fmt(row.height)) pt kept after the switch; a fresh build gives \(fmt(freshRow.height)) pt"))
        }
        for (screen, freshScreen) in zip(switched.screens, fresh.screens) {
            // Every view's frame and font size must be what a fresh layout at the new size gives.
            for (view, freshView) in zip(screen.laidOut.views, freshScreen.laidOut.views) {
                let element = "\(screen.document.screen.name): \(view.path)"
                if view.frame != freshView.frame {
                    findings.append(
                        Finding(
                            kind: .staleState, severity: .error, element: element, category: category,
                            message: "frame \(view.frame) kept after the switch; a fresh layout gives \(freshView.frame)",
                            locale: screen.locale))
                }
                if let size = view.text?.font.pointSize, let freshSize = freshView.text?.font.pointSize, abs(size - freshSize) > 1e-9 {
                    findings.append(
                        Finding(
                            kind: .staleState, severity: .error, element: element, category: category,
                            message: "font \(fmt(size)) pt kept after the switch; a fresh layout gives \(fmt(freshSize)) pt",
                            locale: screen.locale))
                }
            }
        }
        for (editor, freshEditor) in zip(switched.editors, fresh.editors) {
            let element = "editor: \(editor.note.title)"
            let runs = editor.textStorage.storage.attributeRuns()
            let freshRuns = freshEditor.textStorage.storage.attributeRuns()
            let freshSizes = Set(freshRuns.compactMap { $0.attributes.resolvedFont?.pointSize })
            let stale = runs.filter { run in
                guard let size = run.attributes.resolvedFont?.pointSize else { return false }
                return !freshSizes.contains(size)
            }
            if !stale.isEmpty || runs.map(\.range) != freshRuns.map(\.range) {
                let sizes = Set(stale.compactMap { $0.attributes.resolvedFont?.pointSize }).sorted().map(fmt)
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: stale.isEmpty
                            ? "attribute runs differ from a fresh build"
                            : "\(stale.count) text runs kept their old size (\(sizes.joined(separator: ", ")) pt)"))
            }
            if editor.timeIndicator != freshEditor.timeIndicator {
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: "time indicator radius \(fmt(editor.timeIndicator.radius)) pt, fresh \(fmt(freshEditor.timeIndicator.radius)) pt"))
            }
            // Compared line by line as both layouts are walked: no array of either's lines.
            let lines = editor.layoutManager.placedLineFragments.lazy.map(\.characterRange)
            let freshLines = freshEditor.layoutManager.placedLineFragments.lazy.map(\.characterRange)
            if !lines.elementsEqual(freshLines) {
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: "layout has \(editor.layoutManager.numberOfLineFragments) lines, a fresh build \(freshEditor.layoutManager.numberOfLineFragments)"))
            } else if abs(editor.contentHeight - freshEditor.contentHeight) > 0.01 {
                // Same line breaks, other heights: a line kept the leading of the old size.
                findings.append(
                    Finding(
                        kind: .staleState, severity: .error, element: element, category: category,
                        message: "text is \(fmt(editor.contentHeight)) pt tall, a fresh build \(fmt(freshEditor.contentHeight)) pt"))
            }
        }
        return findings
    }

    static func fmt(_ value: Double) -> String { PointFormat.string((value * 100).rounded() / 100) }
}
