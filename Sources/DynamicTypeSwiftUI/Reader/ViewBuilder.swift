import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import SwiftSyntax
import SwiftStaticFacts
import SwiftSyntaxProblems

/// Something the reader had to decide or could not read, reported with the view's findings.
package struct BuildNote: Hashable, Sendable {
    /// What it is.
    package enum Kind: Hashable, Sendable {
        /// A design token neither the file nor the token map resolves (reported once per file).
        case unresolvedToken
        /// A branch, a data source or a count the file does not settle: a documented default was used.
        case defaulted
        /// A number out of its range (an infinite spacing, a negative frame size, 1e9 pt): clamped
        /// into the range or dropped, never used as written (issue 32).
        case outOfRange
    }

    /// What it is.
    package var kind: Kind
    /// The sentence for the report.
    package var message: String
    /// `File.swift:12`.
    package var location: String
}

/// Turns SwiftUI view code into ``ViewNode`` trees: the subset docs/swiftui.md lists, with the
/// app's own views resolved across files. Anything else becomes an opaque node or is left out
/// with a note, never a crash: recursion is bounded by ``maximumDepth`` and trees by
/// ``maximumNodes``.
final class ViewBuilder {
    /// The deepest nesting of views and calls followed.
    static let maximumDepth = 64
    /// The most elements a `ForEach` is expanded to.
    static let maximumForEach = 50
    /// Elements a `ForEach` over data the file does not give is expanded to.
    static let sampleElements = 3
    /// The most nodes one view's tree may hold.
    static let maximumNodes = 20_000

    let declarations: Declarations
    let tokens: DesignTokens
    /// The fallback texts of the localized strings read, by key (``textSource(of:)``), for all views.
    var sourceTexts: [String: String] = [:]
    private(set) var notes: [BuildNote] = []
    private var notedTokens: Set<String> = []
    /// Notes of constants this view has (each said once).
    var replayed: Set<BuildNote> = []
    private var depth = 0
    private var nodes = 0
    private var resolving: [String] = []
    /// Constants evaluated, by index in ``Declarations/constants``, with the notes evaluating them
    /// made (said again in each view that uses them): kept across views, as constants do not
    /// depend on them.
    var constantValues: [Int: (value: Value?, notes: [BuildNote])] = [:]
    /// Constants being evaluated (a cycle is not followed).
    var resolvingConstants: [Int] = []
    /// How many `GeometryReader`s the view has so far: each is numbered (``ProxyShare/reader``).
    var geometryReaderCount = 0

    init(declarations: Declarations, tokens: DesignTokens) {
        self.declarations = declarations
        self.tokens = tokens
    }

    /// Records a note; `oncePerFile` keeps one per file and message.
    func note(_ kind: BuildNote.Kind, _ message: String, at node: some SyntaxProtocol, _ scope: Scope, oncePerFile: Bool = false) {
        if oncePerFile, !notedTokens.insert(scope.file + "\u{0}" + message).inserted { return }
        notes.append(BuildNote(kind: kind, message: message, location: location(node, scope)))
    }

    /// Notes made before (evaluating a constant), said again in this view if it does not have them.
    func replay(_ earlier: [BuildNote]) {
        for note in earlier where replayed.insert(note).inserted { notes.append(note) }
    }

    /// `File.swift:12`.
    func location(_ node: some SyntaxProtocol, _ scope: Scope) -> String {
        "\(scope.file):\(scope.converter.location(for: node.positionAfterSkippingLeadingTrivia).line)"
    }

    /// Starts a new tree (counts and notes are per view).
    func reset() {
        notes = []
        notedTokens = []
        replayed = []
        geometryReaderCount = 0
        depth = 0
        nodes = 0
        resolving = []
    }

    /// A node, counted against ``maximumNodes``.
    func node(
        _ kind: NodeKind, _ children: [ViewNode] = [], at syntax: some SyntaxProtocol, _ scope: Scope, sample: String? = nil, markdown: Bool = false
    ) -> ViewNode {
        nodes += 1
        return ViewNode(kind, children: children, location: location(syntax, scope), sample: sample, markdown: markdown)
    }

    // MARK: Statements

