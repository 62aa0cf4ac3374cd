import SwiftSyntax

/// A Swift rule's detection, called by the shared ``SwiftRuleVisitor`` as it walks one file. A
/// detector is made fresh for each file, so it may keep what it has seen of the file (per type)
/// and judge it in ``finish(types:in:)``. The hooks do nothing unless a rule implements them.
protocol SwiftRuleDetector: LintRuleDeclaration, AnyObject {
    /// A detector for one file.
    init()
    /// The called names (`systemFont`, `frame`) whose calls ``check(_:named:in:)`` is given; the
    /// visitor looks a call's name up once instead of asking every rule about every call.
    static var calleeNames: Set<String> { get }
    /// Checks a call whose name is in ``calleeNames``.
    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor)
    /// The properties (`numberOfLines`) whose assignments ``check(_:in:)`` is given.
    static var assignedProperties: Set<String> { get }
    /// Checks or records an assignment to a property in ``assignedProperties``.
    func check(_ assignment: SwiftAssignment, in visitor: SwiftRuleVisitor)
    /// Judges what depends on whole types, once the file has been walked.
    func finish(types: [String: SwiftRuleVisitor.TypeFacts], in visitor: SwiftRuleVisitor)
    /// Whether ``check(label:value:at:isDefault:in:)`` is given every labelled argument and every
    /// parameter's default value (a rule about what a value means by its label, whatever the call).
    static var checksLabelledValues: Bool { get }
    /// Checks `label: value`: a call's labelled argument (`maxSizeCategory: .large`), or, with
    /// `isDefault`, a parameter and its default (`maxSizeCategory: UIContentSizeCategory = .large`).
    func check(label: String, value: ExprSyntax, at node: Syntax, isDefault: Bool, in visitor: SwiftRuleVisitor)
}

extension SwiftRuleDetector {
    static var calleeNames: Set<String> { [] }
    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {}
    static var assignedProperties: Set<String> { [] }
    func check(_ assignment: SwiftAssignment, in visitor: SwiftRuleVisitor) {}
    func finish(types: [String: SwiftRuleVisitor.TypeFacts], in visitor: SwiftRuleVisitor) {}
    static var checksLabelledValues: Bool { false }
    func check(label: String, value: ExprSyntax, at node: Syntax, isDefault: Bool, in visitor: SwiftRuleVisitor) {}
}

/// `receiver.property = value`, as the visitor met it.
struct SwiftAssignment {
    /// The whole assignment.
    var sequence: SequenceExprSyntax
    /// `receiver.property`.
    var target: MemberAccessExprSyntax
    /// The property assigned (`font`).
    var property: String
    /// The value assigned.
    var value: ExprSyntax
    /// The enclosing type's name ("" outside any type).
    var type: String
    /// UTF-8 offset of the assignment's start.
    var offset: Int
}
