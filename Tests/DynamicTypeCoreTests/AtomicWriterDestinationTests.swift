import Foundation
import Testing

@testable import DynamicTypeCore

/// Issue 32: an atomic write replaces a regular file or nothing; never a device, a FIFO, a link or
/// a folder, and never into a folder that does not exist. Device nodes and FIFOs are made in a
/// temporary folder; /dev is never touched.
@Suite("Atomic writes only where a regular file or nothing is")
struct AtomicWriterDestinationTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("a regular file is replaced and a new one created")
    func regular() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: file)
        try AtomicWriter.standard.write(Data("new".utf8), to: file, createFolder: false)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        try AtomicWriter.standard.write(Data("fresh".utf8), to: folder.appendingPathComponent("fresh.json"), createFolder: false)
        #expect(try String(contentsOf: folder.appendingPathComponent("fresh.json"), encoding: .utf8) == "fresh")
    }

    @Test("a FIFO, a link, a folder and a device node stay what they are")
    func notRegular() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let target = folder.appendingPathComponent("target.txt")
        try Data("keep".utf8).write(to: target)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let subfolder = folder.appendingPathComponent("sub").path
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
        var cases: [(path: String, kind: mode_t, says: String)] = [
            (fifo, S_IFIFO, "it is a FIFO, not a regular file"), (link, S_IFLNK, "it is a symbolic link (to '\(target.path)')"),
            (subfolder, S_IFDIR, "it is a directory"),
        ]
        // A character device like /dev/null (1, 3), made here: only root may (else that case is skipped).
        let device = folder.appendingPathComponent("null").path
        if getuid() == 0, mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
            cases.append((device, S_IFCHR, "it is a character device"))
        }
        for (path, kind, says) in cases {
            #expect("\(path)") {
                try AtomicWriter.standard.write(Data("x".utf8), to: URL(fileURLWithPath: path), createFolder: false)
            } throws: { error in
                (error as? SnapshotWriteError)?.reason.contains(says) == true
            }
            #expect(Self.kind(path) == kind, "\(path) is still what it was")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains(".tmp-") })
    }

    @Test("without createFolder the folder must exist")
    func missingFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("missing/out.json")
        #expect {
            try AtomicWriter.standard.write(Data("x".utf8), to: path, createFolder: false)
        } throws: { error in
            (error as? SnapshotWriteError)?.reason.contains("does not exist (No such file or directory); create it first") == true
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing").path))
    }
}