    /// The views a view-builder block makes.
    func views(in statements: CodeBlockItemListSyntax, _ scope: Scope) -> [ViewNode] {
        var scope = scope
        var result: [ViewNode] = []
        for item in statements {
            switch item.item {
            case .decl(let decl):
                if let conditional = decl.as(IfConfigDeclSyntax.self) {
                    // The clause an iOS build compiles (`#if os(iOS)`, `#else` of `#if os(macOS)`).
                    if case .statements(let inner)? = PlatformConditions.active(conditional)?.elements { result += views(in: inner, scope) }
                    continue
                }
                guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value
                    else { continue }
                    if let evaluated = evaluate(value, scope) {
                        scope.values[name] = evaluated
                    } else if Self.looksLikeView(value) {
                        scope.values[name] = .views(views(from: value, scope))
                    }
                }
            case .expr(let expression):
                result += views(from: expression, scope)
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    result += views(from: expression, scope)
                } else if let expression = statement.as(ReturnStmtSyntax.self)?.expression {
                    result += views(from: expression, scope)
                }
            }
        }
        return result
    }

    /// Whether an expression builds a view (a call of a capitalised name, possibly modified).
    static func looksLikeView(_ expression: ExprSyntax) -> Bool {
        var current = expression
        while let call = current.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else {
                return call.calledExpression.trimmedSourceText.first?.isUppercase == true
            }
        }
        return false
    }

    /// The views one expression makes.
    func views(from expression: ExprSyntax, _ scope: Scope) -> [ViewNode] {
        guard depth < Self.maximumDepth, nodes < Self.maximumNodes else {
            note(.defaulted, "nesting deeper than \(Self.maximumDepth) levels or over \(Self.maximumNodes) views: the rest is left out", at: expression, scope, oncePerFile: true)
            return []
        }
        depth += 1
        defer { depth -= 1 }
        if let ifExpression = expression.as(IfExprSyntax.self) { return branch(ifExpression, scope) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) { return switchCase(switchExpression, scope) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return views(from: inner.expression, scope)
        }
        if let conditional = expression.as(PostfixIfConfigExprSyntax.self), let base = conditional.base {
            // `view #if os(iOS) .modifier() #endif`: the view; platform-conditional modifiers are left out.
            return views(from: base, scope)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            if let text = concatenatedText(sequence, scope) { return [text] }
            if let chosen = ternaryViews(Array(sequence.elements), at: sequence, scope) { return chosen }
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            if case .bool(let value)? = evaluate(ternary.condition, scope) {
                return views(from: value ? ternary.thenExpression : ternary.elseExpression, scope)
            }
            return views(from: ternary.thenExpression, scope)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, base.trimmedSourceText != "Color",
                !Self.isTypeName(base)
            {
                return views(from: base, scope).map { modified($0, member.declName.baseName.text, call, scope) }
            }
            return views(of: call, scope)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, !Self.isTypeName(base), base.trimmedSourceText != "self" {
            // A modifier without parentheses does not exist; `item.view` is data the file does not settle.
            return [node(.opaque(expression.trimmedSourceText), at: expression, scope)]
        }
        if let name = Self.referenceName(expression) {
            if case .views(let nodes)? = scope.lookup(name) { return nodes }
            if let helper = scope.declaration?.helpers[name], helper.parameters.isEmpty { return helped(helper, name: name, scope) }
            if let color = Self.systemColors[name] { return [node(.fill(color), at: expression, scope)] }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let color = color(expression, scope) {
            return [node(.fill(color), at: member, scope)]
        }
        return [node(.opaque(expression.trimmedSourceText.prefix(40).description), at: expression, scope)]
    }

    /// `Text("a") + Text(b)`: one text of the parts' texts (keys shown as themselves), in the
    /// first part's modifiers.
    private func concatenatedText(_ sequence: SequenceExprSyntax, _ scope: Scope) -> ViewNode? {
        let parts = Array(sequence.elements)
        guard parts.count >= 3, parts.count % 2 == 1,
            stride(from: 1, to: parts.count, by: 2).allSatisfy({ parts[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
        else { return nil }
        var text = ""
        var first: ViewNode?
        for part in stride(from: 0, to: parts.count, by: 2).map({ parts[$0] }) {
            guard let node = views(from: part, scope).first else { return nil }
            var current = node
            while case .environment = current.kind, let child = current.children.first { current = child }
            guard case .text(let source) = current.kind else { return nil }
            switch source {
            // The concatenation is one literal, so each part goes in as it would be drawn.
            case .literal(let value), .keyWithoutArguments(let value): text += value
            case .key(let value): text += PlaceholderSamples.fill(value)
            }
            if first == nil { first = node }
        }
        return self.node(.text(.literal(text)), at: sequence, scope)
    }

    /// `Color`, `Font`, `Image`…: a base that is a type, not a view being modified.
    static func isTypeName(_ expression: ExprSyntax) -> Bool {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return false }
        return ["Color", "Font", "Image", "Text", "UIColor", "Spacer", "Divider", "EmptyView"].contains(reference.baseName.text)
    }

    /// An `if`: the branch the file settles (a literal `Bool` property), else the first, noted.
    private func branch(_ expression: IfExprSyntax, _ scope: Scope) -> [ViewNode] {
        if expression.conditions.count == 1, case .expression(let condition) = expression.conditions.first!.condition {
            var negated = false
            var subject = condition
            if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                negated = true
                subject = prefix.expression
            }
            if case .bool(let value)? = evaluate(subject, scope) {
                if value != negated { return views(in: expression.body.statements, scope) }
                switch expression.elseBody {
                case .codeBlock(let block)?: return views(in: block.statements, scope)
                case .ifExpr(let next)?: return branch(next, scope)
                case nil: return []
                }
            }
        }
        // Unsettled: the first branch with content, not a loading or empty state.
        var branches = [expression.body.statements]
        var last = expression
        while let next = last.elseBody {
            switch next {
            case .codeBlock(let block): branches.append(block.statements)
            case .ifExpr(let nested): branches.append(nested.body.statements)
            }
            guard case .ifExpr(let nested) = next else { break }
            last = nested
        }
        let chosen = Self.firstWithContent(branches)
        let which = chosen == 0 ? "its first branch is shown" : "its first branch is only a placeholder (EmptyView, ProgressView, Color.clear): branch \(chosen + 1), the first with content, is shown"
        note(.defaulted, "if \(expression.conditions.trimmedSourceText.prefix(40)): the file does not settle it; \(which)", at: expression, scope)
        return views(in: branches[chosen], scope)
    }

    /// A computed property or method of the view (`header`, `row(item)`) expanded in place.
    func helped(_ helper: ViewDeclaration.Helper, name: String, _ scope: Scope, arguments: [Value?] = []) -> [ViewNode] {
        guard !resolving.contains("." + name) else { return [] }
        resolving.append("." + name)
        defer { resolving.removeLast() }
        var inner = scope
        for (parameter, value) in zip(helper.parameters, arguments) { inner.values[parameter] = value }
        return views(in: helper.body, inner)
    }

    // MARK: The app's own views

    /// An instance of the app's view `declaration` with `call`'s arguments (evaluated in `scope`).
    func instance(of declaration: ViewDeclaration, _ call: FunctionCallExprSyntax?, _ scope: Scope) -> [ViewNode] {
        guard !resolving.contains(declaration.name), resolving.count < 32 else {
            return call.map { [node(.opaque(declaration.name + " (recursive)"), at: $0, scope)] } ?? []
        }
        resolving.append(declaration.name)
        defer { resolving.removeLast() }
        var inner = Scope(declaration: declaration, file: declaration.file, path: declaration.path, converter: declaration.converter)
        var positional = call?.arguments.filter { $0.label == nil }.map(\.expression) ?? []
        var trailing = call?.trailingClosure
        for property in declaration.properties {
            let argument = call?.arguments.first { $0.label?.text == property.name }?.expression
            if let argument {
                inner.values[property.name] = value(of: argument, for: property, scope)
            } else if property.isViewContent, let closure = trailing {
                inner.values[property.name] = .views(views(in: closure.statements, scope))
                trailing = nil
            } else if property.initializer == nil, !positional.isEmpty {
                inner.values[property.name] = value(of: positional.removeFirst(), for: property, scope)
            } else if let initializer = property.initializer {
                if let value = evaluate(initializer, inner) {
                    if let style = property.scaledWith, case .number(let points) = value {
                        inner.values[property.name] = .length(Length(points, scalesWith: style))
                    } else {
                        inner.values[property.name] = value
                    }
                }
            }
            if let closure = call?.additionalTrailingClosures.first(where: { $0.label.text == property.name })?.closure {
                inner.values[property.name] = .views(views(in: closure.statements, scope))
            }
        }
        return views(in: declaration.body, inner)
    }

    private func value(of argument: ExprSyntax, for property: ViewDeclaration.Property, _ scope: Scope) -> Value? {
        if let closure = argument.as(ClosureExprSyntax.self) { return property.isViewContent ? .views(views(in: closure.statements, scope)) : nil }
        if let value = evaluate(argument, scope) { return value }
        if property.isViewContent || Self.looksLikeView(argument) { return .views(views(from: argument, scope)) }
        return nil
    }
}
