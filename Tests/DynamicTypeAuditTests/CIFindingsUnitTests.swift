import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import ScreenFileViews
import Testing

/// The pieces of the CI gate on their own: `--fail-on` parsing and reasons, baseline matching by
/// key and count, problem groups across categories, screen-file lines and the step summary.
@Suite("CI findings, unit")
struct CIFindingsUnitTests {
    static func finding(
        _ kind: Finding.Kind, _ severity: Finding.Severity, _ category: ContentSizeCategory, view: String = "checkout.de",
        element: String = "Checkout: buy", message: String = "m"
    ) -> Finding {
        var finding = Finding(kind: kind, severity: severity, element: element, category: category, message: message, locale: "de")
        finding.view = view
        return finding
    }

    @Test("--fail-on values: severities at or above, kinds at any severity, categories after @")
    func parsing() throws {
        let policy = try FailPolicy(parsing: ["truncated,clipped@accessibility1...", "error"])
        #expect(policy.matches(Self.finding(.truncated, .warning, .accessibility2)))
        #expect(!policy.matches(Self.finding(.truncated, .warning, .xxxLarge)))
        #expect(policy.matches(Self.finding(.clipped, .info, .accessibility5)))
        #expect(policy.matches(Self.finding(.lowContrast, .error, .small)))
        #expect(!policy.matches(Self.finding(.lowContrast, .warning, .small)))
        #expect(try FailPolicy(parsing: ["warning"]).matches(Self.finding(.lowContrast, .error, .small)))
        #expect(try FailPolicy(parsing: ["lowContrast@large...accessibility1"]).matches(Self.finding(.lowContrast, .info, .xLarge)))
        #expect(try !FailPolicy(parsing: ["lowContrast@large...accessibility1"]).matches(Self.finding(.lowContrast, .info, .medium)))
        #expect(!FailPolicy().isActive)
        for (bad, says) in [("truncted", "did you mean 'truncated'"), ("@AX1", "no severity"), ("error,clipped", "not both"), ("clipped@huge", "after @")] {
            #expect(throws: FailPolicyError.self) { try FailPolicy(parsing: [bad]) }
            do { _ = try FailPolicy(parsing: [bad]) } catch { #expect(error.description.contains(says), "\(error)") }
        }
    }

    @Test("reasons: one line per kind (or severity) with the count, the first category and the views")
    func reasons() throws {
        let findings = [
            Self.finding(.truncated, .warning, .accessibility2, view: "a"), Self.finding(.truncated, .warning, .accessibility1, view: "b"),
            Self.finding(.truncated, .warning, .accessibility3, view: "c"), Self.finding(.truncated, .warning, .accessibility3, view: "d"),
            Self.finding(.clipped, .error, .accessibility5, view: "a"), Self.finding(.truncated, .warning, .large, view: "e"),
        ]
        #expect(
            try FailPolicy(parsing: ["truncated,clipped@AX1..."]).reasons(findings) == [
                "failed: 4 truncated from accessibility1 (a, b, c, …) [--fail-on truncated,clipped@AX1...]",
                "failed: 1 clipped from accessibility5 (a) [--fail-on truncated,clipped@AX1...]",
            ])
        #expect(try FailPolicy(parsing: ["warning"]).reasons(findings).first == "failed: 1 error from accessibility5 (a) [--fail-on warning]")
        #expect(try FailPolicy(parsing: ["missingGlyph"]).reasons(findings).isEmpty)
    }

