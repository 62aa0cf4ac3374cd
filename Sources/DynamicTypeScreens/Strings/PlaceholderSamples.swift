import Foundation

/// Sample values for the placeholders in a string, so a label is measured with realistic text
/// rather than with `%@`, which is far shorter than anything an app shows there.
///
/// | Placeholder | Sample | Why |
/// |---|---|---|
/// | `%@`, `%s`, `%S`, `${name}` | `Alexandra` | a real, longer-than-average name |
/// | `%d` `%i` `%u` `%ld` `%lld` `%lu` … | a number for the plural category: zero → `0`, one → `1`, two → `2`, few → `3`, many → `11`, other (and no category) → `25` | each is in its category for the common CLDR rules, so the text and the number agree |
/// | `%x` `%o` | that number in hexadecimal or octal | |
/// | `%f` `%e` `%g` … | `1234.56` with the given precision (2 by default) | a four-digit amount, as prices and distances are |
/// | `%c` | `A` | |
/// | `%p` | `0x16d2f3a40` | |
/// | `%%` | `%` | |
/// | `%#@name@` left over | the number, as above | substitutions are numbers |
///
/// Positions (`%2$@`) change nothing, every argument of a kind gets the same sample; widths
/// (`%8d`) are padded as printf would. `{name}` fields are not printf and stay as written.
package enum PlaceholderSamples {
    /// The sample for `%@`, `%s` and `${name}`, and for any string a reader cannot settle.
    package static let name = "Alexandra"

    /// A paragraph for text views given no text: ordinary English sentences with words of
    /// mixed length, long enough to wrap several times at any size.
    public static let sampleText =
        "Your order is on its way. We will send you a notification when the courier is nearby, "
        + "and you can follow the delivery on the map at any time. If nobody is at home, the parcel "
        + "goes to the collection point around the corner, where it waits for seven days."

    /// `format` with every placeholder replaced by its sample (see the table above).
    ///
    /// - Parameters:
    ///   - format: A string from a strings file or a literal label.
    ///   - pluralCategory: The plural case the text was written for (`one`, `few`, …), so that
    ///     `%lld items` in the `one` case reads `1 items` and not `25 items`; nil for 25.
    public static func fill(_ format: String, pluralCategory: String? = nil) -> String {
        let number = sampleNumber(for: pluralCategory)
        return PlaceholderScanner.tokens(format).map { token in
            switch token {
            case .literal(let text): text
            case .percent: "%"
            case .conversion(let conversion): padded(sample(for: conversion, number: number), conversion)
            case .variable: String(number)
            case .dollarField: name
            case .braceField(let raw): raw
            }
        }.joined()
    }

    /// The number shown for a plural category.
    static func sampleNumber(for pluralCategory: String?) -> Int {
        switch pluralCategory {
        case "zero": 0
        case "one": 1
        case "two": 2
        case "few": 3
        case "many": 11
        default: 25
        }
    }

    private static func sample(for conversion: PlaceholderScanner.Conversion, number: Int) -> String {
        switch conversion.conversion {
        case "@", "s", "S": name
        case "x": String(number, radix: 16)
        case "X": String(number, radix: 16, uppercase: true)
        case "o", "O": String(number, radix: 8)
        case "c", "C": "A"
        case "p": "0x16d2f3a40"
        case "f", "F", "e", "E", "g", "G", "a", "A":
            // Capped: `%.100f` is legal but no label shows a hundred decimals.
            String(format: "%.\(min(conversion.precision ?? 2, 10))\(Character(conversion.conversion))", 1234.56)
        default: String(number)
        }
    }

    /// `text` padded to the conversion's width: left with spaces, right with `-`, zeros for `0`
    /// on numbers.
    private static func padded(_ text: String, _ conversion: PlaceholderScanner.Conversion) -> String {
        guard let width = conversion.width, text.count < width else { return text }
        let fill = width - text.count
        if conversion.flags.contains("-") { return text + String(repeating: " ", count: fill) }
        let numeric = !"@sScCp".unicodeScalars.contains(conversion.conversion)
        if conversion.flags.contains("0"), numeric { return String(repeating: "0", count: fill) + text }
        return String(repeating: " ", count: fill) + text
    }
}
