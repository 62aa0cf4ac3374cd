import DynamicTypeCore
import DynamicTypeTesting
import Foundation
import Notepad
import NotepadTesting
import NotepadViews
import Rendering
import TextStack
import SnapshotTesting
import Testing
import XCTest

/// The suite's references must be able to fail, for the right reason: a one-word edit fails
/// exactly that note's snapshots with a readable diff, a missing font fails as an environment
/// change, and the assertion reports under Swift Testing and XCTest. Nothing here writes to
/// `__Snapshots__` (record mode never, artifacts in a temporary folder).
@Suite("snapshots fail for the right reason")
struct SnapshotBehaviourTests {
    /// The references of NotepadSnapshotTests.
    static let references = DynamicTypeSnapshotNaming(
        file: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("NotepadSnapshotTests.swift").path
    ).snapshotDirectory.path

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dtt-behaviour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func verify(
        _ screen: NotepadScreen, _ strategy: Snapshotting<NotepadScreen, String> = .layoutDump, test: String, name: String,
        categories: [ContentSizeCategory] = ContentSizeCategory.allCases, artifacts: URL, directory: String = references
    ) -> [DynamicTypeSnapshotFailure] {
        verifyDynamicTypeSnapshots(
            of: screen, as: strategy, named: name, categories: categories, record: .never, snapshotDirectory: directory,
            artifactsDirectory: artifacts.path, testName: test)
    }

    @Test("changing one word of one note fails exactly that note's snapshots, with a readable diff")
    func oneWordChanged() throws {
        let artifacts = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        var notes = try NoteLoader.sampleNotes()
        let index = try #require(notes.firstIndex { $0.slug == "02-welcome" })
        var edited = notes[index]
        edited.contents = edited.contents.replacingOccurrences(of: "drag the slider", with: "drag the handle")
        #expect(edited.contents != notes[index].contents)
        notes[index] = edited
        for note in notes {
            let failures = Self.verify(
                NotepadSnapshotTests.editor(note), test: "editor(_:)", name: note.slug, artifacts: artifacts)
            if note.slug == "02-welcome" {
                #expect(failures.count == 12, "every category of the edited note fails")
                for failure in failures {
                    #expect(failure.kind == .mismatch)
                    // swift-snapshot-testing's line diff: "−" old lines, "+" new lines, context around.
                    let changed = failure.message.split(separator: "\n").filter { $0.hasPrefix("−") || $0.hasPrefix("+") }
                    #expect(changed.contains { $0.hasPrefix("−") && $0.contains("slider") }, "\(failure.category.name): old word shown")
                    #expect(changed.contains { $0.hasPrefix("+") && $0.contains("handle") }, "\(failure.category.name): new word shown")
                    // Only the edited paragraph's lines change (positions are paragraph-relative); later
                    // paragraphs at most move (their "top"), earlier ones not at all.
                    let layout = changed.filter { $0.dropFirst().hasPrefix("  L") || $0.dropFirst().hasPrefix("¶") }
                    let earlier = ["Welcome", "formatting", "¶0 ", "¶1 ", "¶2 ", "¶3 ", "¶4 "]
                    #expect(!layout.isEmpty)
                    #expect(!layout.contains { line in earlier.contains { line.contains($0) } }, "\(layout)")
                    #expect(failure.artifacts.map(\.lastPathComponent).contains("editor.02-welcome-\(failure.category.name).txt"))
                    #expect(failure.artifacts.map(\.lastPathComponent).contains("editor.02-welcome-\(failure.category.name).diff"))
                }
                let large = try #require(failures.first { $0.category == .large })
                #expect(large.message.contains("−  L1 +38..<77  rect 0 +22 320×22  baseline +39.18  width 285.27  \"drag the slider: every note updates at \""))
                #expect(large.message.contains("+  L1 +38..<77  rect 0 +22 320×22  baseline +39.18  width 295.6  \"drag the handle: every note updates at \""))
            } else {
                #expect(failures.isEmpty, "\(note.slug): \(failures.map(\.description))")
            }
        }
        // The list shows titles only: unchanged.
        #expect(Self.verify(NotepadSnapshotTests.list(notes), test: "list()", name: "samples", artifacts: artifacts).isEmpty)
        // The PNG of the first screen fails where the edited paragraph is on it, with a .diff.png.
        let png = verifyDynamicTypeSnapshots(
            of: NotepadSnapshotTests.editor(edited), as: .png, named: edited.slug, categories: [.large], record: .never,
            snapshotDirectory: Self.references, artifactsDirectory: artifacts.path, testName: "editorPNG(_:)")
        let failure = try #require(png.first)
        #expect(failure.message.contains("pixels differ"))
        #expect(failure.message.contains("Likely cause"))
        #expect(failure.artifacts.contains { $0.lastPathComponent == "editorPNG.02-welcome-large.diff.png" })
    }

