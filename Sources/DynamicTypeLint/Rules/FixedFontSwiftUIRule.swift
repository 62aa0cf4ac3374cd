import SwiftSyntax
import SwiftSyntaxProblems

/// A SwiftUI font of a fixed size: `.system(size:)` or `.custom(_:fixedSize:)`.
final class FixedFontSwiftUIRule: SwiftRuleDetector {
    static let rule = LintRule.fixedFontSwiftUI

    static let description = LintRuleDescription(
        id: "fixed-font-swiftui",
        name: "FixedFontSwiftUI",
        defaultSeverity: .error,
        reads: .swift(frameworks: ["SwiftUI"]),
        problem: "fixed-size font",
        atLargeSizes: "the text stays this size at every text size",
        fix: "use a text style (.body), .custom(_:size:) or .system(size:) with a @ScaledMetric size",
        summary: "A SwiftUI font of a fixed size: .system(size:) or .custom(_:fixedSize:).",
        finds: "A SwiftUI font of a fixed size.",
        findsBriefly: "`.system(size:)`, `.custom(_:fixedSize:)` (`.custom(_:size:)` and `relativeTo:` scale)",
        explanation:
            ".system(size:) and .custom(_:fixedSize:) stay the same size at every text size. .custom(_:size:) scales with body, relativeTo: with the style named, and a @ScaledMetric size scales too: none is reported; nor is a size read from the current text size (scaledValue(for:), preferredFont…pointSize), directly or through a local bound to one (let size = metrics.scaledValue(for: 17)).",
        documentation: """
            `.system(size:)` (any weight or design) and `.custom(_:fixedSize:)` stay the same size at every text size. `.custom(_:size:)` scales relative to body and `relativeTo:` to the style named: neither is reported; nor is `.system(size:)` with a `@ScaledMetric` size or a size read from the current text size (`scaledValue(for:)`, `preferredFont…pointSize`), directly or through a local bound to one in scope (`let size = metrics.scaledValue(for: 17)`), nor a bare `custom(_:fixedSize:)` inside `extension Font` (a wrapper such as SwiftGen's, judged where it is called).
            """,
        triggeringExamples: [
            .swift("Text(\"Total\").font(↓.system(size: 17))"),
            .swift("Text(\"Total\").font(↓.system(size: 17, weight: .bold, design: .rounded))"),
            .swift("Text(\"Total\").font(↓Font.custom(\"Avenir\", fixedSize: 17))"),
            .swift("Text(\"Total\").font(↓SwiftUI.Font.system(size: 17))"),
            .swift("Label(\"Total\", systemImage: \"cart\").font(↓.system(size: 17))"),
            .swiftFile(
                "func a(_ metrics: UIFontMetrics) -> Font {\n    let size = metrics.scaledValue(for: 17)\n    return .system(size: size)\n}\nfunc b() -> Font {\n    let size = 17.0\n    return ↓.system(size: size)\n}\n"
            ),
        ],
        nonTriggeringExamples: [
            .swift("Text(\"Total\").font(.custom(\"Avenir\", size: 17, relativeTo: .body))"),
            .swift("Text(\"Total\").font(.custom(\"Avenir\", size: 17))"),
            .swift("Text(\"Total\").font(.body)"),
            .swiftFile("struct V: View {\n    @ScaledMetric var size = 17.0\n    var body: some View { Text(\"Total\").font(.system(size: size)) }\n}\n"),
            .swiftFile("extension Font {\n    static func brand(_ size: CGFloat) -> Font { custom(\"Brand\", fixedSize: size) }\n}\n"),
            .swift("Image(systemName: \"star.fill\").font(.system(size: 24))"),
            .swift("Image(systemName: \"star.fill\").foregroundStyle(.yellow).font(.system(size: 24, weight: .bold))"),
            .swift("let scaledSize = min(34, metrics.scaledValue(for: 17))\nText(\"Total\").font(.system(size: scaledSize, weight: .bold))"),
        ])

    static let calleeNames: Set<String> = ["system", "custom"]

    init() {}

    /// `.system(size:)` (any weight or design) and `.custom(_:fixedSize:)`; `.custom(_:size:)` and
    /// `relativeTo:` scale and are fine, as is a `@ScaledMetric` size.
    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {
        // `.system(…)` or `Font.system(…)`; a bare `custom(…)` is a wrapper inside `extension Font`
        // (SwiftGen's fonts), judged where it is called.
        guard call.calledExpression.is(MemberAccessExprSyntax.self) else { return }
        if let base = call.calleeBase, !["Font", "SwiftUI.Font"].contains(base.trimmedSourceText) { return }
        // An SF Symbol image sized by its font is no text: the symbol is drawn at that size on purpose
        // (the UIKit rule exempts symbol images too).
        if Self.sizesSymbolImage(call) { return }
        let size: ExprSyntax?
        if name == "system" {
            guard call.labels.first == "size" else { return }
            size = call.argument("size")
        } else {
            guard call.labels.count == 2, call.labels[0] == nil, call.labels[1] == "fixedSize" else { return }
            size = call.argument("fixedSize")
        }
        guard let size, !visitor.facts.scales(size) else { return }
        visitor.report(Self.rule, at: call)
    }

    /// Whether `font` is the argument of `.font(…)` on `Image(systemName:)`.
    static func sizesSymbolImage(_ font: FunctionCallExprSyntax) -> Bool {
        guard let modifier = font.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), modifier.calleeName == "font",
            let image = ModifierChain(around: modifier).rootCall, image.calleeName == "Image"
        else { return false }
        return image.arguments.first?.label?.text == "systemName"
    }
}
