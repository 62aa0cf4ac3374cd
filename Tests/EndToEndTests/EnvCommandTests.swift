import Foundation
import Testing

/// `dyntype env --lock | --check`: a pinned environment round-trips and catches a changed font.
@Suite("dyntype env (end to end)")
struct EnvCommandTests {
    @Test("a lock matches the machine it was made on, and catches a changed font and package")
    func lockAndCheck() throws {
        let folder = try PreviewCommandTests.temporaryFolder("env")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = try DyntypeRunner.run(["env", "--lock"])
        #expect(lock.status == 0, "\(lock.stderr)")
        let file = folder.appendingPathComponent("dyntype.lock")
        try Data(lock.stdout.utf8).write(to: file)
        #expect(try DyntypeRunner.run(["env", "--lock"]).stdout == lock.stdout)  // deterministic

        let same = try DyntypeRunner.run(["env", "--check", file.path])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("matches"))

        // Another machine: Inter-Regular.otf with other bytes, an older fonts-dejavu-core.
        var json = try #require(try JSONSerialization.jsonObject(with: Data(lock.stdout.utf8)) as? [String: Any])
        var environment = try #require(json["environment"] as? [String: Any])
        var fonts = try #require(environment["fonts"] as? [[String: Any]])
        let index = try #require(fonts.firstIndex { ($0["file"] as? String)?.hasSuffix("/Inter-Regular.otf") == true })
        fonts[index]["sha256"] = String(repeating: "0", count: 64)
        environment["fonts"] = fonts
        json["environment"] = environment
        var packages = try #require(json["packages"] as? [String: String])
        let dejavu = try #require(packages["fonts-dejavu-core"])
        packages["fonts-dejavu-core"] = "0.1-1"
        json["packages"] = packages
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: file)

        let differs = try DyntypeRunner.run(["env", "--check", file.path])
        #expect(differs.status == 1)
        #expect(differs.stdout.contains("font Inter-Regular.otf changed"))
        #expect(differs.stdout.contains("apt-get install fonts-inter="))
        #expect(differs.stdout.contains("package fonts-dejavu-core \(dejavu), locked 0.1-1: apt-get install fonts-dejavu-core=0.1-1"))
    }

    @Test("--rules locks the stand-in a rule's family is drawn with (Courier New → Liberation Mono), and a drift is a difference")
    func rulesStandIn() throws {
        let folder = try PreviewCommandTests.temporaryFolder("env-rules")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("code.rules.json")
        try Data(#"{"schemaVersion": 1, "rules": [{"name": "code", "pattern": "`([^`]+)`", "group": 1, "family": "Courier New"}]}"#.utf8)
            .write(to: rules)
        let lock = try DyntypeRunner.run(["env", "--lock", "--rules", rules.path])
        #expect(lock.status == 0, "\(lock.stderr)")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(lock.stdout.utf8)) as? [String: Any])
        var environment = try #require(json["environment"] as? [String: Any])
        var fonts = try #require(environment["fonts"] as? [[String: Any]])
        let index = try #require(fonts.firstIndex { ($0["file"] as? String)?.hasSuffix("/LiberationMono-Regular.ttf") == true })
        #expect((fonts[index]["sha256"] as? String)?.count == 64)
        #expect(fonts[index]["package"] as? String == "fonts-liberation2")
        #expect((json["packages"] as? [String: String])?["fonts-liberation2"] != nil)
        // Without the rules the stand-in is not part of the environment.
        #expect(!(try DyntypeRunner.run(["env", "--lock"]).stdout.contains("LiberationMono")))

        let file = folder.appendingPathComponent("dyntype.lock")
        try Data(lock.stdout.utf8).write(to: file)
        #expect(try DyntypeRunner.run(["env", "--check", file.path, "--rules", rules.path]).status == 0)
        fonts[index]["sha256"] = String(repeating: "0", count: 64)
        environment["fonts"] = fonts
        json["environment"] = environment
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: file)
        let differs = try DyntypeRunner.run(["env", "--check", file.path, "--rules", rules.path])
        #expect(differs.status == 1)
        #expect(differs.stdout.contains("font LiberationMono-Regular.ttf changed"), "\(differs.stdout)")
        #expect(differs.stdout.contains("apt-get install fonts-liberation2="))
    }

    @Test("bad use and bad lock files: clear errors with exit codes")
    func errors() throws {
        let folder = try PreviewCommandTests.temporaryFolder("env-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.lock")
        try Data("{\"not\": \"a lock\"}".utf8).write(to: bad)
        let both = try DyntypeRunner.run(["env", "--lock", "--check", bad.path])
        #expect(both.status == 64)
        let invalid = try DyntypeRunner.run(["env", "--check", bad.path])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("is not a dyntype lock file"))
        let missing = try DyntypeRunner.run(["env", "--check", folder.appendingPathComponent("none.lock").path])
        #expect(missing.status == 66)
    }
}
