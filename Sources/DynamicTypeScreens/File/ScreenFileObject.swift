import DynamicTypeCore
import TextStack

/// One object of a screen file with its JSON path: typed field access whose errors name the
/// field (`$.views[2].font.size`), the problem and what is allowed.
struct ScreenFileObject {
    let members: [ScreenFileValue.Member]
    /// The object's own path (`$` for the document).
    let path: String
    let origin: String

    init(_ value: ScreenFileValue, path: String, origin: String, what: String) throws(ScreenFileError) {
        guard case .object(let members) = value else {
            throw ScreenFileError(
                file: origin, path: path, reason: .wrongType, message: "expected \(what) (an object), found \(value.kindDescription)")
        }
        self.members = members
        self.path = path
        self.origin = origin
    }

    // MARK: Paths and errors

    /// `path.key`, or `path["key"]` for keys that are not identifiers (table row fields may be anything).
    static func path(_ base: String, key: String) -> String {
        let isIdentifier =
            !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
            && !("0"..."9").contains(key.unicodeScalars.first!)
        return isIdentifier ? "\(base).\(key)" : "\(base)[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
    }

    func fieldPath(_ key: String) -> String { Self.path(path, key: key) }

    func error(_ key: String?, _ reason: ScreenFileError.Reason, _ message: String) -> ScreenFileError {
        ScreenFileError(file: origin, path: key.map(fieldPath) ?? path, reason: reason, message: message)
    }

    /// Numbers as people write them: `2000`, not `2000.0`.
    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    // MARK: Keys

    /// Rejects keys outside `allowed`, suggesting the closest allowed spelling.
    func checkKeys(_ allowed: [String], in what: String) throws(ScreenFileError) {
        for member in members where !allowed.contains(member.key) {
            var message = "unknown key '\(member.key)' in \(what)"
            if let suggestion = ClosestMatch.find(member.key, among: allowed) { message += " (did you mean '\(suggestion)'?)" }
            message += "; allowed: " + allowed.joined(separator: ", ")
            throw error(member.key, .unknownKey, message)
        }
    }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func value(_ key: String) -> ScreenFileValue? { members.first { $0.key == key }?.value }

    func required(_ key: String, in what: String) throws(ScreenFileError) -> ScreenFileValue {
        guard let value = value(key) else { throw error(key, .missingField, "missing required field '\(key)' in \(what)") }
        return value
    }

    /// At most one of `keys` (exactly one when `required`); returns the one given.
    func oneOf(_ keys: [String], required: Bool, in what: String) throws(ScreenFileError) -> String? {
        let given = keys.filter(has)
        let list = keys.map { "'\($0)'" }
        let choice = list.count == 2 ? "\(list[0]) or \(list[1])" : list.dropLast().joined(separator: ", ") + " or " + list.last!
        if given.count > 1 {
            throw error(
                nil, .conflictingFields,
                "\(what) has both " + given.map { "'\($0)'" }.joined(separator: " and ") + "; give only one of \(choice)")
        }
        if given.isEmpty && required { throw error(nil, .missingField, "\(what) needs \(choice)") }
        return given.first
    }

    // MARK: Scalars

    func wrongType(_ key: String, _ expected: String, _ value: ScreenFileValue) -> ScreenFileError {
        error(key, .wrongType, "expected \(expected), found \(value.kindDescription)")
    }

    func string(_ key: String, in what: String) throws(ScreenFileError) -> String {
        try string(key, value: try required(key, in: what))
    }

    func optionalString(_ key: String) throws(ScreenFileError) -> String? {
        guard let value = value(key) else { return nil }
        return try string(key, value: value)
    }

    private func string(_ key: String, value: ScreenFileValue) throws(ScreenFileError) -> String {
        guard case .string(let text) = value else { throw wrongType(key, "a string", value) }
        return text
    }

