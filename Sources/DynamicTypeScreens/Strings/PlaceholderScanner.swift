/// Splits a format string into literal text and placeholders, so that sample values can be
/// filled in and the pseudo-locale can accent the text without breaking a placeholder.
enum PlaceholderScanner {
    /// A printf conversion: `%@`, `%lld`, `%2$@`, `%-8.2f`.
    struct Conversion: Equatable, Sendable {
        /// The placeholder as written.
        var raw: String
        /// `2` in `%2$@`.
        var position: Int?
        /// `-`, `0`, `+`, space, `#`, `'`.
        var flags: String
        /// `8` in `%8d` (nil for none or `*`).
        var width: Int?
        /// `2` in `%.2f` (nil for none or `.*`).
        var precision: Int?
        /// `@`, `d`, `f`, …
        var conversion: Unicode.Scalar
    }

    /// One piece of a format string.
    enum Token: Equatable, Sendable {
        /// Text shown as it is.
        case literal(String)
        /// `%%`, a percent sign.
        case percent
        /// A printf conversion.
        case conversion(Conversion)
        /// `%#@name@` (or `%1$#@name@`) left over from an unexpanded substitution.
        case variable(name: String, raw: String)
        /// `${name}`, a template field.
        case dollarField(name: String, raw: String)
        /// `{name}`, a field some templating (and ICU) uses; kept, never filled.
        case braceField(raw: String)

        /// The token as written.
        var raw: String {
            switch self {
            case .literal(let text): text
            case .percent: "%%"
            case .conversion(let conversion): conversion.raw
            case .variable(_, let raw), .dollarField(_, let raw), .braceField(let raw): raw
            }
        }
    }

    /// Conversions Foundation's `String(format:)` understands.
    private static let conversions = Set("@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars)
    private static let flags = Set("-+ #0'".unicodeScalars)
    private static let lengths = Set("hlqLztj".unicodeScalars)

    /// The tokens of `text`, adjacent literals merged.
    static func tokens(_ text: String) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let found: (Token, Int)?
            switch scalars[index] {
            case "%": found = percentToken(scalars, at: index)
            case "$": found = index + 1 < scalars.count && scalars[index + 1] == "{" ? fieldToken(scalars, at: index + 1, dollar: true) : nil
            case "{": found = fieldToken(scalars, at: index, dollar: false)
            default: found = nil
            }
            if let (token, end) = found {
                flush()
                tokens.append(token)
                index = end
            } else {
                literal.append(scalars[index])
                index += 1
            }
        }
        flush()
        return tokens
    }

    /// A token starting at `%`, and the index after it; nil when the `%` starts no valid
    /// placeholder (then it is shown as written).
    private static func percentToken(_ scalars: [Unicode.Scalar], at start: Int) -> (Token, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "%" { return (.percent, index + 1) }
        var position: Int?
        let digitsStart = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        if index > digitsStart, index < scalars.count, scalars[index] == "$" {
            position = Int(string(scalars[digitsStart..<index]))
            index += 1
        } else {
            index = digitsStart
        }
        if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
            guard let close = scalars[(index + 2)...].firstIndex(of: "@"), close > index + 2 else { return nil }
            return (.variable(name: string(scalars[(index + 2)..<close]), raw: string(scalars[start...close])), close + 1)
        }
        var flagText = String.UnicodeScalarView()
        while index < scalars.count, flags.contains(scalars[index]) {
            flagText.append(scalars[index])
            index += 1
        }
        let width = number(scalars, at: &index)
        var precision: Int?
        if index < scalars.count, scalars[index] == "." {
            index += 1
            precision = number(scalars, at: &index) ?? 0
        }
        // At most two length letters (`ll`, `hh`); more is no conversion.
        for _ in 0..<2 where index < scalars.count && lengths.contains(scalars[index]) { index += 1 }
        guard index < scalars.count, conversions.contains(scalars[index]) else { return nil }
        let conversion = Conversion(
            raw: string(scalars[start...index]), position: position, flags: String(flagText), width: width, precision: precision,
            conversion: scalars[index])
        return (.conversion(conversion), index + 1)
    }

    /// Digits (or `*`, which takes its value from an argument: nil) at `index`, moving past them.
    private static func number(_ scalars: [Unicode.Scalar], at index: inout Int) -> Int? {
        if index < scalars.count, scalars[index] == "*" {
            index += 1
            return nil
        }
        let start = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        // Capped: a width of 10^9 would make the sample text absurdly long.
        return index > start ? min(Int(string(scalars[start..<index].prefix(4))) ?? 0, 999) : nil
    }

    /// `{name}` at `open` (the brace), names made of letters, digits, `_`, `.` and `-`.
    private static func fieldToken(_ scalars: [Unicode.Scalar], at open: Int, dollar: Bool) -> (Token, Int)? {
        var index = open + 1
        while index < scalars.count, isFieldName(scalars[index]) { index += 1 }
        guard index > open + 1, index < scalars.count, scalars[index] == "}" else { return nil }
        let name = string(scalars[(open + 1)..<index])
        let raw = string(scalars[(dollar ? open - 1 : open)...index])
        return (dollar ? .dollarField(name: name, raw: raw) : .braceField(raw: raw), index + 1)
    }

    private static func isFieldName(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-".unicodeScalars.contains(scalar)
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
