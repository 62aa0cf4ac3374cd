import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without its leading and trailing trivia: what swift-syntax's
    /// `trimmedDescription` gives, cut from the node's own bytes. `trimmedDescription` builds a
    /// trimmed copy of the node, and swift-syntax copies every ancestor's layout to do it — the
    /// whole list of a body's statements — so calling it once per finding made lint quadratic in a
    /// file's findings (5,000 findings took 43 s in a debug build), and once per interpolation
    /// made a `Text` of 10,000 interpolations take 17 s in a release build.
    package var trimmedSourceText: String {
        let bytes = syntaxTextBytes
        let start = min(leadingTriviaLength.utf8Length, bytes.count)
        let end = max(start, bytes.count - trailingTriviaLength.utf8Length)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
