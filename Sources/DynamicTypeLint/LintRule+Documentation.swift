/// Each rule's documentation, as SARIF's rule descriptions and help need it: forwarded from the
/// rule's declaration (``LintRuleDescription``), where docs/lint.md's rule sections come from too.
extension LintRule {
    /// A name for people and SARIF's `name`: `FixedFontUIKit`.
    package var name: String { ruleDescription.name }

    /// One sentence: what the rule finds.
    package var summary: String { ruleDescription.summary }

    /// Why it matters and what is not reported.
    package var explanation: String { ruleDescription.explanation }

    /// Code (or XML) that the rule reports: the first triggering example, without markers.
    package var badExample: String { ruleDescription.triggeringExamples.first?.text ?? "" }

    /// The same code, fixed: the first non-triggering example, without markers.
    package var goodExample: String { ruleDescription.nonTriggeringExamples.first?.text ?? "" }

    /// The anchor of the rule's section in docs/lint.md (its id is its heading).
    package var documentationAnchor: String { "docs/lint.md#\(rawValue)" }
}
