/// The parts of docs/lint.md and the README made from the rule declarations, and the marked
/// regions of those files they fill. A test compares the committed files with these and rewrites
/// them when `DYNTYPE_UPDATE_DOCS=1` is set, so the docs cannot drift from the rules.
package enum LintRulesMarkdown {
    /// A region of a file filled from the declarations.
    package struct Region: Sendable {
        /// The region's name in its markers.
        package var name: String
        /// The file, relative to the repository.
        package var file: String
        /// The Markdown put between the markers.
        package var content: String
    }

    /// How to regenerate, said in the markers and in the drift test's failure.
    package static let howToRegenerate =
        "edit the rules in Sources/DynamicTypeLint/Rules/, then run DYNTYPE_UPDATE_DOCS=1 swift test --filter DynamicTypeLintTests.DocumentationTests"

    /// Every generated region: docs/lint.md's rule table and rule sections, the README's rule table.
    package static var regions: [Region] {
        [
            Region(name: "lint rule table", file: "docs/lint.md", content: lintPageTable()),
            Region(name: "lint rule sections", file: "docs/lint.md", content: lintPageSections()),
            Region(name: "lint rule table", file: "README.md", content: readmeTable()),
        ]
    }

    /// docs/lint.md's table: id (linked to its section), severity, what it reads, what it finds.
    package static func lintPageTable() -> String {
        var lines = ["| Rule | Severity | Reads | Finds |", "|---|---|---|---|"]
        for rule in LintRule.allCases {
            let rule = rule.ruleDescription
            lines.append("| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(rule.reads.documentationName) | \(rule.finds) |")
        }
        return lines.joined(separator: "\n")
    }

    /// docs/lint.md's section per rule: severity and documentation, then the first triggering
    /// example ("Reported") and the first non-triggering one ("Fine").
    package static func lintPageSections() -> String {
        LintRule.allCases.map { rule in
            let description = rule.ruleDescription
            var section = "### `\(description.id)`\n\n\(description.defaultSeverity.rawValue.capitalized). \(description.documentation)"
            if let bad = description.triggeringExamples.first {
                section += "\n\nReported:\n\n" + codeBlock(bad)
            }
            if let good = description.nonTriggeringExamples.first {
                section += "\n\nFine:\n\n" + codeBlock(good)
            }
            return section
        }.joined(separator: "\n\n")
    }

    /// The README's table: id, severity and what it finds in code terms.
    package static func readmeTable() -> String {
        var lines = ["| Rule | Severity | Finds |", "|---|---|---|"]
        for rule in LintRule.allCases {
            let rule = rule.ruleDescription
            lines.append("| `\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(rule.findsBriefly) |")
        }
        return lines.joined(separator: "\n")
    }

    /// An example fenced for the docs: Swift as `swift-fragment` (the README's example check
    /// compiles only complete `swift` blocks), Interface Builder as `xml`.
    private static func codeBlock(_ example: LintRuleExample) -> String {
        let block = "```\(example.isSwift ? "swift-fragment" : "xml")\n\(example.text)\n```"
        guard let swift = example.swiftCompanion else { return block }
        return block + "\n\nwith:\n\n```swift-fragment\n\(swift.hasSuffix("\n") ? String(swift.dropLast()) : swift)\n```"
    }

    /// The line that opens region `name`.
    package static func beginMarker(_ name: String) -> String { "<!-- BEGIN GENERATED: \(name) (\(howToRegenerate)) -->" }

    /// The line that closes region `name`.
    package static func endMarker(_ name: String) -> String { "<!-- END GENERATED: \(name) -->" }

    /// `text` (the file `file`) with `region`'s content between its markers (a blank line after the
    /// opening marker and before the closing one, so Markdown sees the table as a table).
    ///
    /// - Throws: ``LintError`` when a marker is missing or the end comes before the start.
    package static func filling(_ region: Region, in text: String) throws(LintError) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = "<!-- BEGIN GENERATED: \(region.name) "
        guard let start = lines.firstIndex(where: { $0.hasPrefix(begin) }) else {
            throw LintError(.badData, "\(region.file): no line starting '\(begin)'; put \(beginMarker(region.name)) where the generated part starts")
        }
        guard let end = lines[start...].firstIndex(of: endMarker(region.name)) else {
            throw LintError(.badData, "\(region.file): no \(endMarker(region.name)) after line \(start + 1); put it where the generated part ends")
        }
        let filled = Array(lines[..<start]) + [beginMarker(region.name), ""] + [region.content, "", endMarker(region.name)] + Array(lines[(end + 1)...])
        return filled.joined(separator: "\n")
    }
}
