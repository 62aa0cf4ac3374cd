import Foundation
import Testing

@testable import DynamicTypeLint

/// docs/lint.md's rule table and rule sections and the README's rule table are generated from the
/// rule declarations: the committed files must match, and `DYNTYPE_UPDATE_DOCS=1` rewrites them.
@Suite("lint: documentation")
struct DocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    @Test("the generated regions of docs/lint.md and README.md match the rule declarations")
    func generatedRegionsMatch() throws {
        let update = ProcessInfo.processInfo.environment["DYNTYPE_UPDATE_DOCS"] == "1"
        for file in Set(LintRulesMarkdown.regions.map(\.file)).sorted() {
            let url = Self.repository.appendingPathComponent(file)
            let committed = try String(contentsOf: url, encoding: .utf8)
            var generated = committed
            for region in LintRulesMarkdown.regions where region.file == file {
                generated = try LintRulesMarkdown.filling(region, in: generated)
            }
            if update, generated != committed {
                try Data(generated.utf8).write(to: url, options: .atomic)
                continue
            }
            // Compared line by line, so a failure names the first stale line rather than printing both files.
            let (want, have) = (generated.split(separator: "\n", omittingEmptySubsequences: false), committed.split(separator: "\n", omittingEmptySubsequences: false))
            let stale = zip(want, have).enumerated().first { $0.element.0 != $0.element.1 }.map { $0.offset + 1 } ?? min(want.count, have.count) + 1
            if generated != committed {
                Issue.record(
                    "\(file):\(stale) is out of date with the rule declarations (expected: \(stale <= want.count ? String(want[stale - 1]) : "end of file")); \(LintRulesMarkdown.howToRegenerate)")
            }
        }
    }

    @Test("filling a region keeps the text around it, and a missing marker is a clear error")
    func filling() throws {
        let region = LintRulesMarkdown.Region(name: "r", file: "x.md", content: "new")
        let text = "before\n\(LintRulesMarkdown.beginMarker("r"))\n\nold\n\n\(LintRulesMarkdown.endMarker("r"))\nafter"
        #expect(try LintRulesMarkdown.filling(region, in: text) == text.replacingOccurrences(of: "old", with: "new"))
        #expect(try LintRulesMarkdown.filling(region, in: LintRulesMarkdown.filling(region, in: text)) == text.replacingOccurrences(of: "old", with: "new"))
        #expect(throws: LintError.self) { try LintRulesMarkdown.filling(region, in: "no markers") }
        #expect(throws: LintError.self) { try LintRulesMarkdown.filling(region, in: LintRulesMarkdown.beginMarker("r") + "\nno end") }
    }

    @Test("the generated docs carry each rule's section, examples and table rows")
    func documented() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/lint.md"), encoding: .utf8)
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for rule in LintRule.allCases {
            #expect(page.contains("\n### `\(rule.rawValue)`\n\n\(rule.defaultSeverity.rawValue.capitalized). "), "\(rule)")
            #expect(page.contains("\n\(rule.badExample)\n"), "\(rule) bad example")
            #expect(page.contains("\n\(rule.goodExample)\n"), "\(rule) good example")
            #expect(page.contains("| [`\(rule.rawValue)`](#\(rule.rawValue)) | \(rule.defaultSeverity.rawValue) |"), "\(rule) in the table")
            #expect(readme.contains("| `\(rule.rawValue)` | \(rule.defaultSeverity.rawValue) |"), "\(rule) in the README")
        }
    }
}
