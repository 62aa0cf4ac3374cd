import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
import Foundation
import Notepad
import NotepadViews
import Testing

/// The library's snapshot run (what `dyntype snapshot record|verify` calls): record into a
/// temporary folder then verify against it, a changed reference and an orphan failing verify,
/// and shards that split the jobs without overlap.
@Suite("SnapshotSuite")
struct SnapshotSuiteTests {
    /// The list and one note at two categories, on the snapshot device.
    static func suite(categories: [ContentSizeCategory] = [.large, .accessibility3]) throws -> SnapshotSuite {
        let note = try #require(try NoteLoader.sampleNotes().first)
        let settings = try ViewInputSelection().settings(defaultDevice: "iphone-se")
        return SnapshotSuite(
            notes: [note], notepad: NotepadSettings(), screens: [], locales: [nil], strings: StringTable(), settings: settings, scale: 1,
            categories: categories)
    }

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-suite-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func options(_ out: URL, verifying: Bool) -> SnapshotSuite.RunOptions {
        var options = SnapshotSuite.RunOptions(out: out.path, mode: verifying ? .never : .all, verifying: verifying)
        options.artifacts = out.appendingPathComponent("artifacts").path
        return options
    }

    @Test("record writes every reference; verify then passes; a changed reference fails verify")
    func recordThenVerify() throws {
        let out = try Self.folder("record")
        defer { try? FileManager.default.removeItem(at: out) }
        let suite = try Self.suite()
        #expect(suite.subjects.count == 2)
        #expect(suite.jobs.count == 4)

        let recorded = try suite.run(Self.options(out, verifying: false))
        #expect(recorded.failure() == nil, "\(recorded.text)")
        #expect(recorded.counts.passed == 4 && recorded.counts.failed == 0)
        let first = try #require(recorded.outcomes.first?.path)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(first).path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(first + ".fingerprint.json").path))

        let verified = try suite.run(Self.options(out, verifying: true))
        #expect(verified.failure() == nil, "\(verified.text)")
        #expect(verified.outcomes.allSatisfy { $0.result?.kind == .matched })
        #expect(verified.text.hasSuffix(" failed (\(String(format: "%.1f", verified.seconds)) s)\n"))
        #expect(verified.results.summary.passed == 4)

        try Data("not the layout\n".utf8).write(to: out.appendingPathComponent(first))
        let changed = try suite.run(Self.options(out, verifying: true))
        #expect(changed.failure()?.code == SysExit.findings)
        #expect(changed.text.contains("FAILED   \(first)"), "\(changed.text)")
        #expect(changed.results.references.first { $0.path == first }?.status == "failed")
    }

    @Test("a file no view produces is an orphan: verify fails on it, record only reports it")
    func orphans() throws {
        let out = try Self.folder("orphans")
        defer { try? FileManager.default.removeItem(at: out) }
        let suite = try Self.suite(categories: [.large])
        _ = try suite.run(Self.options(out, verifying: false))
        try FileManager.default.createDirectory(at: out.appendingPathComponent("gone"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: out.appendingPathComponent("gone/03-large.txt"))

        let verified = try suite.run(Self.options(out, verifying: true))
        #expect(verified.orphans == ["gone/03-large.txt"])
        #expect(verified.failure()?.code == SysExit.findings)
        #expect(verified.text.contains("ORPHAN   gone/03-large.txt: no note, category or format produces it"))
        #expect(verified.results.references.contains { $0.status == "orphan" && !$0.passed })

        let recorded = try suite.run(Self.options(out, verifying: false))
        #expect(recorded.orphans == ["gone/03-large.txt"])
        #expect(recorded.failure() == nil)
        // References of categories not checked in this run are not orphans.
        #expect(suite.expectedFiles.contains("list/\(ContentSizeCategory.accessibility5.fileStem).png.fingerprint.json"))
    }

    @Test("shards split the jobs: every job in exactly one shard, the same fingerprint in each")
    func shards() throws {
        let suite = try Self.suite()
        let parts = (1...3).map { suite.jobs(for: ShardSpec(parsing: "\($0)/3")!, format: .text, tolerance: .exact) }
        let stems = parts.flatMap { $0.jobs.map(\.stem) }
        #expect(stems.sorted() == suite.jobs.map(\.stem).sorted())
        #expect(Set(parts.map(\.info.fingerprint)).count == 1)
    }
}
