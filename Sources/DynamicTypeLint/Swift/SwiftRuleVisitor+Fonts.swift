import SwiftSyntax

/// `fixed-font-uikit` and `fixed-font-swiftui`.
extension SwiftRuleVisitor {
    /// What becomes of a font once built.
    enum FontFate {
        /// It goes through a scaling call (`scaledFont(for:)`, a helper named `…scaled…`).
        case scaled
        /// It is used as it is (set on text, put in attributes, passed on).
        case usedFixed
        /// It is bound to a property or function: fine if that name is scaled somewhere.
        case boundToMember(String)
        /// It sizes an image, not text (`UIImage.SymbolConfiguration(font:)`).
        case notText
    }

    /// `UIFont.systemFont(ofSize:)`, `.boldSystemFont(ofSize:)`, `UIFont(name:size:)`, … whose size
    /// is a fixed number and whose result never passes through a scaling call.
    func checkUIKitFont(_ call: FunctionCallExprSyntax, name: String) {
        let size: ExprSyntax?
        switch name {
        case "UIFont":
            // `UIFont(name:size:)`; `UIFont(descriptor:size:)` is left alone (size 0 keeps the
            // descriptor's, which may be a text style's).
            guard call.calledExpression.is(DeclReferenceExprSyntax.self), call.labels == ["name", "size"] else { return }
            size = call.argument("size")
        case "init":
            guard call.calleeBase?.trimmedDescription == "UIFont", call.labels == ["name", "size"] else { return }
            size = call.argument("size")
        default:
            guard call.labels.first == "ofSize" else { return }
            if let base = call.calleeBase {
                guard base.trimmedDescription == "UIFont" else { return }
            } else if facts.isAppKitOnly {
                return
            }
            size = call.argument("ofSize")
        }
        guard let size, !facts.scales(size) else { return }
        switch fate(of: call) {
        case .scaled, .notText: return
        case .usedFixed: report(.fixedFontUIKit, at: call)
        case .boundToMember(let member): report(.fixedFontUIKit, at: call, escapeName: member)
        }
    }

    /// `.system(size:)` (any weight or design) and `.custom(_:fixedSize:)`; `.custom(_:size:)` and
    /// `relativeTo:` scale and are fine, as is a `@ScaledMetric` size.
    func checkSwiftUIFont(_ call: FunctionCallExprSyntax, name: String) {
        // `.system(…)` or `Font.system(…)`; a bare `custom(…)` is a wrapper inside `extension Font`
        // (SwiftGen's fonts), judged where it is called.
        guard call.calledExpression.is(MemberAccessExprSyntax.self) else { return }
        if let base = call.calleeBase, base.trimmedDescription != "Font" { return }
        let size: ExprSyntax?
        if name == "system" {
            guard call.labels.first == "size" else { return }
            size = call.argument("size")
        } else {
            guard call.labels.count == 2, call.labels[0] == nil, call.labels[1] == "fixedSize" else { return }
            size = call.argument("fixedSize")
        }
        guard let size, !facts.scales(size) else { return }
        report(.fixedFontSwiftUI, at: call)
    }

    /// Follows the font `call` builds up through the expression it is part of (simple local data
    /// flow): into a scaling call, into a binding, or into use.
    func fate(of call: FunctionCallExprSyntax) -> FontFate {
        var node = Syntax(call)
        while let parent = node.parent {
            if let outer = parent.as(FunctionCallExprSyntax.self) {
                if outer.calleeName?.lowercased().contains("scaled") == true { return .scaled }
                let callee = outer.calledExpression.trimmedDescription
                if callee.contains("Symbol") || callee.contains("Image") { return .notText }
                // A font passed to another call is used there; a font a member is called on
                // (`UIFont(…)!.withTraits(…)`) flows on.
                guard outer.calledExpression.id == node.id else { return .usedFixed }
            } else if let member = parent.as(MemberAccessExprSyntax.self) {
                if member.declName.baseName.text.lowercased().contains("scaled") { return .scaled }
            } else if let initializer = parent.as(InitializerClauseSyntax.self) {
                return bindingFate(initializer)
            } else if parent.is(ReturnStmtSyntax.self) {
                return enclosingMember(of: parent).map(FontFate.boundToMember) ?? .usedFixed
            } else if let item = parent.as(CodeBlockItemSyntax.self) {
                // The only statement of a body is its implicit return value.
                guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return .usedFixed }
                return enclosingMember(of: parent).map(FontFate.boundToMember) ?? .usedFixed
            } else if let sequence = parent.as(SequenceExprSyntax.self) {
                // `a ?? b` flows on; an assignment (`label.font = …`) uses the font.
                if sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return .usedFixed }
            } else if !(parent.is(ExprSyntax.self) || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                || parent.is(ExprListSyntax.self))
            {
                return .usedFixed
            }
            node = parent
        }
        return .usedFixed
    }

    /// `let font = UIFont.systemFont(ofSize: 17)`: a local is fine when the same body passes it
    /// through a scaling call; a property is judged across the files (``SwiftCandidate/escapeName``).
    private func bindingFate(_ initializer: InitializerClauseSyntax) -> FontFate {
        let pattern: PatternSyntax?
        if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            pattern = binding.pattern
        } else if let condition = initializer.parent?.as(OptionalBindingConditionSyntax.self) {
            pattern = condition.pattern
        } else {
            pattern = nil
        }
        guard let name = pattern?.as(IdentifierPatternSyntax.self)?.identifier.text else { return .usedFixed }
        guard let body = enclosingBody(of: Syntax(initializer)) else { return .boundToMember(name) }
        let start = body.position.utf8Offset
        let range = start..<(start + body.totalLength.utf8Length)
        if facts.scaledReferences.contains(where: { $0.name == name && range.contains($0.offset) }) { return .scaled }
        // Not scaled here: a function or property that builds and returns it is judged by its own name.
        return enclosingMember(of: body).map(FontFate.boundToMember) ?? .usedFixed
    }

    /// The function, closure or accessor body a node is in, nil for a type member or top-level code.
    private func enclosingBody(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(MemberBlockSyntax.self) || candidate.is(SourceFileSyntax.self) { return nil }
            if candidate.is(CodeBlockSyntax.self) || candidate.is(ClosureExprSyntax.self) || candidate.is(AccessorBlockSyntax.self) {
                return candidate
            }
            current = candidate.parent
        }
        return nil
    }

    /// The function or property whose value a `return` gives.
    private func enclosingMember(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function.name.text }
            if let binding = candidate.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(MemberBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }
}
