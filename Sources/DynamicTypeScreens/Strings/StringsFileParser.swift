import Foundation

/// Reads `.strings` files the way Apple's property-list parser does: `"key" = "value";` entries
/// with `/* */` and `//` comments, unquoted keys and values made of letters, digits and
/// `_$/:.-`, a bare `"key";` meaning the key is its own value, escapes (`\" \\ \n \t \r \U1234
/// \u1234`, octal `\101`, surrogate pairs), an optional `{ … }` around everything, and XML
/// property lists, which Apple also accepts under the `.strings` extension.
struct StringsFileParser {
    /// The file's path, for errors.
    let file: String

    /// The file's entries for `locale` (nil: the source language).
    func parse(_ data: Data, locale: String?) throws(StringsFileError) -> ParsedStringsFile {
        let text = try StringsTextDecoder.decode(data, file: file)
        if text.drop(while: \.isWhitespace).hasPrefix("<") { return try parseXML(data, locale: locale) }
        var scanner = Scanner(scalars: Array(text.unicodeScalars), file: file)
        var parsed = ParsedStringsFile()
        for (key, value) in try scanner.entries() {
            parsed.entries.append(.init(locale: locale, key: key, variants: [LocalizedVariant(text: value)]))
        }
        return parsed
    }

    private func parseXML(_ data: Data, locale: String?) throws(StringsFileError) -> ParsedStringsFile {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw StringsFileError(
                file: file, problem: "not a valid XML property list (\(foundationErrorReason(error)))",
                expected: "a .strings file is \"key\" = \"value\"; lines or an XML plist of string keys and values")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw StringsFileError(
                file: file, location: "(top level)", problem: "expected a dictionary",
                expected: "an XML .strings file is a plist dictionary of string keys and values")
        }
        var parsed = ParsedStringsFile()
        for key in dictionary.keys.sorted() {
            guard let value = dictionary[key] as? String else {
                throw StringsFileError(
                    file: file, location: DocumentPath().appending(key).description, problem: "expected a string",
                    expected: "an XML .strings file maps keys to strings")
            }
            parsed.entries.append(.init(locale: locale, key: key, variants: [LocalizedVariant(text: value)]))
        }
        return parsed
    }
}

/// The `.strings` syntax, scalar by scalar, with the line and column of every position so
/// errors can point at them.
private struct Scanner {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    static let entryShape = "a .strings entry is \"key\" = \"value\"; (comments /* */ and // allowed)"

    var position: String { "\(line):\(column)" }
    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    func error(_ problem: String, at location: String? = nil, expected: String = entryShape) -> StringsFileError {
        StringsFileError(file: file, location: location ?? position, problem: problem, expected: expected)
    }

    /// Every entry in file order (a repeated key's last value is the one that counts).
    mutating func entries() throws(StringsFileError) -> [(String, String)] {
        var result: [(String, String)] = []
        try skipTrivia()
        // Apple's parser also takes the whole file as one `{ … }` dictionary.
        let braced = current == "{"
        if braced {
            advance()
            try skipTrivia()
        }
        while let scalar = current {
            if braced, scalar == "}" {
                advance()
                try skipTrivia()
                guard atEnd else { throw error("text after the closing }", expected: "nothing follows the dictionary") }
                return result
            }
            let keyStart = position
            let key = try readString(what: "a key")
            try skipTrivia()
            var value = key
            if current == "=" {
                advance()
                try skipTrivia()
                value = try readString(what: "a value")
            }
            let afterValue = position
            try skipTrivia()
            guard current == ";" else {
                let found = current.map { "found \(Self.describe($0))" } ?? "the file ends"
                throw error(
                    "missing ; after the entry for \"\(key)\" (started at \(keyStart)); \(found)", at: afterValue)
            }
            advance()
            result.append((key, value))
            try skipTrivia()
        }
        if braced { throw error("the file ends before the closing }", expected: "a { dictionary ends with }") }
        return result
    }

