import DynamicTypeCore
import Foundation

/// Where each key is written in the strings files, for findings located at the key's line: a
/// String Catalog's `"key" : {`, a `.strings` file's `"key" =`, a `.stringsdict`'s
/// `<key>key</key>`. The parsers keep no positions, so the declaration is found in the text; a
/// locale's own `<locale>.lproj` file is preferred, then later files (which win when merged).
package struct StringKeyLines: Sendable {
    /// The files and their text, in order of precedence.
    private let texts: [(path: String, lines: [Substring])]

    /// The lines of `files` (unreadable files are skipped: they failed to load before this runs).
    package init(files: [String]) {
        texts = files.compactMap { path in
            guard let data = try? InputFile.read(atPath: path, limit: .default) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            return (path, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// The file and line declaring `key`, for `locale`.
    package func location(of key: String, locale: String) -> FindingLocation? {
        let own = texts.filter { $0.path.contains("/\(locale).lproj/") || $0.path.hasPrefix("\(locale).lproj/") }
        for (path, lines) in own + texts.reversed() {
            if let line = Self.line(of: key, in: lines, path: path) { return FindingLocation(path: path, line: line) }
        }
        return nil
    }

    /// The 1-based line declaring `key` in a file's `lines`.
    static func line(of key: String, in lines: [Substring], path: String) -> Int? {
        let needles: [String]
        if path.hasSuffix(".stringsdict") {
            let escaped = key.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            needles = ["<key>\(escaped)</key>"]
        } else {
            let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            // A catalog's key is followed by `:`, a .strings key by `=`.
            needles = path.hasSuffix(".xcstrings") ? ["\"\(escaped)\" :", "\"\(escaped)\":"] : ["\"\(escaped)\" =", "\"\(escaped)\"="]
        }
        for (index, line) in lines.enumerated() where needles.contains(where: { line.contains($0) }) {
            return index + 1
        }
        return nil
    }
}