    @Test("baselines match view, kind, element, category and locale by count, not message; stale entries are told")
    func baseline() throws {
        let old = [Self.finding(.truncated, .warning, .large, message: "old"), Self.finding(.truncated, .warning, .large, message: "old")]
        let baseline = try FindingsBaseline(data: FindingsBaseline.encode(old), origin: "b.json")
        #expect(baseline.count == 2)
        let now = [
            Self.finding(.truncated, .warning, .large, message: "new wording"), Self.finding(.truncated, .warning, .large),
            Self.finding(.truncated, .warning, .large), Self.finding(.truncated, .warning, .xLarge),
        ]
        let outcome = baseline.apply(to: now)
        #expect(outcome.accepted == 2)
        #expect(outcome.new.map(\.category) == [.large, .xLarge])
        #expect(outcome.stale.isEmpty)
        let fixed = baseline.apply(to: [Self.finding(.truncated, .warning, .large)])
        #expect(fixed.stale.map(\.count) == [1])
        #expect(FindingsBaseline.encode(now) == FindingsBaseline.encode(now.reversed()), "sorted: the same findings give the same bytes")
        for bad in [#"{"schemaVersion": 2, "baselineOf": "dyntype findings", "findings": []}"#,
                    #"{"schemaVersion": 1, "baselineOf": "dyntype findings", "findings": [{"kind": "nope", "element": "e", "category": "large"}]}"#,
                    #"{"schemaVersion": 1, "baselineOf": "dyntype findings", "findings": [{"kind": "clipped", "element": "e", "category": "AX9"}]}"#,
                    #"{"schemaVersion": 1, "baselineOf": "lint", "findings": []}"#, "[]"] {
            #expect(throws: RunFailure.self) { try FindingsBaseline(data: Data(bad.utf8), origin: "b.json") }
        }
    }

    @Test("a problem is one group across categories: first category, span and gaps")
    func groups() {
        let groups = FindingGroup.groups([
            Self.finding(.truncated, .warning, .accessibility3), Self.finding(.truncated, .error, .accessibility1),
            Self.finding(.truncated, .warning, .accessibility2), Self.finding(.lowContrast, .warning, .small),
            Self.finding(.lowContrast, .warning, .large),
        ])
        #expect(groups.count == 2)
        #expect(groups[0].first.category == .accessibility1)
        #expect(groups[0].severity == .error)
        #expect(groups[0].categoryText == "from accessibility1 to accessibility3")
        #expect(groups[1].categoryText == "from small to large (2 categories)")
        #expect(groups[0].message.hasPrefix("truncated from accessibility1 to accessibility3 [de] in checkout.de, Checkout: buy: "))
    }

    @Test("screen-file lines: the line declaring a view id, in JSON and YAML")
    func screenLines() {
        let json = "{\n  \"views\": [\n    { \"kind\": \"label\", \"id\": \"buy\" },\n    {\"id\":\"total\"}\n  ]\n}"
        #expect(ScreenFileLines.line(declaring: "buy", in: json) == 3)
        #expect(ScreenFileLines.line(declaring: "total", in: json) == 4)
        #expect(ScreenFileLines.line(declaring: "bu", in: json) == nil)
        let yaml = "views:\n  - kind: label\n    id: buyer\n  - id: buy\n  - {kind: label, id: 'total', text: x}\n"
        #expect(ScreenFileLines.line(declaring: "buy", in: yaml) == 4)
        #expect(ScreenFileLines.line(declaring: "buyer", in: yaml) == 3)
        #expect(ScreenFileLines.line(declaring: "total", in: yaml) == 5)
        #expect(ScreenFileLines.viewID(inElement: "Checkout: items[2].price") == "price")
        #expect(ScreenFileLines.viewID(inElement: "Checkout: items[2]") == "items")
        #expect(ScreenFileLines.viewID(inElement: "list row 2") == nil)
    }

    @Test("the step summary: findings per view and category, errors marked, reasons, artifact links; pipes escaped")
    func summary() {
        var summary = StepSummary(
            command: "dyntype preview", categories: [.large, .accessibility3],
            findings: [
                Self.finding(.truncated, .warning, .accessibility3, view: "a|b"), Self.finding(.clipped, .error, .accessibility3, view: "a|b"),
                Self.finding(.belowFold, .info, .large, view: "c"),
            ])
        summary.reasons = ["failed: 1 clipped from accessibility3 (a|b) [--fail-on clipped]"]
        summary.artifacts = [("contact sheet", "preview/index.html")]
        let markdown = summary.markdown(environment: [:])
        #expect(markdown.hasPrefix("### ❌ `dyntype preview`: 2 warnings or errors (1 error)"))
        #expect(markdown.contains("| View | L | AX3 | Kinds |\n|---|:-:|:-:|---|\n| `a\\|b` |  | 2 ❗ | truncated, clipped |\n"))
        #expect(!markdown.contains("`c`"), "info findings are left to the report")
        #expect(markdown.contains("- **failed: 1 clipped from accessibility3 (a\\|b) [--fail-on clipped]**"))
        #expect(markdown.contains("contact sheet: `preview/index.html`"))
    }
}
