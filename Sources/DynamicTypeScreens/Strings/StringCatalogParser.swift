import Foundation

/// Reads Xcode String Catalogs (`.xcstrings`, JSON): plain string units, plural and device
/// variations (nested, e.g. device → plural) and substitutions (`%#@name@` with their own plural
/// cases).
///
/// The JSON is decoded with `JSONSerialization` and then walked by hand rather than with
/// `Decodable`, so that every error can name the exact path (`strings["Add to basket"]
/// .localizations.de.stringUnit.value`) and say what belongs there.
struct StringCatalogParser {
    /// The file's path, for errors.
    let file: String

    /// How deep `variations` may nest: Xcode writes at most device → plural; the bound keeps a
    /// hostile file from recursing without end.
    static let maximumVariationDepth = 4

    /// The catalog's strings; every key has a source-language entry (the key itself when the
    /// catalog has none, as Xcode stores strings extracted from code).
    func parse(_ data: Data) throws(StringsFileError) -> ParsedStringsFile {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw StringsFileError(
                file: file, location: Self.jsonErrorLocation(error, in: data), problem: "not valid JSON (\(foundationErrorReason(error)))",
                expected: "a String Catalog is a JSON object with sourceLanguage, version and strings")
        }
        let root = DocumentPath()
        let top = try object(json, at: root, expected: "a String Catalog is a JSON object with sourceLanguage, version and strings")
        guard let sourceValue = top["sourceLanguage"] else {
            throw StringsFileError(
                file: file, location: root.orRoot, problem: "missing sourceLanguage",
                expected: "a String Catalog names its source language, e.g. \"sourceLanguage\" : \"en\"")
        }
        let sourceLanguage = LprojLocale.normalized(
            try string(sourceValue, at: root.appending("sourceLanguage"), expected: "a locale identifier such as \"en\""))
        if let version = top["version"] {
            _ = try string(version, at: root.appending("version"), expected: "a version such as \"1.0\"")
        }
        var parsed = ParsedStringsFile(sourceLanguage: sourceLanguage)
        guard let stringsValue = top["strings"] else { return parsed }
        let stringsPath = root.appending("strings")
        let strings = try object(stringsValue, at: stringsPath, expected: "strings maps each key to its localizations")
        // Sorted so that the first error reported does not depend on dictionary order.
        for key in strings.keys.sorted() {
            try parseKey(key, strings[key] as Any, at: stringsPath.appending(key), sourceLanguage: sourceLanguage, into: &parsed)
        }
        return parsed
    }

    private func parseKey(
        _ key: String, _ value: Any, at path: DocumentPath, sourceLanguage: String, into parsed: inout ParsedStringsFile
    ) throws(StringsFileError) {
        let entry = try object(value, at: path, expected: "a key has optional comment, extractionState, shouldTranslate and localizations")
        var shouldTranslate = true
        if let flag = entry["shouldTranslate"] {
            shouldTranslate = try bool(flag, at: path.appending("shouldTranslate"), expected: "shouldTranslate is true or false")
        }
        for field in ["comment", "extractionState"] {
            if let text = entry[field] { _ = try string(text, at: path.appending(field), expected: "\(field) is a string") }
        }
        var byLocale: [(locale: String, variants: [LocalizedVariant])] = []
        if let localizationsValue = entry["localizations"] {
            let localizationsPath = path.appending("localizations")
            let localizations = try object(
                localizationsValue, at: localizationsPath, expected: "localizations maps each locale to a stringUnit or variations")
            for locale in localizations.keys.sorted() {
                let variants = try parseLocalization(localizations[locale] as Any, at: localizationsPath.appending(locale))
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
    private func parseLocalization(_ value: Any, at path: DocumentPath) throws(StringsFileError) -> [LocalizedVariant] {
        let expected = "a localization has a stringUnit or variations, and optional substitutions"
        let localization = try object(value, at: path, expected: expected)
        let variants = try parseForm(localization, at: path, depth: 0, expected: expected)
        guard let substitutionsValue = localization["substitutions"] else { return variants }
        let substitutionsPath = path.appending("substitutions")
        let substitutions = try object(
            substitutionsValue, at: substitutionsPath, expected: "substitutions maps each %#@name@ to its argNum, formatSpecifier and variations")
        var cases: [String: [SubstitutionExpander.Case]] = [:]
        for name in substitutions.keys.sorted() {
            cases[name] = try parseSubstitution(substitutions[name] as Any, at: substitutionsPath.appending(name))
        }
        return SubstitutionExpander.expand(variants, substitutions: cases)
    }

    /// A substitution's cases, with `%arg` turned into the argument's real placeholder
    /// (`%lld`, or `%2$lld` with an `argNum`) so that it is filled like any other.
    private func parseSubstitution(_ value: Any, at path: DocumentPath) throws(StringsFileError) -> [SubstitutionExpander.Case] {
        let expected = "a substitution has argNum, formatSpecifier and variations.plural"
        let substitution = try object(value, at: path, expected: expected)
        var specifier = "lld"
        if let format = substitution["formatSpecifier"] {
            specifier = try string(format, at: path.appending("formatSpecifier"), expected: "a format specifier such as \"lld\"")
            if specifier.hasPrefix("%") { specifier.removeFirst() }
        }
        var placeholder = "%\(specifier)"
        if let argNum = substitution["argNum"] {
            guard let number = argNum as? NSNumber, !(argNum is String), number.doubleValue == number.doubleValue.rounded(),
                number.intValue >= 1
            else {
                throw StringsFileError(
                    file: file, location: path.appending("argNum").description,
                    problem: "expected a whole number ≥ 1, found \(Self.describe(argNum))", expected: "argNum is the argument's position, 1 for the first")
            }
            placeholder = "%\(number.intValue)$\(specifier)"
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
        _ container: [String: Any], at path: DocumentPath, depth: Int, expected: String
    ) throws(StringsFileError) -> [LocalizedVariant] {
        if let unit = container["stringUnit"] {
            return [LocalizedVariant(text: try parseStringUnit(unit, at: path.appending("stringUnit")))]
        }
        if let variations = container["variations"] {
            return try parseVariations(variations, at: path.appending("variations"), depth: depth + 1)
        }
        throw StringsFileError(file: file, location: path.orRoot, problem: "missing stringUnit or variations", expected: expected)
    }

    private func parseStringUnit(_ value: Any, at path: DocumentPath) throws(StringsFileError) -> String {
        let expected = "a stringUnit has state and value"
        let unit = try object(value, at: path, expected: expected)
        if let state = unit["state"] { _ = try string(state, at: path.appending("state"), expected: expected) }
        guard let text = unit["value"] else {
            throw StringsFileError(file: file, location: path.description, problem: "missing value", expected: expected)
        }
        return try string(text, at: path.appending("value"), expected: expected)
    }

    /// `{"plural": {"one": {...}, "other": {...}}}` or `{"device": {...}}`, cases in Xcode's order.
    private func parseVariations(_ value: Any, at path: DocumentPath, depth: Int) throws(StringsFileError) -> [LocalizedVariant] {
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
        for kind in Self.ordered(Array(variations.keys), first: ["plural", "device"]) {
            let kindPath = path.appending(kind)
            let cases = try object(variations[kind] as Any, at: kindPath, expected: expected)
            for name in Self.ordered(Array(cases.keys), first: Self.caseOrder) {
                let casePath = kindPath.appending(name)
                let container = try object(cases[name] as Any, at: casePath, expected: "a case has a stringUnit or variations")
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

    private func object(_ value: Any, at path: DocumentPath, expected: String) throws(StringsFileError) -> [String: Any] {
        if let object = value as? [String: Any] { return object }
        throw mismatch(value, at: path, wanted: "an object", expected: expected)
    }

    private func string(_ value: Any, at path: DocumentPath, expected: String) throws(StringsFileError) -> String {
        if let text = value as? String { return text }
        throw mismatch(value, at: path, wanted: "a string", expected: expected)
    }

    private func bool(_ value: Any, at path: DocumentPath, expected: String) throws(StringsFileError) -> Bool {
        if !(value is String), let number = value as? NSNumber, number == 0 || number == 1 { return number.boolValue }
        throw mismatch(value, at: path, wanted: "true or false", expected: expected)
    }

    private func mismatch(_ value: Any, at path: DocumentPath, wanted: String, expected: String) -> StringsFileError {
        StringsFileError(file: file, location: path.orRoot, problem: "expected \(wanted), found \(Self.describe(value))", expected: expected)
    }

    /// A JSON value's kind, in the words the JSON spec uses.
    static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [String: Any]: "an object"
        case is [Any]: "an array"
        case is NSNull: "null"
        case is NSNumber: "a number"
        default: "a \(type(of: value))"
        }
    }

    /// `line:column` of a syntax error, so the location reads like a `.strings` error's:
    /// Foundation on Apple platforms names the line and column, on Linux the byte offset
    /// ("around character 51"), which is turned into a line and column here.
    private static func jsonErrorLocation(_ error: any Error, in data: Data) -> String? {
        let reason = foundationErrorReason(error)
        func number(after label: String) -> Int? {
            guard let range = reason.range(of: label) else { return nil }
            return Int(reason[range.upperBound...].prefix { $0.isNumber })
        }
        if let line = number(after: "line "), let column = number(after: "column ") { return "\(line):\(column)" }
        guard let offset = number(after: "character "), offset <= data.count else { return nil }
        var line = 1
        var column = 1
        // Columns count characters, not bytes: UTF-8 continuation bytes do not advance them.
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "\(line):\(column)"
    }
}
