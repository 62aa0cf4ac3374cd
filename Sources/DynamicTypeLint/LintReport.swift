/// The result of a lint run: its findings in report order (path, line, column, rule) and what was read.
public struct LintReport: Hashable, Sendable {
    /// The findings, sorted.
    public var findings: [LintFinding]
    /// How many files were read (Swift and Interface Builder).
    public var filesChecked: Int
    /// Findings left out because the baseline lists them.
    public var baselined: Int

    /// A report of `findings` (sorted here) over `filesChecked` files.
    public init(findings: [LintFinding], filesChecked: Int, baselined: Int = 0) {
        self.findings = findings.sorted(by: LintFinding.ordered)
        self.filesChecked = filesChecked
        self.baselined = baselined
    }

    /// How many findings each rule has (rules without any are left out).
    public var countsByRule: [LintRule: Int] {
        findings.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }

    /// Whether a finding is at or above `severity` (what `--fail-on` checks).
    public func hasFinding(atOrAbove severity: LintSeverity) -> Bool {
        findings.contains { $0.severity >= severity }
    }
}
