import DynamicTypeCore
import Foundation

/// Rule files: highlight rules as JSON.
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "description": "optional free text",
///   "rules": [
///     {"name": "bold", "pattern": "(\\*\\w+(\\s\\w+)*\\*)", "group": 1, "traits": ["bold"]},
///     {"name": "script", "pattern": "(~\\w+(\\s\\w+)*~)", "group": 1, "family": "Zapfino"},
///     {"name": "strike", "pattern": "(-\\w+(\\s\\w+)*-)", "group": 1, "strikethrough": "single"},
///     {"name": "Alice", "pattern": "\\bAlice\\b", "foregroundColor": "#FF0000"}
///   ]
/// }
/// ```
///
/// Top level: `schemaVersion` (required, `1`), `rules` (required, array, applied in order),
/// `description` (optional string). Each rule:
///
/// | key | required | value |
/// |---|---|---|
/// | `name` | yes | non-empty string, used in reports and errors |
/// | `pattern` | yes | ICU regular expression (JSON-escaped: `\\s` for `\s`) |
/// | `group` | no | capture group to style, integer ≥ 0; default 0 = the whole match |
/// | `caseInsensitive` | no | `true`/`false`, default `false` |
/// | `traits` | no | array of `"bold"`, `"italic"`: added to the font (body-based, follows the category) |
/// | `family` | no | font family or family-map key, e.g. `"Zapfino"` (→ URW Z003), at the body size |
/// | `foregroundColor`, `backgroundColor` | no | `"#RRGGBB"`, `"#RRGGBBAA"` or a name (`red`, `green`, `blue`, `black`, `white`, `gray`, …) |
/// | `strikethrough`, `underline` | no | `"single"`, `"thick"` or `"double"` |
/// | `textEffect` | no | `"letterpress"` |
/// | `kerning` | no | number: extra points after each character (0 = kerning off) |
/// | `baselineOffset` | no | number of points up |
///
/// A rule must set at least one style key. Unknown keys and bad values are errors naming the
/// file and field path (`rules.json: field 'rules[2].colour': unknown key; …`); an invalid
/// pattern names the rule and gives ICU's reason (`rule 1 'italic' …: unbalanced parentheses
/// (ICU U_REGEX_MISMATCHED_PAREN at offset 13)`).
extension HighlightRuleSet {
    /// The schema versions ``init(jsonData:origin:)`` reads.
    public static let supportedSchemaVersions = [1]

    static let topLevelKeys = ["description", "rules", "schemaVersion"]
    static let ruleKeys = [
        "backgroundColor", "baselineOffset", "caseInsensitive", "family", "foregroundColor", "group", "kerning", "name",
        "pattern", "strikethrough", "textEffect", "traits", "underline",
    ]

    /// Reads a rule file.
    ///
    /// - Throws: ``HighlightRuleError`` naming the file, the rule and the field.
    public init(contentsOf path: String) throws {
        let data: Data
        do {
            // The one input reader: regular files only (a FIFO or `/dev/zero` would block or
            // never end), refused by size before reading.
            data = try InputFile.read(atPath: path, limit: .default)
        } catch {
            let reason: String
            switch error {
            case .missing: reason = "no such file"
            case .unreadable(_, let why): reason = why
            default: reason = error.description
            }
            throw HighlightRuleError.fileMissing(path: path, reason: reason)
        }
        try self.init(jsonData: data, origin: path)
    }

    /// Parses rule-file JSON; `origin` names the source in errors.
    public init(jsonData: Data, origin: String) throws {
        let rules: [HighlightRule]
        do {
            rules = try Self.parse(jsonData, origin: origin)
        } catch let error as HighlightRuleError {
            throw error
        } catch let error as ProfileError {
            switch error {
            case .malformedJSON(let file, let detail): throw HighlightRuleError.malformedJSON(file: file, detail: detail)
            case .invalidField(let file, let path, let problem): throw HighlightRuleError.invalidField(file: file, path: path, problem: problem)
            default: throw HighlightRuleError.invalidField(file: origin, path: "$", problem: error.description)
            }
        } catch {
            throw HighlightRuleError.invalidField(file: origin, path: "$", problem: "\(error)")
        }
        try self.init(rules, file: origin)
    }

    private static func parse(_ data: Data, origin: String) throws -> [HighlightRule] {
        let root = try JSONValue.parse(data, origin: origin).object(at: "$", origin: origin)
        try rejectUnknownKeys(root, allowed: topLevelKeys, origin: origin)
        let version = try root.number("schemaVersion")
        let found = Int(exactly: version) ?? -1
        guard supportedSchemaVersions.contains(found) else {
            throw HighlightRuleError.unsupportedSchemaVersion(
                file: origin, found: found, supported: supportedSchemaVersions)
        }
        _ = try root.optionalString("description")
        return try root.array("rules").enumerated().map { index, item in
            let rule = try item.object(at: "rules[\(index)]", origin: origin)
            return try parseRule(rule, origin: origin)
        }
    }

