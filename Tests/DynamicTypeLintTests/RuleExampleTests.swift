import Foundation
import Testing

@testable import DynamicTypeLint

/// Every example a rule declares, linted: a triggering one gives the rule's finding (at each `↓`),
/// a non-triggering one does not.
@Suite("lint: the rules' own examples")
struct RuleExampleTests {
    /// One example of one rule.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: LintRule
        var example: LintRuleExample
        var triggering: Bool
        var index: Int

        var testDescription: String { "\(rule.rawValue) \(triggering ? "triggering" : "non-triggering") #\(index + 1)" }
    }

    static let cases: [Case] = LintRule.allCases.flatMap { rule in
        let description = rule.ruleDescription
        return description.triggeringExamples.enumerated().map { Case(rule: rule, example: $1, triggering: true, index: $0) }
            + description.nonTriggeringExamples.enumerated().map { Case(rule: rule, example: $1, triggering: false, index: $0) }
    }

    /// The findings of the example's file.
    static func findings(_ example: LintRuleExample, text: String) -> [LintFinding] {
        if example.isSwift { return Linter.check(swift: text, path: "Example.swift") }
        if let swift = example.swiftCompanion { return Linter.check(interfaceBuilder: Data(text.utf8), path: "Example.xib", withSwift: [swift]) }
        return InterfaceBuilderChecker.check(Data(text.utf8), displayPath: "Example.xib", configuration: LintConfiguration())
    }

    @Test("each example does what it says", arguments: cases)
    func example(_ item: Case) {
        let (text, markers) = item.example.file
        let found = Self.findings(item.example, text: text).filter { $0.rule == item.rule }
        let place = "Rules/\(String(describing: item.rule.declaration)).swift:\(item.example.sourceLine)"
        if item.triggering {
            #expect(!found.isEmpty, "\(place): no \(item.rule) finding in:\n\(text)")
            for marker in markers {
                #expect(
                    found.contains { $0.line == marker.line && $0.column == marker.column },
                    "\(place): expected \(item.rule) at \(marker.line):\(marker.column), found at \(found.map { "\($0.line):\($0.column)" }) in:\n\(text)")
            }
        } else {
            #expect(found.isEmpty, "\(place): unexpected \(found.map { "\($0.line):\($0.column): \($0.message)" }) in:\n\(text)")
            #expect(markers.isEmpty, "\(place): a non-triggering example has a ↓ marker")
        }
    }
}
