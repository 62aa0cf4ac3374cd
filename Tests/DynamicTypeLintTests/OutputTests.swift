import Foundation
import Testing

@testable import DynamicTypeLint
import TestSupport

@Suite("lint: text, JSON, SARIF and GitHub annotations")
struct OutputTests {
    static var report: LintReport {
        let source = "func f() {\n    label.font = UIFont.systemFont(ofSize: 17)\n    let t = Text(\"a\").lineLimit(1)\n}\n"
        var findings = Linter.check(swift: source, path: "App/My View.swift")
        findings.append(
            LintFinding(rule: .fixedTextHeight, severity: .warning, path: "App/A.swift", line: 3, column: 5, message: "50% taller, a,b: c\nd", fingerprint: "0123456789abcdef"))
        return LintReport(findings: findings, filesChecked: 2)
    }

    @Test("text: Xcode-style lines in path, line, column, rule order; info is a note")
    func text() {
        #expect(
            Self.report.text() == """
                App/A.swift:3:5: warning: 50% taller, a,b: c
                d [fixed-text-height]
                App/My View.swift:2:18: error: \(LintRule.fixedFontUIKit.message) [fixed-font-uikit]
                App/My View.swift:3:22: note: \(LintRule.singleLineText.message) [single-line-text]

                """)
        #expect(Self.report.summary() == "3 findings (1 error, 1 warning, 1 info) in 2 files")
        #expect(LintReport(findings: [], filesChecked: 1).summary() == "0 findings in 1 file")
    }

    @Test("GitHub annotations: one command per finding, properties and message escaped")
    func github() {
        let lines = Self.report.githubAnnotations().split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "::warning file=App/A.swift,line=3,col=5,title=dyntype fixed-text-height::50%25 taller, a,b: c%0Ad")
        #expect(lines[1].hasPrefix("::error file=App/My View.swift,line=2,col=18,title=dyntype fixed-font-uikit::fixed-size font"))
        #expect(lines[2].hasPrefix("::notice "))
    }

    @Test("JSON: schemaVersion, tool, summary and findings")
    func json() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.report.json(toolVersion: "9.9").utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["tool"] as? [String: Any])?["command"] as? String == "lint")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == 3)
        #expect((summary["byRule"] as? [String: Int])?["fixed-font-uikit"] == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["fixed-text-height", "fixed-font-uikit", "single-line-text"])
        #expect(Set(findings[0].keys) == ["rule", "severity", "path", "line", "column", "message", "fingerprint"])
    }

    @Test("SARIF: every rule described, results located relative to SRCROOT")
    func sarifContent() throws {
        let text = Self.report.sarif(toolVersion: "9.9", root: "/work/app", configuration: LintConfiguration(), documentationURL: "https://example.org/docs/lint.md")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == LintRule.allCases.map(\.rawValue))
        #expect(rules[0]["helpUri"] as? String == "https://example.org/docs/lint.md#fixed-font-uikit")
        #expect(((rules[5]["defaultConfiguration"] as? [String: Any])?["level"] as? String) == "note")
        let results = try #require(run["results"] as? [[String: Any]])
        let location = try #require(((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "App/My%20View.swift")
        #expect(artifact["uriBaseId"] as? String == "SRCROOT")
        #expect((location["region"] as? [String: Int]) == ["startLine": 2, "startColumn": 18])
        #expect(((run["originalUriBaseIds"] as? [String: Any])?["SRCROOT"] as? [String: Any])?["uri"] as? String == "file:///work/app/")
    }

    @Test(
        "SARIF validates against the OASIS 2.1.0 schema (with and without findings and docs URL)",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func sarifSchema() throws {
        let folder = try LintTestSupport.temporaryFolder("sarif")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = [
            Self.report.sarif(toolVersion: "0.2.0", root: "/work/app", configuration: LintConfiguration(), documentationURL: "https://example.org/docs/lint.md"),
            Self.report.sarif(toolVersion: "0.2.0", root: "/work/app", configuration: LintConfiguration(disabledRules: [.singleLineText]), documentationURL: nil),
            LintReport(findings: [], filesChecked: 0).sarif(toolVersion: "0.2.0", root: "/", configuration: LintConfiguration(), documentationURL: nil),
            Self.many(LintListing.maximumPerFile + 3).sarif(toolVersion: "0.2.0", root: "/", configuration: LintConfiguration(), documentationURL: nil),
        ]
        for (index, log) in logs.enumerated() { try Data(log.utf8).write(to: folder.appendingPathComponent("\(index).sarif")) }
        let (status, output) = try PythonJSONSchema.validateSARIF(logs.indices.map { folder.appendingPathComponent("\($0).sarif").path })
        #expect(status == 0, "\(output)")
    }

    /// `count` findings in one file, every tenth an error and the rest infos, in line order.
    static func many(_ count: Int, path: String = "Gen.swift") -> LintReport {
        let findings = (1...count).map { line in
            LintFinding(
                rule: line % 10 == 0 ? .fixedFontUIKit : .singleLineText, severity: line % 10 == 0 ? .error : .info, path: path,
                line: line, column: 1, message: "m\(line)", fingerprint: "0123456789abcdef")
        }
        return LintReport(findings: findings, filesChecked: 1)
    }

    @Test("a file's findings past the per-file cap are counted, not listed, the errors kept first; counts and the verdict see them all")
    func perFileCap() throws {
        let cap = LintListing.maximumPerFile
        let report = Self.many(cap * 3)
        let listing = report.listing
        #expect(listing.findings.count == cap)
        #expect(listing.unlisted == cap * 2)
        // Every error (a tenth of them) is listed before any info is, and the listing stays in line order.
        let errors = report.findings.filter { $0.severity == .error }.count
        #expect(listing.findings.filter { $0.severity == .error }.count == errors)
        #expect(listing.findings.map(\.line) == listing.findings.map(\.line).sorted())
        #expect(report.text().split(separator: "\n").count == cap)
        let summary = report.summary()
        #expect(summary.hasPrefix("\(cap * 3) findings (\(errors) errors, \(cap * 3 - errors) info) in 1 file"), "\(summary)")
        #expect(summary.contains("\(cap * 2) more findings not listed (Gen.swift \(cap * 2))"), "\(summary)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json(toolVersion: "1").utf8)) as? [String: Any])
        #expect((json["summary"] as? [String: Any])?["unlisted"] as? Int == cap * 2)
        #expect((json["findings"] as? [Any])?.count == cap)
        let sarif = report.sarif(toolVersion: "1", root: "/", configuration: LintConfiguration(), documentationURL: nil)
        let run = try #require(((try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == cap)
        let notice = ((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])?.first
        #expect(((notice?["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("\(cap * 2) more findings not listed") == true)
        #expect(report.hasFinding(atOrAbove: .error))
    }

    @Test("over many files the run cap keeps the most severe, in report order; under the caps nothing is left out")
    func perRunCap() {
        let files = LintListing.maximumPerRun / 100 + 5
        let findings = (0..<files).flatMap { Self.many(100, path: String(format: "F%04d.swift", $0)).findings }
        let listing = LintListing(findings)
        #expect(listing.findings.count == LintListing.maximumPerRun)
        #expect(listing.unlisted == findings.count - LintListing.maximumPerRun)
        #expect(listing.findings.filter { $0.severity == .error }.count == findings.filter { $0.severity == .error }.count)
        #expect(listing.findings == listing.findings.sorted(by: LintFinding.ordered))
        let small = Self.many(10)
        #expect(small.listing.findings == small.findings && small.listing.notice == nil)
    }
}
