import DynamicTypeCore
import DynamicTypeAudit
import DynamicTypeTesting
import Foundation
import Rendering
import Testing

/// The pieces of the snapshot engine on their own: diffs, bitmap comparison, atomic writes,
/// record modes, orphans.
@Suite("snapshot engine")
struct SnapshotEngineTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dtt-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let fingerprint = EnvironmentFingerprint(
        fonts: [
            .init(file: "/fonts/A.otf", family: "A", style: "Regular", version: "1.0", sha256: "aaaa", package: "fonts-a")
        ],
        libraries: ["freetype": "2.12.1", "harfbuzz": "6.0.0"], hyphenation: nil, scale: nil)

    // MARK: Line diff

    @Test("line diff: swift-snapshot-testing's hunks (4 lines of context, − and +, ¬ after a trailing space), nil when equal")
    func lineDiff() throws {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five \n").replacingOccurrences(of: "line 18\n", with: "")
        let diff = try #require(LineDiff.patch(old: old, new: new))
        let space = "\u{2007}"
        #expect(diff.hasPrefix("@@ −1,9 +1,9 @@\n\(space)line 1\n\(space)line 2\n\(space)line 3\n\(space)line 4\n−line 5\n+line five ¬\n\(space)line 6\n"))
        #expect(diff.contains("@@ −14,8 +14,7 @@\n\(space)line 14\n\(space)line 15\n\(space)line 16\n\(space)line 17\n−line 18\n\(space)line 19\n"))
        #expect(LineDiff.patch(old: old, new: old) == nil)
        let mismatch = try #require(LineDiff.mismatch(old: old, new: new))
        #expect(mismatch.message == diff)
        #expect(mismatch.artifacts.map(\.suffix) == ["diff"])
        #expect(mismatch.artifacts.first?.data == Data(diff.utf8))
    }

    // MARK: Bitmaps

    static func image(_ width: Int, _ height: Int, _ paint: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)?) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                guard let c = paint(x, y) else { continue }
                let i = (y * width + x) * 4
                image.pixels[i] = c.0
                image.pixels[i + 1] = c.1
                image.pixels[i + 2] = c.2
                image.pixels[i + 3] = c.3
            }
        }
        return image
    }

    @Test("bitmap comparison: counts, bounds, tolerances and the likely cause")
    func bitmapComparison() {
        let reference = Self.image(40, 30) { _, _ in nil }
        let glyph = Self.image(40, 30) { x, y in (10...14).contains(x) && (5...9).contains(y) ? (0, 0, 0, 255) : nil }
        let result = BitmapComparison.compare(reference: reference, actual: glyph)
        #expect(!result.passes)
        #expect(result.differingPixels == 25)
        #expect(result.bounds == .init(minX: 10, minY: 5, maxX: 14, maxY: 9))
        #expect(result.message.contains("25 of 1200 pixels differ"))
        #expect(result.likelyCause.contains("glyphs changed between y 5 and 9 px"))
        // Allowed as a fraction of pixels.
        #expect(BitmapComparison.compare(reference: reference, actual: glyph, tolerance: .init(pixels: 0.03)).passes)
        // Faint noise: fails exactly, passes with a perceptual tolerance or a channel tolerance.
        let noise = Self.image(40, 30) { x, y in (x + y) % 3 == 0 ? (252, 253, 251, 255) : nil }
        let exact = BitmapComparison.compare(reference: reference, actual: noise)
        #expect(!exact.passes)
        #expect(exact.likelyCause.contains("anti-aliasing"))
        #expect(BitmapComparison.compare(reference: reference, actual: noise, tolerance: .init(perceptual: 2)).passes)
        #expect(BitmapComparison.compare(reference: reference, actual: noise, tolerance: .init(channel: 4)).passes)
        // Sizes.
        let taller = RGBAImage(width: 40, height: 31)
        let sized = BitmapComparison.compare(reference: reference, actual: taller)
        #expect(!sized.passes)
        #expect(sized.message.contains("image size differs: reference 40×30 px, now 40×31 px"))
        #expect(sized.message.contains("content height changed"))
    }

    @Test("diff image: differing pixels red, the rest a faded copy")
    func diffImage() {
        let reference = Self.image(4, 2) { _, _ in nil }
        let actual = Self.image(4, 2) { x, y in x == 1 && y == 0 ? (0, 0, 255, 255) : nil }
        let diff = BitmapComparison.diffImage(reference: reference, actual: actual)
        #expect(diff.pixel(x: 1, y: 0).map { [$0.r, $0.g, $0.b] } == [255, 0, 0])
        let other = diff.pixel(x: 0, y: 0)!
        #expect(other.r == other.g && other.g == other.b && other.r >= 200)
    }

    // MARK: Atomic writes

    @Test("a write interrupted between the temporary file and the rename leaves the old file and no temporary file")
    func interruptedWrite() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ref.txt")
        try AtomicWriter.standard.write(Data("old\n".utf8), to: file)
        struct Killed: Error {}
        let seen = TemporaryFileProbe()
        let dying = AtomicWriter { temporary, _ in
            seen.record(temporary)
            throw Killed()
        }
        #expect(throws: SnapshotWriteError.self) { try dying.write(Data("new\n".utf8), to: file) }
        #expect(seen.contents == Data("new\n".utf8), "the temporary file was complete when the rename would have happened")
        #expect(try Data(contentsOf: file) == Data("old\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ref.txt"])
    }

    // MARK: Reference checks and record modes

    static func check(_ folder: URL, mode: SnapshotRecordMode, writer: AtomicWriter = .standard) -> ReferenceCheck {
        ReferenceCheck(
            reference: folder.appendingPathComponent("refs/a.txt"), artifact: folder.appendingPathComponent("artifacts/a.txt"),
            mode: mode, label: "a", writer: writer)
    }

    static func textCompare(_ old: Data, _ new: Data) -> ReferenceCheck.Mismatch? {
        LineDiff.mismatch(old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self))
    }

    @Test("record modes: missing records and fails, never refuses, failed re-records, all rewrites")
    func recordModes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = Data("one\n".utf8), two = Data("two\n".utf8)

        let never = Self.check(folder, mode: .never).run(actual: one, fingerprint: Self.fingerprint, compare: Self.textCompare)
        #expect(never.kind == .missing && !never.passes)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/a.txt").path))
        #expect(never.message.contains("recording is disabled"))

        let missing = Self.check(folder, mode: .missing).run(actual: one, fingerprint: Self.fingerprint, compare: Self.textCompare)
        #expect(missing.kind == .recordedMissing && !missing.passes && missing.wroteReference)
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/a.txt")) == one)
        let print = try EnvironmentFingerprint.decode(Data(contentsOf: folder.appendingPathComponent("refs/a.txt.fingerprint.json")))
        #expect(print == Self.fingerprint)

        #expect(Self.check(folder, mode: .never).run(actual: one, fingerprint: Self.fingerprint, compare: Self.textCompare).passes)

        let differs = Self.check(folder, mode: .missing).run(actual: two, fingerprint: Self.fingerprint, compare: Self.textCompare)
        #expect(differs.kind == .mismatch && !differs.wroteReference)
        #expect(differs.message.contains("−one\n+two"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("artifacts/a.txt")) == two)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("artifacts/a.diff").path))
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/a.txt")) == one)

        let failed = Self.check(folder, mode: .failed).run(actual: two, fingerprint: Self.fingerprint, compare: Self.textCompare)
        #expect(failed.kind == .mismatch && failed.wroteReference && !failed.passes)
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/a.txt")) == two)
        #expect(Self.check(folder, mode: .missing).run(actual: two, fingerprint: Self.fingerprint, compare: Self.textCompare).passes)

        let all = Self.check(folder, mode: .all).run(actual: one, fingerprint: Self.fingerprint, compare: Self.textCompare)
        #expect(all.kind == .recorded && !all.passes)
        let again = Self.check(folder, mode: .all).run(actual: one, fingerprint: Self.fingerprint, compare: Self.textCompare)
        #expect(again.kind == .unchanged && !again.passes)
    }

    @Test("a changed fingerprint fails as 'environment changed' before any comparison")
    func environmentChanged() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = Data("same\n".utf8)
        _ = Self.check(folder, mode: .missing).run(actual: data, fingerprint: Self.fingerprint, compare: Self.textCompare)
        var changed = Self.fingerprint
        changed.fonts[0].sha256 = "bbbb"
        changed.fonts[0].version = "2.0"
        changed.libraries["freetype"] = "2.13.2"
        var compared = false
        let result = Self.check(folder, mode: .missing).run(actual: data, fingerprint: changed) { _, _ in
            compared = true
            return nil
        }
        #expect(result.kind == .environmentChanged && !result.passes)
        #expect(!compared)
        #expect(result.message.hasPrefix("environment changed: font A.otf changed (sha256 aaaa… → bbbb…, version 1.0 → 2.0); freetype 2.12.1 → 2.13.2."))
        // A font no longer used names its package.
        var lacking = Self.fingerprint
        lacking.fonts = []
        #expect(lacking.changes(since: Self.fingerprint) == ["font A Regular (/fonts/A.otf) is no longer used or installed; install fonts-a"])
        // A font that only moved is no change.
        var moved = Self.fingerprint
        moved.fonts[0].file = "/elsewhere/A.otf"
        #expect(moved.changes(since: Self.fingerprint).isEmpty)
    }

    @Test("a record killed between writing and renaming leaves the old reference and its fingerprint")
    func killedRecord() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = Self.check(folder, mode: .missing).run(actual: Data("old\n".utf8), fingerprint: Self.fingerprint, compare: Self.textCompare)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("refs").path).sorted()
        struct Killed: Error {}
        let dying = AtomicWriter { _, destination in
            if destination.lastPathComponent == "a.txt" { throw Killed() }
        }
        var changed = Self.fingerprint
        changed.libraries["harfbuzz"] = "8.0.0"
        let result = Self.check(folder, mode: .all, writer: dying).run(
            actual: Data("new\n".utf8), fingerprint: changed, compare: Self.textCompare)
        #expect(result.kind == .writeFailed)
        #expect(try Data(contentsOf: folder.appendingPathComponent("refs/a.txt")) == Data("old\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("refs").path).sorted() == before)
        // The next verification notices: the fingerprint was written first, the reference was not.
        let next = Self.check(folder, mode: .never).run(actual: Data("new\n".utf8), fingerprint: changed, compare: Self.textCompare)
        #expect(next.kind == .mismatch)
    }

    @Test("record mode from the environment: SNAPSHOT_TESTING_RECORD, then CI → never")
    func recordModeFromEnvironment() {
        #expect(SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(SnapshotRecordMode.fromEnvironment([:], default: .all) == .all)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "1"], default: .all) == .never)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "1", "SNAPSHOT_TESTING_RECORD": "failed"]) == .failed)
        #expect(SnapshotRecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "all"]) == .all)
        #expect(SnapshotRecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "bogus"]) == .missing)
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "", "SNAPSHOT_TESTING_RECORD": ""]) == .missing)
    }

    @Test("orphans: unknown files reported, hidden temporary files and skipped folders ignored")
    func orphans() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["list/03-large.txt", "gone/03-large.txt", "list/.03-large.txt.tmp-1-2", "artifacts/list/03-large.txt"] {
            try AtomicWriter.standard.write(Data(), to: folder.appendingPathComponent(path))
        }
        #expect(
            SnapshotFolder.orphans(in: folder, expected: ["list/03-large.txt"], skipping: ["artifacts"]) == ["gone/03-large.txt"])
    }

    @Test("quoting in dumps: escapes and invisible characters")
    func quoting() {
        #expect(LayoutDump.quote("a\"b\\c\n\t") == "\"a\\\"b\\\\c\\n\\t\"")
        #expect(LayoutDump.quote("x\u{200F}y👍🏽") == "\"x\\u{200F}y👍🏽\"")
        #expect(LayoutDump.num(-0.001) == "0")
        #expect(LayoutDump.num(17.1849) == "17.18")
    }

    @Test("dump numbers: the same text as printf's %.2f of the rounded value, zeros trimmed")
    func numbersMatchPrintf() {
        var state: UInt64 = 7
        for index in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = index % 3 == 0 ? 10.0 : index % 3 == 1 ? 1_000.0 : 1_000_000.0
            let value = (Double(state >> 11) / Double(1 << 53) - 0.5) * magnitude
            let rounded = (value * 100).rounded() / 100
            var expected = String(format: "%.2f", rounded == 0 ? 0 : rounded)
            while expected.hasSuffix("0") && expected.contains(".") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            if expected == "-0" { expected = "0" }
            #expect(LayoutDump.num(value) == expected, "\(value)")
        }
    }
}

/// Captures the temporary file's bytes from inside the writer's hook.
final class TemporaryFileProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func record(_ url: URL) {
        let bytes = try? Data(contentsOf: url)
        lock.withLock { data = bytes }
    }

    var contents: Data? { lock.withLock { data } }
}
