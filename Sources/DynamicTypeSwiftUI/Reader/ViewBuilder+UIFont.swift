import DynamicTypeCore
import SwiftSyntax
import SwiftSyntaxProblems

/// `Font(UIFont…)`: a UIKit font made a SwiftUI one. `UIFont.preferredFont(forTextStyle:)` is its
/// text style; `UIFontMetrics(forTextStyle:).scaledFont(for:)` a size that scales relative to that
/// style (as `.custom(_:size:relativeTo:)` does); `UIFont.systemFont(ofSize:)`,
/// `UIFont(name:size:)` and the like a fixed size, which Dynamic Type does not change.
extension ViewBuilder {
    /// The font a `UIFont` expression makes, or nil when the file does not settle it.
    func uiFont(_ expression: ExprSyntax, _ scope: Scope, depth: Int = 0) -> FontChoice? {
        guard depth < 8, let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        func argument(_ label: String) -> ExprSyntax? { call.arguments.first { $0.label?.text == label }?.expression }
        let called = call.calledExpression.trimmedSourceText
        if called == "UIFont" {
            // `UIFont(name: "Avenir", size: 17)`: a fixed size of that family.
            guard let family = argument("name")?.as(StringLiteralExprSyntax.self), var choice = fixedSize(argument("size"), scope) else { return nil }
            choice.family = Self.verbatim(of: family, scope: scope, builder: self)
            return choice
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        // `UIFont.systemFont(…)` or `.systemFont(…)` where a `UIFont` is expected; `scaledFont` is
        // called on its metrics.
        let base = member.base?.trimmedSourceText
        guard name == "scaledFont" || base == "UIFont" || base == nil else { return nil }
        switch name {
        case "preferredFont":
            guard let style = argument("forTextStyle").flatMap(uiTextStyle) else { return nil }
            return .style(style)
        case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont":
            guard var choice = fixedSize(argument("ofSize"), scope) else { return nil }
            if name == "boldSystemFont" { choice.weight = .bold }
            if name == "italicSystemFont" { choice.italic = true }
            if let weight = argument("weight").flatMap(weight) { choice.weight = weight }
            return choice
        case "scaledFont":
            // `UIFontMetrics(forTextStyle: .title1)` or `UIFontMetrics.default` (body) scaling a font.
            guard let metrics = member.base, let font = argument("for").flatMap({ uiFont($0, scope, depth: depth + 1) }), font.size != nil
            else { return nil }
            var style: TextStyle?
            if metrics.trimmedSourceText == "UIFontMetrics.default" {
                style = .body
            } else if let metricsCall = metrics.as(FunctionCallExprSyntax.self), metricsCall.calledExpression.trimmedSourceText == "UIFontMetrics" {
                style = metricsCall.arguments.first { $0.label?.text == "forTextStyle" }.map { uiTextStyle($0.expression) } ?? nil
            }
            guard let style else { return nil }
            var scaled = font
            scaled.relativeTo = style
            return scaled
        default:
            return nil
        }
    }

    /// A fixed-size font of `size` points (checked as every font size is: 1…500 pt).
    private func fixedSize(_ size: ExprSyntax?, _ scope: Scope) -> FontChoice? {
        guard let size, number(size, scope) != nil, let points = bounded(size, scope, "font size", 1...500, unit: " pt") else { return nil }
        var choice = FontChoice()
        choice.size = points
        return choice
    }

    /// `.body`, `.title1`, `UIFont.TextStyle.caption1`: the text style in UIKit's spelling.
    private func uiTextStyle(_ expression: ExprSyntax) -> TextStyle? {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        return try? TextStyle(parsing: member.declName.baseName.text)
    }
}
