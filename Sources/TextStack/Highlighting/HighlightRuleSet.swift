import DynamicTypeCore
import Foundation

/// An ordered, validated list of highlight rules. Rules apply in order; where two rules style the
/// same text, the later one's colours win and font traits add up.
///
/// ```swift
/// let rules = try HighlightRuleSet.seeds + [HighlightRule.mark("Alice", color: .red)]
/// let fromFile = try HighlightRuleSet(contentsOf: "notes.rules.json")
/// ```
public struct HighlightRuleSet: Hashable, Sendable, CustomStringConvertible {
    /// The rules, in the order they apply.
    public let rules: [HighlightRule]

    /// A rule set; every pattern is compiled once here to check it.
    ///
    /// - Throws: ``HighlightRuleError/invalidPattern(file:ruleIndex:ruleName:pattern:reason:)`` with
    ///   ICU's reason, ``HighlightRuleError/invalidGroup(file:ruleIndex:ruleName:group:available:)``,
    ///   or ``HighlightRuleError/invalidField(file:path:problem:)`` for an empty name.
    public init(_ rules: [HighlightRule]) throws {
        try self.init(rules, file: nil)
    }

    init(_ rules: [HighlightRule], file: String?) throws(HighlightRuleError) {
        for (index, rule) in rules.enumerated() {
            if rule.name.isEmpty {
                throw .invalidField(file: file, path: "rules[\(index)].name", problem: "must not be empty")
            }
            _ = try rule.compile(index: index, file: file)
        }
        self.rules = rules
    }

    /// The font families the rules name (`"family"`), each once, in rule order: what a hermetic
    /// font set must add so snapshots draw them as preview does.
    package var families: [String] {
        var seen = Set<String>()
        return rules.compactMap(\.style.family).filter { seen.insert($0).inserted }
    }

    /// No rules.
    public static let empty = HighlightRuleSet(unchecked: [])

    /// The six rules of seed 001 (Swift `createHighlightPatterns()`), patterns verbatim, in the
    /// order the seed's source lists them: bold, italic, numbered list, strikethrough, script,
    /// ALLCAPS. (The seed keeps them in a `Dictionary`, whose iteration order Swift leaves
    /// undefined; we fix the source order so results are reproducible.) Each styles group 1, as the
    /// seed's `match.rangeAtIndex(1)` does.
    ///
    /// | name | pattern | style |
    /// |---|---|---|
    /// | `bold` | `(\*\w+(\s\w+)*\*)` | body font + bold trait |
    /// | `italic` | `(_\w+(\s\w+)*_)` | body font + italic trait |
    /// | `numberedList` | `([0-9]+\.)\s` | body font + bold trait |
    /// | `strikethrough` | `(-\w+(\s\w+)*-)` | single strikethrough |
    /// | `script` | `(~\w+(\s\w+)*~)` | Zapfino (→ URW Z003) at the body size |
    /// | `allCaps` | `\s([A-Z]{2,})\s` | red (UIKit `redColor`) |
    public static let seeds = HighlightRuleSet(unchecked: [
        HighlightRule(name: "bold", pattern: #"(\*\w+(\s\w+)*\*)"#, group: 1, style: HighlightStyle(traits: .bold)),
        HighlightRule(name: "italic", pattern: #"(_\w+(\s\w+)*_)"#, group: 1, style: HighlightStyle(traits: .italic)),
        HighlightRule(name: "numberedList", pattern: #"([0-9]+\.)\s"#, group: 1, style: HighlightStyle(traits: .bold)),
        HighlightRule(
            name: "strikethrough", pattern: #"(-\w+(\s\w+)*-)"#, group: 1, style: HighlightStyle(strikethrough: .single)),
        HighlightRule(name: "script", pattern: #"(~\w+(\s\w+)*~)"#, group: 1, style: HighlightStyle(family: "Zapfino")),
        HighlightRule(name: "allCaps", pattern: #"\s([A-Z]{2,})\s"#, group: 1, style: HighlightStyle(foregroundColor: .red)),
    ])

    /// Word marking as in seed 003's exercise: "Alice" red, "Rabbit" green.
    public static let seedWordMarks = HighlightRuleSet(unchecked: [
        HighlightRule.mark("Alice", color: .red),
        HighlightRule.mark("Rabbit", color: .green),
    ])

    /// The rules of `lhs` then those of `rhs`.
    public static func + (lhs: HighlightRuleSet, rhs: HighlightRuleSet) -> HighlightRuleSet {
        HighlightRuleSet(unchecked: lhs.rules + rhs.rules)
    }

    /// The rules of `lhs` then `rhs`, checked.
    public static func + (lhs: HighlightRuleSet, rhs: [HighlightRule]) throws -> HighlightRuleSet {
        try HighlightRuleSet(lhs.rules + rhs)
    }

    /// Rules known to be valid (the built-in sets; the tests compile them).
    private init(unchecked rules: [HighlightRule]) { self.rules = rules }

    /// Compiles every pattern (once per highlighter).
    func compiled() -> [(rule: HighlightRule, regex: NSRegularExpression)] {
        rules.enumerated().map { index, rule in
            do {
                return (rule, try rule.compile(index: index, file: nil))
            } catch {
                preconditionFailure("rule set was validated on creation: \(error)")
            }
        }
    }

    public var description: String { rules.map(\.description).joined(separator: "\n") }
}
