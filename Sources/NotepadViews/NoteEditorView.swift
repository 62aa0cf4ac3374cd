import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Notepad
import TextStack

/// A note's editor as a ``LiveView``: its storage restyles on a size change, its time indicator
/// grows, its text flows around the indicator's circle, figures and exclusion shapes.
package final class NoteEditorView: LiveView {
    package let view: SourceView
    /// The editor.
    package let editor: NoteEditor

    init(view: SourceView, editor: NoteEditor) {
        self.view = view
        self.editor = editor
    }

    package func contentSizeDidChange(_ change: ContentSizeChange) throws { try editor.contentSizeDidChange(change) }

    package func rotate(to size: Size) throws { try editor.viewWillTransition(to: size) }

    package func keyboardDidChange(height: Double) {
        // UIKit posts the keyboard again with its new frame (after a rotation).
        try? editor.keyboardDidChange(KeyboardEvent(phase: height > 0 ? .didShow : .didHide, height: height))
    }

    package func ensureLayout() { editor.layoutManager.ensureLayout() }

    package func findings(profile: TypeRampProfile) -> [Finding] { ReadabilityChecks.findings(in: editor, profile: profile) }

    package func imageCut(scale: Double) -> String? { nil }

    package func draw(scale: Double) -> DrawnView {
        let drawn = NotepadDrawing.render(editor: editor, scale: scale)
        return DrawnView(image: drawn.image, warnings: drawn.warnings, viewHeight: editor.viewSize.height)
    }

    package var fontsUsed: [ResolvedFont] {
        var fonts = FontList()
        fonts.add(editor.textStorage.highlighter.bodyFont)
        fonts.add(editor.timeIndicator.font)
        fonts.add(editor.timeIndicator.lines)
        editor.layoutManager.forEachRun { fonts.add($0.font) }
        return fonts.fonts
    }

    package var state: ViewState {
        var state = ViewState()
        state.lines = editor.layoutManager.numberOfLines
        state.contentHeight = editor.contentHeight
        state.runs = editor.textStorage.storage.attributeRuns().map {
            "\($0.range.location)+\($0.range.length)@\($0.attributes.resolvedFont?.pointSize ?? 0)"
        }
        state.paragraphsRestyled = editor.textStorage.highlighter.lastRestyle?.paragraphCount
        state.containerCount = editor.layoutManager.textContainers.count
        state.containers = editor.layout == .scrolling ? nil : editor.containerUsage
        state.indicator = ViewState.Circle(center: editor.timeIndicator.center, radius: editor.timeIndicator.radius)
        return state
    }

    package func staleFindings(comparedWith fresh: any LiveView) -> [Finding] {
        guard let freshEditor = (fresh as? NoteEditorView)?.editor else { return [] }
        let category = freshEditor.setting.category
        let element = "editor: \(editor.note.title)"
        var findings: [Finding] = []
        func add(_ message: String) {
            findings.append(Finding(kind: .staleState, severity: .error, element: element, category: category, message: message))
        }
        let runs = editor.textStorage.storage.attributeRuns()
        let freshRuns = freshEditor.textStorage.storage.attributeRuns()
        let freshSizes = Set(freshRuns.compactMap { $0.attributes.resolvedFont?.pointSize })
        let stale = runs.filter { run in
            guard let size = run.attributes.resolvedFont?.pointSize else { return false }
            return !freshSizes.contains(size)
        }
        if !stale.isEmpty || runs.map(\.range) != freshRuns.map(\.range) {
            let sizes = Set(stale.compactMap { $0.attributes.resolvedFont?.pointSize }).sorted().map(StaleState.fmt)
            add(
                stale.isEmpty
                    ? "attribute runs differ from a fresh build"
                    : "\(stale.count) text runs kept their old size (\(sizes.joined(separator: ", ")) pt)")
        }
        if editor.timeIndicator != freshEditor.timeIndicator {
            add(
                "time indicator radius \(StaleState.fmt(editor.timeIndicator.radius)) pt, fresh \(StaleState.fmt(freshEditor.timeIndicator.radius)) pt")
        }
        // Compared line by line as both layouts are walked: no array of either's lines.
        let lines = editor.layoutManager.placedLineFragments.lazy.map(\.characterRange)
        let freshLines = freshEditor.layoutManager.placedLineFragments.lazy.map(\.characterRange)
        if !lines.elementsEqual(freshLines) {
            add(
                "layout has \(editor.layoutManager.numberOfLineFragments) lines, a fresh build \(freshEditor.layoutManager.numberOfLineFragments)")
        } else if abs(editor.contentHeight - freshEditor.contentHeight) > 0.01 {
            // Same line breaks, other heights: a line kept the leading of the old size.
            add("text is \(StaleState.fmt(editor.contentHeight)) pt tall, a fresh build \(StaleState.fmt(freshEditor.contentHeight)) pt")
        }
        return findings
    }

    package func layoutDump(profile: TypeRampProfile, findings: [Finding]) -> String {
        LayoutDump.editor(editor, profile: profile, findings: findings)
    }
}
