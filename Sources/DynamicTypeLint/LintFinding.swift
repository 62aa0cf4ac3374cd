/// One place in a file where a rule applies.
public struct LintFinding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule.
    public var rule: LintRule
    /// The severity after the config (the rule's default unless changed).
    public var severity: LintSeverity
    /// The file, relative to the run's root when inside it (absolute otherwise).
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column (UTF-8 bytes, as Xcode and compilers count).
    public var column: Int
    /// What happens at large sizes and how to fix it.
    public var message: String
    /// A hash of the trimmed source line (16 hex digits): the baseline matches on it instead of the
    /// line number, so edits above a finding keep it baselined.
    public var fingerprint: String

    /// A finding of `rule` at `path:line:column`.
    public init(rule: LintRule, severity: LintSeverity, path: String, line: Int, column: Int, message: String, fingerprint: String) {
        (self.rule, self.severity, self.path, self.line, self.column) = (rule, severity, path, line, column)
        (self.message, self.fingerprint) = (message, fingerprint)
    }

    /// Xcode's form: `path:line:col: warning: message [rule-id]`.
    public var description: String {
        let level = severity == .info ? "note" : severity.rawValue
        return "\(path):\(line):\(column): \(level): \(message) [\(rule.rawValue)]"
    }

    /// The report order: path, line, column, rule.
    package static func ordered(_ lhs: LintFinding, _ rhs: LintFinding) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
