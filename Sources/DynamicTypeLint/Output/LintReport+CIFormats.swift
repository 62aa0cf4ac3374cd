import DynamicTypeCore
import Foundation

/// JUnit XML, GitLab Code Quality JSON and Checkstyle XML (``CIReportFormats``, shared with the
/// renderer's findings): the findings listed (``LintListing``), paths relative to the root.
extension LintReport {
    /// The listed findings as CI issues.
    private var ciIssues: [CIReportIssue] {
        listing.findings.map { finding in
            CIReportIssue(
                rule: finding.rule.rawValue, severity: finding.severity.rawValue, message: finding.message, path: finding.path,
                line: finding.line, column: finding.column, key: finding.fingerprint)
        }
    }

    /// JUnit XML: a test case per finding, failed; `timestamp` is the run's time.
    package func junit(timestamp: Date) -> String { CIReportFormats.junit(ciIssues, suite: "dyntype lint", timestamp: timestamp) }

    /// GitLab Code Quality JSON.
    package func gitlabCodeQuality() -> String { CIReportFormats.gitlabCodeQuality(ciIssues) }

    /// Checkstyle XML.
    package func checkstyle() -> String { CIReportFormats.checkstyle(ciIssues) }
}
