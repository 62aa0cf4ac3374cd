import DynamicTypeCore
import DynamicTypeTesting
import Foundation
import Notepad
import NotepadViews
import SnapshotTesting
import Testing
import TextStack

/// The project's own snapshot suite: every sample note's editor and the notes list at all 12
/// categories as layout dumps, and as PNGs at three representative categories (scale 1, iPhone SE
/// width, to keep the files small). References: `__Snapshots__/NotepadSnapshotTests/`.
///
/// Record after an intended change with `SNAPSHOT_TESTING_RECORD=failed swift test --filter NotepadSnapshotTests`
/// and review the changed files (`git diff`) before committing.
@Suite("notepad snapshots at every category")
struct NotepadSnapshotTests {
    /// iPhone SE (1st generation): the narrowest device, where Dynamic Type problems start first.
    static let viewSize = Size(width: 320, height: 568)
    /// Categories with PNG references: the smallest, the default and the largest.
    static let pngCategories: [ContentSizeCategory] = [.xSmall, .large, .accessibility5]

    static func notes() throws -> [Note] { try NoteLoader.sampleNotes() }

    static func editor(_ note: Note) -> NotepadScreen {
        .editor(note: note, viewSize: viewSize)
    }

    static func list(_ notes: [Note]) -> NotepadScreen {
        .list(notes: notes, width: viewSize.width)
    }

    @Test("each sample note's editor, as text, at all 12 categories", arguments: try NotepadSnapshotTests.notes())
    func editor(_ note: Note) {
        assertDynamicTypeSnapshots(of: Self.editor(note), as: .layoutDump, named: note.slug)
    }

    @Test("each sample note's editor, as PNG, at xSmall, large and accessibility5", arguments: try NotepadSnapshotTests.notes())
    func editorPNG(_ note: Note) {
        assertDynamicTypeSnapshots(of: Self.editor(note), as: .png, named: note.slug, categories: Self.pngCategories)
    }

    @Test("the notes list, as text, at all 12 categories")
    func list() throws {
        assertDynamicTypeSnapshots(of: Self.list(try Self.notes()), as: .layoutDump, named: "samples")
    }

    @Test("the notes list, as PNG, at xSmall, large and accessibility5")
    func listPNG() throws {
        assertDynamicTypeSnapshots(of: Self.list(try Self.notes()), as: .png, named: "samples", categories: Self.pngCategories)
    }

    /// Every file in this suite's snapshot folder is one the tests above produce (a renamed note
    /// or test would otherwise leave stale references behind).
    @Test("no orphaned references in __Snapshots__/NotepadSnapshotTests")
    func noOrphans() throws {
        let folder = DynamicTypeSnapshotNaming(file: #filePath).snapshotDirectory
        var expected = Set<String>()
        func add(_ test: String, _ name: String, _ categories: [ContentSizeCategory], _ ext: String) {
            for category in categories {
                let file = DynamicTypeSnapshotNaming.referenceName(testName: test, name: name, category: category, pathExtension: ext)
                expected.insert(file)
                expected.insert(file + ".fingerprint.json")
            }
        }
        for note in try Self.notes() {
            add("editor", note.slug, ContentSizeCategory.allCases, "txt")
            add("editorPNG", note.slug, Self.pngCategories, "png")
        }
        add("list", "samples", ContentSizeCategory.allCases, "txt")
        add("listPNG", "samples", Self.pngCategories, "png")
        let orphans = SnapshotFolder.orphans(in: folder, expected: expected)
        #expect(orphans.isEmpty, "references no test produces (delete them if their test or note is gone): \(orphans)")
        // And no other test file's folder is orphaned.
        let root = folder.deletingLastPathComponent()
        let testFiles = Set(
            try FileManager.default.contentsOfDirectory(atPath: root.deletingLastPathComponent().path)
                .filter { $0.hasSuffix(".swift") }.map { ($0 as NSString).deletingPathExtension })
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }
        #expect(folders.allSatisfy(testFiles.contains), "snapshot folders without a test file: \(folders.filter { !testFiles.contains($0) })")
    }
}

extension Note: CustomTestStringConvertible {
    public var testDescription: String { slug }
}
