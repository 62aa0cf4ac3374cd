import DynamicTypeCore
import Foundation
import Testing

@testable import DynamicTypeAudit

/// Issue 32: `--sarif` and `--write-baseline` never name one file together, never a file the run
/// reads (64), and never replace anything but a regular file (73).
@Suite("Findings gate outputs")
struct FindingsGateOutputTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func finish(_ gate: FindingsGate) -> RunFailure? {
        do {
            _ = try gate.finish([], locate: { _ in nil }, summary: nil, environment: [:], root: "/")
            return nil
        } catch { return error }
    }

    @Test("one path for both outputs, or a path the run reads, is a usage error; nothing is written")
    func usage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.json").path
        var both = FindingsGate()
        (both.sarifPath, both.writeBaselinePath) = (out, folder.path + "/./out.json")
        let same = try #require(Self.finish(both))
        #expect(same.kind == .usage && same.message.contains("both name"))
        #expect(!FileManager.default.fileExists(atPath: out))

        let input = folder.appendingPathComponent("App.swift")
        try Data("struct A {}".utf8).write(to: input)
        let alias = folder.appendingPathComponent("alias.swift").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: input.path)
        for option in ["sarif", "baseline"] {
            var gate = FindingsGate()
            gate.protectedPaths = [input.path]
            if option == "sarif" { gate.sarifPath = alias } else { gate.writeBaselinePath = alias }
            let error = try #require(Self.finish(gate))
            #expect(error.kind == .usage && error.message.contains("a file this run reads"))
        }
        #expect(try String(contentsOf: input, encoding: .utf8) == "struct A {}")
    }

    @Test("a FIFO or a missing folder as the output is exit 73; a regular file is written")
    func cannotCreate() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.sarif").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for path in [fifo, folder.path + "/missing/x.sarif"] {
            var gate = FindingsGate()
            gate.sarifPath = path
            let error = try #require(Self.finish(gate))
            #expect(error.kind == .cannotWrite, "\(path): \(error.message)")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        var gate = FindingsGate()
        gate.sarifPath = folder.appendingPathComponent("ok.sarif").path
        #expect(Self.finish(gate) == nil)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ok.sarif").path))
    }
}
