import Foundation

/// A place inside a JSON or plist document, written the way a reader would type it to find the
/// spot: `strings["Add to basket"].localizations.de.stringUnit.value`.
struct DocumentPath: CustomStringConvertible, Sendable {
    /// The path so far; empty for the document's root.
    private(set) var description: String = ""

    /// The root of a document.
    init() {}

    /// The path one key deeper: identifier-like keys with a dot, others quoted in brackets so that
    /// keys with spaces, dots or hyphens (`"Add to basket"`, `"de-CH"`) stay unambiguous.
    func appending(_ key: String) -> DocumentPath {
        var path = self
        if Self.isIdentifier(key) {
            path.description += description.isEmpty ? key : ".\(key)"
        } else {
            let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            path.description += "[\"\(escaped)\"]"
        }
        return path
    }

    /// The root's name when the path is empty (a message needs some place to point at).
    var orRoot: String { description.isEmpty ? "(top level)" : description }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.isASCIILetterOrUnderscore else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    /// `A`–`Z`, `a`–`z` or `_`.
    fileprivate var isASCIILetterOrUnderscore: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}
