/// A cheap pre-scan of Swift source for nesting deeper than swift-syntax can parse and walk:
/// swift-syntax's parser and every visitor over its tree recurse once (or several times) per
/// level, so a generic type thousands of levels deep or a chain of 50,000 members (`a.b.b.b…`)
/// overflows the thread's stack and kills the process. The scan is one linear pass over the bytes,
/// run before the parser: it skips comments and string literals (but not the code interpolated in
/// them), counts the depth of `(`, `[`, `{` and of generic `<…>` together, and the length of
/// member chains (`.name` after an expression, across calls and closures), and reports the first
/// place either passes its limit.
///
/// The limits are far above hand-written code (SwiftUI bodies nest tens of levels; the longest
/// modifier chains are tens of members) and far below what overflows ``LargeStack``'s 64 MB
/// thread. Measured in a debug build (parse, the first syntax problem, a full visitor walk and a
/// location converter): a generic type 7,000 deep and a chain of 30,000 members passed on 64 MB,
/// 10,000 and 50,000 crashed; on an 8 MB main thread generics crashed between 1,000 and 2,000
/// levels and chains between 3,000 and 5,000 members — hence both the scan and the large stack.
/// Parentheses, brackets and braces hit swift-syntax's own nesting limit (about 256 levels, a
/// syntax error) before any of that; the scan's depth limit matches it for generic arguments.
package enum NestingScan {
    /// The deepest nesting accepted (brackets, parentheses, braces and generic angle brackets).
    package static let maximumDepth = 256
    /// The longest member chain accepted (`.name` accesses in one expression).
    package static let maximumChain = 5_000

    /// Where and why `source` is refused: the UTF-8 offset, the 1-based line, and what to say.
    package struct Problem: Sendable, Equatable {
        /// The UTF-8 offset where the limit was passed.
        package var offset: Int
        /// The 1-based line of ``offset``.
        package var line: Int
        /// What is wrong and how to fix it.
        package var what: String
    }

    /// The first place `source` passes ``maximumDepth`` or ``maximumChain``, nil when it does not.
    package static func problem(in source: [UInt8], maximumDepth: Int = maximumDepth, maximumChain: Int = maximumChain) -> Problem? {
        var scanner = Scanner(bytes: source, maximumDepth: maximumDepth, maximumChain: maximumChain)
        return scanner.run()
    }

    /// The scan's state: one pass, a stack of what encloses the current byte.
    private struct Scanner {
        /// What the scanner is inside.
        enum Context {
            /// Code; `closingDepth` is the depth at which an interpolation's `)` ends it (nil at top level).
            case code(closingDepth: Int?)
            /// A string literal: `#` count, and whether it is `"""`.
            case string(hashes: Int, multiline: Bool)
        }

        let bytes: [UInt8]
        let maximumDepth: Int
        let maximumChain: Int
        var index = 0
        var line = 1
        var depth = 0
        var angles = 0
        /// Member chain length per depth (index = depth).
        var chains: [Int] = [0]
        var contexts: [Context] = [.code(closingDepth: nil)]

        init(bytes: [UInt8], maximumDepth: Int, maximumChain: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
            self.maximumChain = maximumChain
        }

        func byte(at offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

        static func isIdentifier(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                || byte == 0x24 || byte >= 0x80
        }

        static func isIdentifierStart(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return Self.isIdentifier(byte) && !(byte >= 0x30 && byte <= 0x39) || byte == 0x60
        }

        func problem(_ what: String) -> Problem { Problem(offset: index, line: line, what: what) }

        func tooDeep() -> Problem {
            problem("nested more than \(maximumDepth) levels deep (brackets, parentheses, braces, generic arguments): too deep to parse safely; split the expression or type")
        }

        /// Whether `byte` is an operator or separator character that ends an expression: `,` `:`
        /// `+` `-` `*` `/` `%` `&` `|` `^` `~` `<` `>`.
        static func endsChain(_ byte: UInt8) -> Bool {
            [0x2C, 0x3A, 0x2B, 0x2D, 0x2A, 0x2F, 0x25, 0x26, 0x7C, 0x5E, 0x7E, 0x3C, 0x3E].contains(byte)
        }

        /// Whether a byte after `<` starts a generic argument: an uppercase letter, `[`, `(` or `_`.
        static func startsGenericArgument(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (byte >= 0x41 && byte <= 0x5A) || byte == 0x5B || byte == 0x28 || byte == 0x5F
        }

        mutating func run() -> Problem? {
            while index < bytes.count {
                switch contexts[contexts.count - 1] {
                case .string(let hashes, let multiline):
                    scanString(hashes: hashes, multiline: multiline)
                case .code(let closingDepth):
                    if let problem = scanCode(closingDepth: closingDepth) { return problem }
                }
            }
            return nil
        }

        /// One step inside a string literal: an escape, an interpolation, the end, or a character.
        mutating func scanString(hashes: Int, multiline: Bool) {
            let current = bytes[index]
            if current == 0x0A {
                line += 1
                index += 1
                // A single-line string cannot cross a line: it was unterminated; go back to code.
                if !multiline { contexts.removeLast() }
                return
            }
            if current == 0x5C, (1...hashes + 1).allSatisfy({ offset in offset == hashes + 1 || byte(at: index + offset) == 0x23 }) {
                let after = index + 1 + hashes
                if byte(at: after) == 0x28 {
                    // `\(`: code until the matching `)`.
                    contexts.append(.code(closingDepth: depth))
                    index = after
                    return
                }
                index = after + 1  // an escaped character
                return
            }
            if current == 0x22 {
                let quotes = multiline ? 3 : 1
                let closes = (0..<quotes).allSatisfy { byte(at: index + $0) == 0x22 } && (0..<hashes).allSatisfy { byte(at: index + quotes + $0) == 0x23 }
                if closes {
                    contexts.removeLast()
                    index += quotes + hashes
                    return
                }
            }
            index += 1
        }

        /// One step in code: a comment, a string's start, a bracket, a member access, or anything else.
        mutating func scanCode(closingDepth: Int?) -> Problem? {
            let current = bytes[index]
            switch current {
            case 0x0A:  // newline: a comparison's `<` never spans lines in practice
                line += 1
                angles = 0
                index += 1
            case 0x2F where byte(at: index + 1) == 0x2F:  // `//`
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case 0x2F where byte(at: index + 1) == 0x2A:  // `/*`, nested
                var level = 0
                while index < bytes.count {
                    if bytes[index] == 0x2F, byte(at: index + 1) == 0x2A {
                        level += 1
                        index += 2
                    } else if bytes[index] == 0x2A, byte(at: index + 1) == 0x2F {
                        level -= 1
                        index += 2
                        if level == 0 { break }
                    } else {
                        if bytes[index] == 0x0A { line += 1 }
                        index += 1
                    }
                }
            case 0x23, 0x22:  // `#…"` raw string, `"` or `"""`
                var hashes = 0
                while byte(at: index + hashes) == 0x23 { hashes += 1 }
                guard byte(at: index + hashes) == 0x22 else {
                    index += max(1, hashes)
                    return nil
                }
                let start = index + hashes
                let multiline = byte(at: start + 1) == 0x22 && byte(at: start + 2) == 0x22
                contexts.append(.string(hashes: hashes, multiline: multiline))
                chains[depth] = 0
                index = start + (multiline ? 3 : 1)
            case 0x28, 0x5B, 0x7B:  // `(`, `[`, `{`
                depth += 1
                if current == 0x7B { angles = 0 }
                if chains.count <= depth { chains.append(0) } else { chains[depth] = 0 }
                if depth + angles > maximumDepth { return tooDeep() }
                index += 1
            case 0x29, 0x5D, 0x7D:  // `)`, `]`, `}`
                if current == 0x7D { angles = 0 }
                depth = max(0, depth - 1)
                index += 1
                if current == 0x29, let closingDepth, depth == closingDepth { contexts.removeLast() }
            case 0x3C where Self.isIdentifier(byte(at: index - 1)) && Self.startsGenericArgument(byte(at: index + 1)):
                // `Name<Type`: a generic argument list (a comparison `i<n` rarely has a type-like right side).
                angles += 1
                if depth + angles > maximumDepth { return tooDeep() }
                index += 1
            case 0x3E where angles > 0 && byte(at: index - 1) != 0x2D && byte(at: index + 1) != 0x3D:
                angles -= 1
                index += 1
            case 0x3B, 0x3D:  // `;`, `=`: no generic argument list goes on past them
                if current == 0x3B || (byte(at: index + 1) != 0x3D && byte(at: index - 1) != 0x3D) { angles = 0 }
                chains[depth] = 0
                index += 1
            case 0x2E where Self.isIdentifierStart(byte(at: index + 1)):
                chains[depth] += 1
                if chains[depth] > maximumChain {
                    return problem("a chain of more than \(maximumChain) member accesses (.name): too long to parse safely; split it into several statements")
                }
                index += 1
                // The member's name: not the start of a new expression.
                while Self.isIdentifier(byte(at: index)) || byte(at: index) == 0x60 { index += 1 }
            default:
                if Self.isIdentifierStart(current) {
                    // An identifier or keyword not after `.`: a new expression at this depth.
                    chains[depth] = 0
                    while Self.isIdentifier(byte(at: index)) || byte(at: index) == 0x60 { index += 1 }
                } else {
                    // An operator or separator ends the expression a chain belongs to (`[.a, .b]`
                    // and `.a + .b` are not chains; `a?.b!.c` is).
                    if Self.endsChain(current) { chains[depth] = 0 }
                    index += 1
                }
            }
            return nil
        }
    }
}
