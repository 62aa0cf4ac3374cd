/// Why a highlight rule or rule file cannot be used. Each message names the file (when there is
/// one), the rule by index and name, and the JSON field path, and says how to fix it.
package enum HighlightRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule file does not exist or cannot be read.
    case fileMissing(path: String, reason: String)
    /// The file is not valid JSON.
    case malformedJSON(file: String, detail: String)
    /// A field is missing, unknown, of the wrong type or has an invalid value. `path` is the
    /// field's JSON path, e.g. `rules[2].foregroundColor`.
    case invalidField(file: String?, path: String, problem: String)
    /// The file's `schemaVersion` is not one this version reads.
    case unsupportedSchemaVersion(file: String, found: Int, supported: [Int])
    /// ICU rejects the rule's pattern; `reason` is ICU's (name and offset).
    case invalidPattern(file: String?, ruleIndex: Int, ruleName: String, pattern: String, reason: String)
    /// The rule styles a capture group the pattern does not have.
    case invalidGroup(file: String?, ruleIndex: Int, ruleName: String, group: Int, available: Int)

    public var description: String {
        func prefix(_ file: String?) -> String { file.map { "\($0): " } ?? "" }
        switch self {
        case .fileMissing(let path, let reason):
            return "rule file '\(path)' cannot be read (\(reason)); check the path"
        case .malformedJSON(let file, let detail):
            return "\(file): not valid JSON: \(detail)"
        case .invalidField(let file, let path, let problem):
            return "\(prefix(file))field '\(path)': \(problem)"
        case .unsupportedSchemaVersion(let file, let found, let supported):
            return "\(file): schemaVersion \(found) is not supported; this version reads "
                + supported.map(String.init).joined(separator: ", ")
        case .invalidPattern(let file, let index, let name, let pattern, let reason):
            return "\(prefix(file))rule \(index) '\(name)' (field 'rules[\(index)].pattern'): invalid regular expression "
                + "\(pattern.debugDescription): \(reason)"
        case .invalidGroup(let file, let index, let name, let group, let available):
            let groups = available == 1 ? "1 capture group" : "\(available) capture groups"
            return "\(prefix(file))rule \(index) '\(name)' (field 'rules[\(index)].group'): group \(group) does not exist; "
                + "the pattern has \(groups) (0 = the whole match)"
        }
    }
}
