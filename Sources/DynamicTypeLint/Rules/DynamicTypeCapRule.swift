import DynamicTypeCore
import SwiftSyntax
import SwiftSyntaxProblems

/// A cap on the text size below the accessibility sizes: `.dynamicTypeSize(...x)`,
/// `.environment(\.dynamicTypeSize, x)`, `maximumContentSizeCategory = x`.
final class DynamicTypeCapRule: SwiftRuleDetector {
    static let rule = LintRule.dynamicTypeCap

    static let description = LintRuleDescription(
        id: "dynamic-type-cap",
        name: "DynamicTypeCap",
        defaultSeverity: .error,
        reads: .swift(frameworks: ["SwiftUI", "UIKit"]),
        problem: "text size capped below the accessibility sizes",
        atLargeSizes: "users who need 200 % text never get it (WCAG 1.4.4)",
        fix: "allow at least .accessibility1 or remove the cap",
        summary: "A cap on the text size below the accessibility sizes.",
        finds: "A cap on the text size below the accessibility sizes.",
        findsBriefly: "`.dynamicTypeSize(...x)`, `maximumContentSizeCategory` below the accessibility sizes, `scaledFont(for:maximumPointSize:)` under 200 %",
        explanation:
            #".dynamicTypeSize(...x), a...x, ..<x or a single size, .environment(\.dynamicTypeSize or \.sizeCategory, x) and maximumContentSizeCategory = x with x below accessibility1: people who set the accessibility sizes get no larger text, which WCAG 1.4.4 (200 %) needs. UIFontMetrics' scaledFont(for:maximumPointSize:) with a cap under twice the font's size caps it the same way. Previews are not checked."#,
        documentation: #"""
            `.dynamicTypeSize(...x)`, `.dynamicTypeSize(a...x)`, `..<x` or a single size, `.environment(\.dynamicTypeSize, x)`, `.environment(\.sizeCategory, x)` and `maximumContentSizeCategory = x`, with `x` below `accessibility1`: people who chose the accessibility sizes get no larger text, and WCAG 1.4.4 asks for 200 %. The message names the size. `UIFontMetrics.scaledFont(for:maximumPointSize:)` whose cap is under twice the font's size (`UIFont.systemFont(ofSize: 17)` capped at 22 pt) caps it the same way; a cap of 200 % or more, or a font whose size is not written there, is not reported. Ranges that reach `accessibility1` or have no upper bound are fine; previews (`#Preview`, `PreviewProvider`) are not checked.
            """#,
        triggeringExamples: [
            .swift("↓content.dynamicTypeSize(...DynamicTypeSize.xxxLarge)"),
            .swift("let v = Text(\"a\")↓.dynamicTypeSize(.xSmall ... .xLarge)"),
            .swift("let v = Text(\"a\")↓.dynamicTypeSize(..<DynamicTypeSize.accessibility1)"),
            .swift("let v = Text(\"a\")↓.dynamicTypeSize(.large)"),
            .swift(#"let v = Text("a")↓.environment(\.sizeCategory, .extraExtraLarge)"#),
            .swift("↓view.maximumContentSizeCategory = .extraExtraExtraLarge"),
            .swift("label.font = UIFontMetrics(forTextStyle: .body)↓.scaledFont(for: UIFont.systemFont(ofSize: 17), maximumPointSize: 22)"),
        ],
        nonTriggeringExamples: [
            .swift("content.dynamicTypeSize(...DynamicTypeSize.accessibility3)"),
            .swift("let v = Text(\"a\").dynamicTypeSize(.large...)"),
            .swift("let v = Text(\"a\").dynamicTypeSize(..<DynamicTypeSize.accessibility2)"),
            .swift(#"let v = Text("a").environment(\.dynamicTypeSize, .accessibility3)"#),
            .swift("view.maximumContentSizeCategory = .accessibilityMedium"),
            .swiftFile("#Preview {\n    Text(\"a\").dynamicTypeSize(.xSmall)\n}\n"),
            .swift("label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17), maximumPointSize: 40)"),
            .swift("label.font = UIFontMetrics.default.scaledFont(for: baseFont, maximumPointSize: 22)"),
        ])

    static let calleeNames: Set<String> = ["dynamicTypeSize", "environment", "scaledFont"]
    static let assignedProperties: Set<String> = ["maximumContentSizeCategory"]

    init() {}

    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {
        switch name {
        case "dynamicTypeSize": checkDynamicTypeSize(call, in: visitor)
        case "scaledFont": checkMaximumPointSize(call, in: visitor)
        default: checkEnvironmentSize(call, in: visitor)
        }
    }

    /// `x.maximumContentSizeCategory = …` below `accessibility1`.
    func check(_ assignment: SwiftAssignment, in visitor: SwiftRuleVisitor) {
        if let name = assignment.value.memberName, let category = try? ContentSizeCategory(parsing: name), !category.isAccessibilityCategory {
            visitor.report(Self.rule, at: assignment.sequence, detail: "capped at \(category.name)")
        }
    }

    /// `.dynamicTypeSize(...x)`, `a...x`, `..<x` or a single size, below `accessibility1`.
    private func checkDynamicTypeSize(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.calledExpression.is(MemberAccessExprSyntax.self), call.arguments.count == 1, let argument = call.firstUnlabelled,
            let largest = Self.largestCategory(argument.unparenthesized), !largest.isAccessibilityCategory
        else { return }
        visitor.report(Self.rule, at: call, detail: "capped at \(largest.name)")
    }

    /// `.environment(\.dynamicTypeSize, .large)` or `\.sizeCategory`: one size, whatever the user picked.
    /// `scaledFont(for: UIFont.systemFont(ofSize: 17), maximumPointSize: 22)`: a cap under twice the
    /// size written in the font (WCAG 1.4.4's 200 %).
    private func checkMaximumPointSize(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.labels == ["for", "maximumPointSize"], let cap = call.argument("maximumPointSize")?.literalNumber,
            let font = call.argument("for")?.as(FunctionCallExprSyntax.self),
            let size = (font.argument("ofSize") ?? font.argument("size"))?.literalNumber, size > 0, cap < 2 * size
        else { return }
        let percent = Int((cap / size * 100).rounded())
        visitor.report(
            Self.rule, at: call,
            detail: "capped at \(PointFormat.string(cap)) pt, \(percent) % of its \(PointFormat.string(size)) pt")
    }

    private func checkEnvironmentSize(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.arguments.count == 2, let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self),
            ["\\.dynamicTypeSize", "\\.sizeCategory"].contains(keyPath.trimmedSourceText),
            let value = call.arguments.last?.expression.memberName, let category = try? ContentSizeCategory(parsing: value),
            !category.isAccessibilityCategory
        else { return }
        visitor.report(Self.rule, at: call, detail: "pinned at \(category.name)")
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
