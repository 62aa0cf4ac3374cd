import DynamicTypeSnapshots
import Foundation
import Testing

/// Rendering settings in the fingerprint: another setting is reported as "settings changed", not as
/// a missing font; unusual files where a fingerprint or artifact belongs get a clear outcome.
@Suite("snapshot settings and unusual reference files")
struct SettingsFingerprintTests {
    static let plain = RenderSettings(profile: "ios", boldText: false, width: 320, height: 568, rowHeights: nil)

    static func fingerprint(_ settings: RenderSettings?, font: String = "aaaa", scale: Double? = nil) -> EnvironmentFingerprint {
        var print = SnapshotEngineTests.fingerprint
        print.fonts[0].sha256 = font
        print.settings = settings
        print.scale = scale
        return print
    }

    @Test("each changed setting is one phrase")
    func phrases() {
        var other = Self.plain
        other.boldText = true
        other.profile = "ios7"
        other.width = 393
        other.height = 852
        #expect(
            other.changes(since: Self.plain) == [
                "profile ios → ios7", "bold text off → on", "width 320 → 393 pt", "height 568 → 852 pt",
            ])
        let list = RenderSettings(profile: "ios", boldText: false, width: 320, height: nil, rowHeights: "seed")
        var selfSizing = list
        selfSizing.rowHeights = "selfSizing"
        #expect(selfSizing.changes(since: list) == ["row heights seed → selfSizing"])
        #expect(Self.fingerprint(Self.plain, scale: 2).settingsChanges(since: Self.fingerprint(Self.plain, scale: 1)) == ["scale 1 → 2"])
    }

    @Test("verifying with Bold Text on fails as 'settings changed', before fonts are compared; old fingerprints are not")
    func settingsChanged() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = Data("same\n".utf8)
        _ = SnapshotEngineTests.check(folder, mode: .missing).run(
            actual: data, fingerprint: Self.fingerprint(Self.plain), compare: SnapshotEngineTests.textCompare)
        var bold = Self.plain
        bold.boldText = true
        // Bold Text uses another font file: that is part of the settings change, not an environment change.
        let result = SnapshotEngineTests.check(folder, mode: .missing).run(
            actual: data, fingerprint: Self.fingerprint(bold, font: "bbbb"), compare: SnapshotEngineTests.textCompare)
        #expect(result.kind == .settingsChanged && !result.passes)
        #expect(result.message.hasPrefix("settings changed: bold text off → on.\na: "))
        #expect(result.message.contains("re-record with them"))
        #expect(!result.message.contains("environment changed"))
        // A fingerprint recorded before settings were kept compares the environment only.
        #expect(Self.fingerprint(bold).settingsChanges(since: Self.fingerprint(nil)).isEmpty)
    }

    @Test("a fingerprint that is a directory is reported as such, not as a Cocoa error")
    func fingerprintIsDirectory() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = SnapshotEngineTests.check(folder, mode: .missing)
        _ = check.run(actual: Data("x\n".utf8), fingerprint: Self.fingerprint(Self.plain), compare: SnapshotEngineTests.textCompare)
        try FileManager.default.removeItem(at: check.fingerprintURL)
        try FileManager.default.createDirectory(at: check.fingerprintURL, withIntermediateDirectories: true)
        let result = check.run(actual: Data("x\n".utf8), fingerprint: Self.fingerprint(Self.plain), compare: SnapshotEngineTests.textCompare)
        #expect(result.kind == .unreadable)
        #expect(result.message.contains("is a directory, not a file; remove or rename it"))
        #expect(!result.message.contains("NSCocoaErrorDomain"))
    }

    @Test("an artifact that would land on its reference is not written")
    func artifactOnReference() throws {
        let folder = try SnapshotEngineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("refs/a.txt")
        let check = ReferenceCheck(reference: reference, artifact: reference, mode: .never, label: "a")
        _ = SnapshotEngineTests.check(folder, mode: .missing).run(
            actual: Data("old\n".utf8), fingerprint: Self.fingerprint(Self.plain), compare: SnapshotEngineTests.textCompare)
        let result = check.run(actual: Data("new\n".utf8), fingerprint: Self.fingerprint(Self.plain), compare: SnapshotEngineTests.textCompare)
        #expect(result.kind == .mismatch)
        #expect(result.artifacts.isEmpty)
        #expect(result.message.contains("artifacts not saved"))
        #expect(try Data(contentsOf: reference) == Data("old\n".utf8))
    }
}
