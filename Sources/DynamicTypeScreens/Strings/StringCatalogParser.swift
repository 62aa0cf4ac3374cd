import DynamicTypeCore
import Foundation

/// Reads Xcode String Catalogs (`.xcstrings`, JSON): plain string units, plural and device
/// variations (nested, e.g. device → plural) and substitutions (`%#@name@` with their own plural
/// cases).
///
/// The JSON is read with ``StrictJSON`` (duplicate keys and trailing commas refused, as for screen
/// files) and then walked by hand rather than with `Decodable`, so that every error can name the
/// exact path (`strings["Add to basket"].localizations.de.stringUnit.value`) and say what belongs
/// there. Not `JSONSerialization`: its Foundation dictionaries took 1.3 GB for a catalog of
/// 100,000 keys (30 MB); the strict reader's values keep members as they come, a few hundred
/// bytes per key.
struct StringCatalogParser {
    /// A JSON object's members, looked up by key (a catalog's objects have a handful of keys;
    /// the one with many, `strings`, is walked in order instead).
    typealias Members = [(key: String, value: StrictJSON.Value)]

    /// The file's path, for errors.
    let file: String

    /// How deep `variations` may nest: Xcode writes at most device → plural; the bound keeps a
    /// hostile file from recursing without end.
    static let maximumVariationDepth = 4

    /// The catalog's strings; every key has a source-language entry (the key itself when the
    /// catalog has none, as Xcode stores strings extracted from code).
    func parse(_ data: Data) throws(StringsFileError) -> ParsedStringsFile {
        let json: StrictJSON.Value
        do {
            json = try StrictJSON.parse(data)
        } catch {
            throw StringsFileError(
                file: file, location: "\(error.line):\(error.column)", problem: "not valid JSON (\(error.message))",
                expected: "a String Catalog is a JSON object with sourceLanguage, version and strings")
        }
        let root = DocumentPath()
        let top = try object(json, at: root, expected: "a String Catalog is a JSON object with sourceLanguage, version and strings")
        guard let sourceValue = top[member: "sourceLanguage"] else {
            throw StringsFileError(
                file: file, location: root.orRoot, problem: "missing sourceLanguage",
                expected: "a String Catalog names its source language, e.g. \"sourceLanguage\" : \"en\"")
        }
        let sourceLanguage = LprojLocale.normalized(
            try string(sourceValue, at: root.appending("sourceLanguage"), expected: "a locale identifier such as \"en\""))
        if let version = top[member: "version"] {
            _ = try string(version, at: root.appending("version"), expected: "a version such as \"1.0\"")
        }
        var parsed = ParsedStringsFile(sourceLanguage: sourceLanguage)
        guard let stringsValue = top[member: "strings"] else { return parsed }
        let stringsPath = root.appending("strings")
        let strings = try object(stringsValue, at: stringsPath, expected: "strings maps each key to its localizations")
        // Sorted so that the first error reported does not depend on the file's order.
        for (key, value) in strings.sorted(by: { $0.key < $1.key }) {
            try parseKey(key, value, at: stringsPath.appending(key), sourceLanguage: sourceLanguage, into: &parsed)
        }
        return parsed
    }

    private func parseKey(
        _ key: String, _ value: StrictJSON.Value, at path: DocumentPath, sourceLanguage: String, into parsed: inout ParsedStringsFile
    ) throws(StringsFileError) {
        let entry = try object(value, at: path, expected: "a key has optional comment, extractionState, shouldTranslate and localizations")
        var shouldTranslate = true
        if let flag = entry[member: "shouldTranslate"] {
            shouldTranslate = try bool(flag, at: path.appending("shouldTranslate"), expected: "shouldTranslate is true or false")
        }
        for field in ["comment", "extractionState"] {
            if let text = entry[member: field] { _ = try string(text, at: path.appending(field), expected: "\(field) is a string") }
        }
        var byLocale: [(locale: String, variants: [LocalizedVariant])] = []
        if let localizationsValue = entry[member: "localizations"] {
            let localizationsPath = path.appending("localizations")
            let localizations = try object(
                localizationsValue, at: localizationsPath, expected: "localizations maps each locale to a stringUnit or variations")
            for (locale, value) in localizations.sorted(by: { $0.key < $1.key }) {
                let variants = try parseLocalization(value, at: localizationsPath.appending(locale))
                byLocale.append((LprojLocale.normalized(locale), variants))
            }
        }
        let source = byLocale.first { $0.locale == sourceLanguage }?.variants ?? [LocalizedVariant(text: key)]
        parsed.entries.append(.init(locale: nil, key: key, variants: source))
        parsed.shouldTranslate[key] = shouldTranslate
        // A string marked "don't translate" reads the same everywhere; stale translations Xcode
        // may still keep for it are not what the app shows.
        guard shouldTranslate else { return }
        for (locale, variants) in byLocale where locale != sourceLanguage {
            parsed.entries.append(.init(locale: locale, key: key, variants: variants))
        }
    }

