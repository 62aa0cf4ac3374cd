/// Inline suppressions in Swift files: `// dyntype:disable:next-line rule-id …` silences the
/// listed rules (or `all`) on the next line, `// dyntype:disable:this-line rule-id …` on its own
/// line. Interface Builder files have no comments a designer keeps, so they use the config or the
/// baseline instead.
package struct Suppressions: Sendable {
    /// Lines where every rule is silenced.
    private var everything: Set<Int> = []
    /// Line → the rules silenced there.
    private var rules: [Int: Set<LintRule>] = [:]

    /// The suppressions written in `lines`.
    package init(_ lines: SourceLines, bytes: [UInt8]) {
        // Most files have none: skip the per-line scan unless the marker appears at all.
        guard ByteSearch.contains("dyntype:disable:", in: bytes) else { return }
        for number in 1...lines.count {
            let line = lines.text(ofLine: number)
            guard let comment = line.range(of: "//"),
                let marker = line.range(of: "dyntype:disable:", range: comment.upperBound..<line.endIndex)
            else { continue }
            let rest = line[marker.upperBound...]
            let target: Int
            if rest.hasPrefix("next-line") {
                target = number + 1
            } else if rest.hasPrefix("this-line") {
                target = number
            } else {
                continue
            }
            // Words after the marker that are not rule ids (an explanation) are ignored.
            let words = rest.dropFirst("next-line".count).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            let named = words.compactMap { LintRule(rawValue: String($0)) }
            if words.contains("all") || words.isEmpty {
                everything.insert(target)
            } else {
                rules[target, default: []].formUnion(named)
            }
        }
    }

    /// Whether `rule` is silenced on `line`.
    package func silences(_ rule: LintRule, line: Int) -> Bool {
        everything.contains(line) || rules[line]?.contains(rule) == true
    }
}
