import DynamicTypeCore
import Foundation

/// Where each key is written in the strings files, for findings located at the key's line: a
/// String Catalog's `"key" : {`, a `.strings` file's `"key" =`, a `.stringsdict`'s
/// `<key>key</key>`. The parsers keep no positions, so each file's text is indexed once (key →
/// its least indented declaration, which in a catalog is the entry under `strings` rather than a
/// nested field of the same name); a locale's own `<locale>.lproj` file is preferred, then later
/// files (which win when merged).
package struct StringKeyLines: Sendable {
    /// Each file's index, in order of precedence.
    private let indexes: [(path: String, lines: [String: Int])]

    /// The index of `files` (unreadable files are skipped: they failed to load before this runs).
    package init(files: [String]) {
        indexes = files.compactMap { path in
            guard let data = try? InputFile.read(atPath: path, limit: .default) else { return nil }
            return (path, Self.index(String(decoding: data, as: UTF8.self), path: path))
        }
    }

    /// The indexes in the order `locale`'s keys are looked up: the locale's own `.lproj` files,
    /// then every file, last first. Worked out once per locale, not once per key.
    package func searchOrder(locale: String) -> [(path: String, lines: [String: Int])] {
        let own = indexes.filter { $0.path.contains("/\(locale).lproj/") || $0.path.hasPrefix("\(locale).lproj/") }
        return own + indexes.reversed()
    }

    /// The first of `order`'s files declaring `key`, with the line.
    package static func location(of key: String, in order: [(path: String, lines: [String: Int])]) -> FindingLocation? {
        for (path, lines) in order {
            if let line = lines[key] { return FindingLocation(path: path, line: line) }
        }
        return nil
    }

    /// Key → 1-based line of its least indented declaration in one file's text.
    package static func index(_ text: String, path: String) -> [String: Int] {
        var found: [String: (indent: Int, line: Int)] = [:]
        let plist = path.hasSuffix(".stringsdict")
        let separator: Character = path.hasSuffix(".xcstrings") ? ":" : "="
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let rest = line.dropFirst(indent)
            let key = plist ? Self.plistKey(rest) : Self.quotedKey(rest, followedBy: separator)
            guard let key, found[key].map({ indent < $0.indent }) ?? true else { continue }
            found[key] = (indent, number + 1)
        }
        return found.mapValues(\.line)
    }

    /// `"key" :` (or `=`) at the start of `text`: the key, unescaped.
    static func quotedKey(_ text: Substring, followedBy separator: Character) -> String? {
        guard text.first == "\"" else { return nil }
        var key = ""
        var escaped = false
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                key.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                let after = text[text.index(after: index)...].drop { $0 == " " || $0 == "\t" }
                return after.first == separator ? key : nil
            } else {
                key.append(character)
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// `<key>name</key>` at the start of `text`: the name, with XML's entities replaced.
    static func plistKey(_ text: Substring) -> String? {
        guard text.hasPrefix("<key>"), let end = text.range(of: "</key>") else { return nil }
        return text[text.index(text.startIndex, offsetBy: 5)..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
