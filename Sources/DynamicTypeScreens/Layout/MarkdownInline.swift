import Foundation

/// The inline Markdown SwiftUI draws in a `Text` made from a `LocalizedStringKey` (Apple:
/// "`Text` … renders Markdown formatting … bold, italic, strikethrough, inline code and links",
/// developer.apple.com/documentation/swiftui/text, section "Styling the view's text"; only
/// inline syntax: `AttributedString(markdown:)` with `.inlineOnlyPreservingWhitespace`):
///
/// | Written | Drawn |
/// |---|---|
/// | `**strong**`, `__strong__` | bold |
/// | `*emphasis*`, `_emphasis_` | italic |
/// | `***both***` | bold italic |
/// | `~~struck~~` | struck through (same width) |
/// | `` `code` `` | monospaced |
/// | `[title](url)` | the title, as a link |
/// | `\*` | a literal `*` |
///
/// A marker without its closing partner is drawn as written, as CommonMark does. One pass over
/// the text, plus a search per opening marker for its closer, which stops at the end of its
/// paragraph; a search that found nothing is remembered, so later openers of that marker in the
/// same stretch do not search again (a paragraph of a million `[` stays linear).
package enum MarkdownInline {
    /// A style a run has.
    package struct Style: OptionSet, Hashable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let bold = Style(rawValue: 1)
        package static let italic = Style(rawValue: 2)
        package static let strikethrough = Style(rawValue: 4)
        package static let code = Style(rawValue: 8)
        package static let link = Style(rawValue: 16)
    }

    /// A run of the drawn text with one style.
    package struct Run: Hashable, Sendable {
        /// The text drawn.
        package var text: String
        /// Its style (empty: plain).
        package var style: Style

        /// A run.
        package init(text: String, style: Style) {
            self.text = text
            self.style = style
        }
    }

    /// Whether `text` may hold Markdown at all (a quick check before parsing).
    package static func mayHoldMarkdown(_ text: String) -> Bool {
        text.contains { "*_~`[\\".contains($0) }
    }

    /// `text` as styled runs, markers removed; plain text is one run.
    package static func runs(_ text: String) -> [Run] {
        guard mayHoldMarkdown(text) else { return [Run(text: text, style: [])] }
        var runs: [Run] = []
        parse(Array(text), style: [], into: &runs)
        // Adjacent runs of one style merge (`a` `b` after an escape).
        var merged: [Run] = []
        for run in runs where !run.text.isEmpty {
            if let last = merged.last, last.style == run.style {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
        return merged.isEmpty ? [Run(text: "", style: [])] : merged
    }

    /// The drawn text of `text`: its runs joined.
    package static func plainText(_ text: String) -> String { runs(text).map(\.text).joined() }

    /// The deepest nesting of emphasis followed (`***a***` is two); deeper markers are drawn as written.
    static let maximumNesting = 8

    private static func parse(_ characters: [Character], style: Style, into runs: inout [Run], depth: Int = 0) {
        var plain = ""
        var index = 0
        // Per marker, a stretch known to hold no closer of it: [from, until).
        var failed: [String: (from: Int, until: Int)] = [:]
        func closing(_ marker: [Character], from start: Int) -> Int? {
            let key = String(marker)
            if let known = failed[key], start >= known.from, start < known.until { return nil }
            let found = MarkdownInline.closing(marker, in: characters, from: start)
            if found.index == nil { failed[key] = (start, found.stoppedAt) }
            return found.index
        }
        func flush() {
            if !plain.isEmpty { runs.append(Run(text: plain, style: style)) }
            plain = ""
        }
        while index < characters.count {
            let character = characters[index]
            // An escaped marker is drawn as itself.
            if character == "\\", index + 1 < characters.count, "*_~`[]()\\".contains(characters[index + 1]) {
                plain.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "`", let close = closing(["`"], from: index + 1) {
                flush()
                runs.append(Run(text: String(characters[(index + 1)..<close]), style: style.union(.code)))
                index = close + 1
                continue
            }
            if character == "[", let end = closing(["]"], from: index + 1), end + 1 < characters.count,
                characters[end + 1] == "(", let paren = closing([")"], from: end + 2)
            {
                flush()
                if depth < maximumNesting { parse(Array(characters[(index + 1)..<end]), style: style.union(.link), into: &runs, depth: depth + 1) }
                index = paren + 1
                continue
            }
            if depth < maximumNesting, let (marker, added) = emphasis(at: index, in: characters),
                index + marker.count < characters.count, !characters[index + marker.count].isWhitespace,
                let close = closing(marker, from: index + marker.count), close > index + marker.count,
                !characters[close - 1].isWhitespace
            {
                flush()
                parse(Array(characters[(index + marker.count)..<close]), style: style.union(added), into: &runs, depth: depth + 1)
                index = close + marker.count
                continue
            }
            plain.append(character)
            index += 1
        }
        flush()
    }

    /// The emphasis marker starting at `index` and the style it adds: `***`, `**`, `__`, `~~`, `*`, `_`.
    private static func emphasis(at index: Int, in characters: [Character]) -> ([Character], Style)? {
        guard "*_~".contains(characters[index]) else { return nil }
        func starts(_ marker: String) -> Bool { matches(Array(marker), in: characters, at: index) }
        if starts("***") { return (Array("***"), [.bold, .italic]) }
        if starts("**") { return (Array("**"), .bold) }
        if starts("__") { return (Array("__"), .bold) }
        if starts("~~") { return (Array("~~"), .strikethrough) }
        if starts("*") { return (Array("*"), .italic) }
        // `_` inside a word (`snake_case`) is not emphasis (CommonMark's left-flanking rule for `_`).
        if starts("_"), index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber) { return (Array("_"), .italic) }
        return nil
    }

    /// Whether `marker` is at `index` (compared in place: this runs for every character searched).
    private static func matches(_ marker: [Character], in characters: [Character], at index: Int) -> Bool {
        guard index + marker.count <= characters.count else { return false }
        for offset in marker.indices where characters[index + offset] != marker[offset] { return false }
        return true
    }

    /// The index of the next `marker` at or after `start` in the same paragraph, skipping escapes;
    /// for `_`, one not followed by a letter or digit; and where the search stopped.
    private static func closing(_ marker: [Character], in characters: [Character], from start: Int) -> (index: Int?, stoppedAt: Int) {
        var index = start
        while index + marker.count <= characters.count {
            let character = characters[index]
            if character == "\n", index + 1 < characters.count, characters[index + 1] == "\n" { return (nil, index) }
            if character == "\\" {
                index += 2
                continue
            }
            if matches(marker, in: characters, at: index) {
                let after = index + marker.count
                // `**a**b` closes at the first `**`; a lone `*` does not close at `**`'s first star.
                let longer = marker.count == 1 && marker[0] != "`" && after < characters.count && characters[after] == marker[0]
                let intraword = marker == ["_"] && after < characters.count && (characters[after].isLetter || characters[after].isNumber)
                if !longer && !intraword { return (index, index) }
                index += longer ? 2 : 1
                continue
            }
            index += 1
        }
        return (nil, characters.count)
    }
}
