import Foundation
import TestSupport
import Testing

/// `dyntype strings` on the example catalog: which German strings truncate at AX3, where their
/// keys are, the same --fail-on, baselines and SARIF as preview, and clear errors.
@Suite("dyntype strings")
struct StringsCommandTests {
    static let catalog = CIFindingsTests.examples.appendingPathComponent("Localizable.xcstrings").path

    /// The 1-based line of the catalog declaring `key`, found independently of the tool.
    static func line(of key: String) throws -> Int {
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        return try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"\(key)\":") || $0.contains("\"\(key)\" :") }) + 1
    }

    @Test("German at AX3 in a one-line body label: the two strings that need two lines, at their keys' lines")
    func germanAtAX3() throws {
        let result = try DyntypeRunner.run(["strings", Self.catalog, "--locales", "de", "--categories", "AX3"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)")
        #expect(lines[0].hasSuffix("Localizable.xcstrings:\(try Self.line(of: "Add to basket")): [de] \"Add to basket\" → \"In den Warenkorb legen\": truncates from accessibility3 (needs 2 lines there; the label has 1)"))
        #expect(lines[1].contains(":\(try Self.line(of: "Welcome back, %@!")): [de] \"Welcome back, %@!\" → \"Willkommen zurück, Alexandra!\""))
        #expect(lines[2].hasPrefix("11 strings (10 keys in de) in a body label 361 pt wide, 1 line, at 1 category: 2 truncate"))
        // Wider label or unlimited lines: nothing truncates.
        let wide = try DyntypeRunner.run(["strings", Self.catalog, "--locales", "de", "--categories", "AX3", "--width", "600"])
        #expect(wide.stdout.contains(": 0 truncate;"), "\(wide.stdout)")
        let unlimited = try DyntypeRunner.run(["strings", Self.catalog, "--locales", "de", "--categories", "large,AX3", "--lines", "0"])
        #expect(unlimited.stdout.contains("needs 2 lines from accessibility3"), "\(unlimited.stdout)")
        #expect(!unlimited.stdout.contains("truncate"))
    }

    @Test("JSON: lines needed per category and the first category each string truncates from")
    func json() throws {
        let result = try DyntypeRunner.run(["strings", Self.catalog, "--locales", "de,ja", "--categories", "large...AX5", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["locales"] as? [String] == ["de", "ja"])
        let strings = try #require(report["strings"] as? [[String: Any]])
        let basket = try #require(strings.first { $0["key"] as? String == "Add to basket" && $0["locale"] as? String == "de" })
        #expect(basket["truncatedFrom"] as? String == "accessibility3")
        #expect((basket["linesNeeded"] as? [String: Int])?["large"] == 1)
        #expect(basket["line"] as? Int == (try Self.line(of: "Add to basket")))
        // Every variant: the plural key has its forms.
        #expect(strings.contains { $0["variant"] as? String != nil })
    }

    @Test(
        "--fail-on, baselines and SARIF (stdout and --sarif) as in preview",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func ci() throws {
        let folder = try PreviewCommandTests.temporaryFolder("strings-ci")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("base.json").path
        let arguments = ["strings", Self.catalog, "--locales", "de", "--categories", "AX3"]
        let failing = try DyntypeRunner.run(arguments + ["--fail-on", "truncated@AX3..."])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("failed: 2 truncated from accessibility3 (Add to basket, Welcome back, %@!) [--fail-on truncated@AX3...]"))
        #expect(try DyntypeRunner.run(arguments + ["--fail-on", "truncated@AX4..."]).status == 0)
        #expect(try DyntypeRunner.run(arguments + ["--fail-on", "truncated", "--write-baseline", base]).status == 0)
        let baselined = try DyntypeRunner.run(arguments + ["--fail-on", "truncated", "--baseline", base])
        #expect(baselined.status == 0, "\(baselined.stderr)")
        #expect(try DyntypeRunner.run(["strings", Self.catalog, "--locales", "de", "--categories", "AX3...AX5", "--fail-on", "truncated", "--baseline", base]).status == 1)
        let sarifFile = folder.appendingPathComponent("s.sarif")
        let stdout = try DyntypeRunner.run(arguments + ["--format", "sarif", "--sarif", sarifFile.path])
        try Data(stdout.stdout.utf8).write(to: folder.appendingPathComponent("stdout.sarif"))
        let (status, output) = try PythonJSONSchema.validateSARIF([sarifFile.path, folder.appendingPathComponent("stdout.sarif").path])
        #expect(status == 0, "\(output)")
        #expect(stdout.stdout.contains("\"startLine\" : \(try Self.line(of: "Add to basket"))"))
        #expect(stdout.stdout.contains("Localizable.xcstrings"))
    }

    @Test(
        "bad input: what, where, how to fix",
        arguments: [
            (["strings"], Int32(64), "give the strings files"),
            (["strings", "/nonexistent.xcstrings"], 66, "does not exist"),
            (["strings", catalog, "--locales", "xx"], 64, "no locale 'xx'"),
            (["strings", catalog, "--width", "nan"], 64, "20…2000"),
            (["strings", catalog, "--width", "1e9"], 64, "20…2000"),
            (["strings", catalog, "--lines", "-1"], 64, "0 (unlimited) to 100"),
            (["strings", catalog, "--style", "huge"], 64, "huge"),
        ])
    func badInput(arguments: [String], code: Int32, message: String) throws {
        let result = try DyntypeRunner.run(arguments)
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("a malformed catalog is 65, naming the file")
    func malformed() throws {
        let folder = try PreviewCommandTests.temporaryFolder("strings-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Bad.xcstrings")
        try Data(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": 3}}}"#.utf8).write(to: file)
        let result = try DyntypeRunner.run(["strings", file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("Bad.xcstrings"))
    }
}
