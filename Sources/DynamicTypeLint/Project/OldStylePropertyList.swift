/// A value of an old-style (OpenStep) property list, the text format of Xcode's `project.pbxproj`:
/// `{ key = value; }` dictionaries, `( a, b, )` arrays and strings, quoted or bare.
package enum OldStylePropertyList: Hashable, Sendable {
    /// A string (quoted or bare; `<…>` data is kept as its hex text).
    case string(String)
    /// `( … )`.
    case array([OldStylePropertyList])
    /// `{ … }`; a key given twice keeps its last value, as Xcode does.
    case dictionary([String: OldStylePropertyList])

    /// The string, or nil for an array or a dictionary.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, or nil for a string or a dictionary.
    package var array: [OldStylePropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The entries, or nil for a string or an array.
    package var dictionary: [String: OldStylePropertyList]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// Why `bytes` is not a property list, with the byte offset where reading stopped.
    package struct ParseError: Error, Hashable, Sendable {
        /// The byte offset.
        package var offset: Int
        /// What was expected there.
        package var message: String
    }

    /// How deep dictionaries and arrays may nest: a pbxproj nests four or five levels; a file
    /// nesting hundreds is hostile, and the reader recurses, so depth is what bounds its stack.
    package static let maximumDepth = 64

    /// The property list in `bytes` (the whole input must be one value, comments around it).
    ///
    /// - Throws: ``ParseError`` for anything else: text after the value, an unterminated string
    ///   or comment, a missing `=` or `;`, nesting past ``maximumDepth``. Never traps.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> OldStylePropertyList {
        var reader = OldStylePropertyListReader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipBlanks()
        guard reader.atEnd else { throw reader.error("text after the top-level value") }
        return value
    }
}

/// The reader behind ``OldStylePropertyList/parse(_:)``: one pass over the bytes, no backtracking,
/// so time is linear in the input (each byte is looked at a bounded number of times).
private struct OldStylePropertyListReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    func error(_ message: String) -> OldStylePropertyList.ParseError {
        OldStylePropertyList.ParseError(offset: index, message: message)
    }

    /// Skips whitespace and `//` and `/* */` comments (the pbxproj's `// !$*UTF8*$!` header and
    /// its `/* Name.swift */` annotations). An unterminated block comment runs to the end, where
    /// the caller then finds no value.
    mutating func skipBlanks() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                index += 1
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                index += 2
                while index < bytes.count, !(bytes[index] == 0x2A && index + 1 < bytes.count && bytes[index + 1] == 0x2F) { index += 1 }
                index = min(bytes.count, index + 2)
            } else {
                return
            }
        }
    }

    mutating func value(depth: Int) throws(OldStylePropertyList.ParseError) -> OldStylePropertyList {
        skipBlanks()
        guard index < bytes.count else { throw error("a value expected, found the end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < OldStylePropertyList.maximumDepth else { throw error("nested deeper than \(OldStylePropertyList.maximumDepth)") }
            index += 1
            var entries: [String: OldStylePropertyList] = [:]
            while true {
                skipBlanks()
                guard index < bytes.count else { throw error("'}' expected, found the end") }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .dictionary(entries)
                }
                let key = try string()
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw error("'=' expected after the key '\(key.prefix(40))'") }
                index += 1
                let entry = try value(depth: depth + 1)
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw error("';' expected after the value of '\(key.prefix(40))'") }
                index += 1
                entries[key] = entry
            }
        case UInt8(ascii: "("):
            guard depth < OldStylePropertyList.maximumDepth else { throw error("nested deeper than \(OldStylePropertyList.maximumDepth)") }
            index += 1
            var elements: [OldStylePropertyList] = []
            while true {
                skipBlanks()
                guard index < bytes.count else { throw error("')' expected, found the end") }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    return .array(elements)
                }
                elements.append(try value(depth: depth + 1))
                skipBlanks()
                guard index < bytes.count else { throw error("')' expected, found the end") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] != UInt8(ascii: ")") {
                    throw error("',' or ')' expected in an array")
                }
            }
        case UInt8(ascii: "<"):
            // Data: hex digits and spaces up to '>', kept as text (a pbxproj holds none that matters).
            let start = index + 1
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { throw error("'>' expected after data") }
            index = end + 1
            return .string(String(decoding: bytes[start..<end], as: UTF8.self))
        default:
            return .string(try string())
        }
    }

    /// A quoted string (`\"`, `\\`, `\n`, `\t`, `\Uxxxx` and octal escapes) or a bare one.
    mutating func string() throws(OldStylePropertyList.ParseError) -> String {
        guard index < bytes.count else { throw error("a string expected, found the end") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            var output: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: output, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    try escape(into: &output)
                } else {
                    output.append(byte)
                    index += 1
                }
            }
            throw error("unterminated quoted string")
        }
        let start = index
        while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
        guard index > start else { throw error("a string expected, found '\(Character(Unicode.Scalar(bytes[index])))'") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The escape after a backslash (`index` on the character after it).
    private mutating func escape(into output: inout [UInt8]) throws(OldStylePropertyList.ParseError) {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var scalar: UInt32 = 0
            var digits = 0
            while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
                scalar = scalar << 4 | digit
                index += 1
                digits += 1
            }
            output.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var code = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                code = code << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            output.append(UInt8(truncatingIfNeeded: code))
        default: output.append(byte)  // \" \\ \' and anything else: the character itself.
        }
    }

    /// Characters of a bare string: letters, digits and `_$+/:.-` (and any byte ≥ 0x80, so a
    /// non-ASCII bare name reads rather than failing).
    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"): true
        case 0x80...: true
        default: false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