    /// One locale's text: a string unit or variations, then its substitutions expanded.
    private func parseLocalization(_ value: StrictJSON.Value, at path: DocumentPath) throws(StringsFileError) -> [LocalizedVariant] {
        let expected = "a localization has a stringUnit or variations, and optional substitutions"
        let localization = try object(value, at: path, expected: expected)
        let variants = try parseForm(localization, at: path, depth: 0, expected: expected)
        guard let substitutionsValue = localization[member: "substitutions"] else { return variants }
        let substitutionsPath = path.appending("substitutions")
        let substitutions = try object(
            substitutionsValue, at: substitutionsPath, expected: "substitutions maps each %#@name@ to its argNum, formatSpecifier and variations")
        var cases: [String: [SubstitutionExpander.Case]] = [:]
        for (name, value) in substitutions.sorted(by: { $0.key < $1.key }) {
            cases[name] = try parseSubstitution(value, at: substitutionsPath.appending(name))
        }
        return SubstitutionExpander.expand(variants, substitutions: cases)
    }

    /// A substitution's cases, with `%arg` turned into the argument's real placeholder
    /// (`%lld`, or `%2$lld` with an `argNum`) so that it is filled like any other.
    private func parseSubstitution(_ value: StrictJSON.Value, at path: DocumentPath) throws(StringsFileError) -> [SubstitutionExpander.Case] {
        let expected = "a substitution has argNum, formatSpecifier and variations.plural"
        let substitution = try object(value, at: path, expected: expected)
        var specifier = "lld"
        if let format = substitution[member: "formatSpecifier"] {
            specifier = try string(format, at: path.appending("formatSpecifier"), expected: "a format specifier such as \"lld\"")
            if specifier.hasPrefix("%") { specifier.removeFirst() }
        }
        var placeholder = "%\(specifier)"
        if let argNum = substitution[member: "argNum"] {
            guard case .number(let number, _) = argNum, number == number.rounded(), (1...999).contains(number) else {
                throw StringsFileError(
                    file: file, location: path.appending("argNum").description,
                    problem: "expected a whole number ≥ 1, found \(Self.describe(argNum))", expected: "argNum is the argument's position, 1 for the first")
            }
            placeholder = "%\(Int(number))$\(specifier)"
        }
        let variants = try parseForm(substitution, at: path, depth: 0, expected: expected)
        return variants.map { variant in
            // `plural:one` → `one`: the expander names the case after the substitution instead.
            let category = variant.variant.map { $0.hasPrefix("plural:") ? String($0.dropFirst("plural:".count)) : $0 } ?? "other"
            return SubstitutionExpander.Case(category: category, text: variant.text.replacingOccurrences(of: "%arg", with: placeholder))
        }
    }

    /// A `stringUnit` or `variations` inside `container`.
    private func parseForm(
        _ container: Members, at path: DocumentPath, depth: Int, expected: String
    ) throws(StringsFileError) -> [LocalizedVariant] {
        if let unit = container[member: "stringUnit"] {
            return [LocalizedVariant(text: try parseStringUnit(unit, at: path.appending("stringUnit")))]
        }
        if let variations = container[member: "variations"] {
            return try parseVariations(variations, at: path.appending("variations"), depth: depth + 1)
        }
        throw StringsFileError(file: file, location: path.orRoot, problem: "missing stringUnit or variations", expected: expected)
    }

