import Foundation
import Testing

/// `dyntype lint`: exit codes, formats, config, baseline and CI annotations, through the built binary.
@Suite("dyntype lint (end to end)")
struct LintCommandTests {
    static let fixedFont = "import UIKit\nfunc f() {\n    label.font = UIFont.systemFont(ofSize: 17)\n}\n"
    static let fixedHeight = "import SwiftUI\nlet t = Text(\"a\").frame(height: 20)\n"

    /// A folder with one error (App/Fonts.swift) and one warning (App/Row.swift).
    static func app() throws -> URL {
        let folder = try PreviewCommandTests.temporaryFolder("lint")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
        try Data(fixedFont.utf8).write(to: folder.appendingPathComponent("App/Fonts.swift"))
        try Data(fixedHeight.utf8).write(to: folder.appendingPathComponent("App/Row.swift"))
        return folder
    }

    @Test("exit codes: 1 at or above --fail-on (default error), 0 below it or clean, 64, 65, 66")
    func exitCodes() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App").path
        let both = try DyntypeRunner.run(["lint", app, "--root", folder.path])
        #expect(both.status == 1, "\(both.stderr)")
        #expect(both.stderr.contains("2 findings (1 error, 1 warning) in 2 files"))
        let row = folder.appendingPathComponent("App/Row.swift").path
        #expect(try DyntypeRunner.run(["lint", row]).status == 0)
        #expect(try DyntypeRunner.run(["lint", row, "--fail-on", "warning"]).status == 1)
        #expect(try DyntypeRunner.run(["lint", app, "--fail-on", "never"]).status == 0)
        let clean = folder.appendingPathComponent("Clean.swift")
        try Data("let a = 1\n".utf8).write(to: clean)
        let ok = try DyntypeRunner.run(["lint", clean.path, "--fail-on", "info"])
        #expect(ok.status == 0)
        #expect(ok.stdout.isEmpty)

        #expect(try DyntypeRunner.run(["lint", app, "--format", "xml"]).status == 64)
        #expect(try DyntypeRunner.run(["lint", app, "--max-file-size", "lots"]).status == 64)
        let missing = try DyntypeRunner.run(["lint", folder.appendingPathComponent("Nope").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("does not exist"))
        let fifo = folder.appendingPathComponent("Pipe.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try DyntypeRunner.run(["lint", fifo], timeout: 30)
        #expect(pipe.status == 66)
        #expect(pipe.stderr.contains("not a regular file"))

        let config = folder.appendingPathComponent("bad.yml")
        try Data("rules:\n  fixed-font-uikt: off\n".utf8).write(to: config)
        let bad = try DyntypeRunner.run(["lint", app, "--config", config.path])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("unknown rule 'fixed-font-uikt'"))
        #expect(bad.stderr.contains("did you mean 'fixed-font-uikit'?"))
        #expect(try DyntypeRunner.run(["lint", app, "--config", folder.appendingPathComponent("none.yml").path]).status == 66)
        let baseline = folder.appendingPathComponent("baseline.json")
        try Data("{\"schemaVersion\": 7}".utf8).write(to: baseline)
        #expect(try DyntypeRunner.run(["lint", app, "--baseline", baseline.path]).status == 65)
    }

    @Test("formats: Xcode lines, JSON and SARIF on stdout, paths relative to the root")
    func formats() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try DyntypeRunner.shell("cd '\(folder.path)' && \"$DYNTYPE\" lint App")
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("App/Fonts.swift:3:18: error: fixed-size font"))
        #expect(lines[0].hasSuffix("[fixed-font-uikit]"))
        #expect(lines[1].hasPrefix("App/Row.swift:2:"))

        let json = try DyntypeRunner.run(["lint", folder.appendingPathComponent("App").path, "--root", folder.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["findings"] as? [[String: Any]])?.map { $0["path"] as? String } == ["App/Fonts.swift", "App/Row.swift"])

        let sarif = try DyntypeRunner.run([
            "lint", folder.appendingPathComponent("App").path, "--root", folder.path, "--format", "sarif", "--docs-url",
            "https://example.org/lint.md",
        ])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["fixed-font-uikit", "fixed-text-height"])
        #expect(sarif.stdout.contains("\"uri\" : \"App/Fonts.swift\""))
        #expect(try DyntypeRunner.run(["lint", "--docs-url", "lint.md", folder.path]).status == 64)
    }

    @Test("GITHUB_ACTIONS=true adds one annotation per finding on stderr; stdout is unchanged")
    func githubAnnotations() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["lint", folder.appendingPathComponent("App").path, "--root", folder.path, "--format", "json"]
        let plain = try DyntypeRunner.run(arguments, environment: ["GITHUB_ACTIONS": "false"])
        let actions = try DyntypeRunner.run(arguments, environment: ["GITHUB_ACTIONS": "true"])
        #expect(actions.stdout == plain.stdout)
        let annotations = actions.stderr.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 2)
        #expect(annotations[0].hasPrefix("::error file=App/Fonts.swift,line=3,col=18,title=dyntype fixed-font-uikit::"))
        #expect(annotations[1].hasPrefix("::warning file=App/Row.swift,line=2,"))
        #expect(!plain.stderr.contains("::"))
    }

    @Test("the config in the current folder applies; a baseline written then used reports only new findings")
    func configAndBaseline() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("rules:\n  fixed-text-height: off\n".utf8).write(to: folder.appendingPathComponent(".dyntype.yml"))
        let configured = try DyntypeRunner.shell("cd '\(folder.path)' && \"$DYNTYPE\" lint App")
        #expect(configured.stdout.split(separator: "\n").count == 1, "\(configured.stdout)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".dyntype.yml"))

        let baseline = folder.appendingPathComponent("ci/baseline.json").path
        let write = try DyntypeRunner.shell("cd '\(folder.path)' && \"$DYNTYPE\" lint App --write-baseline ci/baseline.json")
        #expect(write.status == 0, "\(write.stderr)")
        #expect(FileManager.default.fileExists(atPath: baseline))
        // A line added above the finding: still baselined.
        try Data(("// a comment\n" + Self.fixedFont).utf8).write(to: folder.appendingPathComponent("App/Fonts.swift"))
        let same = try DyntypeRunner.shell("cd '\(folder.path)' && \"$DYNTYPE\" lint App --baseline ci/baseline.json")
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.isEmpty)
        #expect(same.stderr.contains("2 in the baseline"))
        try Data(Self.fixedFont.replacingOccurrences(of: "17", with: "19").utf8).write(to: folder.appendingPathComponent("App/New.swift"))
        let new = try DyntypeRunner.shell("cd '\(folder.path)' && \"$DYNTYPE\" lint App --baseline ci/baseline.json")
        #expect(new.status == 1)
        #expect(new.stdout.hasPrefix("App/New.swift:3:18: error:"))
    }
}
