import SwiftStaticFacts
import SwiftSyntax

/// What the rules need to know about a whole Swift file before judging one line of it: names that
/// scale (`@ScaledMetric`), names bound to plain numbers, names of labels, the names passed through
/// a scaling call, and the imports. Collected in a first pass, since a property may be declared
/// below its first use.
final class SwiftFileFacts: SyntaxVisitor {
    /// `@ScaledMetric` properties: values that follow the text size.
    private(set) var scaledMetrics: Set<String> = []
    /// `let` names whose value is a number literal (`let rowHeight: CGFloat = 44`), and the value.
    private(set) var numericConstants: [String: Double] = [:]
    /// Names declared as labels (`let title = UILabel()`, `var title: UILabel!`, `PaddedLabel`).
    private(set) var labelNames: Set<String> = []
    /// Identifiers inside the arguments of a call whose name says it scales
    /// (`scaledFont(for: titleFont)`), with where they are.
    private(set) var scaledReferences: [(name: String, offset: Int)] = []
    /// The names among ``scaledReferences`` other files may mean too: not a parameter or local of
    /// the code around the call (`scaledFont(for: font)` with a local `font` says nothing of
    /// another type's `font` property).
    private(set) var exportedScaledNames: Set<String> = []
    /// Locals whose value follows the text size (`let bodySize = UIFont.preferredFont(forTextStyle:
    /// .body).pointSize`), with the ranges (UTF-8) where each such declaration is in scope.
    private(set) var scalingLocals: [String: [Range<Int>]] = [:]
    /// Imported modules.
    private(set) var imports: Set<String> = []
    /// The bodies of the file's functions whose result is attributed text (`-> NSAttributedString`,
    /// `NSMutableAttributedString`, `AttributedString`), by name (``AttributedTextFonts`` reads a
    /// call of one as if its body were written there). Collected in this pass so that a file with
    /// many attributed-text assignments is not searched whole for each.
    private(set) var attributedTextFactories: [String: [CodeBlockSyntax]] = [:]
    /// The file's attributed text other files can reach — functions, computed properties and
    /// stored properties typed as attributed text, not `private` — by name, with what builds it
    /// (judged by ``scalingAttributedProducers()``).
    private var attributedProducers: [(name: String, body: Syntax)] = []
    /// Functions declared `private` or `fileprivate`, or in such an extension: every caller is in this file.
    private(set) var privateFunctions: Set<String> = []
    /// The file's tree, for the questions asked rarely: indexed by one search the first time one is
    /// asked (most files never ask).
    private var root: Syntax?
    /// Per function called by bare name: whether every call passes its result straight on.
    private var passedOnlyCalls: [String: Bool]?
    /// Per name: the values assigned to `name` or `self.name`.
    private var assignmentsByName: [String: [ExprSyntax]]?
    /// Statement indexes of bodies (``AttributedTextFonts/index(_:)``), by the body.
    private var statementIndexes: [SyntaxIdentifier: [String: [AttributedTextFonts.IndexedStatement]]] = [:]
    /// The type each property or local of the file is declared with (`var header: SPTagHeaderView!`,
    /// `let header = HeaderView()`), by name: the owner of `header.titleLabel`.
    private(set) var declaredTypes: [String: String] = [:]
    /// Every function body of the file, by name (what a trait-change handler calls).
    private var functionBodies: [String: [CodeBlockSyntax]] = [:]
    /// The file's `traitCollectionDidChange(_:)` and `updateConfiguration(using:)` overrides:
    /// what UIKit calls again when the text size changes.
    private var traitHandlers: [FunctionDeclSyntax] = []
    /// Properties (not locals) whose value is a font of a fixed size and nothing that scales
    /// (`static let text = Font(UIFont.systemFont(ofSize: 16))`, `.system(size: 12)`), by name.
    private(set) var fixedFontMembers: Set<String> = []
    /// Properties (not locals) whose value is or holds a font that follows the text size
    /// (`var boldFont: UIFont { UIFont.preferredFont(forTextStyle: .headline) }`), by name.
    private(set) var scalingFontMembers: Set<String> = []
    /// Whether each enclosing extension is `private` or `fileprivate`, innermost last.
    private var privateExtensions: [Bool] = []

    init() { super.init(viewMode: .sourceAccurate) }

