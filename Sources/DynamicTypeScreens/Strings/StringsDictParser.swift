import Foundation

/// Reads `.stringsdict` files (XML property lists): per key an `NSStringLocalizedFormatKey` such
/// as `%#@items@` and one dictionary per variable with `NSStringFormatSpecTypeKey` =
/// `NSStringPluralRuleType` and its plural cases; also the `NSStringDeviceSpecificRuleType` and
/// `NSStringVariableWidthRuleType` rules, which give one text per device or width.
struct StringsDictParser {
    /// The file's path, for errors.
    let file: String

    private static let formatKey = "NSStringLocalizedFormatKey"
    private static let specTypeKey = "NSStringFormatSpecTypeKey"
    private static let valueTypeKey = "NSStringFormatValueTypeKey"
    private static let pluralRule = "NSStringPluralRuleType"
    private static let deviceRule = "NSStringDeviceSpecificRuleType"
    private static let widthRule = "NSStringVariableWidthRuleType"
    private static let entryShape =
        "a .stringsdict key maps to a dictionary with NSStringLocalizedFormatKey (e.g. %#@items@) and one dictionary per variable"

    /// The file's entries for `locale` (nil: the source language).
    func parse(_ data: Data, locale: String?) throws(StringsFileError) -> ParsedStringsFile {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw StringsFileError(
                file: file, problem: "not a valid property list (\(foundationErrorReason(error)))",
                expected: "a .stringsdict file is an XML plist dictionary")
        }
        let root = DocumentPath()
        guard let dictionary = plist as? [String: Any] else {
            throw StringsFileError(file: file, location: root.orRoot, problem: "expected a dictionary", expected: Self.entryShape)
        }
        var parsed = ParsedStringsFile()
        for key in dictionary.keys.sorted() {
            let variants = try parseEntry(dictionary[key] as Any, at: root.appending(key))
            parsed.entries.append(.init(locale: locale, key: key, variants: variants))
        }
        return parsed
    }

    private func parseEntry(_ value: Any, at path: DocumentPath) throws(StringsFileError) -> [LocalizedVariant] {
        // A plain string is legal in a stringsdict too (it simply has no rules).
        if let text = value as? String { return [LocalizedVariant(text: text)] }
        let entry = try dictionary(value, at: path, expected: Self.entryShape)
        if let rule = entry[Self.deviceRule] ?? entry[Self.widthRule] {
            let kind = entry[Self.deviceRule] != nil ? "device" : "width"
            return try parseCaseRule(rule, kind: kind, at: path.appending(kind == "device" ? Self.deviceRule : Self.widthRule))
        }
        guard let formatValue = entry[Self.formatKey] else {
            throw StringsFileError(file: file, location: path.description, problem: "missing \(Self.formatKey)", expected: Self.entryShape)
        }
        let format = try string(formatValue, at: path.appending(Self.formatKey), expected: "the format is a string such as %#@items@")
        var substitutions: [String: [SubstitutionExpander.Case]] = [:]
        for name in entry.keys.sorted() where name != Self.formatKey {
            substitutions[name] = try parseVariable(entry[name] as Any, at: path.appending(name))
        }
        let referenced = Set(SubstitutionExpander.references(in: format) + substitutions.values.flatMap { $0.flatMap { SubstitutionExpander.references(in: $0.text) } })
        if let unknown = SubstitutionExpander.references(in: format).first(where: { substitutions[$0] == nil }) {
            throw StringsFileError(
                file: file, location: path.appending(Self.formatKey).description, problem: "%#@\(unknown)@ has no variable dictionary",
                expected: "every %#@name@ in the format needs a dictionary named name next to it")
        }
        // Variables nobody references are harmless (Xcode leaves them behind); dropping them keeps
        // them from being mistaken for nesting.
        return SubstitutionExpander.expand([LocalizedVariant(text: format)], substitutions: substitutions.filter { referenced.contains($0.key) })
    }

    /// A plural variable: its cases in CLDR order; `other` is required, as on iOS, where a
    /// missing `other` shows the raw format.
    private func parseVariable(_ value: Any, at path: DocumentPath) throws(StringsFileError) -> [SubstitutionExpander.Case] {
        let shape = "a variable has \(Self.specTypeKey) = \(Self.pluralRule), \(Self.valueTypeKey) and plural cases zero, one, two, few, many, other"
        let variable = try dictionary(value, at: path, expected: shape)
        guard let typeValue = variable[Self.specTypeKey] else {
            throw StringsFileError(file: file, location: path.description, problem: "missing \(Self.specTypeKey)", expected: shape)
        }
        let type = try string(typeValue, at: path.appending(Self.specTypeKey), expected: shape)
        guard type == Self.pluralRule else {
            throw StringsFileError(
                file: file, location: path.appending(Self.specTypeKey).description, problem: "unsupported rule type \(type)",
                expected: "a variable's \(Self.specTypeKey) is \(Self.pluralRule)")
        }
        if let valueType = variable[Self.valueTypeKey] {
            _ = try string(valueType, at: path.appending(Self.valueTypeKey), expected: "a printf conversion such as d or lld")
        }
        var cases: [SubstitutionExpander.Case] = []
        for category in PluralCategory.all {
            guard let text = variable[category] else { continue }
            cases.append(.init(category: category, text: try string(text, at: path.appending(category), expected: shape)))
        }
        guard cases.contains(where: { $0.category == "other" }) else {
            throw StringsFileError(file: file, location: path.description, problem: "missing the other case", expected: shape)
        }
        return cases
    }

    /// A device or width rule: `{iphone: "…", ipad: "…"}` or `{"20": "…", "50": "…"}`.
    private func parseCaseRule(_ value: Any, kind: String, at path: DocumentPath) throws(StringsFileError) -> [LocalizedVariant] {
        let shape = kind == "device" ? "a device rule maps iphone, ipad, mac, … to strings" : "a width rule maps widths such as 20 to strings"
        let rule = try dictionary(value, at: path, expected: shape)
        guard !rule.isEmpty else { throw StringsFileError(file: file, location: path.description, problem: "no cases", expected: shape) }
        // Widths in numeric order, devices by name: both read in a stable order.
        let names = rule.keys.sorted { (Int($0) ?? Int.max, $0) < (Int($1) ?? Int.max, $1) }
        var variants: [LocalizedVariant] = []
        for name in names {
            variants.append(LocalizedVariant(text: try string(rule[name] as Any, at: path.appending(name), expected: shape), variant: "\(kind):\(name)"))
        }
        return variants
    }

    private func dictionary(_ value: Any, at path: DocumentPath, expected: String) throws(StringsFileError) -> [String: Any] {
        if let dictionary = value as? [String: Any] { return dictionary }
        throw StringsFileError(file: file, location: path.orRoot, problem: "expected a dictionary, found \(Self.describe(value))", expected: expected)
    }

    private func string(_ value: Any, at path: DocumentPath, expected: String) throws(StringsFileError) -> String {
        if let text = value as? String { return text }
        throw StringsFileError(file: file, location: path.orRoot, problem: "expected a string, found \(Self.describe(value))", expected: expected)
    }

    /// A plist value's kind in plist words.
    private static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [String: Any]: "a dictionary"
        case is [Any]: "an array"
        case is Date: "a date"
        case is Data: "data"
        case is NSNumber: "a number"
        default: "a \(type(of: value))"
        }
    }
}
