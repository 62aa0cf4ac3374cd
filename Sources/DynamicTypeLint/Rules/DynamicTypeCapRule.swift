import DynamicTypeCore
import SwiftSyntax
import SwiftSyntaxProblems

/// A cap on the text size below the accessibility sizes: `.dynamicTypeSize(...x)`,
/// `.environment(\.dynamicTypeSize, x)`, `maximumContentSizeCategory = x`, and a cap handed to
/// the app's own font helpers (`maxSizeCategory: .extraExtraLarge`, as an argument or a default).
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
        findsBriefly:
            "`.dynamicTypeSize(...x)`, `maximumContentSizeCategory` or a helper's `maxSizeCategory:` below the accessibility sizes, `scaledFont(for:maximumPointSize:)` under 200 %",
        explanation:
            #".dynamicTypeSize(...x), a...x, ..<x or a single size, .environment(\.dynamicTypeSize or \.sizeCategory, x) and maximumContentSizeCategory = x with x below accessibility1: people who set the accessibility sizes get no larger text, which WCAG 1.4.4 (200 %) needs. UIFontMetrics' scaledFont(for:maximumPointSize:) with a cap under twice the font's size caps it the same way. So does a size below accessibility1 given to any call or function under a label that names a maximum size category or dynamic type size (maxSizeCategory:, maximumContentSizeCategory:, maxDynamicTypeSize:): an argument (not a modifier on an Image: an icon), or a parameter's default value (reported once, at the parameter, for every call that takes it). Previews are not checked."#,
        documentation: #"""
            `.dynamicTypeSize(...x)`, `.dynamicTypeSize(a...x)`, `..<x` or a single size, `.environment(\.dynamicTypeSize, x)`, `.environment(\.sizeCategory, x)` and `maximumContentSizeCategory = x`, with `x` below `accessibility1`: people who chose the accessibility sizes get no larger text, and WCAG 1.4.4 asks for 200 %. The message names the size. `UIFontMetrics.scaledFont(for:maximumPointSize:)` whose cap is under twice the font's size (`UIFont.systemFont(ofSize: 17)` capped at 22 pt) caps it the same way; a cap of 200 % or more, or a font whose size is not written there, is not reported. The app's own font helpers cap the same way: a size below `accessibility1` given under a label that names a maximum size category or dynamic type size (it contains `max` and `SizeCategory` or `DynamicTypeSize`: `maxSizeCategory:`, `maximumContentSizeCategory:`, `maxDynamicTypeSize:`), whatever the call — as an argument (`.font(style: .body, maxSizeCategory: .extraExtraLarge)`; not on an `Image`, whose font sizes an icon), or as a parameter's default value (`maxSizeCategory: UIContentSizeCategory = .extraExtraLarge`, reported once at the parameter: every call that leaves it out is capped). A value lint cannot read as a size (a variable) is not judged. Ranges that reach `accessibility1` or have no upper bound are fine; previews (`#Preview`, `PreviewProvider`) are not checked.
            """#,
        triggeringExamples: [
            .swift("↓content.dynamicTypeSize(...DynamicTypeSize.xxxLarge)"),
            .swift("let v = Text(\"a\")↓.dynamicTypeSize(.xSmall ... .xLarge)"),
            .swift("let v = Text(\"a\")↓.dynamicTypeSize(..<DynamicTypeSize.accessibility1)"),
            .swift("let v = Text(\"a\")↓.dynamicTypeSize(.large)"),
            .swift(#"let v = Text("a")↓.environment(\.sizeCategory, .extraExtraLarge)"#),
            .swift("↓view.maximumContentSizeCategory = .extraExtraExtraLarge"),
            .swift("label.font = UIFontMetrics(forTextStyle: .body)↓.scaledFont(for: UIFont.systemFont(ofSize: 17), maximumPointSize: 22)"),
            .swift("let v = Text(\"a\").font(size: 17, style: .body, ↓maxSizeCategory: .extraExtraLarge)"),
            .swift("label.font = .appFont(.body, ↓maximumContentSizeCategory: UIContentSizeCategory.extraLarge)"),
            .swiftFile(
                "extension View {\n    func appFont(_ style: Font.TextStyle, ↓maxSizeCategory: UIContentSizeCategory = .extraExtraLarge) -> some View { self }\n}\n"
            ),
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
            .swift("let v = Text(\"a\").font(size: 17, style: .body, maxSizeCategory: .accessibilityExtraExtraExtraLarge)"),
            .swift("let v = Text(\"a\").font(size: 17, style: .body, maxSizeCategory: userCap)"),
            .swift("let v = Text(\"a\").font(style: .body, minSizeCategory: .large)"),
            .swift("let v = Image(systemName: \"chevron.right\").font(style: .body, maxSizeCategory: .extraExtraLarge)"),
            .swiftFile(
                "extension View {\n    func appFont(_ style: Font.TextStyle, maxSizeCategory: UIContentSizeCategory = .accessibilityExtraExtraExtraLarge) -> some View { self }\n}\n"
            ),
        ])

    static let calleeNames: Set<String> = ["dynamicTypeSize", "environment", "scaledFont"]
    static let assignedProperties: Set<String> = ["maximumContentSizeCategory"]
    static let checksLabelledValues = true

    init() {}

    /// Whether a label names a largest size category or dynamic type size (`maxSizeCategory`,
    /// `maximumContentSizeCategory`, `maxDynamicTypeSize`): what is given under it is a cap.
    static func namesCap(_ label: String) -> Bool {
        ByteSearch.containsIgnoringASCIICase("max", in: label)
            && (ByteSearch.containsIgnoringASCIICase("sizecategory", in: label) || ByteSearch.containsIgnoringASCIICase("dynamictypesize", in: label))
    }

    /// `maxSizeCategory: .extraExtraLarge` given to any call, or as a parameter's default value,
    /// below `accessibility1`.
    func check(label: String, value: ExprSyntax, at node: Syntax, isDefault: Bool, in visitor: SwiftRuleVisitor) {
        guard Self.namesCap(label), let largest = Self.largestCategory(value.unparenthesized), !largest.isAccessibilityCategory else { return }
        // A modifier on an image caps an icon's size, not text (`Image(systemName: "chevron.right").font(…)`).
        if let call = node.parent?.parent?.as(FunctionCallExprSyntax.self), ModifierChain(around: call).root == "Image" { return }
        visitor.report(Self.rule, at: node, detail: isDefault ? "capped at \(largest.name) by default" : "capped at \(largest.name)")
    }

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
