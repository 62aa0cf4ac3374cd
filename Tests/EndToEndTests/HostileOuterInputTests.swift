import Foundation
import Testing

/// Hostile inputs on the outer surfaces (issue 20): locale names and shard reports that try to
/// write outside `--out`, links planted in shard outputs and snapshot folders, lock and rule files
/// that are devices, FIFOs or a gigabyte, a disk that refuses writes, and requests to `serve` from
/// other hosts and origins or with an over-long request line. Each checks the documented exit code
/// and message, that nothing outside `--out` was created or changed, and that every input's
/// SHA-256 is unchanged.
@Suite("hostile inputs: locales, merge, snapshots, env, serve (end to end)")
struct HostileOuterInputTests {
    typealias Workspace = AdversarialInputTests.Workspace
    static let local = AdversarialInputTests.local

    /// Runs `body` and checks that no file under `root` changed, appeared or went away, other than
    /// under `outputs` (the run's `--out` folders): every input keeps its SHA-256 and nothing is
    /// written beside or above an output.
    static func confined(_ root: URL, outputs: [String], _ body: () throws -> Void) throws {
        func outside(_ digests: [String: String]) -> [String: String] {
            digests.filter { entry in !outputs.contains { entry.key == $0 || entry.key.hasPrefix($0 + "/") } }
        }
        let before = outside(try AdversarialInputTests.digests([root.path]))
        try body()
        let after = outside(try AdversarialInputTests.digests([root.path]))
        #expect(after == before, "files outside the output changed: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }

    /// A one-label screen whose text is the key `Hi`.
    static let screen = #"{"schemaVersion": 1, "name": "Hi", "views": [{"kind": "label", "id": "a", "text": "Hi"}]}"#

    static func catalog(locale: String) -> String {
        """
        {"sourceLanguage": "en", "version": "1.0", "strings": {"Hi": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "Hi"}},
          \(String(reflecting: locale)): {"stringUnit": {"state": "translated", "value": "Pwned"}}}}}}
        """
    }

    // MARK: Locale names

    @Test("a locale key '../../x' in a String Catalog is exit 65 naming the catalog and the key; nothing is written outside --out")
    func catalogLocaleTraversal() throws {
        let space = try Workspace("locale-key")
        let screen = space.root.appendingPathComponent("hi.screen.json")
        try Data(Self.screen.utf8).write(to: screen)
        let strings = space.root.appendingPathComponent("Bad.xcstrings")
        try Data(Self.catalog(locale: "../../x").utf8).write(to: strings)
        let out = space.path("a/b/out"), snaps = space.path("a/b/snaps")
        try Self.confined(space.root, outputs: [out, snaps]) {
            for command in [["preview"], ["snapshot", "record"]] {
                let run = try DyntypeRunner.run(
                    command + [screen.path, "--strings", strings.path, "--locales", "all", "--categories", "large", "--scale", "1", "--out",
                    command == ["preview"] ? out : snaps], environment: Self.local)
                #expect(run.status == 65, "\(command): \(run.stderr)")
                #expect(run.stderr.contains("\(strings.path): locale key under strings → \"Hi\" → localizations: locale '../../x'"), "\(run.stderr)")
                #expect(run.stderr.contains("use a BCP 47 tag such as de, pt-BR or zh-Hans"), "\(run.stderr)")
            }
            let serve = try DyntypeRunner.run(["serve", screen.path, "--strings", strings.path, "--port", "0"], timeout: 60)
            #expect(serve.status == 65, "\(serve.stderr)")
            #expect(serve.stderr.contains("\(strings.path): locale key under strings → \"Hi\" → localizations: locale '../../x'"), "\(serve.stderr)")
            // The default (every locale the strings have) is the same check.
            let implicit = try DyntypeRunner.run(["preview", screen.path, "--strings", strings.path, "--categories", "large", "--out", out])
            #expect(implicit.status == 65, "\(implicit.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: space.path("x")))
        #expect(!FileManager.default.fileExists(atPath: space.path("a/x")))
    }

    @Test(
        "--locales that are not locale names are usage errors (exit 64) before anything is written",
        arguments: ["../../x", "a/b", "<b>de</b>", "..", "de,../up"])
    func optionLocaleTraversal(locales: String) throws {
        let space = try Workspace("locale-option")
        let screen = space.root.appendingPathComponent("hi.screen.json")
        try Data(Self.screen.utf8).write(to: screen)
        let out = space.path("a/b/out")
        try Self.confined(space.root, outputs: [out]) {
            let run = try DyntypeRunner.run(["preview", screen.path, "--locales", locales, "--categories", "large", "--out", out])
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("invalid --locales '\(locales)': locale '"), "\(run.stderr)")
            #expect(run.stderr.contains("not a locale name"), "\(run.stderr)")
            let serve = try DyntypeRunner.run(["serve", screen.path, "--locales", locales, "--port", "0"], timeout: 60)
            #expect(serve.status == 64, "\(serve.stderr)")
            #expect(serve.stderr.contains("invalid --locales '\(locales)': locale '"), "\(serve.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
    }

    @Test("a view folder inside --out that is a symbolic link is refused (73), not written through")
    func linkedOutputFolder() throws {
        let space = try Workspace("linked-out")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = try space.folder("out")
        let elsewhere = try space.folder("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("list").path, withDestinationPath: elsewhere.path)
        try Self.confined(space.root, outputs: [out.path]) {
            let run = try DyntypeRunner.run(["preview", "--notes", space.notes.path, "--categories", "large", "--out", out.path])
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("'\(out.path)/list' is a symbolic link (to '\(elsewhere.path)')"), "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    // MARK: merge

    /// Two shards of a two-note preview at `large`, and the items shard 1 did.
    static func shards(_ space: Workspace) throws -> (shards: [String], mine: [String]) {
        try space.note("a.txt", "Alpha\nThe first note.\n")
        try space.note("b.txt", "Beta\nThe second note.\n")
        var folders: [String] = []
        for index in 1...2 {
            let folder = space.path("shard-\(index)")
            let run = try DyntypeRunner.run(
                ["preview", "--notes", space.notes.path, "--categories", "large", "--scale", "1", "--shard", "\(index)/2", "--out", folder])
            #expect(run.status == 0, "\(run.stderr)")
            folders.append(folder)
        }
        let report = try AdversarialInputTests.report(folders[0])
        return (folders, ((report["shard"] as? [String: Any])?["items"] as? [String]) ?? [])
    }

    /// Rewrites `shard`'s report.json with `change`.
    static func editReport(_ shard: String, _ change: (inout [String: Any]) -> Void) throws {
        let url = URL(fileURLWithPath: shard).appendingPathComponent("report.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
    }

    @Test("merge recomputes every path: a report's '../victim.txt' and '../../x/y.png' are ignored; the PNGs land where they belong")
    func mergeIgnoresReportPaths() throws {
        let space = try Workspace("merge-paths")
        let (shards, mine) = try Self.shards(space)
        let item = try #require(mine.first)
        let view = String(item.split(separator: "/")[0])
        let victim = space.root.appendingPathComponent("victim.txt")
        try Data("victim\n".utf8).write(to: victim)
        try Self.editReport(shards[0]) { report in
            var views = report["views"] as! [[String: Any]]
            for index in views.indices where views[index]["id"] as? String == view {
                views[index]["files"] = ["large": "../victim.txt"]
            }
            for index in views.indices where views[index]["id"] as? String != view && views[index]["id"] as? String == "list" {
                views[index]["files"] = ["large": "../../x/y.png"]
            }
            report["views"] = views
        }
        let out = space.path("deep/er/merged")
        try Self.confined(space.root, outputs: [out]) {
            let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out])
            #expect(merge.status == 0, "\(merge.stderr)")
        }
        let copied = try Data(contentsOf: URL(fileURLWithPath: out + "/\(view)/03-large.png"))
        #expect(copied == (try Data(contentsOf: URL(fileURLWithPath: shards[0] + "/\(view)/03-large.png"))))
        let merged = AdversarialInputTests.views(try AdversarialInputTests.report(out))
        for entry in merged {
            let id = try #require(entry["id"] as? String)
            #expect((entry["files"] as? [String: String])?["large"] == "\(id)/03-large.png", "\(id)")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim\n")
    }

    @Test("merge refuses a shard PNG or view folder that is a symbolic link (66), a PNG that is not one (65), naming the shard file")
    func mergeRefusesLinksAndNonPNGs() throws {
        let space = try Workspace("merge-links")
        let (shards, mine) = try Self.shards(space)
        let item = try #require(mine.first)
        let view = String(item.split(separator: "/")[0])
        let secret = space.root.appendingPathComponent("secret.png")
        try Data("TOP SECRET \(UUID())".utf8).write(to: secret)
        let png = shards[0] + "/\(view)/03-large.png"
        let original = try Data(contentsOf: URL(fileURLWithPath: png))
        let out = space.path("merged")

        try FileManager.default.removeItem(atPath: png)
        try FileManager.default.createSymbolicLink(atPath: png, withDestinationPath: secret.path)
        try Self.confined(space.root, outputs: [out]) {
            let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out])
            #expect(merge.status == 66, "\(merge.stderr)")
            #expect(merge.stderr.contains("shard file '\(png)' is a symbolic link (to '\(secret.path)')"), "\(merge.stderr)")
            #expect(merge.stderr.contains("merge copies regular files only"))
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/\(view)/03-large.png"))

        // A view folder that is a link to a folder holding a real PNG is refused too.
        try FileManager.default.removeItem(atPath: png)
        let elsewhere = try space.folder("elsewhere")
        try original.write(to: elsewhere.appendingPathComponent("03-large.png"))
        let viewFolder = shards[0] + "/\(view)"
        try FileManager.default.moveItem(atPath: viewFolder, toPath: space.path("moved"))
        try FileManager.default.createSymbolicLink(atPath: viewFolder, withDestinationPath: elsewhere.path)
        try Self.confined(space.root, outputs: [out]) {
            let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out])
            #expect(merge.status == 66, "\(merge.stderr)")
            #expect(merge.stderr.contains("shard file '\(viewFolder)' is a symbolic link"), "\(merge.stderr)")
        }
        try FileManager.default.removeItem(atPath: viewFolder)
        try FileManager.default.moveItem(atPath: space.path("moved"), toPath: viewFolder)

        // A regular file that is not a PNG.
        try Data("GIF89a, not a PNG".utf8).write(to: URL(fileURLWithPath: png))
        try Self.confined(space.root, outputs: [out]) {
            let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out])
            #expect(merge.status == 65, "\(merge.stderr)")
            #expect(merge.stderr.contains("shard file '\(png)' is not a PNG (it does not start with the 8-byte PNG signature)"), "\(merge.stderr)")
        }

        // A FIFO is neither opened for long nor copied.
        try FileManager.default.removeItem(atPath: png)
        #expect(mkfifo(png, 0o644) == 0)
        try Self.confined(space.root, outputs: [out]) {
            let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out], timeout: 60)
            #expect(merge.status == 66, "\(merge.stderr)")
            #expect(merge.stderr.contains("shard file '\(png)' is a FIFO, not a regular file"), "\(merge.stderr)")
        }
    }

    @Test("merge refuses a shard report of an unknown schemaVersion and a view id that is not a file name (65, naming the file and field)")
    func mergeRefusesBadReports() throws {
        let space = try Workspace("merge-reports")
        let (shards, _) = try Self.shards(space)
        let out = space.path("merged")
        let report = shards[1] + "/report.json"
        let original = try Data(contentsOf: URL(fileURLWithPath: report))
        try Self.editReport(shards[1]) { $0["schemaVersion"] = 999 }
        try Self.confined(space.root, outputs: [out]) {
            let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out])
            #expect(merge.status == 65, "\(merge.stderr)")
            #expect(
                merge.stderr.contains("\(report): field schemaVersion: version 999 is not supported; this dyntype merges reports of schemaVersion 2"),
                "\(merge.stderr)")
        }
        try original.write(to: URL(fileURLWithPath: report))
        for bad in ["../x", "a/b", ".thumbnails", ".."] {
            try Self.editReport(shards[1]) { report in
                var views = report["views"] as! [[String: Any]]
                views[1]["id"] = bad
                report["views"] = views
            }
            try Self.confined(space.root, outputs: [out]) {
                let merge = try DyntypeRunner.run(["merge"] + shards + ["--out", out])
                #expect(merge.status == 65, "\(bad): \(merge.stderr)")
                #expect(merge.stderr.contains("\(shards[1]): field views[1].id: view id '\(bad)'"), "\(merge.stderr)")
                #expect(merge.stderr.contains("must be a single file name"))
            }
            try original.write(to: URL(fileURLWithPath: report))
        }
    }

    // MARK: Snapshot references and artifacts

    @Test("verify refuses a reference that is a symbolic link: the linked file is neither printed nor copied into the artifacts")
    func linkedReference() throws {
        let space = try Workspace("linked-reference")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = space.path("snaps")
        let record = try DyntypeRunner.run(
            ["snapshot", "record", "--notes", space.notes.path, "--out", out, "--categories", "large"], environment: Self.local)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let marker = "TOP-SECRET-\(UUID().uuidString)"
        let secret = space.root.appendingPathComponent("secret.txt")
        try Data("\(marker)\n".utf8).write(to: secret)
        let reference = out + "/a/03-large.txt"
        try FileManager.default.removeItem(atPath: reference)
        try FileManager.default.createSymbolicLink(atPath: reference, withDestinationPath: secret.path)
        try Self.confined(space.root, outputs: [out + "/artifacts"]) {
            let verify = try DyntypeRunner.run(
                ["snapshot", "verify", "--notes", space.notes.path, "--out", out, "--categories", "large"], environment: Self.local)
            #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
            #expect(verify.stdout.contains("FAILED   a/03-large.txt"), "\(verify.stdout)")
            #expect(verify.stdout.contains("\(reference) is a symbolic link (to '\(secret.path)')"), "\(verify.stdout)")
            #expect(verify.stdout.contains("was not compared"))
            #expect(!verify.stdout.contains(marker) && !verify.stderr.contains(marker), "the secret was printed")
        }
        // Every regular file (links are not followed: the planted one still points at the secret).
        let leaked = try AdversarialInputTests.digests([space.root.path]).filter { path, digest in
            !digest.hasPrefix("link → ") && path != secret.path
                && (try? String(contentsOfFile: path, encoding: .utf8))?.contains(marker) == true
        }.keys
        #expect(leaked.isEmpty, "the secret was copied to \(leaked)")
    }

    @Test("a symbolic link as the artifacts folder is refused, not followed: default <out>/artifacts (65), SNAPSHOT_ARTIFACTS (64)")
    func linkedArtifacts() throws {
        let space = try Workspace("linked-artifacts")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = space.path("snaps")
        let record = try DyntypeRunner.run(
            ["snapshot", "record", "--notes", space.notes.path, "--out", out, "--categories", "large"], environment: Self.local)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        try space.note("a.txt", "Hello\nA changed note, so verify has something to save.\n")
        let elsewhere = try space.folder("elsewhere")
        try FileManager.default.createSymbolicLink(atPath: out + "/artifacts", withDestinationPath: elsewhere.path)
        try Self.confined(space.root, outputs: []) {
            let verify = try DyntypeRunner.run(
                ["snapshot", "verify", "--notes", space.notes.path, "--out", out, "--categories", "large"], environment: Self.local)
            #expect(verify.status == 65, "\(verify.stdout)\(verify.stderr)")
            #expect(verify.stderr.contains("\(out)/artifacts is a symbolic link (to '\(elsewhere.path)')"), "\(verify.stderr)")
            #expect(verify.stderr.contains("the artifacts folder must be a real folder"))
        }
        try FileManager.default.removeItem(atPath: out + "/artifacts")
        let link = space.path("artifacts-link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere.path)
        var environment = Self.local
        environment["SNAPSHOT_ARTIFACTS"] = link
        try Self.confined(space.root, outputs: []) {
            let verify = try DyntypeRunner.run(
                ["snapshot", "verify", "--notes", space.notes.path, "--out", out, "--categories", "large"], environment: environment)
            #expect(verify.status == 64, "\(verify.stdout)\(verify.stderr)")
            #expect(verify.stderr.contains("SNAPSHOT_ARTIFACTS='\(link)' is a symbolic link (to '\(elsewhere.path)')"), "\(verify.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "nothing written through the link")
    }

    /// A PNG that is only a header: `width` × `height` RGBA, no image data worth the name (a few
    /// dozen bytes that would decode to gigabytes).
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            return bytes(UInt32(body.count)) + typed + bytes(crc)
        }
        func bytes(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let header = bytes(width) + bytes(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", []))
    }

    @Test("a PNG reference that is not a PNG, or whose header is over the decoder's limits, fails naming the reference")
    func badPNGReferences() throws {
        let space = try Workspace("png-reference")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = space.path("snaps")
        let options = ["--notes", space.notes.path, "--out", out, "--categories", "large", "--format", "png", "--scale", "1"]
        let record = try DyntypeRunner.run(["snapshot", "record"] + options, environment: Self.local)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let reference = out + "/a/03-large.png"
        for bad in [Data("not a png at all".utf8), Self.pngHeader(width: 200_000, height: 200_000)] {
            try bad.write(to: URL(fileURLWithPath: reference))
            try Self.confined(space.root, outputs: [out + "/artifacts"]) {
                let verify = try DyntypeRunner.run(["snapshot", "verify"] + options, environment: Self.local, timeout: 60)
                #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
                #expect(verify.stdout.contains("the reference \(reference) is not a usable PNG: "), "\(verify.stdout)")
                #expect(verify.stdout.contains("re-record it"))
            }
        }
    }

    @Test("snapshot record that cannot write says what and where on stderr (exit 73)")
    func recordWriteFailure() throws {
        let space = try Workspace("record-write")
        try space.note("a.txt", "Hello\nA short note.\n")
        let out = try space.folder("snaps")
        // A file where the view's folder must go: the write fails even for root.
        try Data("in the way\n".utf8).write(to: out.appendingPathComponent("a"))
        try Self.confined(space.root, outputs: [out.path]) {
            let record = try DyntypeRunner.run(
                ["snapshot", "record", "--notes", space.notes.path, "--out", out.path, "--categories", "large"], environment: Self.local)
            #expect(record.status == 73, "\(record.stdout)\(record.stderr)")
            #expect(record.stderr.contains("error: cannot record a at large: cannot write '\(out.path)/a'"), "\(record.stderr)")
            #expect(record.stderr.contains("choose another --out"), "\(record.stderr)")
        }
        #expect(try String(contentsOf: out.appendingPathComponent("a"), encoding: .utf8) == "in the way\n")
        // Standard output on a full disk: said on stderr, exit 73, no trap.
        let other = space.path("snaps-2")
        try Self.confined(space.root, outputs: [other]) {
            let full = try DyntypeRunner.shell(
                "\"$DYNTYPE\" snapshot record --notes '\(space.notes.path)' --out '\(other)' --categories large > /dev/full",
                environment: Self.local)
            #expect(full.status == 73, "\(full.stderr)")
            #expect(full.stderr.contains("error: cannot write to standard output: No space left on device"), "\(full.stderr)")
        }
    }

}
