/// One path component against one glob component (`*`, `?`, `[…]`, `\` escapes), as `fnmatch(3)`
/// with no flags reads them, without backtracking: `fnmatch` is exponential in the number of `*`
/// (`*a*a*a*a*b` against a long name), this is O(pattern × name) at worst.
///
/// The classic two-pointer algorithm: on a mismatch, go back only to the last `*` and let it eat
/// one more character. That is enough because a later `*` can absorb anything an earlier one
/// could, so only the last one ever needs to move.
enum WildcardMatch {
    /// A parsed pattern element.
    enum Token: Hashable, Sendable {
        /// One exact character.
        case literal(Character)
        /// `?`: any one character.
        case any
        /// `*`: any run of characters.
        case star
        /// `[…]`: one character in (or, `negated`, not in) the ranges.
        case set(ranges: [ClosedRange<Character>], negated: Bool)
    }

    /// The elements of `pattern`. An unclosed `[` is a literal `[`, as fnmatch reads it.
    static func tokens(_ pattern: String) -> [Token] {
        let characters = Array(pattern)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "*":
                // `**` within a component is one `*`.
                if tokens.last != .star { tokens.append(.star) }
                index += 1
            case "?":
                tokens.append(.any)
                index += 1
            case "\\" where index + 1 < characters.count:
                tokens.append(.literal(characters[index + 1]))
                index += 2
            case "[":
                if let (set, next) = bracket(characters, from: index) {
                    tokens.append(set)
                    index = next
                } else {
                    tokens.append(.literal("["))
                    index += 1
                }
            default:
                tokens.append(.literal(character))
                index += 1
            }
        }
        return tokens
    }

    /// The set starting at `characters[start]` (a `[`) and the index after its `]`, nil if unclosed.
    private static func bracket(_ characters: [Character], from start: Int) -> (Token, Int)? {
        var index = start + 1
        var negated = false
        if index < characters.count, characters[index] == "!" || characters[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while index < characters.count {
            var low = characters[index]
            // A `]` right after `[` or `[!` is a member, not the end.
            if low == "]" && !first { return (.set(ranges: ranges, negated: negated), index + 1) }
            first = false
            if low == "\\", index + 1 < characters.count {
                index += 1
                low = characters[index]
            }
            if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]" {
                var high = characters[index + 2]
                var end = index + 2
                if high == "\\", end + 1 < characters.count {
                    end += 1
                    high = characters[end]
                }
                // A reversed range (`[z-a]`) matches nothing, as in fnmatch.
                if low <= high { ranges.append(low...high) }
                index = end + 1
            } else {
                ranges.append(low...low)
                index += 1
            }
        }
        return nil
    }

    /// Whether `name` matches `tokens` (from ``tokens(_:)``).
    static func matches(_ tokens: [Token], _ name: String) -> Bool {
        let text = Array(name)
        var t = 0, n = 0
        // The last `*` seen and the name position it was tried at.
        var star: Int?
        var starName = 0
        while n < text.count {
            if t < tokens.count, tokens[t] != .star, accepts(tokens[t], text[n]) {
                t += 1
                n += 1
            } else if t < tokens.count, tokens[t] == .star {
                star = t
                starName = n
                t += 1
            } else if let star {
                t = star + 1
                starName += 1
                n = starName
            } else {
                return false
            }
        }
        while t < tokens.count, tokens[t] == .star { t += 1 }
        return t == tokens.count
    }

    /// Whether one token accepts `character` (never called with ``Token/star``).
    private static func accepts(_ token: Token, _ character: Character) -> Bool {
        switch token {
        case .literal(let expected): character == expected
        case .any: true
        case .star: false
        case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
        }
    }
}
