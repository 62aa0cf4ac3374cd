import Foundation

/// A parsed JSON value with path-aware accessors, so data-file errors can name the exact field
/// (`styles[3].sizes`) — used by the profile, font-family, device and rule-file readers.
package struct JSONValue: @unchecked Sendable {
    // `Any` from JSONSerialization: only immutable Foundation property-list values, never mutated.
    package let raw: Any

    /// Parses `data`; `origin` names the file in the error.
    package static func parse(_ data: Data, origin: String) throws(ProfileError) -> JSONValue {
        // Strict (``StrictJSON``): duplicate keys and trailing commas are refused with their line.
        do { return JSONValue(raw: try StrictJSON.parse(data).foundationObject) } catch {
            throw .malformedJSON(file: origin, detail: error.description)
        }
    }

    package func object(at path: String, origin: String) throws(ProfileError) -> JSONObject {
        guard let dict = raw as? [String: Any] else {
            throw .invalidField(file: origin, path: path, problem: "expected an object, found \(JSONValue.kind(raw))")
        }
        return JSONObject(dict: dict, path: path == "$" ? "" : path, origin: origin)
    }

    package func string(at path: String, origin: String) throws(ProfileError) -> String {
        guard let text = raw as? String else {
            throw .invalidField(file: origin, path: path, problem: "expected a string, found \(JSONValue.kind(raw))")
        }
        return text
    }

    /// JSONSerialization gives booleans as `NSNumber`s whose Objective-C type is `char` ("c").
    package static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// A human word for the JSON type of `value`.
    package static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case let number as NSNumber:
            isBoolean(number) ? "a boolean" : "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "a value of unknown type"
        }
    }
}

/// A JSON object with its path, for typed field access that reports `file: field 'a.b[2]': …`.
package struct JSONObject: @unchecked Sendable {
    package let dict: [String: Any]
    package let path: String
    package let origin: String

    package var keys: [String] { dict.keys.sorted() }

    package func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func fail(_ key: String, _ problem: String) -> ProfileError {
        .invalidField(file: origin, path: fieldPath(key), problem: problem)
    }

    package func has(_ key: String) -> Bool { dict[key] != nil && !(dict[key] is NSNull) }

    package func value(_ key: String) throws(ProfileError) -> Any {
        guard let value = dict[key] else { throw fail(key, "is missing") }
        return value
    }

    package func string(_ key: String) throws(ProfileError) -> String {
        let value = try self.value(key)
        guard let text = value as? String else { throw fail(key, "expected a string, found \(JSONValue.kind(value))") }
        return text
    }

    package func optionalString(_ key: String) throws(ProfileError) -> String? {
        has(key) ? try string(key) : nil
    }

    package func number(_ key: String) throws(ProfileError) -> Double {
        let value = try self.value(key)
        guard let number = Self.asNumber(value) else {
            throw fail(key, "expected a number, found \(JSONValue.kind(value))")
        }
        return number
    }

    package func optionalNumber(_ key: String) throws(ProfileError) -> Double? {
        has(key) ? try number(key) : nil
    }

    /// A number in `range` (`unit` follows it in the message), or nil when the key is absent:
    /// data files' numbers are range-checked here before anything uses them.
    package func optionalNumber(_ key: String, in range: ClosedRange<Double>, unit: String) throws(ProfileError) -> Double? {
        guard let number = try optionalNumber(key) else { return nil }
        guard range.contains(number) else {
            throw fail(
                key, "\(PointFormat.string(number)) \(unit) is outside \(PointFormat.string(range.lowerBound))…\(PointFormat.string(range.upperBound)) \(unit)")
        }
        return number
    }

    package func bool(_ key: String) throws(ProfileError) -> Bool {
        let value = try self.value(key)
        guard let number = value as? NSNumber, JSONValue.isBoolean(number) else {
            throw fail(key, "expected true or false, found \(JSONValue.kind(value))")
        }
        return number.boolValue
    }

    package func optionalBool(_ key: String) throws(ProfileError) -> Bool? {
        has(key) ? try bool(key) : nil
    }

    package func array(_ key: String) throws(ProfileError) -> [JSONValue] {
        let value = try self.value(key)
        guard let items = value as? [Any] else { throw fail(key, "expected an array, found \(JSONValue.kind(value))") }
        return items.map(JSONValue.init(raw:))
    }

    package func optionalArray(_ key: String) throws(ProfileError) -> [JSONValue] {
        has(key) ? try array(key) : []
    }

    package func object(_ key: String) throws(ProfileError) -> JSONObject {
        try JSONValue(raw: try value(key)).object(at: fieldPath(key), origin: origin)
    }

    package func optionalObject(_ key: String) throws(ProfileError) -> JSONObject? {
        has(key) ? try object(key) : nil
    }

    package func numbers(_ key: String) throws(ProfileError) -> [Double] {
        try array(key).enumerated().map { index, item throws(ProfileError) in
            guard let number = Self.asNumber(item.raw) else {
                throw fail("\(key)[\(index)]", "expected a number, found \(JSONValue.kind(item.raw))")
            }
            return number
        }
    }

    /// An array of numbers where `null` marks an unknown cell.
    package func optionalNumbers(_ key: String, path: String) throws(ProfileError) -> [Double?] {
        try array(key).enumerated().map { index, item throws(ProfileError) -> Double? in
            if item.raw is NSNull { return nil }
            guard let number = Self.asNumber(item.raw) else {
                throw fail("\(key)[\(index)]", "expected a number or null, found \(JSONValue.kind(item.raw))")
            }
            return number
        }
    }

    package func strings(_ key: String) throws(ProfileError) -> [String] {
        try array(key).enumerated().map { index, item throws(ProfileError) in
            try item.string(at: fieldPath("\(key)[\(index)]"), origin: origin)
        }
    }

    package func category(_ key: String) throws(ProfileError) -> ContentSizeCategory {
        let text = try string(key)
        do { return try ContentSizeCategory(parsing: text) } catch { throw fail(key, "\(error)") }
    }

    package func optionalCategory(_ key: String) throws(ProfileError) -> ContentSizeCategory? {
        has(key) ? try category(key) : nil
    }

    package func style(_ key: String) throws(ProfileError) -> TextStyle {
        let text = try string(key)
        do { return try TextStyle(parsing: text) } catch { throw fail(key, "\(error)") }
    }

    package func weight(_ key: String) throws(ProfileError) -> FontWeight {
        let text = try string(key)
        guard let weight = FontWeight(name: text) else {
            throw fail(key, "unknown weight '\(text)'; valid: " + FontWeight.allCases.map(\.name).joined(separator: ", "))
        }
        return weight
    }

    package func optionalWeight(_ key: String) throws(ProfileError) -> FontWeight? {
        has(key) ? try weight(key) : nil
    }

    private static func asNumber(_ value: Any) -> Double? {
        // Non-finite numbers (1e999 overflows to infinity) are not numbers any data file may hold.
        guard let number = value as? NSNumber, !JSONValue.isBoolean(number) else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }
}
