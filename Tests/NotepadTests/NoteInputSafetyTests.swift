import DynamicTypeCore
import Foundation
import Testing

@testable import Notepad

/// Titles end at every line end, slugs never take the output's reserved names, and files that are
/// not notes (FIFOs, dangling links, files over the limit) are reported, never read.
@Suite("Note input: line ends, reserved slugs, non-regular files")
struct NoteInputSafetyTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("notes-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "the title is the first line whatever ends it",
        arguments: ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"])
    func titleLineEnds(lineEnd: String) {
        let note = Note(slug: "a", contents: "Groceries\(lineEnd)Apples\(lineEnd)Pears\(lineEnd)", timestamp: Date(), source: "test")
        #expect(note.title == "Groceries")
    }

    @Test("an empty first line gives Untitled; a note without a line end is all title")
    func titleEdges() {
        #expect(Note(slug: "a", contents: "\r\nbody", timestamp: Date(), source: "t").title == "Untitled")
        #expect(Note(slug: "a", contents: "  Only line  ", timestamp: Date(), source: "t").title == "Only line")
    }

    @Test("reserved names are never a note's slug, and slugs stay unique")
    func reservedSlugs() {
        var taken = Set<String>()
        let slugs = ["list.txt", "index.md", "report.json", "contact sheet.txt", "artifacts", "list-note.txt", "list.md"].map {
            Slug.unique(for: $0, taken: &taken)
        }
        #expect(slugs == ["list-note", "index-note", "report-note", "contact-sheet-note", "artifacts-note", "list-note-2", "list-note-3"])
        #expect(Set(slugs).isDisjoint(with: NoteLoader.reservedSlugs))
    }

    @Test("a FIFO and a dangling link in a folder are reported by name and skipped, without blocking")
    func fifoAndDanglingLink() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Note\nbody".utf8).write(to: folder.appendingPathComponent("a.txt"))
        #expect(mkfifo(folder.appendingPathComponent("pipe.txt").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gone.txt").path, withDestinationPath: "missing.txt")
        let (notes, issues) = try NoteLoader.load(from: folder.path)
        #expect(notes.map(\.slug) == ["a"])
        let fifo = try #require(issues.first { $0.kind == .notRegularFile })
        #expect(fifo.path.hasSuffix("pipe.txt"))
        #expect(fifo.detail.contains("is not a regular file (a FIFO); notes must be regular files"))
        let dangling = try #require(issues.first { $0.kind == .danglingSymlink })
        #expect(dangling.path.hasSuffix("gone.txt"))
        #expect(dangling.detail.contains("dangling symlink"))
        #expect(dangling.detail.contains("missing.txt"))
    }

    @Test("a device or FIFO given as the note is an error naming it; so is a file over the limit")
    func singleFileErrors() throws {
        #expect {
            try NoteLoader.load(from: "/dev/zero")
        } throws: { error in
            guard case NoteLoadError.unreadable(let path, let reason) = error else { return false }
            return path == "/dev/zero" && reason.contains("a character device")
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.txt")
        try Data(repeating: 0x61, count: 2048).write(to: big)
        #expect {
            try NoteLoader.load(from: big.path, limit: InputSizeLimit(bytes: 1024, howToRaise: "raise it"))
        } throws: { error in
            guard case NoteLoadError.tooLarge(let path, let reason) = error else { return false }
            return path == big.path && reason.contains("2 KB (2048 bytes), over the input size limit of 1 KB (1024 bytes); raise it")
        }
        // In a folder the large note is skipped and reported; the others load.
        try Data("Small\n".utf8).write(to: folder.appendingPathComponent("small.txt"))
        let (notes, issues) = try NoteLoader.load(from: folder.path, limit: InputSizeLimit(bytes: 1024))
        #expect(notes.map(\.slug) == ["small"])
        #expect(issues.contains { $0.kind == .tooLarge && $0.path == big.path })
    }

    // Root reads everything: the permission case only exists for other users.
    @Test("an unreadable note gives the system's reason, not a guess", .enabled(if: getuid() != 0))
    func unreadableReason() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = folder.appendingPathComponent("locked.txt")
        try Data("x".utf8).write(to: locked)
        #expect(chmod(locked.path, 0) == 0)
        try Data("ok".utf8).write(to: folder.appendingPathComponent("ok.txt"))
        let (_, issues) = try NoteLoader.load(from: folder.path)
        #expect(issues.contains { $0.kind == .unreadable && $0.detail.contains("Permission denied") })
    }
}
