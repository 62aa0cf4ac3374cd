import Foundation
import Testing

@testable import DynamicTypeLint

@Suite("lint: suppressions and baselines")
struct AdoptionTests {
    typealias S = LintTestSupport

    @Test("dyntype:disable:next-line and this-line silence the rules named, or all")
    func suppressions() {
        let source = """
            func f() {
                // dyntype:disable:next-line fixed-font-uikit
                a.font = UIFont.systemFont(ofSize: 1)
                b.font = UIFont.systemFont(ofSize: 2) // dyntype:disable:this-line fixed-font-uikit -- artwork
                // dyntype:disable:next-line fixed-text-height
                c.font = UIFont.systemFont(ofSize: 3)
                // dyntype:disable:next-line all
                let v = Text("a").font(.system(size: 4)).frame(height: 5)
                // dyntype:disable:next-line fixed-font-swiftui, fixed-text-height
                let w = Text("a").font(.system(size: 4)).frame(height: 5)
            }
            """
        #expect(S.placed(source) == ["fixed-font-uikit@6"])
    }

    static func finding(_ line: Int, _ text: String, rule: LintRule = .fixedFontUIKit, path: String = "A.swift") -> LintFinding {
        LintFinding(
            rule: rule, severity: .error, path: path, line: line, column: 1, message: rule.message,
            fingerprint: SourceLines.fingerprint(text))
    }

    @Test("a baseline keeps findings whose line moved, and reports new ones and extra copies")
    func baseline() throws {
        let old = [Self.finding(10, "  a.font = x  "), Self.finding(20, "b.font = y")]
        let data = Baseline.encode(old)
        let baseline = try Baseline(data: data, origin: "baseline.json")
        let now = LintReport(
            findings: [
                Self.finding(14, "a.font = x"),  // moved down 4 lines, indentation changed
                Self.finding(24, "b.font = y"), Self.finding(25, "b.font = y"),  // a second copy is new
                Self.finding(30, "c.font = z"),  // new
                Self.finding(14, "a.font = x", path: "B.swift"),  // same line, other file
            ], filesChecked: 2)
        let filtered = baseline.filter(now)
        #expect(filtered.findings.map { "\($0.path):\($0.line)" } == ["A.swift:25", "A.swift:30", "B.swift:14"])
        #expect(filtered.baselined == 2)
        #expect(String(decoding: data, as: UTF8.self).contains("\"schemaVersion\" : 1"))
    }

    @Test("a baseline that is not one is a clear error", arguments: [
        ("{}", "not a lint baseline"), ("[1]", "not a lint baseline"),
        ("{\"schemaVersion\": 2, \"findings\": []}", "schemaVersion 2 is not supported"),
        ("{\"schemaVersion\": 1, \"findings\": [{\"path\": \"a\", \"rule\": \"nope\", \"fingerprint\": \"0\"}]}", "unknown rule 'nope'"),
    ])
    func badBaseline(json: String, message: String) {
        do {
            _ = try Baseline(data: Data(json.utf8), origin: "b.json")
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("fingerprints ignore surrounding blanks and differ for different text")
    func fingerprints() {
        #expect(SourceLines.fingerprint("\t  let a = 1  ") == SourceLines.fingerprint("let a = 1"))
        #expect(SourceLines.fingerprint("let a = 1") != SourceLines.fingerprint("let a = 2"))
        #expect(SourceLines.fingerprint("").count == 16)
        let lines = SourceLines("a\r\nb\rc\n")
        #expect([lines.text(ofLine: 1), lines.text(ofLine: 2), lines.text(ofLine: 3), lines.text(ofLine: 9)] == ["a", "b", "c", ""])
    }
}
