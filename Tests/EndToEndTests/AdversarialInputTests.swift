import Foundation
import Testing

/// Inputs a new user really has — CRLF files, a note named `list.txt`, a FIFO, a dangling link, an
/// endless stdin, an output folder that is (a link to) the input, two runs at once — each with its
/// documented outcome, and the SHA-256 of every input unchanged afterwards. Small notes, one
/// category and small limits keep them fast.
@Suite("adversarial inputs (end to end)")
struct AdversarialInputTests {
    /// A clean local environment for snapshot runs (no CI, no record mode, no artifacts folder).
    static let local = ["CI": "", "SNAPSHOT_TESTING_RECORD": "", "SNAPSHOT_ARTIFACTS": "", "DYNTYPE_MAX_INPUT_SIZE": ""]
    static let large = ["--categories", "large"]

    /// A fresh folder with a `notes` subfolder, removed at the end of the test.
    final class Workspace: Sendable {
        let root: URL
        var notes: URL { root.appendingPathComponent("notes") }

        init(_ name: String) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-adv-\(name)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("notes"), withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Writes `text` (UTF-8) to `notes/<name>` and returns its URL.
        @discardableResult
        func note(_ name: String, _ text: String) throws -> URL {
            let url = notes.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        /// Creates the folder `relative` and returns its URL.
        func folder(_ relative: String) throws -> URL {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
    }

    // MARK: Input fingerprints

    /// SHA-256 (via `sha256sum`) of every regular file under `paths`, keyed by path; links are
    /// recorded by their target and FIFOs by their type, never opened (a FIFO would block).
    static func digests(_ paths: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        var files: [String] = []
        func visit(_ path: String) throws {
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: result[path] = "link → " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
            case S_IFREG: files.append(path)
            case S_IFDIR:
                for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() {
                    try visit((path as NSString).appendingPathComponent(name))
                }
            default: result[path] = "special file, mode \(info.st_mode)"
            }
        }
        for path in paths { try visit(path) }
        guard !files.isEmpty else { return result }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", "--"] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            result[String(parts[1].drop { $0 == " " || $0 == "*" })] = String(parts[0])
        }
        #expect(result.count >= files.count, "sha256sum hashed every input")
        return result
    }

    /// Runs `body` and checks that no input under `paths` changed (bytes, links, special files).
    static func untouched(_ paths: [String], _ body: () throws -> Void) throws {
        let before = try digests(paths)
        try body()
        #expect(try digests(paths) == before, "an input changed")
    }

    static func report(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func views(_ report: [String: Any]) -> [[String: Any]] { report["views"] as? [[String: Any]] ?? [] }

    static func findingKinds(_ view: [String: Any]) -> [String] {
        ((view["findings"] as? [String: [[String: Any]]]) ?? [:]).values.flatMap { $0.compactMap { $0["kind"] as? String } }
    }

    // MARK: Line ends

    @Test("CR and CRLF notes: the title is the first line, and no false 'truncated' finding")
    func crAndCRLF() throws {
        let space = try Workspace("crlf")
        let body = (1...8).map { "Line \($0) of the note, long enough to be a real paragraph." }
        try space.note("crlf.txt", "Groceries\r\n" + body.joined(separator: "\r\n") + "\r\n")
        try space.note("cr.txt", "Errands\r" + body.joined(separator: "\r") + "\r")
        try Self.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", space.path("out")] + Self.large)
            #expect(result.status == 0, "\(result.stderr)")
            let views = Self.views(try Self.report(space.path("out")))
            #expect(views.first { $0["id"] as? String == "crlf" }?["title"] as? String == "Groceries")
            #expect(views.first { $0["id"] as? String == "cr" }?["title"] as? String == "Errands")
            let list = try #require(views.first { $0["id"] as? String == "list" })
            #expect(!Self.findingKinds(list).contains("truncated"), "\(Self.findingKinds(list))")
        }
    }

    @Test("measure counts one paragraph per line for CRLF and CR files, a trailing line end adding none")
    func measureLineEnds() throws {
        let space = try Workspace("measure")
        for (name, text) in [("crlf.txt", "one\r\ntwo\r\nthree\r\n"), ("cr.txt", "one\rtwo\rthree\r"), ("lf.txt", "one\ntwo\nthree\n")] {
            let file = try space.note(name, text)
            try Self.untouched([file.path]) {
                let result = try DyntypeRunner.run(["measure", file.path, "--format", "json"])
                #expect(result.status == 0, "\(result.stderr)")
                let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                #expect(json["paragraphs"] as? Int == 3, "\(name)")
                #expect(json["lines"] as? Int == 3, "\(name)")
            }
        }
    }

