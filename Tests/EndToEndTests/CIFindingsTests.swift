import Foundation
import TestSupport
import Testing

/// preview, switch and snapshot in CI: `--fail-on` kinds from a category with one line per reason,
/// SARIF located in the screen file, baselines (old findings pass, new ones fail, stale entries
/// told), GitHub annotations and the step summary, and the contact sheet at 1400 px.
@Suite("CI findings")
struct CIFindingsTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/screens")
        .standardizedFileURL
    static let settings = examples.appendingPathComponent("settings.screen.json").path
    static let strings = examples.appendingPathComponent("Localizable.xcstrings").path

    /// The German settings screen at large and AX3 (its title truncates at AX3, rows at both).
    static func preview(_ extra: [String], out: URL, environment: [String: String] = [:]) throws -> DyntypeRunner.Result {
        try DyntypeRunner.run(
            ["preview", settings, "--strings", strings, "--locales", "de", "--categories", "large,accessibility3", "--out", out.path] + extra,
            environment: environment)
    }

    @Test("--fail-on: severities, kinds and kinds from a category; the run says why it failed")
    func failOn() throws {
        let folder = try PreviewCommandTests.temporaryFolder("fail-on")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("p")
        let fromAX3 = try Self.preview(["--fail-on", "truncated@accessibility3..."], out: out)
        #expect(fromAX3.status == 1)
        #expect(fromAX3.stderr.contains("failed: 4 truncated from accessibility3 (settings.de) [--fail-on truncated@accessibility3...]"), "\(fromAX3.stderr)")
        let two = try Self.preview(["--fail-on", "missingGlyph,clipped", "--fail-on", "truncated@large"], out: out)
        #expect(two.status == 1)
        #expect(two.stderr.contains("failed: 2 truncated from large (settings.de) [--fail-on truncated@large]"), "\(two.stderr)")
        #expect(!two.stderr.contains("missingGlyph,clipped]"), "a rule nothing matched gives no reason")
        #expect(try Self.preview(["--fail-on", "error"], out: out).status == 0)
        #expect(try Self.preview(["--fail-on", "missingGlyph"], out: out).status == 0)
        #expect(try Self.preview([], out: out).status == 0)
        // The first problem the sheet shades is where the failing kind starts.
        _ = try Self.preview(["--fail-on", "truncated@accessibility3"], out: out)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
        let view = try #require((report?["views"] as? [[String: Any]])?.first)
        #expect(view["firstProblemCategory"] as? String == "accessibility3")
    }

    @Test(
        "--sarif on preview, switch and snapshot: valid SARIF 2.1.0, results at the view's line of the screen file",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func sarif() throws {
        let folder = try PreviewCommandTests.temporaryFolder("sarif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["preview", "switch", "snapshot"].map { folder.appendingPathComponent("\($0).sarif").path }
        #expect(try Self.preview(["--sarif", files[0]], out: folder.appendingPathComponent("p")).status == 0)
        let screen = ["--strings", Self.strings, "--locales", "de"]
        #expect(try DyntypeRunner.run(["switch", "large", "AX3", Self.settings] + screen + ["--sarif", files[1]]).status == 0)
        let snapshot = try DyntypeRunner.run(
            ["snapshot", "record", Self.settings, "--categories", "AX3", "--out", folder.appendingPathComponent("s").path, "--sarif", files[2]]
                + screen)
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        let (status, output) = try PythonJSONSchema.validateSARIF(files)
        #expect(status == 0, "\(output)")
        // The title's truncation points at the line declaring "id": "title".
        let text = try String(contentsOfFile: Self.settings, encoding: .utf8)
        let titleLine = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"id\": \"title\"") }) + 1
        for file in files {
            let log = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
            let title = results.first { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("Settings: title:") == true }
            let location = ((title?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect(((location?["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("settings.screen.json") == true, "\(file)")
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == titleLine, "\(file)")
        }
    }

    @Test(
        "the Action's default (preview of the bundled samples, --sarif): every result has a file in the repository; sample findings are counted, not listed",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func defaultSARIFHasLocations() throws {
        let folder = try PreviewCommandTests.temporaryFolder("sarif-default")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarif = folder.appendingPathComponent("dyntype.sarif")
        let run = try DyntypeRunner.run(
            ["preview", "--sarif", sarif.path, "--categories", "large,AX5", "--out", folder.appendingPathComponent("p").path],
            environment: ["GITHUB_WORKSPACE": folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let (status, output) = try PythonJSONSchema.validateSARIF([sarif.path])
        #expect(status == 0, "\(output)")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let runLog = try #require((log?["runs"] as? [[String: Any]])?.first)
        for result in (runLog["results"] as? [[String: Any]]) ?? [] {
            #expect((result["locations"] as? [Any])?.isEmpty == false, "a result without a location: \(result)")
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("p/report.json"))) as? [String: Any]
        let findings = ((report?["views"] as? [[String: Any]]) ?? []).flatMap { (($0["findings"] as? [String: [Any]]) ?? [:]).values.flatMap { $0 } }
        if !findings.isEmpty {
            let notices = ((runLog["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]) ?? []
            let texts = notices.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
            #expect(texts.contains { $0.contains("about no file in the repository") }, "\(texts)")
        }
    }

    @Test("SARIF from a SwiftUI view points at the line of the element (Text …swift:14), in the Swift file")
    func swiftLocations() throws {
        let folder = try PreviewCommandTests.temporaryFolder("sarif-swift")
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = Self.examples.deletingLastPathComponent().appendingPathComponent("swiftui/SettingsScreen.swift")
        let sarif = folder.appendingPathComponent("s.sarif")
        let run = try DyntypeRunner.run(
            ["preview", swift.path, "--categories", "large", "--out", folder.appendingPathComponent("p").path, "--sarif", sarif.path])
        #expect(run.status == 0, "\(run.stderr)")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let source = try String(contentsOf: swift, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var checked = 0
        for result in results {
            let text = ((result["message"] as? [String: Any])?["text"] as? String) ?? ""
            guard let range = text.range(of: "SettingsScreen.swift:"), let named = Int(text[range.upperBound...].prefix { $0.isNumber }) else { continue }
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect(((location?["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("SettingsScreen.swift") == true)
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == named, "\(text)")
            // The line names a view that draws text (Text, Section's header, Toggle's title, …).
            #expect(named <= source.count && source[named - 1].contains("("), "\(source[named - 1])")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("baselines: the findings of the baseline pass, new ones fail, fixed ones are stale; bad baselines are 65")
    func baseline() throws {
        let folder = try PreviewCommandTests.temporaryFolder("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = folder.appendingPathComponent("row.screen.json")
        func write(caption: String, headline: Bool = true) throws {
            let headlineView = #"{"kind": "label", "id": "headline", "text": "A headline long enough to be cut at accessibility sizes", "style": "headline", "lines": 1},"#
            try Data(
                #"{"schemaVersion": 1, "name": "Row", "device": "iphone-se", "views": [\#(headline ? headlineView : "") {"kind": "label", "id": "caption", "text": "\#(caption)", "style": "caption1", "lines": 1}]}"#
                    .utf8
            ).write(to: screen)
        }
        let base = folder.appendingPathComponent("base.json").path
        func run(_ extra: [String]) throws -> DyntypeRunner.Result {
            try DyntypeRunner.run(
                ["preview", screen.path, "--categories", "large,AX3", "--out", folder.appendingPathComponent("o").path, "--fail-on", "truncated"] + extra)
        }
        try write(caption: "Short")
        let written = try run(["--write-baseline", base])
        #expect(written.status == 0, "writing a baseline accepts the findings: \(written.stderr)")
        #expect(written.stderr.contains("wrote 2 findings to the baseline"))
        let same = try run(["--baseline", base])
        #expect(same.status == 0)
        #expect(same.stderr.contains("2 findings in the baseline \(base); 0 new"))
        try write(caption: "A caption that is much too long for one line at accessibility sizes")
        let new = try run(["--baseline", base])
        #expect(new.status == 1)
        #expect(new.stderr.contains("failed: 2 truncated from large (row)"), "\(new.stderr)")
        try write(caption: "Short", headline: false)
        let fixed = try run(["--baseline", base])
        #expect(fixed.status == 0)
        #expect(fixed.stderr.contains("2 stale baseline entries"), "\(fixed.stderr)")
        try Data("not json".utf8).write(to: URL(fileURLWithPath: base))
        let bad = try run(["--baseline", base])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("not a findings baseline"), "\(bad.stderr)")
        try Data(#"{"schemaVersion": 1, "findings": []}"#.utf8).write(to: URL(fileURLWithPath: base))
        #expect(try run(["--baseline", base]).stderr.contains("write one with --write-baseline"))
        #expect(try run(["--baseline", folder.appendingPathComponent("none.json").path]).status == 66)
        // An input is never an output.
        #expect(try run(["--sarif", screen.path]).status == 64)
    }

    @Test("GitHub Actions: annotations at the screen file's lines and a Markdown summary appended to GITHUB_STEP_SUMMARY")
    func githubActions() throws {
        let folder = try PreviewCommandTests.temporaryFolder("gha")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("summary.md")
        try Data("earlier step\n".utf8).write(to: summary)
        let environment = [
            "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_REPOSITORY": "team/app", "GITHUB_RUN_ID": "42",
            // Paths are relative to the repository's root, wherever the command runs.
            "GITHUB_WORKSPACE": Self.examples.deletingLastPathComponent().deletingLastPathComponent().path,
        ]
        let result = try Self.preview(["--fail-on", "truncated@accessibility3"], out: folder.appendingPathComponent("p"), environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("::warning file="), "\(result.stderr)")
        #expect(result.stderr.contains("::warning file=Examples/screens/settings.screen.json,line=8,title=dyntype truncated::truncated at accessibility3 [de] in settings.de, Settings: title:"))
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.hasPrefix("earlier step\n### ❌ `dyntype preview`"), "appended, not replaced")
        #expect(markdown.contains("| View | L | AX3 | Kinds |"))
        #expect(markdown.contains("| `settings.de` |"))
        #expect(markdown.contains("**failed: 4 truncated from accessibility3 (settings.de)"))
        #expect(markdown.contains("[artifacts of this run](https://github.com/team/app/actions/runs/42#artifacts)"))
        // Without GITHUB_ACTIONS, nothing is annotated or appended.
        let plain = try Self.preview(["--fail-on", "truncated"], out: folder.appendingPathComponent("p"), environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(!plain.stderr.contains("::warning"))
        #expect(try String(contentsOf: summary, encoding: .utf8) == markdown)
    }

    @Test("the contact sheet shows all twelve columns at 1400 px, shading where the failing kind starts")
    func contactSheet() throws {
        let folder = try PreviewCommandTests.temporaryFolder("sheet-width")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("p")
        let run = try DyntypeRunner.run(
            ["preview", Self.settings, "--strings", Self.strings, "--locales", "de", "--out", out.path, "--fail-on", "truncated@accessibility1..."])
        #expect(run.status == 1)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/contact_sheet_test.py")
        let shot = folder.appendingPathComponent("sheet.png")
        let browser = try DyntypeRunner.shell(
            "/usr/bin/python3 '\(script.path)' '\(out.appendingPathComponent("index.html").path)' '\(shot.path)'", timeout: 120)
        #expect(browser.status == 0, "\(browser.stdout)\(browser.stderr)")
        let measured = try #require(try JSONSerialization.jsonObject(with: Data(browser.stdout.utf8)) as? [String: Any])
        #expect((measured["headers"] as? [String])?.count == 12)
        #expect((measured["firstProblems"] as? [String]) == ["Settings (de)@accessibility1"])
    }
}
