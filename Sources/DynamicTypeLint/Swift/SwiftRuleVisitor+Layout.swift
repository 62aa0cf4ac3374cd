import DynamicTypeCore
import SwiftSyntax

/// `fixed-text-height`, `dynamic-type-cap` (SwiftUI) and `single-line-text` (SwiftUI).
extension SwiftRuleVisitor {
    /// `label.heightAnchor.constraint(equalToConstant: 44)` with a fixed number, on a label.
    func checkHeightAnchor(_ call: FunctionCallExprSyntax) {
        guard call.labels.first == "equalToConstant", let constant = call.argument("equalToConstant"),
            let anchor = call.calleeBase?.as(MemberAccessExprSyntax.self), anchor.declName.baseName.text == "heightAnchor",
            let view = anchor.base, isLabel(view), facts.isFixedNumber(constant)
        else { return }
        report(.fixedTextHeight, at: call)
    }

    /// `NSLayoutConstraint(item: label, attribute: .height, relatedBy: .equal, toItem: nil, …, constant: 44)`.
    func checkLayoutConstraint(_ call: FunctionCallExprSyntax) {
        guard let item = call.argument("item"), isLabel(item), call.argument("attribute")?.memberName == "height",
            call.argument("relatedBy")?.memberName == "equal", call.argument("toItem")?.trimmedDescription == "nil",
            let constant = call.argument("constant"), facts.isFixedNumber(constant)
        else { return }
        report(.fixedTextHeight, at: call)
    }

    /// A label by its declaration (`UILabel`, `…Label`) or its name (`titleLabel`, `label`).
    private func isLabel(_ view: ExprSyntax) -> Bool {
        let key = view.receiverKey
        let last = key.split(separator: ".").last.map(String.init) ?? key
        return last.lowercased().hasSuffix("label") || facts.labelNames.contains(last)
    }

    /// `.frame(height: 44)` (or `width:height:`) with a fixed number, on a `Text`, `Label` or text field.
    func checkFrameHeight(_ call: FunctionCallExprSyntax) {
        guard call.calleeBase != nil, let height = call.argument("height"), facts.isFixedNumber(height) else { return }
        // Text that may shrink (minimumScaleFactor) fits the box instead of being cut.
        let chain = ModifierChain(around: call)
        guard chain.isText, !chain.modifiers.contains("minimumScaleFactor") else { return }
        report(.fixedTextHeight, at: call)
    }

    /// `.dynamicTypeSize(...x)`, `a...x`, `..<x` or a single size, below `accessibility1`.
    func checkDynamicTypeSize(_ call: FunctionCallExprSyntax) {
        guard call.calledExpression.is(MemberAccessExprSyntax.self), call.arguments.count == 1, let argument = call.firstUnlabelled,
            let largest = Self.largestCategory(argument.unparenthesized), !largest.isAccessibilityCategory
        else { return }
        report(.dynamicTypeCap, at: call, detail: "capped at \(largest.name)")
    }

    /// `.environment(\.dynamicTypeSize, .large)` or `\.sizeCategory`: one size, whatever the user picked.
    func checkEnvironmentSize(_ call: FunctionCallExprSyntax) {
        guard call.arguments.count == 2, let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self),
            ["\\.dynamicTypeSize", "\\.sizeCategory"].contains(keyPath.trimmedDescription),
            let value = call.arguments.last?.expression.memberName, let category = try? ContentSizeCategory(parsing: value),
            !category.isAccessibilityCategory
        else { return }
        report(.dynamicTypeCap, at: call, detail: "pinned at \(category.name)")
    }

    /// `.lineLimit(1)` on a `Text`, `Label` or text field without `.minimumScaleFactor` or a fixed font.
    func checkLineLimit(_ call: FunctionCallExprSyntax) {
        guard call.calleeBase != nil, let first = call.arguments.first, first.label == nil,
            first.expression.trimmedDescription == "1"
        else { return }
        let chain = ModifierChain(around: call)
        guard chain.isText, !chain.modifiers.contains("minimumScaleFactor"), !hasFixedFont(call) else { return }
        report(.singleLineText, at: call)
    }

    /// Whether the chain around `call` sets a `.system(size:)` or `fixedSize:` font (already reported;
    /// such text does not grow, so it does not truncate either).
    private func hasFixedFont(_ call: FunctionCallExprSyntax) -> Bool {
        var top = Syntax(call)
        while let parent = top.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) { top = parent }
        let tokens = top.tokens(viewMode: .sourceAccurate).map(\.text)
        for index in tokens.indices {
            if tokens[index] == "fixedSize" { return true }
            if tokens[index] == "system", index + 2 < tokens.count, tokens[index + 1] == "(", tokens[index + 2] == "size" { return true }
        }
        return false
    }

    /// The largest size a `dynamicTypeSize` argument allows, nil when it sets no upper bound.
    static func largestCategory(_ expression: ExprSyntax) -> ContentSizeCategory? {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            guard let bound = category(prefix.expression.unparenthesized) else { return nil }
            switch prefix.operator.text {
            case "...": return bound
            case "..<": return bound.previous ?? bound
            default: return nil
            }
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self),
                let bound = category(elements[2].unparenthesized)
            else { return nil }
            switch op.operator.text {
            case "...": return bound
            case "..<": return bound.previous ?? bound
            default: return nil
            }
        }
        return category(expression)
    }

    /// `.xxxLarge`, `DynamicTypeSize.large`, `.extraExtraExtraLarge` as a category.
    private static func category(_ expression: ExprSyntax) -> ContentSizeCategory? {
        guard let name = expression.memberName else { return nil }
        return try? ContentSizeCategory(parsing: name)
    }
}