    /// Whether the view a private function makes and returns is configured only there: every call
    /// of `function` in the file passes the result straight on (into `addArrangedSubview(…)`, an
    /// array), so nothing else can set `adjustsFontForContentSizeCategory` on it.
    func isUntouchedFactory(_ function: String) -> Bool {
        guard privateFunctions.contains(function), let root else { return false }
        if passedOnlyCalls == nil {
            var index: [String: Bool] = [:]
            for call in root.descendants(as: FunctionCallExprSyntax.self) {
                guard let name = call.calledExpression.ownName else { continue }
                let passed = call.parent?.is(LabeledExprSyntax.self) == true || call.parent?.is(ArrayElementSyntax.self) == true
                index[name] = (index[name] ?? true) && passed
            }
            passedOnlyCalls = index
        }
        return passedOnlyCalls?[function] == true
    }

    /// `body`'s statement index, built by `build` the first time it is asked for.
    func statementIndex(
        of body: CodeBlockItemListSyntax, build: (CodeBlockItemListSyntax) -> [String: [AttributedTextFonts.IndexedStatement]]
    ) -> [String: [AttributedTextFonts.IndexedStatement]] {
        if let known = statementIndexes[body.id] { return known }
        let index = build(body)
        statementIndexes[body.id] = index
        return index
    }

