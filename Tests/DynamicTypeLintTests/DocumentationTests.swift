import Foundation
import Testing

@testable import DynamicTypeLint

/// docs/lint.md and the README document every rule with the examples the library carries, and the
/// examples do what they say.
@Suite("lint: documentation")
struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    @Test("docs/lint.md has a section per rule with its bad and good example; the README's table lists every rule")
    func documented() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/lint.md"), encoding: .utf8)
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for rule in LintRule.allCases {
            #expect(page.contains("\n### `\(rule.rawValue)`\n\n\(rule.defaultSeverity.rawValue.capitalized). "), "\(rule)")
            #expect(page.contains("\n\(rule.badExample)\n"), "\(rule) bad example")
            #expect(page.contains("\n\(rule.goodExample)\n"), "\(rule) good example")
            #expect(readme.contains("| `\(rule.rawValue)` | \(rule.defaultSeverity.rawValue) |"), "\(rule) in the README")
        }
    }

    @Test("each Swift rule's bad example is reported and its good example is not")
    func swiftExamples() {
        for rule in LintRule.allCases where rule.readsSwift {
            let wrap = { (code: String) in "import UIKit\nclass Example {\n    func f() {\n        \(code.replacingOccurrences(of: "\n", with: "\n        "))\n    }\n}\n" }
            #expect(Linter.check(swift: wrap(rule.badExample)).map(\.rule).contains(rule), "\(rule): \(rule.badExample)")
            #expect(!Linter.check(swift: wrap(rule.goodExample)).map(\.rule).contains(rule), "\(rule): \(rule.goodExample)")
        }
    }

    @Test("each Interface Builder rule's bad example is reported and its good example is not")
    func interfaceBuilderExamples() {
        for rule in LintRule.allCases where !rule.readsSwift {
            #expect(LintTestSupport.interfaceBuilder(InterfaceBuilderRuleTests.document(rule.badExample)).map(\.rule).contains(rule), "\(rule)")
            #expect(LintTestSupport.interfaceBuilder(InterfaceBuilderRuleTests.document(rule.goodExample)).isEmpty, "\(rule)")
        }
    }
}