    private static func parseRule(_ object: JSONObject, origin: String) throws -> HighlightRule {
        try rejectUnknownKeys(object, allowed: ruleKeys, origin: origin)
        func fail(_ key: String, _ problem: String) -> HighlightRuleError {
            .invalidField(file: origin, path: object.fieldPath(key), problem: problem)
        }
        let name = try object.string("name")
        let pattern = try object.string("pattern")
        var group = 0
        if let number = try object.optionalNumber("group") {
            guard number == number.rounded(), number >= 0, number < 1000 else {
                throw fail("group", "expected a whole number ≥ 0, found \(number)")
            }
            group = Int(number)
        }
        let caseInsensitive = try object.optionalBool("caseInsensitive") ?? false

        var style = HighlightStyle()
        if object.has("traits") {
            for (index, trait) in try object.strings("traits").enumerated() {
                switch trait.lowercased() {
                case "bold": style.traits.insert(.bold)
                case "italic": style.traits.insert(.italic)
                default: throw fail("traits[\(index)]", "unknown trait '\(trait)'; valid: bold, italic")
                }
            }
        }
        if let family = try object.optionalString("family") {
            guard !family.isEmpty else { throw fail("family", "must not be empty") }
            style.family = family
        }
        func color(_ key: String) throws -> RGBAColor? {
            guard let text = try object.optionalString(key) else { return nil }
            do { return try RGBAColor(parsing: text) } catch { throw fail(key, "\(error)") }
        }
        style.foregroundColor = try color("foregroundColor")
        style.backgroundColor = try color("backgroundColor")
        func line(_ key: String) throws -> UnderlineStyle? {
            guard let text = try object.optionalString(key) else { return nil }
            guard let line = UnderlineStyle.Line(rawValue: text.lowercased()) else {
                throw fail(key, "unknown line style '\(text)'; valid: single, thick, double")
            }
            return UnderlineStyle(line)
        }
        style.strikethrough = try line("strikethrough")
        style.underline = try line("underline")
        if let effect = try object.optionalString("textEffect") {
            guard let value = TextEffect.named[effect.lowercased()] else {
                throw fail("textEffect", "unknown text effect '\(effect)'; valid: letterpress")
            }
            style.textEffect = value
        }
        // Bounded like a screen's lengths: past these a line's width or height is no longer a
        // number layout and drawing can turn into pixels.
        style.kerning = try object.optionalNumber("kerning", in: -100...100, unit: "pt")
        style.baselineOffset = try object.optionalNumber("baselineOffset", in: -1000...1000, unit: "pt")
        guard !style.isEmpty else {
            throw HighlightRuleError.invalidField(
                file: origin, path: object.path,
                problem: "rule '\(name)' changes nothing; give at least one of traits, family, foregroundColor, "
                    + "backgroundColor, strikethrough, underline, textEffect, kerning, baselineOffset")
        }
        return HighlightRule(name: name, pattern: pattern, group: group, caseInsensitive: caseInsensitive, style: style)
    }

    private static func rejectUnknownKeys(_ object: JSONObject, allowed: [String], origin: String) throws {
        for key in object.keys where !allowed.contains(key) {
            var problem = "unknown key; valid keys: " + allowed.joined(separator: ", ")
            if let close = allowed.first(where: { $0.lowercased() == key.lowercased() }) {
                problem += " (did you mean '\(close)'?)"
            }
            throw HighlightRuleError.invalidField(file: origin, path: object.fieldPath(key), problem: problem)
        }
    }

    // MARK: Writing

    /// The rule set as a rule file (schema version 1, stable key order, LF endings), readable by
    /// ``init(jsonData:origin:)``.
    public func jsonString(description: String? = nil) -> String {
        func quoted(_ text: String) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
        func number(_ value: Double) -> String { PointFormat.string(value, decimals: 6) }
        var lines = ["{", "  \"schemaVersion\": 1,"]
        if let description { lines.append("  \"description\": \(quoted(description)),") }
        lines.append("  \"rules\": [")
        for (index, rule) in rules.enumerated() {
            var fields = ["\"name\": \(quoted(rule.name))", "\"pattern\": \(quoted(rule.pattern))"]
            if rule.group != 0 { fields.append("\"group\": \(rule.group)") }
            if rule.caseInsensitive { fields.append("\"caseInsensitive\": true") }
            let style = rule.style
            var traits: [String] = []
            if style.traits.contains(.bold) { traits.append("\"bold\"") }
            if style.traits.contains(.italic) { traits.append("\"italic\"") }
            if !traits.isEmpty { fields.append("\"traits\": [\(traits.joined(separator: ", "))]") }
            if let family = style.family { fields.append("\"family\": \(quoted(family))") }
            if let color = style.foregroundColor { fields.append("\"foregroundColor\": \(quoted(color.hexString))") }
            if let color = style.backgroundColor { fields.append("\"backgroundColor\": \(quoted(color.hexString))") }
            if let line = style.strikethrough { fields.append("\"strikethrough\": \(quoted(line.line.rawValue))") }
            if let line = style.underline { fields.append("\"underline\": \(quoted(line.line.rawValue))") }
            if let effect = style.textEffect { fields.append("\"textEffect\": \(quoted(effect.description))") }
            if let kerning = style.kerning { fields.append("\"kerning\": \(number(kerning))") }
            if let offset = style.baselineOffset { fields.append("\"baselineOffset\": \(number(offset))") }
            let comma = index + 1 < rules.count ? "," : ""
            lines.append("    {" + fields.joined(separator: ", ") + "}" + comma)
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
