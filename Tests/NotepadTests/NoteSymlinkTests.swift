import DynamicTypeCore
import Foundation
import Testing

@testable import Notepad

/// Issue 32: a symbolic link in a notes folder is never followed out of it.
@Suite("Note input: symbolic links stay inside the folder")
struct NoteSymlinkTests {
    @Test("links out of the folder or to non-regular files are reported and skipped; a link inside loads")
    func linksOutAreNotFollowed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("notes-links-\(UUID().uuidString)")
        let notes = base.appendingPathComponent("notes"), elsewhere = base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data("Groceries\nApples".utf8).write(to: notes.appendingPathComponent("a.txt"))
        try Data("SECRET=hunter2".utf8).write(to: elsewhere.appendingPathComponent("secret.txt"))
        try FileManager.default.createDirectory(at: notes.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let links = [
            "env.txt": "/proc/self/environ", "secret.txt": "../elsewhere/secret.txt", "absolute.txt": elsewhere.path + "/secret.txt",
            "same.txt": "a.txt", "folder.txt": "sub", "round.txt": "sub/../../elsewhere/secret.txt",
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let (loaded, issues) = try NoteLoader.load(from: notes.path)
        #expect(loaded.map(\.slug) == ["a", "same"])
        #expect(loaded.allSatisfy { !$0.contents.contains("SECRET") && !$0.contents.contains("PATH=") })
        let refused = issues.filter { $0.kind == .symlinkNotFollowed }
        #expect(Set(refused.map { ($0.path as NSString).lastPathComponent }) == ["env.txt", "secret.txt", "absolute.txt", "folder.txt", "round.txt"])
        let secret = try #require(refused.first { $0.path.hasSuffix("/secret.txt") })
        #expect(secret.detail.contains("symlink to '../elsewhere/secret.txt', which is outside the folder"))
        #expect(secret.detail.contains("not followed, skipped"))
        let folder = try #require(refused.first { $0.path.hasSuffix("/folder.txt") })
        #expect(folder.detail.contains("which is a directory, not a regular file"))
        // Files that are not notes (a linked Swift file) are left to their own readers, not reported here.
        try FileManager.default.createSymbolicLink(
            atPath: notes.appendingPathComponent("Shared.swift").path, withDestinationPath: "../elsewhere/secret.txt")
        let skipping = try NoteLoader.load(from: notes.path, accepting: { !$0.hasSuffix(".swift") })
        #expect(!skipping.issues.contains { $0.path.hasSuffix("Shared.swift") })
        #expect(skipping.notes.map(\.slug) == ["a", "same"])
        // The folder given through a link of its own is still that folder: the inside link loads.
        let alias = base.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: notes.path)
        #expect(try NoteLoader.load(from: alias.path, accepting: { !$0.hasSuffix(".swift") }).notes.map(\.slug) == ["a", "same"])
    }
}
