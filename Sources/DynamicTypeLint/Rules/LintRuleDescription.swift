/// Everything about one lint rule that is not detection code, declared once in the rule's own file
/// (`Rules/<Name>Rule.swift`): the id, the severity, the message, the documentation and the
/// examples. ``LintRule`` forwards to it, SARIF's rule entries and the rule sections of
/// docs/lint.md and the README are made from it, and a test runs its examples.
package struct LintRuleDescription: Sendable {
    /// The id written in configs, suppressions and reports (`kebab-case`).
    package var id: String
    /// A name for people and SARIF's `name` (`UpperCamelCase`).
    package var name: String
    /// The severity unless a config changes it.
    package var defaultSeverity: LintSeverity
    /// The files it reads.
    package var reads: LintRuleInput
    /// What was found, the start of every message (`fixed-size font`).
    package var problem: String
    /// What the user sees at large sizes (`the text stays this size at every text size`); nil
    /// when the message is the problem alone.
    package var atLargeSizes: String?
    /// How to fix it, the end of every message; nil when the message is the problem alone.
    package var fix: String?
    /// One sentence, plain text: SARIF's `shortDescription`.
    package var summary: String
    /// What it finds, one Markdown sentence for docs/lint.md's rule table.
    package var finds: String
    /// What it finds in code terms, one Markdown phrase for the README's rule table.
    package var findsBriefly: String
    /// Why it matters and what is not reported, plain text: SARIF's `fullDescription`.
    package var explanation: String
    /// The rule's section of docs/lint.md (Markdown, one or more paragraphs), printed after
    /// "Severity. " and before the first triggering and non-triggering examples.
    package var documentation: String
    /// Code the rule reports; the first is the one documented (docs, SARIF help).
    package var triggeringExamples: [LintRuleExample]
    /// Code the rule leaves alone; the first is the documented fix of the first triggering example.
    package var nonTriggeringExamples: [LintRuleExample]

    /// The one-line message: what was found, what happens at large sizes and how to fix it.
    package var message: String {
        guard let atLargeSizes, let fix else { return problem }
        return "\(problem): \(atLargeSizes); \(fix)"
    }
}

/// The files a rule reads.
package enum LintRuleInput: Sendable, Equatable {
    /// Swift files, using these frameworks (`UIKit`, `SwiftUI`), as the docs' table names them.
    case swift(frameworks: [String])
    /// `.xib` and `.storyboard` files.
    case interfaceBuilder
    /// Any file lint reads.
    case anyFile

    /// How docs/lint.md's table names it: `Swift (UIKit, SwiftUI)`, `Interface Builder`, `any`.
    package var documentationName: String {
        switch self {
        case .swift(let frameworks): frameworks.isEmpty ? "Swift" : "Swift (\(frameworks.joined(separator: ", ")))"
        case .interfaceBuilder: "Interface Builder"
        case .anyFile: "any"
        }
    }
}