    /// Skips whitespace and comments.
    mutating func skipTrivia() throws(StringsFileError) {
        while let scalar = current {
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", peek(1) == "*" {
                let start = position
                advance()
                advance()
                while !(current == "*" && peek(1) == "/") {
                    guard !atEnd else {
                        throw error("a /* comment is never closed", at: start, expected: "close comments with */")
                    }
                    advance()
                }
                advance()
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while let next = current, next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    /// A quoted or unquoted string.
    mutating func readString(what: String) throws(StringsFileError) -> String {
        guard let scalar = current else { throw error("the file ends where \(what) belongs") }
        if scalar == "\"" || scalar == "'" { return try readQuoted(quote: scalar) }
        guard Self.isUnquoted(scalar) else {
            throw error(
                "expected \(what), found \(Self.describe(scalar))",
                expected: "keys and values are \"quoted\", or unquoted letters, digits and _$/:.-")
        }
        var text = String.UnicodeScalarView()
        while let next = current, Self.isUnquoted(next) {
            text.append(next)
            advance()
        }
        return String(text)
    }

    private mutating func readQuoted(quote: Unicode.Scalar) throws(StringsFileError) -> String {
        let start = position
        advance()
        var text = String.UnicodeScalarView()
        // A \U escape of a high surrogate waits here for its low half.
        var pendingHigh: UInt32?
        while true {
            guard let scalar = current else {
                throw error("a string is never closed", at: start, expected: "end strings with \(quote)")
            }
            if scalar == quote {
                guard pendingHigh == nil else { throw loneSurrogate(at: position) }
                advance()
                break
            }
            guard scalar == "\\" else {
                guard pendingHigh == nil else { throw loneSurrogate(at: position) }
                text.append(scalar)
                advance()
                continue
            }
            let escapeStart = position
            advance()
            guard let escaped = current else { throw error("a string is never closed", at: start, expected: "end strings with \(quote)") }
            advance()
            if escaped == "U" || escaped == "u" {
                let unit = try readHex4(escaped, at: escapeStart)
                switch (unit, pendingHigh) {
                case (0xD800...0xDBFF, nil):
                    pendingHigh = unit
                case (0xDC00...0xDFFF, let high?):
                    // Both halves are in range, so the scalar always exists.
                    text.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                    pendingHigh = nil
                case (_, nil):
                    guard let scalar = Unicode.Scalar(unit) else { throw loneSurrogate(at: escapeStart) }
                    text.append(scalar)
                default:
                    throw loneSurrogate(at: escapeStart)
                }
                continue
            }
            guard pendingHigh == nil else { throw loneSurrogate(at: escapeStart) }
            switch escaped {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "a": text.append("\u{07}")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "0"..."7":
                var value = escaped.value - 48
                for _ in 0..<2 {
                    guard let digit = current, ("0"..."7").contains(digit) else { break }
                    value = value << 3 | (digit.value - 48)
                    advance()
                }
                // Three octal digits reach at most 0o777, always a valid scalar.
                text.append(Unicode.Scalar(value)!)
            default:
                // `\"`, `\\`, `\'` and any other escaped character stand for themselves.
                text.append(escaped)
            }
        }
        return String(text)
    }

    private mutating func readHex4(_ escaped: Unicode.Scalar, at escapeStart: String) throws(StringsFileError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current, digit.isASCII, let nibble = UInt32(String(digit), radix: 16) else {
                throw error(
                    "\\\(escaped) needs four hexadecimal digits", at: escapeStart,
                    expected: "write \\U00E9 for é, or a surrogate pair \\UD83D\\UDE00")
            }
            value = value << 4 | nibble
            advance()
        }
        return value
    }

    private func loneSurrogate(at location: String) -> StringsFileError {
        error("a \\U escape of a lone surrogate", at: location, expected: "surrogates come in pairs, \\UD83D\\UDE00")
    }

    /// The characters Apple's parser accepts without quotes.
    static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "_$/:.-".unicodeScalars.contains(scalar)
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "the end of the line"
        case "\"": "a quote"
        default: "'\(scalar)'"
        }
    }
}