    @Test("the committed references pass untouched (the sweep API, not the assertion)")
    func referencesPass() throws {
        let artifacts = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let notes = try NoteLoader.sampleNotes()
        #expect(Self.verify(NotepadSnapshotTests.list(notes), test: "list()", name: "samples", artifacts: artifacts).isEmpty)
    }

    @Test("a font set lacking a family fails as 'environment changed', not as a diff")
    func fontRemoved() throws {
        let artifacts = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let note = try #require(try NoteLoader.sampleNotes().first { $0.slug == "04-travel-phrases" })
        var screen = NotepadSnapshotTests.editor(note)
        screen.fontSet = HermeticFontSet.project.removingPackage("fonts-noto-color-emoji")
        let failures = Self.verify(screen, test: "editor(_:)", name: note.slug, categories: [.large], artifacts: artifacts)
        let failure = try #require(failures.first)
        #expect(failure.kind == .environmentChanged)
        #expect(failure.message.hasPrefix("environment changed: "))
        #expect(failure.message.contains("Noto Color Emoji"))
        #expect(failure.message.contains("install fonts-noto-color-emoji"))
        #expect(!failure.message.contains("@@"), "no diff is shown")
    }

    @Test("a fingerprint with another SHA-256 fails as 'environment changed'")
    func fingerprintChanged() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "list.samples-large.txt"
        let source = URL(fileURLWithPath: Self.references)
        try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        var print = try EnvironmentFingerprint.decode(Data(contentsOf: source.appendingPathComponent(name + ".fingerprint.json")))
        print.fonts[0].sha256 = String(repeating: "0", count: 64)
        try print.jsonData().write(to: folder.appendingPathComponent(name + ".fingerprint.json"))
        let failures = Self.verify(
            NotepadSnapshotTests.list(try NoteLoader.sampleNotes()), test: "list()", name: "samples", categories: [.large],
            artifacts: folder.appendingPathComponent("artifacts"), directory: folder.path)
        #expect(failures.count == 1)
        #expect(failures.first?.kind == .environmentChanged)
        #expect(failures.first?.message.contains("environment changed: font \((print.fonts[0].file as NSString).lastPathComponent) changed (sha256 000000000000… →") == true)
    }

    @Test("recording through the sweep: missing references are written with fingerprints and fail; a second run passes; a killed record keeps the old reference")
    func recordingThroughTheSweep() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = Note(slug: "tiny", contents: "Tiny note\nSome *bold* text.", timestamp: Date(timeIntervalSince1970: 0), source: "test")
        let screen = NotepadScreen.editor(note: note, viewSize: Size(width: 320, height: 200))
        func run(_ screen: NotepadScreen, _ record: SnapshotTestingConfiguration.Record, writer: AtomicWriter = .standard) -> [DynamicTypeSnapshotFailure] {
            DynamicTypeSweep(
                name: "tiny", categories: [.xSmall, .accessibility5], record: record, snapshotDirectory: folder.path,
                artifactsDirectory: folder.appendingPathComponent("artifacts").path, writer: writer, file: #filePath,
                testName: "recording()"
            ).run(screen, as: .layoutDump)
        }
        let first = run(screen, .missing)
        #expect(first.map(\.kind) == [.recordedMissing, .recordedMissing])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == [
            "recording.tiny-accessibility5.txt", "recording.tiny-accessibility5.txt.fingerprint.json",
            "recording.tiny-xSmall.txt", "recording.tiny-xSmall.txt.fingerprint.json",
        ])
        #expect(run(screen, .never).isEmpty)
        // A record of an edited note, killed before the rename: the references stay as they were.
        let reference = folder.appendingPathComponent("recording.tiny-xSmall.txt")
        let before = try Data(contentsOf: reference)
        var edited = note
        edited.contents = "Tiny note\nSome *bold* words."
        var changed = screen
        changed.content = .editor(note: edited, viewSize: Size(width: 320, height: 200))
        struct Killed: Error {}
        let killed = run(changed, .all, writer: AtomicWriter { _, _ in throw Killed() })
        #expect(killed.map(\.kind) == [.writeFailed, .writeFailed])
        #expect(try Data(contentsOf: reference) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty)
        #expect(run(screen, .never).isEmpty)
        #expect(run(changed, .never).map(\.kind) == [.mismatch, .mismatch])
    }

    @Test("the assertion records one issue per failing category under Swift Testing")
    func assertionRecordsIssues() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = Note(slug: "tiny", contents: "Tiny", timestamp: Date(timeIntervalSince1970: 0), source: "test")
        withKnownIssue {
            assertDynamicTypeSnapshots(
                of: .editor(note: note, viewSize: Size(width: 320, height: 200)), as: .layoutDump, named: "tiny",
                categories: .xSmall ... .small, record: .never, snapshotDirectory: folder.path)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No reference for \"tiny\" at") }
        }
    }
}