    func optionalBool(_ key: String) throws(ScreenFileError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, "true or false", value) }
        return flag
    }

    func optionalNumber(_ key: String) throws(ScreenFileError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else { throw wrongType(key, "a number", value) }
        guard number.isFinite else { throw error(key, .invalidValue, "must be a finite number, found \(Self.format(number))") }
        return number
    }

    /// A size, spacing or inset: finite and in ``ScreenFile/lengthRange`` (0…10,000 pt).
    func optionalSize(_ key: String) throws(ScreenFileError) -> Double? {
        try optionalNumber(key, in: ScreenFile.lengthRange, unit: " pt")
    }

    /// A position (an exclusion's `x`, `y`): finite and in ``ScreenFile/offsetRange``.
    func optionalOffset(_ key: String) throws(ScreenFileError) -> Double? {
        try optionalNumber(key, in: ScreenFile.offsetRange, unit: " pt")
    }

    /// A number in `range`: the one check every length, offset and size from a file goes through,
    /// so layout and drawing only ever see values they can turn into pixels.
    func optionalNumber(_ key: String, in range: ClosedRange<Double>, unit: String) throws(ScreenFileError) -> Double? {
        guard let number = try optionalNumber(key) else { return nil }
        guard range.contains(number) else {
            throw error(
                key, .invalidValue,
                "\(Self.format(number))\(unit) is outside \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))\(unit)")
        }
        return number
    }

    func size(_ key: String, in what: String) throws(ScreenFileError) -> Double {
        _ = try required(key, in: what)
        return try optionalSize(key)!
    }

    func optionalInteger(_ key: String) throws(ScreenFileError) -> Int? {
        guard let number = try optionalNumber(key) else { return nil }
        guard number.rounded() == number, abs(number) < 1e9 else {
            throw error(key, .invalidValue, "expected a whole number, found \(Self.format(number))")
        }
        return Int(number)
    }

    /// A font size in 1…1000 pt (`FontDescriptor.maximumPointSize`), as font files allow.
    func optionalPointSize(_ key: String) throws(ScreenFileError) -> Double? {
        guard let number = try optionalNumber(key) else { return nil }
        guard (1...FontDescriptor.maximumPointSize).contains(number) else {
            throw error(
                key, .invalidValue,
                "\(Self.format(number)) is outside 1…\(Self.format(FontDescriptor.maximumPointSize)) pt")
        }
        return number
    }

    /// A string naming one of `allowed` (`rawValue`s of an enum).
    func optionalName<T: RawRepresentable & CaseIterable>(_ key: String, as _: T.Type, what: String) throws(ScreenFileError)
        -> T? where T.RawValue == String
    {
        guard let text = try optionalString(key) else { return nil }
        if let found = T(rawValue: text) { return found }
        let allowed = T.allCases.map(\.rawValue)
        var message = "unknown \(what) '\(text)'"
        if let suggestion = ClosestMatch.find(text, among: allowed) { message += " (did you mean '\(suggestion)'?)" }
        throw error(key, .invalidValue, message + "; allowed: " + allowed.joined(separator: ", "))
    }

    func optionalStyle(_ key: String) throws(ScreenFileError) -> TextStyle? {
        guard let text = try optionalString(key) else { return nil }
        do { return try TextStyle(parsing: text) } catch { throw self.error(key, .invalidValue, "\(error)") }
    }

    func optionalCategory(_ key: String) throws(ScreenFileError) -> ContentSizeCategory? {
        guard let text = try optionalString(key) else { return nil }
        do { return try ContentSizeCategory(parsing: text) } catch { throw self.error(key, .invalidValue, "\(error)") }
    }

    func optionalColor(_ key: String) throws(ScreenFileError) -> RGBAColor? {
        guard let value = value(key) else { return nil }
        if case .null = value {
            // YAML reads an unquoted `#FF0000` as a comment, leaving the key empty.
            throw error(key, .wrongType, "expected a colour, found null (in YAML, quote hex colours: '#FF0000')")
        }
        let text = try string(key, value: value)
        do { return try RGBAColor(parsing: text) } catch { throw self.error(key, .invalidValue, "\(error)") }
    }

    /// `minimumCategory`/`maximumCategory`, checked to be in order.
    func limits() throws(ScreenFileError) -> CategoryLimits {
        let limits = CategoryLimits(minimum: try optionalCategory("minimumCategory"), maximum: try optionalCategory("maximumCategory"))
        if let minimum = limits.minimum, let maximum = limits.maximum, minimum > maximum {
            throw error(
                "maximumCategory", .invalidValue,
                "maximumCategory '\(maximum.name)' is smaller than minimumCategory '\(minimum.name)'")
        }
        return limits
    }

    // MARK: Structured values

    /// Insets: a number (every side), `{top, leading, bottom, trailing}` (missing sides 0) or
    /// `{vertical, horizontal}`.
    func optionalInsets(_ key: String) throws(ScreenFileError) -> EdgeInsets? {
        guard let value = value(key) else { return nil }
        if case .number = value { return EdgeInsets(all: try optionalSize(key)!) }
        guard case .object = value else { throw wrongType(key, "a number or an object of insets", value) }
        let object = try ScreenFileObject(value, path: fieldPath(key), origin: origin, what: "insets")
        let usesAxes = ScreenFileKeys.insetAxes.contains { object.has($0) }
        let usesSides = ScreenFileKeys.insetSides.contains { object.has($0) }
        if usesAxes && usesSides {
            throw object.error(
                nil, .conflictingFields, "insets mix sides and axes; use top/leading/bottom/trailing or vertical/horizontal")
        }
        if usesAxes {
            try object.checkKeys(ScreenFileKeys.insetAxes, in: "insets")
            return EdgeInsets(vertical: try object.optionalSize("vertical") ?? 0, horizontal: try object.optionalSize("horizontal") ?? 0)
        }
        try object.checkKeys(ScreenFileKeys.insetSides + ScreenFileKeys.insetAxes, in: "insets")
        return EdgeInsets(
            top: try object.optionalSize("top") ?? 0, leading: try object.optionalSize("leading") ?? 0,
            bottom: try object.optionalSize("bottom") ?? 0, trailing: try object.optionalSize("trailing") ?? 0)
    }

    func optionalArray(_ key: String) throws(ScreenFileError) -> [ScreenFileValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw wrongType(key, "an array", value) }
        return items
    }
}
