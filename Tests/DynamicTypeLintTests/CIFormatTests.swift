import DynamicTypeCore
import Foundation
import TestSupport
import Testing

@testable import DynamicTypeLint

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--format junit`, `gitlab` and `checkstyle`: each checked against its schema where one exists
/// (Ant's JUnit XSD, the GitLab Code Quality fields as documented), and parsed back.
@Suite("lint: JUnit, GitLab Code Quality and Checkstyle output")
struct CIFormatTests {
    static let fixtures = LintTestSupport.fixtures

    /// Findings with text every XML and JSON writer must escape.
    static func report() -> LintReport {
        let message = "fixed <size> & \"quoted\" 'text'\nsecond line \u{1}"
        return LintReport(
            findings: [
                LintFinding(rule: .fixedFontUIKit, severity: .error, path: "App/A&B.swift", line: 3, column: 7, message: message, fingerprint: "f1"),
                LintFinding(rule: .fixedFontUIKit, severity: .error, path: "App/A&B.swift", line: 9, column: 7, message: message, fingerprint: "f1"),
                LintFinding(rule: .singleLineText, severity: .info, path: "App/V.swift", line: 1, column: 1, message: "one line", fingerprint: "f2"),
                LintFinding(rule: .ibFixedLabelHeight, severity: .warning, path: "App/Main.storyboard", line: 40, column: 13, message: "height", fingerprint: "f3"),
            ], filesChecked: 3)
    }

    /// python3 with xmlschema (pip install xmlschema; scripts/setup.sh), for the XSD check.
    static let hasXMLSchema: Bool = (try? PythonJSONSchema.run(script: "import xmlschema", arguments: []).status) == 0

    /// Elements and attributes of `xml`, parsed with FoundationXML (nil if not well-formed).
    static func elements(_ xml: String) -> [(name: String, attributes: [String: String])]? {
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [(name: String, attributes: [String: String])] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
            ) { elements.append((name, attributes)) }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector.elements : nil
    }

    @Test("JUnit: well-formed, a failed test case per finding, escaped; a 2026 timestamp in the schema's form")
    func junit() throws {
        let date = Date(timeIntervalSince1970: 1_795_800_000)  // 2026-11-27 17:20:00 UTC
        let xml = Self.report().junit(timestamp: date)
        let elements = try #require(Self.elements(xml))
        let cases = elements.filter { $0.name == "testcase" }
        #expect(cases.map { $0.attributes["name"] } == ["App/A&B.swift:3:7", "App/A&B.swift:9:7", "App/Main.storyboard:40:13", "App/V.swift:1:1"])
        let failures = elements.filter { $0.name == "failure" }
        #expect(failures.first?.attributes["message"] == "fixed <size> & \"quoted\" 'text'\nsecond line ")
        #expect(failures.map { $0.attributes["type"] } == ["error", "error", "warning", "info"])
        let suite = try #require(elements.first { $0.name == "testsuite" })
        #expect(suite.attributes["tests"] == "4" && suite.attributes["failures"] == "4")
        #expect(suite.attributes["timestamp"] == "2026-11-27T17:20:00")
        #expect(CIReportFormats.junitTimestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00")
        #expect(CIReportFormats.junitTimestamp(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00")
    }

    @Test(
        "JUnit validates against Ant's JUnit XSD (windyroad/JUnit-Schema), with and without findings",
        .enabled(if: hasXMLSchema, "needs python3 with xmlschema: bash scripts/setup.sh"))
    func junitSchema() throws {
        let folder = try LintTestSupport.temporaryFolder("junit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = folder.appendingPathComponent("full.xml")
        let empty = folder.appendingPathComponent("empty.xml")
        try Data(Self.report().junit(timestamp: Date()).utf8).write(to: full)
        try Data(LintReport(findings: [], filesChecked: 0).junit(timestamp: Date()).utf8).write(to: empty)
        let script = """
            import sys, xmlschema
            schema = xmlschema.XMLSchema(sys.argv[1])
            failed = 0
            for path in sys.argv[2:]:
                for error in schema.iter_errors(path):
                    failed += 1
                    print(path, error.reason)
            sys.exit(1 if failed else 0)
            """
        let result = try PythonJSONSchema.run(
            script: script, arguments: [Self.fixtures.appendingPathComponent("junit-ant.xsd").path, full.path, empty.path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(
        "GitLab Code Quality validates against the documented fields; fingerprints unique, severities mapped",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func gitlab() throws {
        let json = Self.report().gitlabCodeQuality()
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(issues.count == 4)
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 4, "two equal lines still get two fingerprints")
        #expect(issues.compactMap { $0["severity"] as? String } == ["critical", "critical", "major", "info"])
        #expect(issues.first?["check_name"] as? String == "dyntype/fixed-font-uikit")
        // The same findings give the same fingerprints (GitLab compares them across pipelines).
        #expect(Self.report().gitlabCodeQuality() == json)
        let folder = try LintTestSupport.temporaryFolder("gitlab")
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = folder.appendingPathComponent("full.json")
        let empty = folder.appendingPathComponent("empty.json")
        try Data(json.utf8).write(to: full)
        try Data(LintReport(findings: [], filesChecked: 0).gitlabCodeQuality().utf8).write(to: empty)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            failed = 0
            for path in sys.argv[2:]:
                for error in jsonschema.Draft7Validator(schema).iter_errors(json.load(open(path))):
                    failed += 1
                    print(path, error.message)
            sys.exit(1 if failed else 0)
            """
        let result = try PythonJSONSchema.run(
            script: script, arguments: [Self.fixtures.appendingPathComponent("gitlab-code-quality.schema.json").path, full.path, empty.path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("Checkstyle: well-formed, a file per path, an error per finding with line, column, severity, message and source")
    func checkstyle() throws {
        let elements = try #require(Self.elements(Self.report().checkstyle()))
        #expect(elements.first?.name == "checkstyle" && elements.first?.attributes["version"] == "4.3")
        #expect(elements.filter { $0.name == "file" }.map { $0.attributes["name"] } == ["App/A&B.swift", "App/Main.storyboard", "App/V.swift"])
        let errors = elements.filter { $0.name == "error" }
        #expect(errors.count == 4)
        for error in errors {
            for key in ["line", "column", "severity", "message", "source"] { #expect(error.attributes[key] != nil, "missing \(key)") }
        }
        #expect(errors.map { $0.attributes["source"] } == ["dyntype.fixed-font-uikit", "dyntype.fixed-font-uikit", "dyntype.ib-fixed-label-height", "dyntype.single-line-text"])
        #expect(Self.elements(LintReport(findings: [], filesChecked: 0).checkstyle())?.map(\.name) == ["checkstyle"])
    }
}
