import SwiftSyntax
import SwiftSyntaxProblems

/// A fixed height around text: a label's height constraint equal to a constant, or
/// `.frame(height:)` on `Text`.
final class FixedTextHeightRule: SwiftRuleDetector {
    static let rule = LintRule.fixedTextHeight

    static let description = LintRuleDescription(
        id: "fixed-text-height",
        name: "FixedTextHeight",
        defaultSeverity: .warning,
        reads: .swift(frameworks: ["UIKit", "SwiftUI"]),
        problem: "fixed height around text",
        atLargeSizes: "larger text is clipped",
        fix: "use a minimum height (greaterThanOrEqualToConstant, minHeight:) or a @ScaledMetric value",
        summary: "A fixed height around text: a label's height constraint or .frame(height:) on Text.",
        finds: "A fixed height around text.",
        findsBriefly: "`heightAnchor.constraint(equalToConstant:)` on a label, `.frame(height:)` on `Text`",
        explanation:
            "heightAnchor.constraint(equalToConstant:) on a label (a name ending in label, or declared as a …Label), NSLayoutConstraint(item:attribute: .height, relatedBy: .equal, toItem: nil, …) and .frame(height:) on Text, Label or a text field, with a number literal or a let bound to one. Minimum heights (greaterThanOrEqualToConstant, minHeight:), @ScaledMetric values, a height of 0 (hiding the text) and text that may shrink (minimumScaleFactor) are fine.",
        documentation: """
            `heightAnchor.constraint(equalToConstant:)` on a label (a name ending in `label`, or a property declared as a `…Label`), `NSLayoutConstraint(item: label, attribute: .height, relatedBy: .equal, toItem: nil, …)`, and `.frame(height:)` (also `width:height:`) on `Text`, `Label`, `TextField` or `SecureField` — with a number literal or a `let` bound to one. Larger text is clipped. Minimum heights (`greaterThanOrEqualToConstant:`, `minHeight:`), `@ScaledMetric` values, `scaledValue(for:)`, computed heights, a height of 0 (which hides the text on purpose), text that may shrink (`.minimumScaleFactor`) and other views (buttons, images, stacks) are not reported. Known misses: SnapKit and other layout DSLs.
            """,
        triggeringExamples: [
            .swift("↓titleLabel.heightAnchor.constraint(equalToConstant: 21).isActive = true"),
            .swiftFile("let rowHeight: CGFloat = 30\nfunc f() { ↓name.heightAnchor.constraint(equalToConstant: rowHeight) }\nlet name = UILabel()\n"),
            .swift(
                "↓NSLayoutConstraint(item: dateLabel, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 16)"
            ),
            .swift("let a = Text(\"a\")↓.frame(height: 44)"),
            .swift("let a = Text(\"a\").font(.body)↓.frame(width: 20, height: 44)"),
        ],
        nonTriggeringExamples: [
            .swift("titleLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 21).isActive = true"),
            .swift("avatar.heightAnchor.constraint(equalToConstant: 21)"),
            .swift("titleLabel.heightAnchor.constraint(equalToConstant: metrics.scaledValue(for: 21))"),
            .swift("let a = Text(\"a\").frame(minHeight: 44)"),
            .swift("let a = Text(\"a\").minimumScaleFactor(0.5).frame(width: 24, height: 24)"),
            .swift("let a = Image(\"a\").frame(height: 44)"),
            .swift("titleLabel.heightAnchor.constraint(equalToConstant: 0).isActive = isCollapsed"),
            .swift("let a = Text(\"a\").frame(height: 0)"),
            .swiftFile("struct V {\n    @ScaledMetric var h = 44.0\n    var body: some View { Text(\"a\").frame(height: h) }\n}\n"),
        ])

    static let calleeNames: Set<String> = ["constraint", "NSLayoutConstraint", "frame"]

    init() {}

    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {
        switch name {
        case "constraint": checkHeightAnchor(call, in: visitor)
        case "NSLayoutConstraint": checkLayoutConstraint(call, in: visitor)
        default: checkFrameHeight(call, in: visitor)
        }
    }

    /// `label.heightAnchor.constraint(equalToConstant: 44)` with a fixed number, on a label.
    private func checkHeightAnchor(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.labels.first == "equalToConstant", let constant = call.argument("equalToConstant"),
            let anchor = call.calleeBase?.as(MemberAccessExprSyntax.self), anchor.declName.baseName.text == "heightAnchor",
            let view = anchor.base, Self.isLabel(view, facts: visitor.facts), Self.isFixedHeight(constant, facts: visitor.facts)
        else { return }
        visitor.report(Self.rule, at: call)
    }

    /// `NSLayoutConstraint(item: label, attribute: .height, relatedBy: .equal, toItem: nil, …, constant: 44)`.
    private func checkLayoutConstraint(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard let item = call.argument("item"), Self.isLabel(item, facts: visitor.facts), call.argument("attribute")?.memberName == "height",
            call.argument("relatedBy")?.memberName == "equal", call.argument("toItem")?.trimmedSourceText == "nil",
            let constant = call.argument("constant"), Self.isFixedHeight(constant, facts: visitor.facts)
        else { return }
        visitor.report(Self.rule, at: call)
    }

    /// `.frame(height: 44)` (or `width:height:`) with a fixed number, on a `Text`, `Label` or text field.
    private func checkFrameHeight(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.calleeBase != nil, let height = call.argument("height"), Self.isFixedHeight(height, facts: visitor.facts) else { return }
        // Text that may shrink (minimumScaleFactor) fits the box instead of being cut.
        let chain = ModifierChain(around: call)
        guard chain.isText, !chain.modifiers.contains("minimumScaleFactor") else { return }
        visitor.report(Self.rule, at: call)
    }

    /// A fixed number other than 0: a height of 0 hides the text (a collapsed row), nothing to clip.
    private static func isFixedHeight(_ expression: ExprSyntax, facts: SwiftFileFacts) -> Bool {
        facts.isFixedNumber(expression) && expression.literalNumber != 0
    }

    /// A label by its declaration (`UILabel`, `…Label`) or its name (`titleLabel`, `label`).
    private static func isLabel(_ view: ExprSyntax, facts: SwiftFileFacts) -> Bool {
        let key = view.receiverKey
        let last = key.split(separator: ".").last.map(String.init) ?? key
        return last.lowercased().hasSuffix("label") || facts.labelNames.contains(last)
    }
}
