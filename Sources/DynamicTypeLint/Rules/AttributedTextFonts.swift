import SwiftSyntax
import SwiftSyntaxProblems

/// The scaling fonts (`preferredFont(forTextStyle:)`, `scaledFont(for:)`) inside the attributed
/// text given to a view (`label.attributedText = …`), for ``TextStyleNotAdjustingRule``: a text
/// style inside attributes is as much set once as `label.font = …` is. Found in the value itself
/// and in the locals it is built from, in the same body, before the assignment:
///
/// - `[.font: UIFont.preferredFont(forTextStyle: .body)]` (an attributes dictionary, `.font` or
///   `NSAttributedString.Key.font`), in the initializer or in a local the value reads;
/// - `text.addAttribute(.font, value: UIFont.preferredFont(…), range: …)` and
///   `text.addAttributes([.font: …])` on such a local;
/// - `container.font = UIFont.preferredFont(…)` on an `AttributeContainer` or `AttributedString`
///   local the value reads.
///
/// A function of the same file that the value calls and that returns attributed text
/// (`func attributedText(_ text: String) -> NSAttributedString { … }`) is read as if its body were
/// written there. Locals are followed two steps (`let attributes = […]; let text = NSAttributedString(string: s,
/// attributes: attributes)`), no further: the search stays inside one body and cannot loop.
enum AttributedTextFonts {
    /// The UTF-8 offsets of the scaling fonts in the attributed text `value`, assigned at
    /// `assignment`, in a file with `facts` (its attributed-text functions,
    /// ``SwiftFileFacts/attributedTextFactories``, its properties holding scaling fonts and what
    /// its properties are assigned).
    static func scalingFonts(in value: ExprSyntax, assignedAt assignment: some SyntaxProtocol, facts: SwiftFileFacts) -> [Int] {
        scalingFontsAndReferences(in: value, assignedAt: assignment, facts: facts).offsets
    }

    /// Whether `body` (a function's body, a computed property's accessors, a stored property's
    /// initializer) holds a scaling font in an attribute position, its own locals followed.
    static func holdsScalingFont(_ body: Syntax, scalingNames: Set<String>) -> Bool {
        let names = Set(body.descendants().compactMap { $0.as(IdentifierPatternSyntax.self)?.identifier.text })
        return !fontsInAttributes(body, mutated: names, scalingNames: scalingNames).isEmpty
    }

    /// The names `body` calls (`attributedText(…)`, `text.appendBold(…)`).
    static func calledNames(in body: Syntax) -> Set<String> {
        Set(body.descendants().compactMap { $0.as(FunctionCallExprSyntax.self)?.calleeName })
    }

    /// ``scalingFonts(in:assignedAt:facts:)``, and the names the value and the locals it is
    /// built from call or read as members (`mode.buildHeaderText(email:)`, `Strings.terms`) that
    /// are not same-file attributed-text functions: another file may build the text there
    /// (``SwiftFileFacts/scalingAttributedProducers()``).
    static func scalingFontsAndReferences(
        in value: ExprSyntax, assignedAt assignment: some SyntaxProtocol, facts: SwiftFileFacts
    ) -> (offsets: [Int], references: Set<String>) {
        let factories = facts.attributedTextFactories
        var sources: [Syntax] = [Syntax(value)]
        // `titleLabel.attributedText = title` in a property's `didSet`: what the file assigns to
        // `title` (`self.title = attributedTitle(for: name)`) is the text, one step.
        let body = enclosingBody(of: Syntax(assignment))
        // The body's statements by the local they build or change, indexed once per body: a long
        // body with many assignments is not searched whole for each.
        let index = body.map { facts.statementIndex(of: $0, build: Self.index) } ?? [:]
        if let name = value.ownName,
            !(index[name]?.contains { $0.declares } ?? false), !isParameter(name, around: Syntax(assignment))
        {
            sources += facts.assignments(to: name).filter { $0.id != value.id }.map(Syntax.init)
        }
        var followed: Set<String> = Set(localNames(in: Syntax(value)))
        if !followed.isEmpty, body != nil {
            let end = assignment.position.utf8Offset
            var visited: Set<String> = []
            for _ in 0..<2 where !followed.isSubset(of: visited) {
                let pending = followed.subtracting(visited)
                visited.formUnion(pending)
                for name in pending {
                    for entry in index[name] ?? [] where entry.offset < end {
                        sources.append(entry.part)
                        followed.formUnion(localNames(in: entry.part))
                    }
                }
            }
        }
        // A function of the same file that returns attributed text (`attributedText(_:highlighting:)`)
        // and builds it there: its attributes are the text's.
        for factory in Self.factories(calledIn: sources, among: factories) {
            sources.append(Syntax(factory))
            followed.formUnion(Syntax(factory).descendants().compactMap { descendant in
                descendant.as(IdentifierPatternSyntax.self)?.identifier.text
            })
        }
        var offsets: [Int] = []
        for source in sources { offsets += fontsInAttributes(source, mutated: followed, scalingNames: facts.scalingFontMembers) }
        var references: Set<String> = []
        for source in sources {
            for descendant in source.descendants() {
                if let call = descendant.as(FunctionCallExprSyntax.self), let name = call.calleeName, factories[name] == nil {
                    references.insert(name)
                } else if let member = descendant.as(MemberAccessExprSyntax.self) {
                    // `Strings.terms`, and `.terms` (an implicit member of NSAttributedString).
                    references.insert(member.declName.baseName.text)
                }
            }
        }
        return (Array(Set(offsets)).sorted(), references)
    }

