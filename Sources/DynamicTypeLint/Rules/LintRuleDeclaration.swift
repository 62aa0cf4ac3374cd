/// A lint rule declared in one file (`Rules/<Name>Rule.swift`): its ``LintRuleDescription`` and,
/// by conforming to ``SwiftRuleDetector`` or ``InterfaceBuilderRuleDetection``, the detection
/// specific to it. What several rules share (the syntax walk, facts about a file or a type, the
/// XML reader) stays in `Swift/` and `InterfaceBuilder/`.
package protocol LintRuleDeclaration {
    /// The rule's case, which reports carry.
    static var rule: LintRule { get }
    /// Everything about the rule that is not code.
    static var description: LintRuleDescription { get }
}
