import SwiftSyntax
import SwiftSyntaxProblems

/// Which branch of an `if` or `switch` on state a view shows when the file does not settle it:
/// the first with content. A screen usually opens with its loading or empty state
/// (`case .loading: ProgressView()`, `if items.isEmpty { EmptyView() }`); showing that would hide
/// the screen the checks are for.
extension ViewBuilder {
    /// A `switch`: the first case with content, noted.
    func switchCase(_ expression: SwitchExprSyntax, _ scope: Scope) -> [ViewNode] {
        let cases = expression.cases.compactMap { $0.as(SwitchCaseSyntax.self)?.statements }
        guard !cases.isEmpty else { return [] }
        let chosen = Self.firstWithContent(cases)
        note(
            .defaulted,
            chosen == 0
                ? "switch: its first case is shown"
                : "switch: its first \(chosen == 1 ? "case is" : "\(chosen) cases are") only a placeholder (EmptyView, ProgressView, Color.clear): case \(chosen + 1), the first with content, is shown",
            at: expression, scope)
        return views(in: cases[chosen], scope)
    }

    /// `condition ? A() : B()`, unfolded as the parser leaves it (`count > 3 ? A() : B()` is one
    /// sequence): the views of the branch the condition settles, else of the first, noted; nil
    /// when the sequence has no `? :`. `? :` binds loosest, so the first one splits the sequence.
    func ternaryViews(_ parts: [ExprSyntax], at sequence: SequenceExprSyntax, _ scope: Scope) -> [ViewNode]? {
        var rest = parts[...]
        // A chain `a ? B() : c ? D() : E()` is followed along, each element looked at once.
        while let split = rest.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), split > rest.startIndex,
            let ternary = rest[split].as(UnresolvedTernaryExprSyntax.self), split + 1 < rest.endIndex
        {
            let condition = Array(rest[..<split])
            guard case .bool(let value)? = sequenceValue(condition, scope) else {
                let text = condition.map(\.trimmedSourceText).joined(separator: " ").prefix(40)
                note(.defaulted, "\(text) ? … : the file does not settle it; the first view is shown", at: sequence, scope)
                return views(from: ternary.thenExpression, scope)
            }
            if value { return views(from: ternary.thenExpression, scope) }
            rest = rest[(split + 1)...]
            if rest.count == 1, let last = rest.first { return views(from: last, scope) }
        }
        return rest.count == parts.count ? nil : []
    }

    /// The index of the first block that is not only a placeholder; 0 when all are.
    static func firstWithContent(_ blocks: [CodeBlockItemListSyntax]) -> Int {
        blocks.firstIndex { !isPlaceholder($0) } ?? 0
    }

    /// Whether a block shows only `EmptyView()`, `ProgressView(…)`, `Color.clear` (with any
    /// modifiers), or nothing: a loading or empty state.
    static func isPlaceholder(_ block: CodeBlockItemListSyntax) -> Bool {
        block.allSatisfy { item in
            switch item.item {
            case .expr(let expression): return isPlaceholder(expression)
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { return isPlaceholder(expression) }
                if let returned = statement.as(ReturnStmtSyntax.self) { return returned.expression.map(isPlaceholder) ?? true }
                return statement.is(BreakStmtSyntax.self)
            case .decl: return true  // `let` bindings show nothing
            }
        }
    }

    /// `EmptyView()`, `ProgressView()`, `Color.clear`, `.clear`, through modifiers.
    private static func isPlaceholder(_ expression: ExprSyntax) -> Bool {
        var current = expression
        // Modifiers wrap the view as `view.modifier(…)`: the base is the view (bounded by the parse's nesting).
        while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, !isTypeName(base)
        {
            current = base
        }
        let text = current.trimmedSourceText
        if text == "Color.clear" || text == ".clear" { return true }
        guard let call = current.as(FunctionCallExprSyntax.self) else { return false }
        return ["EmptyView", "ProgressView", "SwiftUI.EmptyView", "SwiftUI.ProgressView"].contains(call.calledExpression.trimmedSourceText)
    }
}
