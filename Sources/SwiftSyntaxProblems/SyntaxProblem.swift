import SwiftSyntax

/// The first place swift-syntax could not parse in a file: both readers of Swift source —
/// `dyntype lint` and the SwiftUI view reader — say where a broken file stops making sense, and
/// go on with what parsed (the parser always returns a full tree, inventing or skipping tokens).
package struct SyntaxProblem: Sendable, Equatable {
    /// The UTF-8 offset in the file.
    package var offset: Int
    /// What is wrong: `expected '}'`, `unexpected 'let x ='`.
    package var what: String

    /// The first token the parser had to invent or skip in `tree`, or nil when it parsed cleanly.
    package static func first(in tree: SourceFileSyntax) -> SyntaxProblem? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing {
                let expected = token.text.isEmpty ? "\(token.tokenKind)" : "'\(token.text)'"
                return SyntaxProblem(offset: token.position.utf8Offset, what: "expected \(expected)")
            }
            var ancestor = token.parent
            while let node = ancestor, !node.is(UnexpectedNodesSyntax.self) { ancestor = node.parent }
            if let unexpected = ancestor {
                return SyntaxProblem(
                    offset: unexpected.positionAfterSkippingLeadingTrivia.utf8Offset,
                    what: "unexpected '\(unexpected.trimmedSourceText.prefix(40))'")
            }
        }
        return nil
    }
}
