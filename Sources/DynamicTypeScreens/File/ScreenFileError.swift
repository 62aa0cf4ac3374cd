/// A screen file that cannot be read: which file, where in it (a JSON path such as
/// `$.views[2].children[0].font.size`), what is wrong and what is allowed.
///
/// ```text
/// checkout.screen.json: $.views[2].font.size: 2000 is outside 1…1000 pt
/// profile.screen.yaml:4:9: malformed YAML: mapping values are not allowed in this context
/// ```
package struct ScreenFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of problem it is (for callers that react to some kinds; the message says the rest).
    public enum Reason: String, Equatable, Sendable, CaseIterable {
        /// The file could not be read.
        case unreadable
        /// The file is larger than ``ScreenFile/maximumFileSize``.
        case tooLarge
        /// The JSON or YAML itself is malformed (``ScreenFileError/line``/``ScreenFileError/column`` when known).
        case malformed
        /// `schemaVersion` is not one this reader understands.
        case unsupportedVersion
        /// A key the format does not have.
        case unknownKey
        /// A value of the wrong JSON type.
        case wrongType
        /// A required field is absent.
        case missingField
        /// Fields that exclude each other (`text` and `key`, `style` and `font`).
        case conflictingFields
        /// A value of the right type that is not allowed (an unknown name, a size out of range).
        case invalidValue
        /// Two views of one screen with the same id.
        case duplicateID
        /// Views nested deeper than ``ScreenFile/maximumNestingDepth``.
        case tooDeep
    }

    /// The file (its path, or the origin given to ``ScreenFile/decode(_:origin:format:)``).
    public var file: String
    /// The JSON path of the offending value (`$` is the whole document; empty when the problem is
    /// the file itself).
    public var path: String
    /// The kind of problem.
    public var reason: Reason
    /// What is wrong and what is allowed.
    public var message: String
    /// The parser's line (1-based) for malformed files, when it reports one.
    public var line: Int?
    /// The parser's column (1-based) for malformed files, when it reports one.
    public var column: Int?

    /// An error.
    public init(file: String, path: String, reason: Reason, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.reason = reason
        self.message = message
        self.line = line
        self.column = column
    }

    /// `file:line:column: message` for syntax errors (the form editors jump to), otherwise
    /// `file: path: message`.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
    }
}
