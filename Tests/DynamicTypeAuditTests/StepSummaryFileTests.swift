import DynamicTypeCore
import Foundation
import Testing

@testable import DynamicTypeAudit

/// Issue 32: the step summary is appended only to a regular file; a FIFO (with or without a
/// reader), a symbolic link or a folder is skipped with a warning, never blocking the run.
@Suite("Step summary file")
struct StepSummaryFileTests {
    static let summary = StepSummary(command: "dyntype preview", categories: [.large], findings: [])

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a regular file is appended to, a missing one created")
    func regularFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("summary.md")
        try Data("earlier step\n".utf8).write(to: file)
        #expect(try Self.summary.append(environment: ["GITHUB_STEP_SUMMARY": file.path]) == nil)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("earlier step\n### ✅ `dyntype preview`"))
        let fresh = folder.appendingPathComponent("fresh.md")
        #expect(try Self.summary.append(environment: ["GITHUB_STEP_SUMMARY": fresh.path]) == nil)
        #expect(FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test("a FIFO without or with a reader, a link and a folder are skipped with a warning")
    func notRegular() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let alone = try #require(try Self.summary.append(environment: ["GITHUB_STEP_SUMMARY": fifo]))
        #expect(alone.contains("is a FIFO or a socket with no reader, not a regular file; the step summary was not written"))
        // With a reader the open succeeds; fstat still finds a FIFO, and nothing is written to it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let read = try #require(try Self.summary.append(environment: ["GITHUB_STEP_SUMMARY": fifo]))
        #expect(read.contains("is a FIFO, not a regular file"))
        var byte: UInt8 = 0
        #expect(Foundation.read(reader, &byte, 1) <= 0, "nothing was written into the FIFO")

        let target = folder.appendingPathComponent("target.md")
        try Data("keep\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.md").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        #expect(try Self.summary.append(environment: ["GITHUB_STEP_SUMMARY": link])?.contains("is a symbolic link") == true)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
        #expect(try Self.summary.append(environment: ["GITHUB_STEP_SUMMARY": folder.path])?.contains("is a directory") == true)
    }
}