    private func parseStringUnit(_ value: StrictJSON.Value, at path: DocumentPath) throws(StringsFileError) -> String {
        let expected = "a stringUnit has state and value"
        let unit = try object(value, at: path, expected: expected)
        if let state = unit[member: "state"] { _ = try string(state, at: path.appending("state"), expected: expected) }
        guard let text = unit[member: "value"] else {
            throw StringsFileError(file: file, location: path.description, problem: "missing value", expected: expected)
        }
        return try string(text, at: path.appending("value"), expected: expected)
    }

    /// `{"plural": {"one": {...}, "other": {...}}}` or `{"device": {...}}`, cases in Xcode's order.
    private func parseVariations(_ value: StrictJSON.Value, at path: DocumentPath, depth: Int) throws(StringsFileError) -> [LocalizedVariant] {
        let expected = "variations has plural or device, each mapping cases to a stringUnit or further variations"
        guard depth <= Self.maximumVariationDepth else {
            throw StringsFileError(
                file: file, location: path.description, problem: "variations nested more than \(Self.maximumVariationDepth) deep",
                expected: "Xcode nests at most device → plural")
        }
        let variations = try object(value, at: path, expected: expected)
        guard !variations.isEmpty else {
            throw StringsFileError(file: file, location: path.description, problem: "no variations", expected: expected)
        }
        var result: [LocalizedVariant] = []
        for kind in Self.ordered(variations.map(\.key), first: ["plural", "device"]) {
            let kindPath = path.appending(kind)
            let cases = try object(variations[member: kind] ?? .null, at: kindPath, expected: expected)
            for name in Self.ordered(cases.map(\.key), first: Self.caseOrder) {
                let casePath = kindPath.appending(name)
                let container = try object(cases[member: name] ?? .null, at: casePath, expected: "a case has a stringUnit or variations")
                let label = "\(kind):\(name)"
                for inner in try parseForm(container, at: casePath, depth: depth, expected: "a case has a stringUnit or variations") {
                    result.append(LocalizedVariant(text: inner.text, variant: inner.variant.map { "\(label) \($0)" } ?? label))
                }
            }
        }
        return result
    }

    /// Plural categories in CLDR order, then devices as Xcode lists them; `other` last of each.
    private static let caseOrder = ["zero", "one", "two", "few", "many"] + [
        "iphone", "ipod", "ipad", "mac", "applewatch", "appletv", "applevision", "other",
    ]

    /// `keys` with the known ones first in the given order, the rest sorted after them.
    private static func ordered(_ keys: [String], first: [String]) -> [String] {
        first.filter(keys.contains) + keys.filter { !first.contains($0) }.sorted()
    }

    // MARK: Typed access with errors that say what belongs there

    private func object(_ value: StrictJSON.Value, at path: DocumentPath, expected: String) throws(StringsFileError) -> Members {
        if case .object(let members) = value { return members }
        throw mismatch(value, at: path, wanted: "an object", expected: expected)
    }

    private func string(_ value: StrictJSON.Value, at path: DocumentPath, expected: String) throws(StringsFileError) -> String {
        if case .string(let text) = value { return text }
        throw mismatch(value, at: path, wanted: "a string", expected: expected)
    }

    private func bool(_ value: StrictJSON.Value, at path: DocumentPath, expected: String) throws(StringsFileError) -> Bool {
        if case .bool(let flag) = value { return flag }
        // Foundation reads 0 and 1 as booleans too; catalogs written by hand use them.
        if case .number(let number, _) = value, number == 0 || number == 1 { return number == 1 }
        throw mismatch(value, at: path, wanted: "true or false", expected: expected)
    }

    private func mismatch(_ value: StrictJSON.Value, at path: DocumentPath, wanted: String, expected: String) -> StringsFileError {
        StringsFileError(file: file, location: path.orRoot, problem: "expected \(wanted), found \(Self.describe(value))", expected: expected)
    }

    /// A JSON value's kind, in the words the JSON spec uses.
    static func describe(_ value: StrictJSON.Value) -> String {
        switch value {
        case .string: "a string"
        case .object: "an object"
        case .array: "an array"
        case .null: "null"
        case .number: "a number"
        case .bool: "a boolean"
        }
    }
}

extension [(key: String, value: StrictJSON.Value)] {
    /// The value of the member named `key` (objects are short: a scan beats building a dictionary).
    subscript(member key: String) -> StrictJSON.Value? {
        first(where: { $0.key == key })?.value
    }
}
