/// A `.gitignore`-style pattern for `excluded` paths: `*`, `?` and `[…]` within one path
/// component, `**` across components; a pattern without `/` (other than a trailing one) matches a
/// file or folder name at any depth; one with `/` is anchored at the root; a trailing `/` matches
/// folders only (and so everything under them).
///
/// Matching never backtracks: a component is matched by ``WildcardMatch`` (O(pattern × name)) and
/// `**` by a table over (pattern component, path component) pairs, so 16 `**` and `*a*a*a*a*b`
/// at twelve folder levels cost a few hundred component matches, not an exponential search.
package struct GlobPattern: Hashable, Sendable {
    /// The pattern as written.
    package let text: String
    private let components: [String]
    /// Each component's tokens (nil for `**`).
    private let tokens: [[WildcardMatch.Token]?]
    private let anchored: Bool
    private let foldersOnly: Bool

    /// The pattern `text`.
    package init(_ text: String) {
        self.text = text
        var body = text
        foldersOnly = body.hasSuffix("/")
        while body.hasSuffix("/") { body.removeLast() }
        if body.hasPrefix("./") { body.removeFirst(2) }
        anchored = body.contains("/")
        if body.hasPrefix("/") { body.removeFirst() }
        components = body.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        tokens = components.map { $0 == "**" ? nil : WildcardMatch.tokens($0) }
    }

    /// Whether the path `relative` (components separated by `/`, relative to the root) matches;
    /// `isFolder` tells whether it names a folder.
    package func matches(_ relative: String, isFolder: Bool) -> Bool {
        if foldersOnly && !isFolder { return false }
        let path = relative.split(separator: "/").map(String.init)
        guard !components.isEmpty else { return false }
        if anchored { return matchAnchored(path) }
        // A bare name matches the last component (the walker tests every folder on the way down).
        guard let last = path.last, components.count == 1 else { return false }
        // A lone `**` is read as `*` here, as fnmatch read it.
        return WildcardMatch.matches(tokens[0] ?? [.star], last)
    }

    /// The anchored components against `path`: `rest[i][j]` says whether components `i...` match
    /// path components `j...`, filled from the end; `**` matches any number of components.
    private func matchAnchored(_ path: [String]) -> Bool {
        let count = tokens.count, length = path.count
        var rest = Array(repeating: Array(repeating: false, count: length + 1), count: count + 1)
        rest[count][length] = true
        for i in stride(from: count - 1, through: 0, by: -1) {
            for j in stride(from: length, through: 0, by: -1) {
                if let component = tokens[i] {
                    rest[i][j] = j < length && rest[i + 1][j + 1] && WildcardMatch.matches(component, path[j])
                } else {
                    // `**`: skip it (zero components) or let it take path[j] and stay.
                    rest[i][j] = rest[i + 1][j] || (j < length && rest[i][j + 1])
                }
            }
        }
        return rest[0][0]
    }
}
