import SwiftSyntax
import SwiftSyntaxProblems

/// Small questions the Swift rules ask of calls and expressions.
extension FunctionCallExprSyntax {
    /// The called name: `systemFont` in `UIFont.systemFont(ofSize:)`, `Text` in `Text("…")`.
    var calleeName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// What the member is called on (`UIFont` in `UIFont.systemFont(…)`), nil for a free call or an
    /// implicit member (`.system(size:)`).
    var calleeBase: ExprSyntax? { calledExpression.as(MemberAccessExprSyntax.self)?.base }

    /// Whether the call is an implicit member (`.systemFont(ofSize: 17)`).
    var isImplicitMember: Bool {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base == nil
    }

    /// The argument labels, nil for unlabelled ones.
    var labels: [String?] { arguments.map { $0.label?.text } }

    /// The argument labelled `label`.
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The first unlabelled argument.
    var firstUnlabelled: ExprSyntax? { arguments.first { $0.label == nil }?.expression }
}

extension ExprSyntax {
    /// The expression without parentheses: `(.large)` → `.large`.
    var unparenthesized: ExprSyntax {
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return only.expression.unparenthesized
        }
        return self
    }

    /// The receiver as a key: `self.titleLabel?` → `titleLabel`, `button.titleLabel!` → `button.titleLabel`.
    var receiverKey: String {
        var text = trimmedSourceText.filter { $0 != "?" && $0 != "!" && !$0.isWhitespace }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    /// The first name of ``receiverKey`` (`titleLabel` for `self.titleLabel?.layer`), read off the
    /// syntax without building the key's text; nil when the chain does not end in a plain name
    /// (a call, `super`, a literal), where the key's text is needed.
    var receiverRoot: String? {
        var current = self
        // The member applied to the innermost base: the view when that base is `self`.
        var innermostMember: String?
        while true {
            if let member = current.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return nil }
                innermostMember = member.declName.baseName.text
                current = base
            } else if let chaining = current.as(OptionalChainingExprSyntax.self) {
                current = chaining.expression
            } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let reference = current.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
                let name = reference.baseName.text
                if name == "self", let member = innermostMember { return member }
                return name
            } else {
                return nil
            }
        }
    }

    /// The identifiers the expression mentions.
    var identifiers: [String] {
        tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        }
    }

    /// `name` for a bare `name` or `self.name`, nil for anything else: a member of the code's own
    /// type, as a call's callee (`makeLabel()`, `self.makeLabel()`) or an assignment's target.
    var ownName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = self.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return member.declName.baseName.text
    }

    /// A member name at the end: `large` in `.large` or `DynamicTypeSize.large`.
    var memberName: String? { self.as(MemberAccessExprSyntax.self)?.declName.baseName.text }

    /// Whether the expression is an integer or floating-point literal (`44`, `-1`, `20.5`).
    /// The value of a number literal (`17`, `-0.5`, `CGFloat(22)`), nil for anything else.
    var literalNumber: Double? {
        guard isNumericLiteral else { return nil }
        if let call = self.as(FunctionCallExprSyntax.self), let only = call.arguments.first?.expression { return only.literalNumber }
        return Double(trimmedSourceText.filter { $0 != "_" && !$0.isWhitespace })
    }

    var isNumericLiteral: Bool {
        if self.is(IntegerLiteralExprSyntax.self) || self.is(FloatLiteralExprSyntax.self) { return true }
        if let prefix = self.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.isNumericLiteral
        }
        if let call = self.as(FunctionCallExprSyntax.self), let name = call.calleeName, ["CGFloat", "Double", "Float"].contains(name),
            call.arguments.count == 1, let only = call.arguments.first?.expression
        {
            return only.isNumericLiteral
        }
        return false
    }
}

/// A chain of SwiftUI modifiers, from the view at its root to the outermost call:
/// `Text("a").font(.body).lineLimit(1)` has root `Text` and modifiers `font`, `lineLimit`.
struct ModifierChain {
    /// The view's name (`Text`), nil when the chain does not start with a call of a plain name.
    var root: String?
    /// The call that makes the view (`Image(systemName: "star")`), when the chain starts with one.
    var rootCall: FunctionCallExprSyntax?
    /// Every modifier's name, inside out.
    var modifiers: [String]

    /// The chain `call` belongs to (as root or as one of its modifiers).
    init(around call: FunctionCallExprSyntax) {
        // Up to the outermost call whose callee is a member of the current one.
        var top = call
        while let member = top.parent?.as(MemberAccessExprSyntax.self), member.base?.id == top.id,
            let outer = member.parent?.as(FunctionCallExprSyntax.self)
        {
            top = outer
        }
        var modifiers: [String] = []
        var current: ExprSyntax? = ExprSyntax(top)
        var root: String?
        var rootCall: FunctionCallExprSyntax?
        while let node = current {
            if let call = node.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    modifiers.append(member.declName.baseName.text)
                    if member.declName.baseName.text == "font", let argument = call.arguments.first?.expression { fontArguments.append(argument) }
                    current = base
                } else {
                    root = call.calleeName
                    rootCall = call
                    current = nil
                }
            } else if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
                modifiers.append(member.declName.baseName.text)
                current = base
            } else {
                current = nil
            }
        }
        self.root = root
        self.rootCall = rootCall
        self.modifiers = modifiers.reversed()
    }

    /// Views whose content is text (a fixed height or one line cuts it).
    static let textViews: Set<String> = ["Text", "Label", "TextField", "SecureField"]

    /// Whether the chain starts at a text view.
    var isText: Bool { root.map(Self.textViews.contains) ?? false }

    /// The `.font(…)` modifiers' arguments along the chain.
    var fontArguments: [ExprSyntax] = []

    /// Whether the chain's font is fixed: `.font(.system(size: 17))`, `.custom(_:fixedSize:)`.
    /// `sizeScales` says whether a `.system` size grows with the text size (a `@ScaledMetric`
    /// value), which makes that font no fixed one; by default every size is taken as written.
    func fontIsFixed(sizeScales: (ExprSyntax) -> Bool = { _ in false }) -> Bool {
        fontArguments.contains { argument in
            guard let call = argument.as(FunctionCallExprSyntax.self) else { return false }
            if call.calleeName == "system", call.labels.first == "size" { return !(call.argument("size").map(sizeScales) ?? false) }
            return call.labels.contains("fixedSize")
        }
    }

    /// The outermost call of a statement that is a view expression (`Text("a").bold()` → the
    /// `.bold()` call), nil when the statement is no call.
    static func outermostCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        if let call = expression.as(FunctionCallExprSyntax.self) { return call }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base { return outermostCall(base) }
        return nil
    }
}

extension SyntaxProtocol {
    /// The node and every node below it, parents before children, in source order (a loop, not
    /// recursion: deep trees do not grow the stack).
    func descendants() -> [Syntax] {
        var result: [Syntax] = []
        var stack = [Syntax(self)]
        while let current = stack.popLast() {
            result.append(current)
            stack += current.children(viewMode: .sourceAccurate).reversed()
        }
        return result
    }

    /// The nodes of type `type` among ``descendants()``.
    func descendants<Node: SyntaxProtocol>(as type: Node.Type) -> [Node] {
        descendants().compactMap { $0.as(Node.self) }
    }
}
