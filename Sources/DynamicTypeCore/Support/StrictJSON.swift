import Foundation

/// A strict JSON reader (RFC 8259) for the data files the package reads: screens, profiles,
/// rules, device and font-family tables, shard reports and locks (package API).
///
/// Foundation's `JSONSerialization` on Linux accepts trailing commas, keeps the last of two
/// duplicate keys without a word, calls a BOM "Invalid value around character 0" and gives no
/// line. This reader refuses what the README promises to refuse, with the line and column:
/// - trailing commas, comments, single quotes, `NaN`/`Infinity`, leading zeros, control
///   characters in strings, lone surrogates in `\u` escapes;
/// - duplicate keys in one object (which value would win is otherwise a guess);
/// - invalid UTF-8, named as such with the byte offset;
/// - nesting deeper than ``maximumDepth`` (recursion stays bounded whatever the file).
///
/// A UTF-8 byte-order mark at the start is skipped, as the YAML reader does. Numbers that
/// overflow a `Double` come back as infinities: the callers' range checks refuse them with the
/// field's path, which says more than a syntax error would.
package enum StrictJSON {
    /// A parsed value; objects keep their members in file order.
    package indirect enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        /// A number; `isInteger` when written without fraction or exponent (as Foundation's
        /// `NSNumber` kinds distinguish them).
        case number(Double, isInteger: Bool)
        case string(String)
        case array([Value])
        case object([(key: String, value: Value)])

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.number(let a, _), .number(let b, _)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
            default: false
            }
        }

        package func hash(into hasher: inout Hasher) {
            switch self {
            case .null: hasher.combine(0)
            case .bool(let value): hasher.combine(value)
            case .number(let value, _): hasher.combine(value)
            case .string(let value): hasher.combine(value)
            case .array(let items): hasher.combine(items)
            case .object(let members):
                for member in members {
                    hasher.combine(member.key)
                    hasher.combine(member.value)
                }
            }
        }

        /// The value as the Foundation tree `JSONSerialization` would give (`[String: Any]`,
        /// `[Any]`, `NSNumber`, `String`, `NSNull`).
        package var foundationObject: Any {
            switch self {
            case .null: NSNull()
            case .bool(let value): NSNumber(value: value)
            case .number(let value, let isInteger):
                isInteger && abs(value) < 9e15 ? NSNumber(value: Int(value)) : NSNumber(value: value)
            case .string(let value): value
            case .array(let items): items.map(\.foundationObject)
            case .object(let members): Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.foundationObject) })
            }
        }
    }

    /// Why a document is not strict JSON, and where (1-based line and column, in characters).
    package struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        package var message: String
        /// The line of the problem.
        package var line: Int
        /// The column of the problem.
        package var column: Int

        /// `line 3, column 5: trailing comma before '}'`.
        package var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The deepest arrays and objects may nest: far beyond any real file, and small enough that
    /// the recursive reader cannot run out of stack.
    package static let maximumDepth = 128

    /// Parses `data` as one JSON document.
    ///
    /// - Throws: ``SyntaxError``.
    package static func parse(_ data: Data) throws(SyntaxError) -> Value {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let bad = invalidUTF8Offset(bytes) {
            var reader = Reader(bytes: bytes)
            reader.index = bad
            throw reader.error("the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad)); save it as UTF-8")
        }
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected \(reader.describeCurrent()) after the document") }
        return value
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8, or nil.
    private static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F  // no UTF-16 surrogates
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F  // nothing past U+10FFFF
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min && byte <= max else { return index + offset }
            }
            index += length
        }
        return nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> SyntaxError {
            var line = 1, lineStart = 0
            for offset in 0..<min(index, bytes.count) where bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
            // Columns count characters, not bytes: continuation bytes are not counted.
            let column = bytes[lineStart..<min(index, bytes.count)].count { $0 & 0xC0 != 0x80 } + 1
            return SyntaxError(message: message, line: line, column: column)
        }

        func describeCurrent() -> String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> Value {
            guard index < bytes.count else { throw error("unexpected end of file; a value was expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
            case UInt8(ascii: "'"): throw error("strings take double quotes in JSON")
            default: throw error("unexpected \(describeCurrent()); a value was expected")
            }
        }

        private mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("unexpected \(describeCurrent()); a value was expected (true, false, null, a number, a string, an array or an object)")
            }
            index += expected.count
        }

        private mutating func object(depth: Int) throws(SyntaxError) -> Value {
            guard depth <= StrictJSON.maximumDepth else { throw error("nesting deeper than \(StrictJSON.maximumDepth) levels") }
            index += 1  // {
            var members: [(key: String, value: Value)] = []
            var keys: Set<String> = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file inside an object") }
                if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeCurrent()); object keys are strings in double quotes")
                }
                let keyStart = index
                let key = try string()
                guard keys.insert(key).inserted else {
                    index = keyStart
                    throw error("duplicate key '\(key)' in one object")
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("unexpected \(describeCurrent()); ':' was expected after the key '\(key)'")
                }
                index += 1
                skipWhitespace()
                members.append((key, try value(depth: depth)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file inside an object") }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                default: throw error("unexpected \(describeCurrent()); ',' or '}' was expected")
                }
            }
        }

        private mutating func array(depth: Int) throws(SyntaxError) -> Value {
            guard depth <= StrictJSON.maximumDepth else { throw error("nesting deeper than \(StrictJSON.maximumDepth) levels") }
            index += 1  // [
            var items: [Value] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
                items.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file inside an array") }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(items)
                default: throw error("unexpected \(describeCurrent()); ',' or ']' was expected")
                }
            }
        }

        private mutating func number() throws(SyntaxError) -> Value {
            let start = index
            var isInteger = true
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit was expected in the number") }
            if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
                throw error("numbers have no leading zeros in JSON")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit was expected after the decimal point") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("a digit was expected in the exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            // `Double(_:)` gives ±inf past the range (1e999): the callers' range checks say so with the field.
            guard let number = Double(text) else { throw error("'\(text)' is not a number") }
            return .number(number, isInteger: isInteger)
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        private mutating func string() throws(SyntaxError) -> String {
            index += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flush(_ reader: Reader, upTo end: Int) {
                if runStart < end { scalars.append(contentsOf: String(decoding: reader.bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
            }
            while true {
                guard index < bytes.count else { throw error("unexpected end of file inside a string") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    flush(self, upTo: index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(self, upTo: index)
                    index += 1
                    guard index < bytes.count else { throw error("unexpected end of file inside a string") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                    default:
                        index -= 1
                        throw error("unknown escape '\\\(describeCurrent())' in a string")
                    }
                    runStart = index
                case 0x00..<0x20:
                    throw error("a control character (0x\(String(byte, radix: 16, uppercase: true))) inside a string; write it as an escape such as \\n")
                default:
                    index += 1
                }
            }
        }

        /// The scalar of `\uXXXX` (the index just past the `u`), joining a surrogate pair.
        private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
            let first = try hex4()
            if (0xD800...0xDBFF).contains(first) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate \\u\(String(first, radix: 16, uppercase: true)) without its low surrogate")
                }
                index += 2
                let second = try hex4()
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("a high surrogate not followed by a low surrogate")
                }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw error("a lone low surrogate \\u\(String(first, radix: 16, uppercase: true))")
            }
            return scalar
        }

        private mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard bytes.count - index >= 4 else { throw error("four hex digits were expected after \\u") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("four hex digits were expected after \\u")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
