import SwiftSyntax
import SwiftSyntaxProblems

/// Which view an assignment's receiver is, for the per-type rules: `titleLabel` is the property;
/// `label` inside `let titleLabel: UILabel = { let label = UILabel(); …; return label }()` is
/// `titleLabel` too; a local returned by a private factory whose every call passes it straight on
/// is the factory's result (`versionLabel()`); a local returned by any other factory, or a local
/// copy of a value (`var outgoing = incoming` in a text-attributes transformer), is not a view the
/// type keeps, so nothing is judged about it; `$0` and loop variables stand for the views listed
/// in an array literal.
extension SwiftRuleVisitor {
    /// What a receiver stands for.
    enum Receiver {
        /// These views (by key, in the type).
        case views([String])
        /// Views nothing says which (a closure over an unknown collection).
        case unknownViews
        /// Not a view this type keeps: not judged.
        case notJudged
    }

    /// The views `receiver` (a key, as ``ExprSyntax/receiverKey`` gives) names at `node`.
    func resolve(_ receiver: String, at node: some SyntaxProtocol) -> Receiver {
        // List content configurations adjust their fonts themselves.
        if receiver.hasSuffix("textProperties") || receiver.hasSuffix("TextProperties") { return .notJudged }
        if let views = viewsStoodFor(by: receiver, around: node) {
            return views.map(Receiver.views) ?? .unknownViews
        }
        let parts = receiver.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let local = localDeclaration(of: first, around: node) else { return .views([receiver]) }
        let rest = parts.count > 1 ? "." + parts[1] : ""
        if let property = local.property { return .views([property + rest]) }
        let function = Self.enclosingFunction(of: node)
        // A data source's cell or header (`tableView(_:cellForRowAt:)`): UIKit, its only caller,
        // shows it as configured here. A dequeued one is judged for UITableViewCell's own labels
        // (`cell.detailTextLabel`) when not cast to a class of the app, which may adjust them.
        let isDataSource = function == "tableView" || function == "collectionView"
        if isDataSource, !local.isConstructed, Self.isPlainDequeue(local.value), rest == ".textLabel" || rest == ".detailTextLabel" {
            return .views([receiver])
        }
        guard local.isConstructed else { return .notJudged }
        guard local.isReturned else { return .views([receiver]) }
        // A view a private factory makes and returns, whose every call passes it straight on
        // (`stack.addArrangedSubview(versionLabel())`): configured only here, so judged as the
        // factory's result (`versionLabel()`). Any other factory's caller may configure the rest.
        guard let function, isDataSource || facts.isUntouchedFactory(function) else { return .notJudged }
        return .views([function + "()" + rest])
    }

