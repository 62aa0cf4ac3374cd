import Foundation
import Testing

/// `dyntype snapshot record|verify`, run as a user would: record, verify, a changed note, orphans,
/// record modes, a record killed midway, exit codes.
@Suite("dyntype snapshot (end to end)")
struct SnapshotCommandTests {
    /// A clean local environment: no CI, no record mode (empty values count as unset), no artifacts folder.
    static let local = ["CI": "", "SNAPSHOT_TESTING_RECORD": "", "SNAPSHOT_ARTIFACTS": ""]
    static let categories = ["--categories", "xSmall,large,AX5"]

    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-snap-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Two short notes (fast in debug builds).
    static func writeNotes(to folder: URL, secondNote: String = "Groceries\nApples, pears and a *big* loaf of bread.\n") throws {
        try Data("Hello\nA short note with _italic_ words that wraps at the larger sizes.\n".utf8)
            .write(to: folder.appendingPathComponent("01-hello.txt"))
        try Data(secondNote.utf8).write(to: folder.appendingPathComponent("02-groceries.txt"))
    }

    /// The files under `folder` and their bytes, without the run lock `.dyntype.lock` (its contents vary).
    static func listing(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if (path as NSString).lastPathComponent == ".dyntype.lock" { continue }
            let full = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try Data(contentsOf: full)
            }
        }
        return result
    }

    static func snapshot(_ verb: String, notes: URL, out: URL, format: String = "both", environment: [String: String] = local, extra: [String] = [])
        throws -> DyntypeRunner.Result
    {
        try DyntypeRunner.run(
            ["snapshot", verb, "--notes", notes.path, "--out", out.path, "--format", format] + categories + extra,
            environment: environment, timeout: 300)
    }

    @Test("record, then verify passes; a changed word fails exactly that note with diffs; an orphan is reported and kept")
    func recordVerifyChangeOrphan() throws {
        let root = try Self.temporaryFolder("flow")
        defer { try? FileManager.default.removeItem(at: root) }
        let notes = root.appendingPathComponent("notes"), out = root.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Self.writeNotes(to: notes)

        let record = try Self.snapshot("record", notes: notes, out: out)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        #expect(record.stdout.contains("18 passed, 0 failed"), "\(record.stdout)")
        let files = try Self.listing(out)
        for view in ["list", "01-hello", "02-groceries"] {
            for stem in ["00-xSmall", "03-large", "11-accessibility5"] {
                for ext in ["txt", "png"] {
                    #expect(files["\(view)/\(stem).\(ext)"] != nil, "missing \(view)/\(stem).\(ext)")
                    #expect(files["\(view)/\(stem).\(ext).fingerprint.json"] != nil)
                }
            }
        }
        #expect(files.count == 36)
        let dump = String(decoding: try #require(files["02-groceries/03-large.txt"]), as: UTF8.self)
        #expect(dump.hasPrefix("dyntype layout dump 1\neditor: 02-groceries · \"Groceries\"\nsetting: large · Bold Text off · profile ios · view 320×568 pt\n"))
        #expect(dump.contains("\"03\\nJuly 2014\""), "notes get the fixed date")
        let print = String(decoding: try #require(files["list/03-large.png.fingerprint.json"]), as: UTF8.self)
        #expect(print.contains("\"sha256\" : \""))
        #expect(print.contains("\"freetype\""))
        #expect(print.contains("\"scale\" : 1"))

        let verify = try Self.snapshot("verify", notes: notes, out: out)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("18 passed, 0 failed"))
        // A second record leaves every byte as it was.
        #expect(try Self.snapshot("record", notes: notes, out: out).status == 0)
        #expect(try Self.listing(out) == files)

        // One word changed in one note, in a copy of the folder.
        let changed = root.appendingPathComponent("changed")
        try FileManager.default.createDirectory(at: changed, withIntermediateDirectories: true)
        try Self.writeNotes(to: changed, secondNote: "Groceries\nApples, plums and a *big* loaf of bread.\n")
        let failing = try Self.snapshot("verify", notes: changed, out: out)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("12 passed, 6 failed"), "\(failing.stdout)")
        for stem in ["00-xSmall", "03-large", "11-accessibility5"] {
            #expect(failing.stdout.contains("FAILED   02-groceries/\(stem).txt"))
            #expect(!failing.stdout.contains("FAILED   01-hello/\(stem)"))
            #expect(!failing.stdout.contains("FAILED   list/\(stem)"))
        }
        // The library's diff format (swift-snapshot-testing's): "−" reference lines, "+" new ones.
        #expect(failing.stdout.contains("\n         −  L0 +0..<"), "\(failing.stdout)")
        #expect(failing.stdout.contains("pears"))
        #expect(failing.stdout.contains("plums"))
        let artifacts = try Self.listing(out.appendingPathComponent("artifacts"))
        #expect(artifacts["02-groceries/03-large.txt"] != nil)
        let diff = String(decoding: try #require(artifacts["02-groceries/03-large.diff"]), as: UTF8.self)
        #expect(diff.hasPrefix("@@ −"))
        let printed = diff.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "         " + $0 }.joined(separator: "\n")
        #expect(failing.stdout.contains(printed), "the printed diff is the .diff file (indented under its FAILED line)")
        #expect(artifacts["02-groceries/03-large.diff.png"] != nil)
        #expect(artifacts["02-groceries/03-large.png"] != nil)
        // The references are untouched by a failing verify.
        #expect(try Self.listing(out).filter { !$0.key.hasPrefix("artifacts/") } == files)

        // $SNAPSHOT_ARTIFACTS takes the artifacts instead.
        let elsewhere = root.appendingPathComponent("elsewhere")
        var environment = Self.local
        environment["SNAPSHOT_ARTIFACTS"] = elsewhere.path
        #expect(try Self.snapshot("verify", notes: changed, out: out, format: "text", environment: environment).status == 1)
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("02-groceries/03-large.diff").path))

        // An orphan: reported, fails verify, never deleted.
        let orphan = out.appendingPathComponent("03-old-note/03-large.txt")
        try FileManager.default.createDirectory(at: orphan.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("stale\n".utf8).write(to: orphan)
        let withOrphan = try Self.snapshot("verify", notes: notes, out: out, format: "text")
        #expect(withOrphan.status == 1)
        #expect(withOrphan.stdout.contains("ORPHAN   03-old-note/03-large.txt"))
        #expect(withOrphan.stdout.contains("9 passed, 1 failed"), "\(withOrphan.stdout)")
        let recordWithOrphan = try Self.snapshot("record", notes: notes, out: out, format: "text")
        #expect(recordWithOrphan.status == 0, "record reports orphans without failing")
        #expect(recordWithOrphan.stdout.contains("ORPHAN   03-old-note/03-large.txt"))
        #expect(FileManager.default.fileExists(atPath: orphan.path))
    }

    @Test("record modes: verify records a missing reference and fails; verify on CI records nothing, record on CI records; a bad mode is a usage error")
    func recordModes() throws {
        let root = try Self.temporaryFolder("modes")
        defer { try? FileManager.default.removeItem(at: root) }
        let notes = root.appendingPathComponent("notes"), out = root.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Self.writeNotes(to: notes)

        var ci = Self.local
        ci["CI"] = "true"
        let onCI = try Self.snapshot("verify", notes: notes, out: out, format: "text", environment: ci)
        #expect(onCI.status == 1)
        #expect(onCI.stdout.contains("MISSING  list/03-large.txt"))
        #expect(onCI.stdout.contains("record mode never, CI is set"))
        #expect(try Self.listing(out).keys.filter { !$0.hasPrefix("artifacts/") }.isEmpty, "verify records nothing on CI")
        var ciNever = ci
        ciNever["SNAPSHOT_TESTING_RECORD"] = "never"
        let neverOnCI = try Self.snapshot("record", notes: notes, out: out, format: "text", environment: ciNever)
        #expect(neverOnCI.status == 1, "an explicit never wins, even for record")
        #expect(try Self.listing(out).keys.filter { !$0.hasPrefix("artifacts/") }.isEmpty)
        // `record` is asked for by name (a CI job that produces references, a shard): CI does not stop it.
        let recordOnCI = try Self.snapshot("record", notes: notes, out: out, format: "text", environment: ci)
        #expect(recordOnCI.status == 0, "\(recordOnCI.stdout)\(recordOnCI.stderr)")
        #expect(try Self.listing(out).keys.contains("list/03-large.txt"))
        for file in try Self.listing(out).keys where !file.hasPrefix("artifacts/") {
            try FileManager.default.removeItem(at: out.appendingPathComponent(file))
        }

        let first = try Self.snapshot("verify", notes: notes, out: out, format: "text")
        #expect(first.status == 1, "recording a new reference fails, as in swift-snapshot-testing")
        #expect(first.stdout.contains("RECORDED list/03-large.txt"))
        #expect(first.stdout.contains("9 references written"))
        #expect(try Self.snapshot("verify", notes: notes, out: out, format: "text").status == 0)

        var bad = Self.local
        bad["SNAPSHOT_TESTING_RECORD"] = "sometimes"
        let usage = try Self.snapshot("verify", notes: notes, out: out, format: "text", environment: bad)
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("SNAPSHOT_TESTING_RECORD='sometimes' is not a record mode"))

        // failed: a changed note is re-recorded by verify (which still fails), then passes.
        try Self.writeNotes(to: notes, secondNote: "Groceries\nOnly tea.\n")
        var failed = Self.local
        failed["SNAPSHOT_TESTING_RECORD"] = "failed"
        #expect(try Self.snapshot("verify", notes: notes, out: out, format: "text", environment: failed).status == 1)
        #expect(try Self.snapshot("verify", notes: notes, out: out, format: "text").status == 0)
    }

    @Test("exit codes: 66 notes missing, 64 usage, 73 cannot write")
    func exitCodes() throws {
        let root = try Self.temporaryFolder("codes")
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try DyntypeRunner.run(
            ["snapshot", "verify", "--notes", root.appendingPathComponent("nope").path, "--out", root.path + "/s"], environment: Self.local)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("does not exist"))
        let format = try DyntypeRunner.run(["snapshot", "record", "--format", "gif"], environment: Self.local)
        #expect(format.status == 64)
        let category = try DyntypeRunner.run(["snapshot", "record", "--categories", "huge", "--out", root.path + "/s"], environment: Self.local)
        #expect(category.status == 64)
        let file = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let notes = root.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Self.writeNotes(to: notes)
        let cannot = try Self.snapshot("record", notes: notes, out: file.appendingPathComponent("out"), format: "text")
        #expect(cannot.status == 73, "\(cannot.stderr)")
        let inside = try Self.snapshot("record", notes: notes, out: notes.appendingPathComponent("snaps"), format: "text")
        #expect(inside.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: notes.path).sorted() == ["01-hello.txt", "02-groceries.txt"])
    }

    @Test("a record killed midway leaves every reference whole: old or new, never a mix")
    func killedRecord() throws {
        let root = try Self.temporaryFolder("kill")
        defer { try? FileManager.default.removeItem(at: root) }
        let old = root.appendingPathComponent("old"), new = root.appendingPathComponent("new")
        for folder in [old, new] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Self.writeNotes(to: old)
        try Self.writeNotes(to: new, secondNote: "Groceries\nPlums and a *small* loaf of bread, and also some cheese.\n")
        let all = ["--categories", "all", "--format", "both", "--scale", "2"]
        let oldRefs = root.appendingPathComponent("old-refs"), newRefs = root.appendingPathComponent("new-refs")
        #expect(try DyntypeRunner.run(["snapshot", "record", "--notes", old.path, "--out", oldRefs.path] + all, environment: Self.local).status == 0)
        #expect(try DyntypeRunner.run(["snapshot", "record", "--notes", new.path, "--out", newRefs.path] + all, environment: Self.local).status == 0)
        let before = try Self.listing(oldRefs), after = try Self.listing(newRefs)
        #expect(before.count == after.count && before != after)

        // Record the new notes over a copy of the old references, and kill it once it has started writing.
        let target = root.appendingPathComponent("target")
        try FileManager.default.copyItem(at: oldRefs, to: target)
        let process = Process()
        process.executableURL = DyntypeRunner.binary
        process.arguments = ["snapshot", "record", "--notes", new.path, "--out", target.path] + all
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in Self.local { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        var sawChange = false
        while process.isRunning, Date() < deadline {
            if (try? Self.listing(target)).map({ $0 != before }) == true {
                sawChange = true
                break
            }
            usleep(2_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(sawChange, "the record wrote something before it was killed (or finished)")
        // Temporary files of the interrupted write may remain; they are hidden (".name.tmp-…").
        let remaining = try Self.listing(target).filter { !($0.key as NSString).lastPathComponent.hasPrefix(".") }
        #expect(Set(remaining.keys) == Set(before.keys), "no reference lost, no partial file under a reference's name")
        for (path, data) in remaining {
            #expect(data == before[path] || data == after[path], "\(path) is neither the old nor the new reference")
        }
        // Verify with the new notes: whatever was not rewritten yet fails; nothing crashes on leftovers.
        let verify = try DyntypeRunner.run(
            ["snapshot", "verify", "--notes", new.path, "--out", target.path] + all, environment: ["SNAPSHOT_TESTING_RECORD": "never", "CI": ""])
        #expect(verify.status == 0 || verify.status == 1)
        #expect(!verify.stdout.contains("ORPHAN"), "interrupted temporary files are hidden, not orphans")
    }
}