    /// Whether the function or initializer around `node` has a parameter `name` (then `name` is no property).
    private static func isParameter(_ name: String, around node: Syntax) -> Bool {
        var current = node.parent
        while let candidate = current {
            if candidate.is(MemberBlockSyntax.self) { return false }
            if let function = candidate.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            } else if let initializer = candidate.as(InitializerDeclSyntax.self) {
                return initializer.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
            }
            current = candidate.parent
        }
        return false
    }

    /// A statement's part that builds or changes a local, in a body's index (``index(_:)``).
    typealias IndexedStatement = (offset: Int, part: Syntax, declares: Bool)

    /// The statements of `body` and of the blocks nested in it, by the local each builds or
    /// changes: a `let`/`var` binding of it (the whole declaration), or a call or assignment whose
    /// receiver is it; in source order.
    static func index(_ body: CodeBlockItemListSyntax) -> [String: [IndexedStatement]] {
        var index: [String: [IndexedStatement]] = [:]
        for statement in statements(in: body) {
            let offset = statement.position.utf8Offset
            if let declaration = statement.item.as(VariableDeclSyntax.self) {
                for binding in declaration.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    index[name, default: []].append((offset, Syntax(declaration), true))
                }
                continue
            }
            guard let expression = statement.item.as(ExprSyntax.self) else { continue }
            var receiver: ExprSyntax?
            if let call = expression.as(FunctionCallExprSyntax.self) {
                receiver = call.calleeBase
            } else if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first?.as(MemberAccessExprSyntax.self) {
                receiver = first.base
            }
            guard let name = receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text else { continue }
            index[name, default: []].append((offset, Syntax(expression), false))
        }
        return index
    }

    /// The bodies among `factories` (the file's functions returning attributed text) that
    /// `sources` call by name.
    private static func factories(calledIn sources: [Syntax], among factories: [String: [CodeBlockSyntax]]) -> [CodeBlockSyntax] {
        guard !factories.isEmpty else { return [] }
        var called: Set<String> = []
        for source in sources {
            for descendant in source.descendants() {
                if let call = descendant.as(FunctionCallExprSyntax.self), let name = call.calleeName { called.insert(name) }
            }
        }
        return called.flatMap { factories[$0] ?? [] }
    }

    /// The scaling fonts in attribute positions within `node`.
    private static func fontsInAttributes(_ node: Syntax, mutated names: Set<String>, scalingNames: Set<String>) -> [Int] {
        var offsets: [Int] = []
        for descendant in node.descendants() {
            if let element = descendant.as(DictionaryElementSyntax.self), isFontKey(element.key) {
                offsets += scaling(element.value, scalingNames: scalingNames)
            } else if let call = descendant.as(FunctionCallExprSyntax.self), call.calleeName == "addAttribute",
                let key = call.arguments.first?.expression, isFontKey(key), let font = call.argument("value")
            {
                offsets += scaling(font, scalingNames: scalingNames)
            } else if let argument = descendant.as(LabeledExprSyntax.self), argument.label?.text == "font" {
                // A builder given the font (`NSAttributedString.previewString(from: s, font: Style.headlineFont)`).
                offsets += scaling(argument.expression, scalingNames: scalingNames)
            } else if let sequence = descendant.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "font",
                    let base = target.base?.as(DeclReferenceExprSyntax.self), names.contains(base.baseName.text)
                else { continue }
                offsets += scaling(elements[2], scalingNames: scalingNames)
            }
        }
        return offsets
    }

    /// `expression`'s offset when it is a font that follows the text size as written, or names a
    /// property of the file holding one (`small ? smallBoldFont : boldFont`, ``SwiftFileFacts/scalingFontMembers``).
    private static func scaling(_ expression: ExprSyntax, scalingNames: Set<String>) -> [Int] {
        let names = expression.identifiers
        guard
            names.contains("preferredFont") || names.contains(where: { ByteSearch.containsIgnoringASCIICase("scaledfont", in: $0) })
                || names.contains(where: scalingNames.contains)
        else { return [] }
        return [expression.positionAfterSkippingLeadingTrivia.utf8Offset]
    }

    /// `.font`, `NSAttributedString.Key.font`, `NSAttributedStringKey.font`.
    private static func isFontKey(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "font" else { return false }
        guard let base = member.base else { return true }
        return base.trimmedSourceText.hasSuffix("Key") || base.trimmedSourceText.hasSuffix("AttributedStringKey")
    }

    /// Bare lowercase names read in `node` (candidates for locals: `attributes`, `text`).
    private static func localNames(in node: Syntax) -> [String] {
        node.descendants().compactMap { descendant -> String? in
            guard let reference = descendant.as(DeclReferenceExprSyntax.self),
                // Only bare names: `text` in `text.string`, not `string`.
                descendant.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id,
                let first = reference.baseName.text.first, first.isLowercase
            else { return nil }
            return reference.baseName.text
        }
    }

    /// The statements of `body` and of the blocks nested in it (an `if`, a closure), in order.
    private static func statements(in body: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax] {
        Syntax(body).descendants().compactMap { $0.as(CodeBlockItemSyntax.self) }
    }

    /// The outermost statement list of the function, initializer, accessor or closure around
    /// `node`, or the file's top level.
    private static func enclosingBody(of node: Syntax) -> CodeBlockItemListSyntax? {
        var current = node.parent
        var list: CodeBlockItemListSyntax?
        while let node = current {
            if let found = node.as(CodeBlockItemListSyntax.self) { list = found }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self)
                || node.is(ClosureExprSyntax.self) || node.is(AccessorBlockSyntax.self)
            {
                return list
            }
            current = node.parent
        }
        return list
    }
}