    // MARK: Reserved names

    @Test("a note named list.txt gets its own id; the list's files and references stay the list's")
    func noteNamedList() throws {
        let space = try Workspace("list")
        try space.note("list.txt", "My list\nMilk\n")
        try space.note("a.txt", "Another\nnote\n")
        try Self.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", space.path("out")] + Self.large)
            #expect(result.status == 0, "\(result.stderr)")
            let views = Self.views(try Self.report(space.path("out")))
            let ids = views.compactMap { $0["id"] as? String }
            #expect(ids == ["list", "a", "list-note"] || ids == ["list", "list-note", "a"], "\(ids)")
            #expect(Set(ids).count == ids.count)
            #expect((views.first { $0["id"] as? String == "list" }?["files"] as? [String: String])?["large"] == "list/03-large.png")
            #expect(FileManager.default.fileExists(atPath: space.path("out/list-note/03-large.png")))

            let snapshot = try DyntypeRunner.run(
                ["snapshot", "record", "--notes", space.notes.path, "--out", space.path("snaps")] + Self.large, environment: Self.local)
            #expect(snapshot.status == 0, "\(snapshot.stdout)\(snapshot.stderr)")
            #expect(snapshot.stdout.contains("3 references written"), "\(snapshot.stdout)")
            for view in ["list", "list-note", "a"] {
                #expect(FileManager.default.fileExists(atPath: space.path("snaps/\(view)/03-large.txt")), "\(view)")
            }
            let listDump = try String(contentsOfFile: space.path("snaps/list/03-large.txt"), encoding: .utf8)
            #expect(listDump.contains("My list") && listDump.contains("Another"), "the list reference is the list")
        }
    }

    // MARK: Output locations

    @Test("--out a symbolic link to the notes folder, or the notes folder's parent, is refused (exit 64)")
    func outputAroundTheInput() throws {
        let space = try Workspace("out")
        try space.note("a.txt", "A\nnote\n")
        // Files named like the outputs (no source reads them, so they are left out, but a run
        // writing into this folder would replace them).
        try space.note("report.json", "Report\nA file named like the report.\n")
        try space.note("index.html", "Index\nA file named like the contact sheet.\n")
        try FileManager.default.createSymbolicLink(atPath: space.path("link"), withDestinationPath: space.notes.path)
        try Self.untouched([space.root.path]) {
            let viaLink = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", space.path("link")] + Self.large)
            #expect(viaLink.status == 64)
            #expect(viaLink.stderr.contains("is the input folder"), "\(viaLink.stderr)")
            #expect(viaLink.stderr.contains("once symbolic links are resolved"))
            let inside = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", space.path("link/out")] + Self.large)
            #expect(inside.status == 64)
            #expect(inside.stderr.contains("is inside the input folder"), "\(inside.stderr)")
            let parent = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", space.root.path] + Self.large)
            #expect(parent.status == 64)
            #expect(parent.stderr.contains("contains the input folder"), "\(parent.stderr)")
            let snapshot = try DyntypeRunner.run(
                ["snapshot", "record", "--notes", space.notes.path, "--out", space.path("link")] + Self.large, environment: Self.local)
            #expect(snapshot.status == 64, "\(snapshot.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: space.path("notes/list")), "nothing was written into the notes")
    }

    @Test("a profile file, or a note linked from the notes folder, inside the output folder is refused too")
    func inputsInsideOutput() throws {
        let space = try Workspace("inputs-in-out")
        try space.note("a.txt", "A\nnote\n")
        let out = try space.folder("out")
        let profile = out.appendingPathComponent("ramp.json")
        try Data(Self.profile(sizes: "[14, 17]", leadings: "[19, 22]").utf8).write(to: profile)
        try Self.untouched([space.root.path]) {
            let result = try DyntypeRunner.run(
                ["preview", "--notes", space.notes.path, "--out", out.path, "--profile", profile.path] + Self.large)
            #expect(result.status == 64)
            #expect(result.stderr.contains("contains the profile"), "\(result.stderr)")
        }
        // A link in the notes folder to a file outside it (here the output's report.json) is never
        // followed (issue 32): it is no note, so no input; it is reported and skipped (66).
        try Data("Report\nkept\n".utf8).write(to: out.appendingPathComponent("report.json"))
        try FileManager.default.createSymbolicLink(
            atPath: space.path("notes/linked.txt"), withDestinationPath: out.appendingPathComponent("report.json").path)
        try Self.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", out.path] + Self.large)
            #expect(result.status == 66, "\(result.stderr)")
            #expect(result.stderr.contains("linked.txt: symlink to"), "\(result.stderr)")
            #expect(result.stderr.contains("which is outside the folder"), "\(result.stderr)")
            let views = Self.views(try Self.report(out.path)).compactMap { $0["id"] as? String }
            #expect(!views.contains { $0.contains("linked") } && views.contains { $0.contains("a") }, "\(views)")
        }
    }

    @Test("SNAPSHOT_ARTIFACTS equal to (or a link to) the snapshot folder is refused; the references stay")
    func artifactsInSnapshotFolder() throws {
        let space = try Workspace("artifacts")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = space.path("snaps")
        let record = try DyntypeRunner.run(
            ["snapshot", "record", "--notes", space.notes.path, "--out", out] + Self.large, environment: Self.local)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        try FileManager.default.createSymbolicLink(atPath: space.path("snaps-link"), withDestinationPath: out)
        try space.note("a.txt", "Hello\nA changed note.\n")
        try Self.untouched([space.notes.path, out]) {
            for artifacts in [out, space.path("snaps-link"), out + "/a"] {
                var environment = Self.local
                environment["SNAPSHOT_ARTIFACTS"] = artifacts
                let verify = try DyntypeRunner.run(
                    ["snapshot", "verify", "--notes", space.notes.path, "--out", out] + Self.large, environment: environment)
                #expect(verify.status == 64, "\(artifacts): \(verify.stdout)\(verify.stderr)")
                #expect(verify.stderr.contains("SNAPSHOT_ARTIFACTS="), "\(verify.stderr)")
                #expect(verify.stderr.contains("the snapshot folder"))
            }
        }
    }

    @Test("bench layout --write-corpus equal to --corpus (or a link to it) is refused")
    func writeCorpusOverCorpus() throws {
        let space = try Workspace("corpus")
        let corpus = space.notes.appendingPathComponent("corpus.txt")
        try Data([0x61, 0xFF, 0x0A]).write(to: corpus)  // invalid UTF-8, which rewriting would have "fixed" in place
        try FileManager.default.createSymbolicLink(atPath: space.path("link.txt"), withDestinationPath: corpus.path)
        try Self.untouched([space.root.path]) {
            for target in [corpus.path, space.path("link.txt")] {
                let result = try DyntypeRunner.run(["bench", "layout", "--corpus", corpus.path, "--write-corpus", target, "--runs", "1"])
                #expect(result.status == 64, "\(result.stderr)")
                #expect(result.stderr.contains("writing it would replace the input"), "\(result.stderr)")
            }
        }
    }

    // MARK: Files that are not notes

    @Test("a FIFO in the notes folder is reported by name and skipped, without hanging (exit 66)")
    func fifoInNotes() throws {
        let space = try Workspace("fifo")
        try space.note("a.txt", "A note\nbody\n")
        #expect(mkfifo(space.path("notes/pipe.txt"), 0o644) == 0)
        try Self.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(
                ["preview", "--notes", space.notes.path, "--out", space.path("out")] + Self.large, timeout: 60)
            #expect(result.status == 66, "\(result.stderr)")
            #expect(result.stderr.contains("pipe.txt: is not a regular file (a FIFO); notes must be regular files"), "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: space.path("out/a/03-large.png")), "the other notes render")
            let single = try DyntypeRunner.run(["preview", "--notes", space.path("notes/pipe.txt"), "--out", space.path("out2")], timeout: 60)
            #expect(single.status == 66)
            #expect(single.stderr.contains("is not a regular file (a FIFO)"), "\(single.stderr)")
            let device = try DyntypeRunner.run(["switch", "large", "AX1", "/dev/zero"], timeout: 60)
            #expect(device.status == 66)
            #expect(device.stderr.contains("/dev/zero"), "\(device.stderr)")
            #expect(device.stderr.contains("a character device"))
        }
    }

    @Test("a dangling symbolic link in the notes folder is a warning naming it; the run succeeds")
    func danglingLink() throws {
        let space = try Workspace("dangling")
        try space.note("a.txt", "A note\nbody\n")
        try FileManager.default.createSymbolicLink(atPath: space.path("notes/gone.txt"), withDestinationPath: "deleted.txt")
        try Self.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", space.path("out")] + Self.large)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("warning: \(space.path("notes/gone.txt")): dangling symlink"), "\(result.stderr)")
            #expect(result.stderr.contains("skipped"))
        }
    }

    // MARK: Size limit

    @Test("an endless stdin stops at the limit with exit 65, for the option and the environment variable")
    func endlessStandardInput() throws {
        let option = try DyntypeRunner.shell("cat /dev/zero | \"$DYNTYPE\" measure - --max-input-size 64KB", environment: Self.local)
        #expect(option.status == 65, "\(option.stderr)")
        #expect(option.stderr.contains("'standard input' is over the input size limit of 64 KB (65536 bytes)"), "\(option.stderr)")
        #expect(option.stderr.contains("--max-input-size"))
        let variable = try DyntypeRunner.shell("cat /dev/zero | DYNTYPE_MAX_INPUT_SIZE=1MB \"$DYNTYPE\" measure -", environment: Self.local)
        #expect(variable.status == 65, "\(variable.stderr)")
        #expect(variable.stderr.contains("limit of 1 MB"))
        let bad = try DyntypeRunner.run(["measure", "-", "--max-input-size", "lots"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid --max-input-size: 'lots' is not an input size"), "\(bad.stderr)")
    }

    @Test("a file over the limit is exit 65 naming it and the limit; in a folder the other notes still render")
    func fileOverLimit() throws {
        let space = try Workspace("limit")
        let big = try space.note("big.txt", "Big\n" + String(repeating: "word ", count: 1000))
        try space.note("small.txt", "Small\nnote\n")
        try Self.untouched([space.notes.path]) {
            let measure = try DyntypeRunner.run(["measure", big.path, "--max-input-size", "2KB"])
            #expect(measure.status == 65)
            #expect(measure.stderr.contains("'\(big.path)' is 4.9 KB (5004 bytes), over the input size limit of 2 KB (2048 bytes)"), "\(measure.stderr)")
            let single = try DyntypeRunner.run(
                ["preview", "--notes", big.path, "--out", space.path("out1"), "--max-input-size", "2KB"] + Self.large)
            #expect(single.status == 65, "\(single.stderr)")
            #expect(single.stderr.contains("big.txt"))
            let folder = try DyntypeRunner.run(
                ["preview", "--notes", space.notes.path, "--out", space.path("out2"), "--max-input-size", "2KB"] + Self.large)
            #expect(folder.status == 65, "\(folder.stderr)")
            #expect(folder.stderr.contains("big.txt: is 4.9 KB"), "\(folder.stderr)")
            #expect(FileManager.default.fileExists(atPath: space.path("out2/small/03-large.png")))
            #expect(!FileManager.default.fileExists(atPath: space.path("out2/big")))
            let snapshot = try DyntypeRunner.run(
                ["snapshot", "record", "--notes", space.notes.path, "--out", space.path("snaps"), "--max-input-size", "2KB"] + Self.large,
                environment: Self.local)
            #expect(snapshot.status == 65, "a skipped note leaves the snapshots incomplete: \(snapshot.stderr)")
        }
    }

    // MARK: Concurrent runs

    @Test("a run into a folder another run holds waits, then stops with exit 73 naming the holder")
    func lockedFolder() throws {
        let space = try Workspace("lock")
        try space.note("a.txt", "A note\nbody\n")
        let out = try space.folder("out")
        let descriptor = open(out.appendingPathComponent(".dyntype.lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let pid = Array("\(getpid())\n".utf8)
        #expect(pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == pid.count)
        try Self.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", out.path] + Self.large, timeout: 60)
            #expect(result.status == 73, "\(result.stderr)")
            #expect(
                result.stderr.contains("another dyntype run is writing to \(out.path) (pid \(getpid())); wait for it or choose another --out"),
                "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path), "nothing written")
            let snapshot = try DyntypeRunner.run(
                ["snapshot", "record", "--notes", space.notes.path, "--out", out.path] + Self.large, environment: Self.local, timeout: 60)
            #expect(snapshot.status == 73, "\(snapshot.stderr)")
        }
    }

    @Test("two previews into one folder at once: one waits for the other or stops with 73; the output is whole")
    func concurrentPreviews() throws {
        let space = try Workspace("concurrent")
        for index in 1...3 { try space.note("n\(index).txt", "Note \(index)\nSome text for note \(index).\n") }
        let out = space.path("out")
        let results = RunResults()
        try Self.untouched([space.notes.path]) {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                results.append(Result { try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--out", out] + Self.large, timeout: 120) })
            }
        }
        let runs = try results.all().map { try $0.get() }
        #expect(runs.count == 2)
        #expect(runs.contains { $0.status == 0 }, "\(runs.map(\.stderr))")
        for run in runs where run.status != 0 {
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("another dyntype run is writing to"))
        }
        let views = Self.views(try Self.report(out))
        #expect(views.compactMap { $0["id"] as? String } == ["list", "n1", "n2", "n3"])
        for view in ["list", "n1", "n2", "n3"] {
            #expect(FileManager.default.fileExists(atPath: out + "/\(view)/03-large.png"))
        }
        #expect((try? String(contentsOfFile: out + "/.dyntype.lock", encoding: .utf8)) == "", "the lock is released")
    }

    // MARK: Clear errors

    static func profile(sizes: String, leadings: String, styles: String? = nil) -> String {
        let style = #"{"style": "body", "weight": "regular", "sizes": \#(sizes), "leadings": \#(leadings)}"#
        return """
            {"schemaVersion": 1, "name": "mini", "platform": "ios", "defaultSize": 17, "minimumSize": 11,
             "categories": [{"category": "xSmall"}, {"category": "large"}], "styles": \(styles ?? "[\(style)]")}
            """
    }

    @Test(
        "bad profiles name the file, the field and the fix (exit 65)",
        arguments: [
            (Self.profile(sizes: "[14, 17]", leadings: "[0, 0]"), "field 'styles[0].leadings[0]': 0 pt is outside the allowed range 1…1000 pt"),
            (Self.profile(sizes: "[14, 1e9]", leadings: "[19, 22]"), "field 'styles[0].sizes[1]': 1000000000 pt is outside the allowed range 1…1000 pt"),
            (Self.profile(sizes: "[]", leadings: "[]", styles: "[]"), "field 'styles': must list at least one text style"),
        ])
    func badProfiles(json: String, message: String) throws {
        let space = try Workspace("profile")
        let file = space.root.appendingPathComponent("ramp.json")
        try Data(json.utf8).write(to: file)
        try Self.untouched([file.path]) {
            let result = try DyntypeRunner.run(["fonts", "--profile", file.path])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("\(file.path): \(message)"), "\(result.stderr)")
        }
    }

    @Test("measure --hyphenation outside 0…1 is a usage error")
    func hyphenationRange() throws {
        let result = try DyntypeRunner.run(["measure", "-", "--hyphenation", "1.5"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("invalid --hyphenation 1.5: give a factor from 0 (off) to 1"), "\(result.stderr)")
    }

    @Test(
        "verify with other settings than recorded says 'settings changed', not 'environment changed'",
        arguments: [
            (["--bold-text"], "bold text off → on"),
            (["--row-heights", "selfSizing"], "row heights seed → selfSizing"),
            (["--device", "iphone-15"], "width 320 → 393 pt"),
            (["--profile", "ios7"], "profile ios → ios7"),
        ])
    func settingsChanged(options: [String], change: String) throws {
        let space = try Workspace("settings")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = space.path("snaps")
        try Self.untouched([space.notes.path]) {
            let record = try DyntypeRunner.run(
                ["snapshot", "record", "--notes", space.notes.path, "--out", out] + Self.large, environment: Self.local)
            #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
            let before = try Self.digests([out])
            let verify = try DyntypeRunner.run(
                ["snapshot", "verify", "--notes", space.notes.path, "--out", out] + Self.large + options, environment: Self.local)
            #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
            #expect(verify.stdout.contains("SETTINGS "), "\(verify.stdout)")
            #expect(verify.stdout.contains("settings changed: \(change)"), "\(verify.stdout)")
            #expect(verify.stdout.contains("re-record with them"))
            #expect(!verify.stdout.contains("environment changed"))
            #expect(!verify.stdout.contains("install fonts-"))
            #expect(try Self.digests([out]).filter { !$0.key.contains("/artifacts/") } == before, "references untouched")
        }
    }
}

/// Results collected from concurrent runs.
final class RunResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<DyntypeRunner.Result, any Error>] = []

    func append(_ result: Result<DyntypeRunner.Result, any Error>) { lock.withLock { results.append(result) } }
    func all() -> [Result<DyntypeRunner.Result, any Error>] { lock.withLock { results } }
}
