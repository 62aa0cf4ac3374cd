import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import Notepad

@Suite("Notepad model")
struct NotepadTests {
    static let resolver = try! FontResolver.shared()

    static func notes() throws -> [Note] { try NoteLoader.sampleNotes() }

    @Test("sample notes load with titles from their first lines and every markup rule present")
    func sampleNotes() throws {
        let notes = try Self.notes()
        #expect(notes.count >= 5)
        #expect(notes[0].title == "Shopping list")
        let all = notes.map(\.contents).joined()
        for marker in ["*fresh bread*", "_italic words_", "-struck out-", "~script text~", "URGENT", "1. "] {
            #expect(all.contains(marker), "missing \(marker)")
        }
        #expect(notes.contains { $0.contents.utf8.count > 10_000 })
    }

    @Test("seed rule: row height = headline's real line height × 1.7, monotonic in the category")
    func seedRowHeights() throws {
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let setting = TextSizeSetting(category: category)
            let list = try NotesList(notes: try Self.notes(), width: 393, rule: .seed, setting: setting, resolver: Self.resolver)
            let headline = try Self.resolver.resolve(FontDescriptor.preferred(for: .headline, category: category, profile: .ios))
            let expected = (headline.ascender - headline.descender + headline.lineGap) * 1.7
            #expect(list.rows.allSatisfy { abs($0.height - expected) < 1e-9 })
            #expect(expected >= previous)
            previous = expected
        }
        // Inter at 17 pt: hhea ascender 1984/2048? — pinned from the font file through FreeType.
        let large = try NotesList(notes: try Self.notes(), width: 393, setting: TextSizeSetting(category: .large), resolver: Self.resolver)
        #expect(large.rows[0].height > 30 && large.rows[0].height < 40)
    }

    @Test("self-sizing rows grow with the title's lines and never truncate")
    func selfSizing() throws {
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let list = try NotesList(
                notes: try Self.notes(), width: 320, rule: .selfSizing, setting: TextSizeSetting(category: category),
                resolver: Self.resolver)
            #expect(!list.rows.contains { $0.isTruncated })
            let total = list.contentHeight
            #expect(total >= previous)
            previous = total
        }
        let ax5 = try NotesList(
            notes: try Self.notes(), width: 320, rule: .selfSizing, setting: TextSizeSetting(category: .accessibility5),
            resolver: Self.resolver)
        #expect(ax5.rows.contains { $0.titleLines >= 2 })
        let seedAX5 = try NotesList(
            notes: try Self.notes(), width: 320, rule: .seed, setting: TextSizeSetting(category: .accessibility5),
            resolver: Self.resolver)
        #expect(seedAX5.rows.contains { $0.isTruncated })
    }

    @Test("the empty last line after a final newline takes the new size on a switch")
    func emptyLastLineFollowsTheSwitch() throws {
        // The empty paragraph after a final newline is shaped in the font of the character before
        // it; a restyle used to leave it at the old size (22 pt tall at AX3, 48.36 pt fresh).
        let note = Note(slug: "n", contents: "Title\nBody text.\n", timestamp: Date(timeIntervalSince1970: 0), source: "test")
        for retention in [Double.infinity, 852] {
            let editor = try NoteEditor(
                note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .large), resolver: Self.resolver)
            editor.layoutManager.glyphRetentionHeight = retention
            _ = editor.contentHeight
            try editor.update(to: TextSizeSetting(category: .accessibility3))
            let fresh = try NoteEditor(
                note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .accessibility3),
                resolver: Self.resolver)
            #expect(editor.layoutManager.lineFragments.map(\.rect) == fresh.layoutManager.lineFragments.map(\.rect))
            #expect(editor.contentHeight == fresh.contentHeight)
        }
    }

    @Test("after a switch through the hub, rows and every text run equal a fresh build (no stale state)")
    func noStaleState() throws {
        let hub = ContentSizeHub(initial: TextSizeSetting(category: .large))
        let notes = try Self.notes()
        let list = try NotesList(notes: notes, width: 393, rule: .selfSizing, setting: hub.setting, resolver: Self.resolver)
        let editor = try NoteEditor(
            note: notes[1], viewSize: Size(width: 393, height: 852), setting: hub.setting, resolver: Self.resolver)
        let listToken = hub.observe(list)
        let editorToken = hub.observe(editor)
        hub.setCategory(.accessibility3)
        hub.waitUntilIdle()
        withExtendedLifetime((listToken, editorToken)) {}

        let freshList = try NotesList(
            notes: notes, width: 393, rule: .selfSizing, setting: TextSizeSetting(category: .accessibility3), resolver: Self.resolver)
        #expect(list.rows.map(\.height) == freshList.rows.map(\.height))
        let freshEditor = try NoteEditor(
            note: notes[1], viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .accessibility3),
            resolver: Self.resolver)
        let switched = editor.textStorage.storage.attributeRuns().map { ($0.range, $0.attributes.resolvedFont?.pointSize) }
        let fresh = freshEditor.textStorage.storage.attributeRuns().map { ($0.range, $0.attributes.resolvedFont?.pointSize) }
        #expect(switched.map(\.0) == fresh.map(\.0))
        #expect(switched.map(\.1) == fresh.map(\.1))
        #expect(editor.timeIndicator == freshEditor.timeIndicator)
        let a = editor.layoutManager.lineFragments, b = freshEditor.layoutManager.lineFragments
        #expect(a.map(\.characterRange) == b.map(\.characterRange))
        for (x, y) in zip(a, b) where x.characterRange != y.characterRange || x.rect != y.rect {
            Issue.record("first difference: \(x.characterRange) \(x.rect) vs \(y.characterRange) \(y.rect) fonts \(x.runs.map(\.font.pointSize)) vs \(y.runs.map(\.font.pointSize))")
            break
        }
    }

    @Test("the time indicator grows with the category and text never runs under it")
    func timeIndicator() throws {
        let note = try Self.notes()[1]
        var previousRadius = 0.0
        for category in [ContentSizeCategory.large, .xLarge, .accessibility5] {
            let editor = try NoteEditor(
                note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: category),
                resolver: Self.resolver)
            #expect(editor.timeIndicator.radius > previousRadius)
            previousRadius = editor.timeIndicator.radius
            #expect(editor.timeIndicator.text.contains("July 2014"))
            // Text flows around the indicator (the audit module checks glyph by glyph).
            // The first line is shortened by the circle.
            let first = try #require(editor.layoutManager.lineFragments.first)
            #expect(first.rect.maxX < 393 - editor.timeIndicator.radius)
        }
    }

    @Test("CJK, RTL and emoji render without missing glyphs")
    func internationalNote() throws {
        let note = try #require(try Self.notes().first { $0.title.hasPrefix("Travel") })
        let editor = try NoteEditor(
            note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .large), resolver: Self.resolver)
        let fallbacks = editor.layoutManager.fallbacks
        #expect(!fallbacks.contains { $0.usedFamily == nil })
        #expect(fallbacks.contains { $0.usedFamily == "Noto Color Emoji" })
        #expect(fallbacks.contains { $0.usedFamily?.contains("WenQuanYi") == true })
    }

    @Test("keyboard: the visible height shrinks and fewer lines stay visible")
    func keyboard() throws {
        let note = try #require(try Self.notes().last)
        let editor = try NoteEditor(
            note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .large), resolver: Self.resolver)
        let without = editor.visibleText(keyboardHeight: 0)
        let with = editor.visibleText(keyboardHeight: 336)
        #expect(with.visibleLines < without.visibleLines)
        #expect(with.visibleHeight == 852 - 336)
        #expect(with.visibleCharacters.length < without.visibleCharacters.length)
    }

    @Test("loading: missing folder, invalid UTF-8 with byte offset, empty file; the input is untouched")
    func loading() throws {
        #expect(throws: NoteLoadError.missing(path: "/nonexistent-notes")) { try NoteLoader.load(from: "/nonexistent-notes") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Good note\nbody".utf8).write(to: folder.appendingPathComponent("a.txt"))
        try Data([0x42, 0x61, 0x64, 0x20, 0xC3, 0x28, 0x0A]).write(to: folder.appendingPathComponent("b.txt"))
        try Data().write(to: folder.appendingPathComponent("c.txt"))
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let (notes, issues) = try NoteLoader.load(from: folder.path)
        #expect(notes.count == 3)
        #expect(notes[2].title == "Untitled")
        #expect(issues.contains { $0.kind == .invalidUTF8 && $0.detail.contains("byte offset 4") })
        #expect(issues.contains { $0.kind == .empty })
        #expect(notes[1].contents.contains("\u{FFFD}"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)

        // A 5 MB note loads whole and is reported as large (it renders, slowly).
        let big = folder.appendingPathComponent("big.txt")
        try Data(("Big note\n" + String(repeating: "lorem ipsum dolor sit amet ", count: 200_000)).utf8).write(to: big)
        let (bigNotes, bigIssues) = try NoteLoader.load(from: big.path)
        #expect(bigNotes.count == 1)
        #expect(bigNotes[0].contents.utf8.count > 5_000_000)
        #expect(bigIssues.contains { $0.kind == .large })
    }
}
