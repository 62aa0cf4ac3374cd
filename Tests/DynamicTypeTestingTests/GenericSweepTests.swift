import DynamicTypeCore
import DynamicTypeTesting
import Foundation
import Notepad
import NotepadTesting
import NotepadViews
import SnapshotTesting
import Testing
import TextStack

/// `assertDynamicTypeSnapshots` over any value and any strategy: the category is applied through
/// the scoped override, names are optional, fingerprints come only from the project's strategies,
/// and a text mismatch reads like swift-snapshot-testing's.
@Suite("the sweep over any value and strategy")
struct GenericSweepTests {
    static func files(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("a plain value and strategy see each category; no name gives <test>.<category>.<ext>; no fingerprint")
    func anyValueAnyStrategy() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The value reads the current category when it is made; the strategy when it snapshots.
        let strategy = Snapshotting<String, String>.lines.pullback { (value: String) in
            "\(value) / strategy at \(ContentSizeCategory.current.name)"
        }
        func sweep(_ record: SnapshotTestingConfiguration.Record) -> [DynamicTypeSnapshotFailure] {
            verifyDynamicTypeSnapshots(
                of: "value at \(ContentSizeCategory.current.name)", as: strategy, categories: [.xSmall, .accessibility5],
                record: record, snapshotDirectory: folder.path, artifactsDirectory: folder.appendingPathComponent("artifacts").path,
                testName: "plainValue()")
        }
        #expect(sweep(.missing).map(\.kind) == [.recordedMissing, .recordedMissing])
        #expect(try Self.files(folder) == ["plainValue.accessibility5.txt", "plainValue.xSmall.txt"])
        #expect(
            try String(contentsOf: folder.appendingPathComponent("plainValue.xSmall.txt"), encoding: .utf8)
                == "value at xSmall / strategy at xSmall")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("plainValue.accessibility5.txt"), encoding: .utf8)
                == "value at accessibility5 / strategy at accessibility5")
        #expect(sweep(.never).isEmpty)
        #expect(ContentSizeCategory.current == ContentSizeHub.shared.category, "the override ends with the sweep")
    }

    @Test("named: <test>.<name>-<category>.<ext>, the same names as before")
    func names() {
        #expect(
            DynamicTypeSnapshotNaming.referenceName(testName: "editor(_:)", name: "02-welcome", category: .large, pathExtension: "txt")
                == "editor.02-welcome-large.txt")
        #expect(
            DynamicTypeSnapshotNaming.referenceName(testName: "testEditor()", name: nil, category: .accessibility1, pathExtension: "png")
                == "testEditor.accessibility1.png")
        #expect(
            DynamicTypeSnapshotNaming.referenceName(testName: "x()", name: "a b!", category: .xSmall, pathExtension: nil)
                == "x.a-b-xSmall")
    }

    @Test("the project's strategies write fingerprints in the sweep, with the settings; a pinned value is moved to each category")
    func fingerprints() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = TextLayoutSnapshot(TextStorage(string: "Hello"), containerSize: Size(width: 100, height: .infinity)).at(.xxxLarge)
        let failures = verifyDynamicTypeSnapshots(
            of: text, as: .png, categories: [.small, .large], record: .missing, snapshotDirectory: folder.path,
            testName: "pinned()")
        #expect(failures.map(\.kind) == [.recordedMissing, .recordedMissing])
        #expect(try Self.files(folder) == [
            "pinned.large.png", "pinned.large.png.fingerprint.json", "pinned.small.png", "pinned.small.png.fingerprint.json",
        ])
        let print = try EnvironmentFingerprint.decode(Data(contentsOf: folder.appendingPathComponent("pinned.large.png.fingerprint.json")))
        #expect(print.settings == RenderSettings(profile: "ios", boldText: false, width: 100, height: nil, rowHeights: nil))
        #expect(print.scale == 1)
        #expect(print.fonts.contains { $0.family == "Inter" })
        // Moved to each category, not left at xxxLarge: the two images differ in height.
        let small = try Data(contentsOf: folder.appendingPathComponent("pinned.small.png"))
        let large = try Data(contentsOf: folder.appendingPathComponent("pinned.large.png"))
        #expect(small != large)
    }

    @Test("under swift-snapshot-testing's own verifySnapshot the strategies work, without a fingerprint (README: when not)")
    func plainAssertSnapshotHasNoFingerprint() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = TextLayoutSnapshot(TextStorage(string: "Hello"), containerSize: Size(width: 100, height: .infinity))
        #expect(verifySnapshot(of: text.at(.large), as: .layoutDump, named: "hello", record: .missing, snapshotDirectory: folder.path) != nil)
        #expect(verifySnapshot(of: text.at(.large), as: .layoutDump, named: "hello", record: .never, snapshotDirectory: folder.path) == nil)
        #expect(try Self.files(folder) == ["plainAssertSnapshotHasNoFingerprint.hello.txt"])
    }

    @Test("a text mismatch in the sweep shows swift-snapshot-testing's diff and writes it as <reference>.diff")
    func mismatchDiff() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let artifacts = folder.appendingPathComponent("artifacts")
        func sweep(_ text: String, _ record: SnapshotTestingConfiguration.Record) -> [DynamicTypeSnapshotFailure] {
            verifyDynamicTypeSnapshots(
                of: TextLayoutSnapshot(TextStorage(string: text), containerSize: Size(width: 200, height: .infinity)),
                as: .layoutDump, named: "note", categories: [.large], record: record, snapshotDirectory: folder.path,
                artifactsDirectory: artifacts.path, testName: "diffing()")
        }
        _ = sweep("Apples\nPears\nBread", .missing)
        let failure = try #require(sweep("Apples\nPlums\nBread", .never).first)
        #expect(failure.kind == .mismatch)
        let old = try String(contentsOf: folder.appendingPathComponent("diffing.note-large.txt"), encoding: .utf8)
        // Artifacts go to <artifacts>/<test file name>/, as swift-snapshot-testing's do.
        let written = artifacts.appendingPathComponent("GenericSweepTests")
        let new = try String(contentsOf: written.appendingPathComponent("diffing.note-large.txt"), encoding: .utf8)
        let expected = try #require(Diffing<String>.lines.diffV2(old, new)?.0)
        // The message trims the final blank context line, as swift-snapshot-testing's does; the file keeps it.
        #expect(failure.message.contains(expected.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try String(contentsOf: written.appendingPathComponent("diffing.note-large.diff"), encoding: .utf8) == expected)
    }

    @Test("the one line diff is swift-snapshot-testing's .lines, on random texts")
    func lineDiffMatchesSnapshotTesting() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let vocabulary = ["a", "b", "c", "d ", "", "  L0 +0..<3", "¶1 chars", "e"]
        for _ in 0..<400 {
            let old = (0..<next(30)).map { _ in vocabulary[next(vocabulary.count)] }
            var new = old
            for _ in 0..<next(6) {
                switch next(3) {
                case 0 where !new.isEmpty: new.remove(at: next(new.count))
                case 1: new.insert(vocabulary[next(vocabulary.count)], at: next(new.count + 1))
                default: if !new.isEmpty { new[next(new.count)] = vocabulary[next(vocabulary.count)] }
                }
            }
            let a = old.joined(separator: "\n"), b = new.joined(separator: "\n")
            #expect(LineDiff.patch(old: a, new: b) == Diffing<String>.lines.diffV2(a, b)?.0, "\(old) → \(new)")
        }
    }

    @Test("a long dump diff gives the two hunks (its time is the benchmarks' business, not a test's)")
    func longDiff() throws {
        let old = (0..<20_000).map { "  L\($0) +\($0 * 40)..<\($0 * 40 + 40)  rect 0 +\($0 * 22)" }
        var new = old
        new[10_000] = "changed"
        new.remove(at: 15_000)
        let patch = try #require(LineDiff.patch(old: old.joined(separator: "\n"), new: new.joined(separator: "\n")))
        #expect(patch.components(separatedBy: "@@ −").count == 3)
    }

    @Test("the NotepadScreen overloads take .editor(…) and .list(…) written in the call")
    func screenOverloads() throws {
        let note = Note(slug: "tiny", contents: "Tiny", timestamp: Date(timeIntervalSince1970: 0), source: "test")
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = verifyDynamicTypeSnapshots(
            of: .editor(note: note, viewSize: Size(width: 320, height: 200)), as: .layoutDump, categories: [.large], record: .missing,
            snapshotDirectory: folder.path, testName: "overload()")
        #expect(failures.map(\.kind) == [.recordedMissing])
        #expect(try Self.files(folder) == ["overload.large.txt", "overload.large.txt.fingerprint.json"])
    }

    @Test("module and type names do not shadow each other")
    func qualifiedNames() {
        // Each module name still names its module next to the types of the testing modules.
        let screen: DynamicTypeSnapshots.ScreenSnapshot.Type = DynamicTypeTesting.ScreenSnapshot.self
        let notepad: NotepadViews.NotepadScreen.Type = NotepadScreen.self
        let naming: DynamicTypeTesting.DynamicTypeSnapshotNaming.Type = DynamicTypeSnapshotNaming.self
        let category: DynamicTypeCore.ContentSizeCategory = .large
        #expect(screen == ScreenSnapshot.self && notepad == NotepadScreen.self && naming == DynamicTypeSnapshotNaming.self && category == .large)
    }
}