    /// Whether `value` dequeues a cell or header without casting it (a cast names a class of the
    /// app, whose own code may adjust its labels): `tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)`.
    private static func isPlainDequeue(_ value: ExprSyntax?) -> Bool {
        var current = value
        if let attempt = current?.as(TryExprSyntax.self) { current = attempt.expression }
        if let unwrap = current?.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression }
        guard let name = current?.as(FunctionCallExprSyntax.self)?.calleeName else { return false }
        return name.hasPrefix("dequeueReusable")
    }

    /// The name of the function whose body `node` is in (not through a closure), if any.
    private static func enclosingFunction(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function.name.text }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(MemberBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// The locals one statement list declares (``localIndex(of:)``).
    struct LocalIndex {
        /// By name.
        var locals: [String: LocalDeclaration] = [:]
    }

    /// A local variable's declaration as the receiver rules need it.
    struct LocalDeclaration {
        /// The stored property a closure initializes with this local (`let titleLabel = { let label … }()`).
        var property: String?
        /// Whether its value is made here by a type's initializer (`UILabel()`), not copied.
        var isConstructed: Bool
        /// Whether its body returns it (a factory: the caller configures the rest).
        var isReturned: Bool
        /// Its initial value (`[leftButton, rightButton]`), if it has one.
        var value: ExprSyntax?
    }

    /// The declaration of the local `name` in a body around `node`, nil when `name` is no local.
    func localDeclaration(of name: String, around node: some SyntaxProtocol) -> LocalDeclaration? {
        var current = Syntax(node).parent
        while let candidate = current {
            if candidate.is(MemberBlockSyntax.self) || candidate.is(SourceFileSyntax.self) { return nil }
            if let items = candidate.as(CodeBlockItemListSyntax.self), let local = localIndex(of: items).locals[name] {
                return local
            }
            current = candidate.parent
        }
        return nil
    }

    /// The locals a statement list declares, by name (the first declaration of each), read once
    /// per list: a long body with many assignments is not searched whole for each.
    private func localIndex(of items: CodeBlockItemListSyntax) -> LocalIndex {
        if let known = localIndexes[items.id] { return known }
        // `return label`, or a closure's or function's last expression `label`.
        var returned: Set<String> = []
        for item in items {
            let expression = item.item.as(ReturnStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
            if let reference = expression?.as(DeclReferenceExprSyntax.self) { returned.insert(reference.baseName.text) }
        }
        var index = LocalIndex()
        let property = initializedProperty(by: items)
        for item in items {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, index.locals[name] == nil else { continue }
                let value = binding.initializer?.value.as(FunctionCallExprSyntax.self)
                index.locals[name] = LocalDeclaration(
                    property: property, isConstructed: value?.calleeName?.first?.isUppercase == true, isReturned: returned.contains(name),
                    value: binding.initializer?.value)
            }
        }
        localIndexes[items.id] = index
        return index
    }

    /// The stored property whose initializer is the closure these statements are the body of:
    /// `let titleLabel: UILabel = { … }()` (or `lazy var`).
    private func initializedProperty(by items: CodeBlockItemListSyntax) -> String? {
        guard let closure = items.parent?.as(ClosureExprSyntax.self), let call = closure.parent?.as(FunctionCallExprSyntax.self),
            call.arguments.isEmpty, let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// When `receiver` stands for several views — a `for` loop's variable, or `$0` in a closure —
    /// the views it stands for: `.some([a, b])` for an array literal (`for label in [a, b]`,
    /// `[a, b].forEach { $0… }`, also through a local bound to one: `let buttons = [a, b]` or
    /// `[a, b].compactMap { $0 }`), `.some(nil)` for any other collection; nil when `receiver` is
    /// one named view.
    func viewsStoodFor(by receiver: String, around node: some SyntaxProtocol) -> [String]?? {
        let first = String(receiver.prefix { $0 != "." })
        var current = Syntax(node).parent
        while let candidate = current {
            if let loop = candidate.as(ForStmtSyntax.self), loop.pattern.trimmedSourceText == first {
                return .some(elements(of: loop.sequence, around: loop, suffix: String(receiver.dropFirst(first.count))))
            }
            if first.hasPrefix("$"), let closure = candidate.as(ClosureExprSyntax.self) {
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                guard let call, let base = call.calleeBase else { return .some(nil) }
                return .some(elements(of: base, around: call, suffix: String(receiver.dropFirst(first.count))))
            }
            if candidate.is(MemberBlockSyntax.self) { break }
            current = candidate.parent
        }
        return first.hasPrefix("$") ? .some(nil) : nil
    }

    /// The receiver keys of the views a sequence lists (with `suffix` appended): an array literal,
    /// or a local (declared around `node`) bound to one; nil for anything else.
    private func elements(of sequence: ExprSyntax, around node: some SyntaxProtocol, suffix: String) -> [String]? {
        if let elements = Self.arrayElements(sequence, suffix: suffix) { return elements }
        guard let reference = sequence.as(DeclReferenceExprSyntax.self), let value = localDeclaration(of: reference.baseName.text, around: node)?.value
        else { return nil }
        return Self.arrayElements(value, suffix: suffix)
    }

    /// The receiver keys of an array literal's elements (with `suffix` appended) — also of one
    /// whose nils are dropped (`[a, b].compactMap { $0 }`, `.compactMap(\.self)`) — nil for anything else.
    private static func arrayElements(_ expression: ExprSyntax, suffix: String) -> [String]? {
        guard let array = arrayLiteral(expression) else { return nil }
        return array.elements.map { $0.expression.receiverKey + suffix }
    }

    /// `expression` as an array literal, seen through `.compactMap { $0 }` and `.compactMap(\.self)`.
    private static func arrayLiteral(_ expression: ExprSyntax) -> ArrayExprSyntax? {
        if let array = expression.as(ArrayExprSyntax.self) { return array }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.calleeName == "compactMap",
            let array = call.calleeBase?.as(ArrayExprSyntax.self)
        else { return nil }
        if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
            guard closure.signature == nil, closure.statements.count == 1,
                closure.statements.first?.item.as(ExprSyntax.self)?.trimmedSourceText == "$0"
            else { return nil }
            return array
        }
        return call.arguments.count == 1 && call.arguments.first?.expression.trimmedSourceText == "\\.self" ? array : nil
    }
}
