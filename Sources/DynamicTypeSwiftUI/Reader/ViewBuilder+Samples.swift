import DynamicTypeScreens
import SwiftSyntax
import SwiftSyntaxProblems

/// A view's text as read from source: what it draws, and, when the source does not give the
/// text, what the sample drawn instead stands for.
struct ReadText {
    /// The text.
    var source: TextSource
    /// `item.title (a title)` when ``source`` is a sample; nil for the app's own text.
    var sample: String?
    /// A `LocalizedStringKey`'s text, whose inline Markdown SwiftUI draws.
    var markdown = false
}

/// Text the source does not give (`Text(item.title)`, `Text("Hi \(user.name)")`) gets a sample
/// chosen by the expression's name (``SampleTexts``), unless the token maps give one
/// (`samples:` in a `--samples` or `*.fonts.yml` file) for, in this order:
/// - the view and expression: `ArticleRow.item.title`;
/// - the expression as written: `item.title`;
/// - the declared type of the view property it reads and the member: `Article.title` for
///   `article.title` where the view has `let article: Article`;
/// - the last member's name: `title`.
extension ViewBuilder {
    /// The sample for `expression` and what it stands for (`item.title (a title)`).
    func sampleText(for expression: ExprSyntax, _ scope: Scope) -> (text: String, description: String) {
        let written = DesignTokens.normalized(expression.trimmedSourceText)
        let last = SampleTexts.lastName(of: written)
        var keys: [String] = []
        if let view = scope.declaration?.name { keys.append(view + "." + written) }
        keys.append(written)
        if let type = propertyType(of: written, scope) { keys.append(type + "." + last) }
        keys.append(last)
        for key in keys {
            if let given = tokens.samples[key] { return (given, "\(written) (from samples: \(key))") }
        }
        let sample = SampleTexts.sample(for: written)
        return (sample.text, "\(written) (\(sample.holds))")
    }

    /// The interpolations of `literal` the file does not settle, as the sample description of a
    /// text built from it (`Text("Hi \(user.name)")`: the name is a sample); nil when all are known.
    func unsettledInterpolations(_ literal: StringLiteralExprSyntax, _ scope: Scope) -> String? {
        var unsettled: [String] = []
        for segment in literal.segments {
            guard let interpolation = segment.as(ExpressionSegmentSyntax.self), let first = interpolation.expressions.first else { continue }
            switch evaluate(first.expression, scope) {
            case .string?, .number?, .localized?: continue
            default: unsettled.append(first.expression.trimmedSourceText)
            }
        }
        guard !unsettled.isEmpty else { return nil }
        let shown = unsettled.prefix(3).joined(separator: ", ") + (unsettled.count > 3 ? ", …" : "")
        return "\\(\(shown)) (interpolated)"
    }

    /// Whether an interpolated expression the file does not settle holds a whole number: its view
    /// property is declared `Int`, or its name says it counts (`count`, `likes`): Xcode's key for
    /// `Text("\(count) items")` then has `%lld`, as the strings files do.
    func interpolatesWholeNumber(_ expression: ExprSyntax, _ scope: Scope) -> Bool {
        let written = DesignTokens.normalized(expression.trimmedSourceText)
        if let property = scope.declaration?.properties.first(where: { $0.name == written }) {
            let type = property.type.replacingOccurrences(of: "?", with: "")
            if ["Int", "Int64", "Int32", "UInt", "UInt64"].contains(type) { return true }
            if !type.isEmpty { return false }
        }
        return SampleTexts.isCount(written)
    }

    /// The declared type of the view property an expression reads a member of: `Article` for
    /// `article.title` when the view has `let article: Article` (optionals and arrays unwrapped).
    private func propertyType(of written: String, _ scope: Scope) -> String? {
        let parts = written.split(separator: ".")
        guard parts.count >= 2, let base = parts.first.map({ String($0).replacingOccurrences(of: "?", with: "") }),
            let property = scope.declaration?.properties.first(where: { $0.name == base }), !property.type.isEmpty
        else { return nil }
        let type = property.type.filter { !"?![]".contains($0) }
        return type.isEmpty ? nil : type
    }
}
