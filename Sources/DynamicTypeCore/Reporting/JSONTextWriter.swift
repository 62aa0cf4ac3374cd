/// Pretty-printed JSON written straight into bytes, for reports that can hold many thousands of
/// entries (SARIF logs). `JSONSerialization` needs the whole document as Foundation dictionaries
/// first: 80,000 SARIF results took 18 s and 860 MB that way. Here each entry is a small
/// ``JSONText`` value written as soon as it is made, so time and memory grow with the output only.
///
/// The bytes are deterministic: keys are written sorted (by their UTF-8 bytes, as
/// `JSONSerialization`'s `.sortedKeys` does for ASCII keys), two spaces indent each level, `/` is
/// not escaped, and non-ASCII text is written as UTF-8.
package struct JSONTextWriter: Sendable {
    /// The document so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty document.
    package init() {}

    /// Appends `value` at nesting `level` (its first line is not indented: the caller is already
    /// positioned, after a key or an indent).
    package mutating func write(_ value: JSONText, level: Int = 0) {
        switch value {
        case .string(let text): writeString(text)
        case .integer(let number): bytes.append(contentsOf: String(number).utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .array(let items):
            guard !items.isEmpty else { return raw("[]") }
            raw("[\n")
            for (index, item) in items.enumerated() {
                indent(level + 1)
                write(item, level: level + 1)
                raw(index == items.count - 1 ? "\n" : ",\n")
            }
            indent(level)
            raw("]")
        case .object(let members):
            guard !members.isEmpty else { return raw("{}") }
            raw("{\n")
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                indent(level + 1)
                writeString(member.key)
                raw(" : ")
                write(member.value, level: level + 1)
                raw(index == sorted.count - 1 ? "\n" : ",\n")
            }
            indent(level)
            raw("}")
        }
    }

    /// Appends text as is (punctuation and line breaks between values the caller writes itself).
    package mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends the indentation of nesting `level`.
    package mutating func indent(_ level: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped
    /// (RFC 8259 §7), everything else as its UTF-8 bytes.
    package mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The document as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A JSON value for ``JSONTextWriter``: the few kinds reports use (no floating-point numbers,
/// whose text would depend on the formatter).
package indirect enum JSONText: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([JSONText])
    /// Members in any order (written sorted by key).
    case object([(key: String, value: JSONText)])

    /// An object from `members`, written as a literal.
    package static func members(_ members: KeyValuePairs<String, JSONText>) -> JSONText {
        .object(members.map { (key: $0.key, value: $0.value) })
    }

    /// An object of strings.
    package static func strings(_ members: [String: String]) -> JSONText {
        .object(members.map { (key: $0.key, value: .string($0.value)) })
    }

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
