import Foundation
import Testing

@testable import DynamicTypeCore

/// Bounded input reads and symlink-resolved path comparison: a FIFO, a device or an endless input
/// ends in a clear error, and a link to a folder is that folder.
@Suite("Input files, size limits and resolved paths")
struct InputFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "sizes parse as bytes or with a binary unit",
        arguments: [("1048576", 1 << 20), ("512KB", 512 << 10), ("64MB", 64 << 20), ("64 mb", 64 << 20), ("1GiB", 1 << 30), ("7b", 7), ("2k", 2048)])
    func parse(text: String, bytes: Int) throws {
        #expect(try InputSizeLimit(parsing: text).bytes == bytes)
    }

    @Test("bad sizes are refused with what to give", arguments: ["", "MB", "-1", "0", "1.5MB", "12XB", "2000TB", "99999999999999999999"])
    func badSizes(text: String) {
        #expect(throws: InputSizeLimitError.self) { try InputSizeLimit(parsing: text) }
    }

    @Test("sizes print in the largest unit: 64 MB, 1.5 KB, 10 bytes")
    func format() {
        #expect(InputSizeLimit.default.description == "64 MB")
        #expect(InputSizeLimit.format(1536) == "1.5 KB")
        #expect(InputSizeLimit.format(10) == "10 bytes")
        #expect(InputSizeLimit.formatExactly(2048) == "2 KB (2048 bytes)")
    }

    @Test("a regular file reads whole; past the limit, a directory, a FIFO, a device and a missing path are errors")
    func reads() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.txt")
        try Data(repeating: 0x61, count: 3000).write(to: file)
        #expect(try InputFile.read(atPath: file.path, limit: .default).count == 3000)
        #expect(throws: InputFileError.tooLarge(path: file.path, size: 3000, limit: InputSizeLimit(bytes: 1024))) {
            try InputFile.read(atPath: file.path, limit: InputSizeLimit(bytes: 1024))
        }
        #expect(throws: InputFileError.isDirectory(path: folder.path)) { try InputFile.read(atPath: folder.path, limit: .default) }
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: InputFileError.notRegularFile(path: fifo.path, kind: "a FIFO")) {
            try InputFile.read(atPath: fifo.path, limit: .default)
        }
        #expect(throws: InputFileError.notRegularFile(path: "/dev/zero", kind: "a character device")) {
            try InputFile.read(atPath: "/dev/zero", limit: .default)
        }
        #expect(throws: InputFileError.missing(path: folder.path + "/nope")) {
            try InputFile.read(atPath: folder.path + "/nope", limit: .default)
        }
        let message = InputFileError.tooLarge(path: "x", size: nil, limit: InputSizeLimit(bytes: 1 << 20, howToRaise: "use --max")).description
        #expect(message == "'x' is over the input size limit of 1 MB (1048576 bytes); reading stopped there; use --max")
    }

    @Test("a link to a folder is that folder; inside and containing are seen through links; missing tails are kept")
    func resolvedPaths() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "notes")
        #expect(ResolvedPath.relation(of: link.path, to: notes.path) == .same)
        #expect(ResolvedPath.relation(of: link.path + "/new/out", to: notes.path) == .inside)
        #expect(ResolvedPath.relation(of: folder.path, to: link.path) == .contains)
        #expect(ResolvedPath.relation(of: folder.path + "/other", to: notes.path) == nil)
        #expect(ResolvedPath.relation(of: notes.path + "/../notes-2", to: notes.path) == nil)
        #expect(ResolvedPath.resolve(link.path + "/a/./b/../c") == ResolvedPath.resolve(notes.path) + "/a/c")
        #expect(ResolvedPath.relation(of: "/", to: notes.path) == .contains)
    }
}
