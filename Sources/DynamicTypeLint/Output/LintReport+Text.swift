import DynamicTypeCore
import Foundation

/// The text format: one Xcode-style line per finding, which Xcode, editors and most CI logs turn
/// into links (`path:line:col: error: message [rule-id]`; info findings are `note`).
extension LintReport {
    /// The lines of the findings listed (``listing``), each ending in a newline.
    package func text() -> String {
        listing.findings.map { $0.description + "\n" }.joined()
    }

    /// One line for stderr: `3 findings (1 error, 2 warnings) in 12 files; 4 baselined`, then a
    /// line saying how many findings are not listed when reports are capped (``LintListing``).
    package func summary() -> String {
        let counts = LintSeverity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")"
        }
        let total = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let detail = counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"
        let files = " in \(filesChecked) file\(filesChecked == 1 ? "" : "s")"
        let line = total + detail + files + (baselined > 0 ? "; \(baselined) in the baseline" : "")
            + (platformSkipped.summary.map { "; " + $0 } ?? "") + (noTargetSummary.map { "; " + $0 } ?? "")
            + (debugSummary.map { "; " + $0 } ?? "")
        return listing.notice.map { line + "\n" + $0 } ?? line
    }

    /// GitHub Actions workflow commands, one per finding (`::error file=…,line=…,col=…,title=…::message`;
    /// info findings are `::notice`): GitHub shows them on the pull request's changed lines.
    package func githubAnnotations() -> String {
        listing.findings.map { finding in
            GitHubWorkflowCommand.annotation(
                level: finding.severity.rawValue, file: finding.path, line: finding.line, column: finding.column,
                title: "dyntype " + finding.rule.rawValue, message: finding.message)
        }.joined()
    }
}