    /// The values assigned to `name` or `self.name` in the file: what a property holds
    /// (`self.title = attributedTitle(for: …)` for `titleLabel.attributedText = title`).
    func assignments(to name: String) -> [ExprSyntax] {
        guard let root else { return [] }
        if assignmentsByName == nil {
            var index: [String: [ExprSyntax]] = [:]
            for sequence in root.descendants(as: SequenceExprSyntax.self) {
                let elements = sequence.elements
                guard elements.count == 3, let target = elements.first, let value = elements.last,
                    elements[elements.index(after: elements.startIndex)].is(AssignmentExprSyntax.self)
                else { continue }
                if let name = target.ownName { index[name, default: []].append(value) }
            }
            assignmentsByName = index
        }
        return assignmentsByName?[name] ?? []
    }

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        root = Syntax(node)
        return .visitChildren
    }

    /// The names of the file's non-private attributed text (functions, properties) whose
    /// attributes hold a text style or scaled font: another file giving one of them to a label
    /// sets that font on it (``TextStyleNotAdjustingRule``).
    func scalingAttributedProducers() -> Set<String> {
        guard !attributedProducers.isEmpty else { return [] }
        // Each same-file attributed-text function judged once, however many producers call it.
        var factoryScales: [String: Bool] = [:]
        func scales(factory name: String) -> Bool {
            if let known = factoryScales[name] { return known }
            let result = attributedTextFactories[name]?.contains { AttributedTextFonts.holdsScalingFont(Syntax($0), scalingNames: scalingFontMembers) } ?? false
            factoryScales[name] = result
            return result
        }
        var names: Set<String> = []
        for producer in attributedProducers where !names.contains(producer.name) {
            if AttributedTextFonts.holdsScalingFont(producer.body, scalingNames: scalingFontMembers)
                || AttributedTextFonts.calledNames(in: producer.body).contains(where: scales(factory:))
            {
                names.insert(producer.name)
            }
        }
        return names
    }

    /// Where the file's `traitCollectionDidChange(_:)` and `updateConfiguration(using:)` overrides
    /// restyle text (UTF-8 ranges): the
    /// override, or a function of the file it calls (two calls deep), mentions a font, reloads, or
    /// reads `preferredContentSizeCategory` — or calls a function this file does not declare,
    /// which may. An override that only re-lays out (simplenote-ios `d3e2599c`'s
    /// `SPRatingsPromptView` switches its stack's axis) restyles nothing.
    func restylingTraitHandlers() -> [Range<Int>] {
        traitHandlers.compactMap { handler in
            guard let body = handler.body, restyles(Syntax(body), depth: 2, visited: []) else { return nil }
            let start = handler.position.utf8Offset
            return start..<(start + handler.totalLength.utf8Length)
        }
    }

    /// UIView methods a trait-change handler calls to lay out again, which restyle nothing.
    private static let layoutOnlyCalls: Set<String> = [
        "setNeedsLayout", "layoutIfNeeded", "setNeedsDisplay", "invalidateIntrinsicContentSize", "setNeedsUpdateConstraints",
        "updateConstraintsIfNeeded",
    ]

    /// Whether `node` restyles text: see ``restylingTraitHandlers()``.
    private func restyles(_ node: Syntax, depth: Int, visited: Set<String>) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if ByteSearch.containsIgnoringASCIICase("font", in: name) || ByteSearch.containsIgnoringASCIICase("reload", in: name)
                || name == "preferredContentSizeCategory"
            {
                return true
            }
        }
        var visited = visited
        for call in node.descendants(as: FunctionCallExprSyntax.self) {
            // Calls of the file's own functions by bare name or on `self`; `super.…` and other
            // receivers' methods (`stackView.layoutIfNeeded()`) are not followed.
            guard let name = call.calledExpression.ownName, name.first?.isLowercase == true, !Self.layoutOnlyCalls.contains(name), visited.insert(name).inserted else { continue }
            guard let bodies = functionBodies[name] else { return true }
            if depth > 0, bodies.contains(where: { restyles(Syntax($0), depth: depth - 1, visited: visited) }) { return true }
        }
        return false
    }

    /// Whether `tokens` build a font of a fixed size: `system(size:`, `systemFont(ofSize:`,
    /// `custom(_:fixedSize:)`, `UIFont(name:size:`.
    private static func buildsFixedFont(_ tokens: [String]) -> Bool {
        for index in tokens.indices.dropLast(2) where tokens[index + 1] == "(" {
            switch tokens[index] {
            case "system": if tokens[index + 2] == "size" { return true }
            case "systemFont", "boldSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont": if tokens[index + 2] == "ofSize" { return true }
            case "UIFont": if tokens[index + 2] == "name" { return true }
            default: break
            }
        }
        return tokens.contains("fixedSize")
    }

    private static func isPrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        privateExtensions.append(Self.isPrivate(node.modifiers))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { privateExtensions.removeLast() }

    /// Whether the file's UIKit calls could be AppKit's: it imports AppKit and not UIKit, so an
    /// implicit `.systemFont(ofSize:)` is an `NSFont` (macOS has no Dynamic Type).
    var isAppKitOnly: Bool { imports.contains("AppKit") && !imports.contains("UIKit") }

    /// Whether `expression` follows the text size: it names a `@ScaledMetric` value, a call that
    /// reads the current size (`scaledValue(for:)`, `preferredFont`, `pointSize`), or a local
    /// bound to such a value in scope (``scalingLocals``).
    func scales(_ expression: ExprSyntax) -> Bool {
        let offset = expression.positionAfterSkippingLeadingTrivia.utf8Offset
        return expression.identifiers.contains { name in
            scaledMetrics.contains(name) || Self.scalingCalls.contains(name)
                || scalingLocals[name]?.contains { $0.contains(offset) } == true
        }
    }

    /// Names whose call reads the current text size.
    private static let scalingCalls: Set<String> = ["scaledValue", "preferredFont", "pointSize", "preferredFontDescriptor", "UIFontMetrics"]

    /// Whether `expression` is a fixed number: a literal, or a `let` bound to one.
    func isFixedNumber(_ expression: ExprSyntax) -> Bool {
        if expression.isNumericLiteral { return true }
        let names = expression.identifiers
        guard !names.isEmpty, !scales(expression) else { return false }
        // `rowHeight`, `Layout.rowHeight`, `Self.rowHeight`: the last name decides.
        if let member = expression.as(MemberAccessExprSyntax.self) { return numericConstants[member.declName.baseName.text] != nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return numericConstants[reference.baseName.text] != nil }
        return false
    }

    /// The name of a plain type, optional or not (`UILabel`, `UILabel!`, `SwiftUI.ScaledMetric`),
    /// without building its text (``trimmedDescription`` copies the node).
    static func typeName(_ type: TypeSyntax?) -> String? {
        guard let type else { return nil }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(unwrapped.wrappedType) }
        return nil
    }

    /// Only the `#if` clauses an iOS build may compile (``PlatformConditions/iOSClauses(_:)``).
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for clause in PlatformConditions.iOSClauses(node).kept { walk(clause) }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isPrivate = Self.isPrivate(node.modifiers) || privateExtensions.last == true
        if isPrivate { privateFunctions.insert(node.name.text) }
        if let body = node.body { functionBodies[node.name.text, default: []].append(body) }
        if node.name.text == "traitCollectionDidChange" || node.name.text == "updateConfiguration" { traitHandlers.append(node) }
        if let body = node.body, let result = node.signature.returnClause?.type.trimmedSourceText, result.contains("AttributedString") {
            attributedTextFactories[node.name.text, default: []].append(body)
            if !isPrivate { attributedProducers.append((node.name.text, Syntax(body))) }
        }
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { imports.insert(first.name.text) }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let attributes = node.attributes.compactMap { Self.typeName($0.as(AttributeSyntax.self)?.attributeName) }
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if attributes.contains(where: { $0 == "ScaledMetric" || $0.hasSuffix(".ScaledMetric") }) {
                scaledMetrics.insert(name)
            } else if isLet, attributes.isEmpty, let value = binding.initializer?.value.literalNumber, value.isFinite {
                numericConstants[name] = value
            }
            if let value = binding.initializer?.value, let scope = Self.localScope(of: node), scales(value) {
                scalingLocals[name, default: []].append(scope)
            }
            // Only fonts: a property typed as one, or an untyped stored one (`static let title =
            // UIFont.preferredFont(…)`); a view's `body` is not searched again.
            let annotation = Self.typeName(binding.typeAnnotation?.type)
            let value: Syntax? =
                annotation.map { $0.hasSuffix("Font") } ?? true
                ? binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init) : nil
            if annotation != nil || binding.accessorBlock == nil, let value, Self.localScope(of: node) == nil {
                let tokens = value.tokens(viewMode: .sourceAccurate).map(\.text)
                if tokens.contains(where: { $0 == "preferredFont" || ByteSearch.containsIgnoringASCIICase("scaled", in: $0) }) {
                    scalingFontMembers.insert(name)
                } else if Self.buildsFixedFont(tokens) {
                    fixedFontMembers.insert(name)
                }
            }
            // `static var termsOfService: NSAttributedString { … }`, `static let intro: NSAttributedString = …`.
            if let annotation, annotation.hasSuffix("AttributedString"),
                !Self.isPrivate(node.modifiers), privateExtensions.last != true,
                let body = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
            {
                attributedProducers.append((name, body))
            }
            let typeName = Self.typeName(binding.typeAnnotation?.type)
            let initializerName = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calleeName
            if let type = typeName ?? initializerName, type.hasSuffix("Label"), type != "Label" {
                labelNames.insert(name)
            }
            if let type = typeName ?? initializerName, type.first?.isUppercase == true { declaredTypes[name] = type }
        }
        return .visitChildren
    }

    /// Where a local declared by `declaration` is in scope: from it to the end of the statements
    /// it is among; nil for a type's member or a file-level (global) declaration.
    private static func localScope(of declaration: VariableDeclSyntax) -> Range<Int>? {
        guard let list = declaration.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self),
            !(list.parent?.is(SourceFileSyntax.self) ?? true)
        else { return nil }
        return declaration.position.utf8Offset..<(list.position.utf8Offset + list.totalLength.utf8Length)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calleeName, ByteSearch.containsIgnoringASCIICase("scaled", in: name) {
            for argument in node.arguments {
                for token in argument.expression.tokens(viewMode: .sourceAccurate) {
                    guard case .identifier(let identifier) = token.tokenKind else { continue }
                    scaledReferences.append((identifier, token.positionAfterSkippingLeadingTrivia.utf8Offset))
                    if !Self.isLocalName(token, around: node) { exportedScaledNames.insert(identifier) }
                }
            }
        }
        return .visitChildren
    }

    /// Whether `token` is a bare name (not `Fonts.title`'s `title`) that a parameter or local of
    /// the code around `call` declares: a function's or closure's parameter, a `let`/`var` among
    /// the statements around it, an `if let`/`guard let`/`while let` binding or a `for` variable.
    private static func isLocalName(_ token: TokenSyntax, around call: FunctionCallExprSyntax) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { return false }
        let name = token.text
        var current = Syntax(call).parent
        while let candidate = current {
            if candidate.is(MemberBlockSyntax.self) || candidate.is(SourceFileSyntax.self) { return false }
            if let items = candidate.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if let variable = item.item.as(VariableDeclSyntax.self),
                        variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
                    {
                        return true
                    }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), binds(name, guardStatement.conditions) { return true }
                }
            } else if let ifExpression = candidate.as(IfExprSyntax.self), binds(name, ifExpression.conditions) {
                return true
            } else if let whileStatement = candidate.as(WhileStmtSyntax.self), binds(name, whileStatement.conditions) {
                return true
            } else if let loop = candidate.as(ForStmtSyntax.self), loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return true
            } else if let closure = candidate.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause {
                if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self), shorthand.contains(where: { $0.name.text == name }) {
                    return true
                }
                if let clause = parameters.as(ClosureParameterClauseSyntax.self),
                    clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
                {
                    return true
                }
            } else if let function = candidate.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            } else if let initializer = candidate.as(InitializerDeclSyntax.self) {
                return initializer.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            current = candidate.parent
        }
        return false
    }

    /// Whether `conditions` bind `name` (`if let name = …`, `guard let name`).
    private static func binds(_ name: String, _ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { $0.condition.as(OptionalBindingConditionSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
    }
}
