import Foundation

/// A `.gitignore`-style pattern for `excluded` paths: `*`, `?` and `[…]` within one path
/// component, `**` across components; a pattern without `/` (other than a trailing one) matches a
/// file or folder name at any depth; one with `/` is anchored at the root; a trailing `/` matches
/// folders only (and so everything under them).
package struct GlobPattern: Hashable, Sendable {
    /// The pattern as written.
    package let text: String
    private let components: [String]
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
    }

    /// Whether the path `relative` (components separated by `/`, relative to the root) matches;
    /// `isFolder` tells whether it names a folder.
    package func matches(_ relative: String, isFolder: Bool) -> Bool {
        if foldersOnly && !isFolder { return false }
        let path = relative.split(separator: "/").map(String.init)
        guard !components.isEmpty else { return false }
        if anchored { return Self.match(components[...], path[...]) }
        // A bare name matches the last component (the walker tests every folder on the way down).
        guard let last = path.last else { return false }
        return components.count == 1 && Self.fnmatch(components[0], last)
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            for skip in 0...path.count where match(rest, path.dropFirst(skip)) { return true }
            return false
        }
        guard let name = path.first, fnmatch(head, name) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func fnmatch(_ pattern: String, _ name: String) -> Bool {
        Foundation.fnmatch(pattern, name, 0) == 0
    }
}
