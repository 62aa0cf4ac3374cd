import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import Notepad

/// Seed 001's keyboard handling and seed 004's several text containers, on the editor.
@Suite("Editor: keyboard, columns and pages")
struct EditorKeyboardAndContainersTests {
    static func note(_ paragraphs: Int) -> Note {
        let body = (1...paragraphs).map { "Paragraph \($0): the quick brown fox jumps over the lazy dog again and again." }
        return Note(slug: "n", contents: "Title\n" + body.joined(separator: "\n"), timestamp: Date(timeIntervalSince1970: 0), source: "test")
    }

    static func editor(_ note: Note, layout: EditorLayout = .scrolling, category: ContentSizeCategory = .large) throws -> NoteEditor {
        try NoteEditor(
            note: note, viewSize: Size(width: 320, height: 568), setting: TextSizeSetting(category: category),
            resolver: try FontResolver.shared(), layout: layout)
    }

    @Test("did-show shrinks the text view by the keyboard's height; did-hide gives it back; will-events change nothing")
    func keyboardResizes() throws {
        let editor = try Self.editor(Self.note(30))
        let keyboard = KeyboardHub()
        keyboard.observe(editor)
        #expect(editor.textViewHeight == 568)
        let deliveries = keyboard.show(height: 216)
        #expect(deliveries.map(\.event.phase) == [.willShow, .didShow])
        #expect(editor.keyboardHeight == 216)
        #expect(editor.textViewHeight == 352)
        try editor.keyboardDidChange(KeyboardEvent(phase: .willHide, height: 0))
        #expect(editor.textViewHeight == 352)
        keyboard.hide()
        #expect(editor.textViewHeight == 568)
    }

    @Test("the caret's line stays visible above the keyboard; lines above the fold are listed as visible")
    func caretStaysVisible() throws {
        let editor = try Self.editor(Self.note(30))
        let keyboard = KeyboardHub()
        keyboard.observe(editor)
        keyboard.show(height: 216)
        #expect(editor.contentOffset == 0)
        let lines = editor.layoutManager.lineFragments
        let last = try #require(lines.last)
        editor.caretLocation = editor.textStorage.storage.length
        // The last line's bottom (plus the inset) sits exactly at the text view's bottom.
        #expect(abs(last.rect.maxY + NoteEditor.textContainerInset - editor.contentOffset - 352) < 1e-9)
        let visible = editor.visibleLineRange
        #expect(visible.upperBound == lines.count)
        for index in visible {
            #expect(lines[index].rect.minY + NoteEditor.textContainerInset >= editor.contentOffset - 1e-9)
        }
        editor.caretLocation = 0
        #expect(editor.contentOffset == 0)
        #expect(editor.visibleLineRange.lowerBound == 0)
    }

    @Test("a size change keeps the caret visible with the keyboard up")
    func sizeChangeWithKeyboard() throws {
        let editor = try Self.editor(Self.note(12))
        let keyboard = KeyboardHub()
        keyboard.observe(editor)
        keyboard.show(height: 216)
        editor.caretLocation = editor.textStorage.storage.length
        try editor.contentSizeDidChange(
            ContentSizeChange(old: TextSizeSetting(category: .large), new: TextSizeSetting(category: .accessibility3)))
        let last = try #require(editor.layoutManager.lineFragments.last)
        #expect(abs(last.rect.maxY + NoteEditor.textContainerInset - editor.contentOffset - 352) < 1e-9)
    }

    @Test("columns: N containers side by side, the text flows through them in order, the rest overflows")
    func columns() throws {
        let editor = try Self.editor(Self.note(60), layout: .columns(2))
        let containers = editor.layoutManager.textContainers
        #expect(containers.count == 2)
        #expect(containers[0].size.width == (320 - NoteEditor.columnGap) / 2)
        #expect(containers[0].size.height == 568 - 2 * NoteEditor.textContainerInset)
        #expect(editor.containerOrigin(1).x == containers[0].size.width + NoteEditor.columnGap)
        let usage = editor.containerUsage
        #expect(usage.map(\.name) == ["column 1", "column 2"])
        #expect(usage.allSatisfy { $0.lines > 0 })
        let lines = editor.layoutManager.lineFragments
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.containerIndex <= $1.containerIndex })
        #expect(editor.layoutManager.overflowRange != nil, "60 paragraphs do not fit two columns of an iPhone SE")
        // The indicator sits at the top right: in the second column, whose lines go around it.
        #expect(editor.indicatorContainers == [1])
        #expect(containers[1].exclusionPaths.count == 1 && containers[0].exclusionPaths.isEmpty)
    }

    @Test("pages: as many as the text needs, every character on exactly one page")
    func pages() throws {
        let editor = try Self.editor(Self.note(60), layout: .pages)
        #expect(editor.layoutManager.overflowRange == nil)
        let usage = editor.containerUsage
        #expect(usage.count > 1)
        #expect(usage.allSatisfy { $0.lines > 0 }, "no empty page at the end")
        var next = 0
        for page in usage {
            let bounds = page.characters.components(separatedBy: "..<").compactMap { Int($0) }
            #expect(bounds.first == next)
            next = bounds.last ?? next
        }
        #expect(next == editor.textStorage.storage.length)
        let atAX5 = try Self.editor(Self.note(60), layout: .pages, category: .accessibility5)
        #expect(atAX5.containerUsage.count > usage.count)
    }
}

@Suite("Rotation")
struct RotationTests {
    @Test("rotating the editor lays the note out at the new width and moves the indicator; the list reloads")
    func editorRotates() throws {
        let note = EditorKeyboardAndContainersTests.note(20)
        let editor = try EditorKeyboardAndContainersTests.editor(note)
        let portraitLines = editor.layoutManager.numberOfLines
        let portraitCenter = editor.timeIndicator.center
        try editor.viewWillTransition(to: Size(width: 568, height: 320))
        #expect(editor.viewSize == Size(width: 568, height: 320))
        #expect(editor.textContainer.size.width == 568)
        #expect(editor.layoutManager.numberOfLines < portraitLines)
        #expect(editor.timeIndicator.center.x > portraitCenter.x)
        let fresh = try NoteEditor(
            note: note, viewSize: Size(width: 568, height: 320), setting: TextSizeSetting(category: .large),
            resolver: try FontResolver.shared())
        #expect(editor.layoutManager.lineFragments.map(\.characterRange) == fresh.layoutManager.lineFragments.map(\.characterRange))

        let list = try NotesList(
            notes: [note], width: 320, rule: .selfSizing, setting: TextSizeSetting(category: .accessibility3),
            resolver: try FontResolver.shared())
        let before = list.reloadCount
        try list.viewWillTransition(to: Size(width: 568, height: 320))
        #expect(list.width == 568 && list.reloadCount == before + 1)
    }
}