/// The strategies are plain swift-snapshot-testing values: they work with its own
/// `verifySnapshot`/`assertSnapshot` (one category, no fingerprint), and a screen without a
/// category follows the `.contentSizeCategory` trait.
@Suite("strategies in swift-snapshot-testing")
struct StrategyCompatibilityTests {
    static let note = Note(slug: "tiny", contents: "Tiny\nA *bold* word.", timestamp: Date(timeIntervalSince1970: 0), source: "test")

    @Test("verifySnapshot records, then matches, then reports a difference", .contentSizeCategory(.accessibility2))
    func withVerifySnapshot() throws {
        let folder = try SnapshotBehaviourTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = NotepadScreen.editor(note: Self.note, viewSize: Size(width: 200, height: 120))
        #expect(screen.setting.category == .accessibility2)
        for strategy in [Snapshotting<NotepadScreen, String>.layoutDump] {
            let first = verifySnapshot(of: screen, as: strategy, named: "tiny", record: .missing, snapshotDirectory: folder.path)
            #expect(first?.contains("No reference was found on disk") == true)
            #expect(verifySnapshot(of: screen, as: strategy, named: "tiny", record: .never, snapshotDirectory: folder.path) == nil)
            var changed = screen
            changed.content = .editor(note: Note(slug: "tiny", contents: "Tiny\nA *bolder* word.", timestamp: Date(timeIntervalSince1970: 0), source: "test"), viewSize: Size(width: 200, height: 120))
            let failure = verifySnapshot(of: changed, as: strategy, named: "tiny", record: .never, snapshotDirectory: folder.path)
            #expect(failure?.contains("bolder") == true)
        }
        let png = Snapshotting<NotepadScreen, RGBAImage>.png(perceptualTolerance: 2)
        #expect(verifySnapshot(of: screen, as: png, named: "tiny", record: .missing, snapshotDirectory: folder.path) != nil)
        #expect(verifySnapshot(of: screen, as: png, named: "tiny", record: .never, snapshotDirectory: folder.path) == nil)
        let dump = try String(contentsOf: folder.appendingPathComponent("withVerifySnapshot.tiny.txt"), encoding: .utf8)
        #expect(dump.contains("setting: accessibility2"))
    }
}

/// The same helper from XCTest.
final class SnapshotXCTests: XCTestCase {
    func testCommittedListUnderXCTest() throws {
        assertDynamicTypeSnapshots(
            of: NotepadSnapshotTests.list(try NoteLoader.sampleNotes()), as: .layoutDump, named: "samples",
            categories: [.large, .accessibility1], record: .never, snapshotDirectory: SnapshotBehaviourTests.references,
            testName: "list()")
    }
}
