import DynamicTypeCore
import Foundation

/// SARIF 2.1.0 (``SARIFLog``, the writer every dyntype command shares): one run whose driver lists
/// every rule (id, name, descriptions, help with the bad and good examples, default level) and whose
/// results point at the lines, relative to the root. Results are the findings listed
/// (``LintListing``); the count of the rest is the invocation's notification.
extension LintReport {
    /// The report as SARIF. `root` is the folder relative paths start from (absolute);
    /// `documentationURL`, when given, is the address of docs/lint.md, whose rule anchors become
    /// each rule's `helpUri` (SARIF wants an absolute URI, which a local checkout does not have).
    package func sarif(toolVersion: String, root: String, configuration: LintConfiguration, documentationURL: String?) -> String {
        let rules = LintRule.allCases.map { rule in
            SARIFLog.Rule(
                id: rule.rawValue, name: rule.name, summary: rule.summary, explanation: rule.explanation,
                helpText: "\(rule.message)\n\nReported:\n\(rule.badExample)\n\nFixed:\n\(rule.goodExample)\n\nSee \(rule.documentationAnchor).",
                helpMarkdown:
                    "\(rule.message)\n\nReported:\n\n```\n\(rule.badExample)\n```\n\nFixed:\n\n```\n\(rule.goodExample)\n```\n\nSee [\(rule.documentationAnchor)](\(documentationURL.map { "\($0)#\(rule.rawValue)" } ?? rule.documentationAnchor)).",
                level: SARIFLog.level(severity: configuration.severity(of: rule).rawValue), enabled: configuration.isEnabled(rule),
                helpURI: documentationURL.map { "\($0)#\(rule.rawValue)" })
        }
        let listing = self.listing
        let results = listing.findings.map { finding in
            SARIFLog.Result(
                ruleID: finding.rule.rawValue, level: SARIFLog.level(severity: finding.severity.rawValue), message: finding.message,
                path: finding.path, line: finding.line, column: finding.column, fingerprints: ["dyntypeLine/v1": finding.fingerprint])
        }
        var log = SARIFLog(toolVersion: toolVersion, root: root, rules: rules, results: results, informationURI: documentationURL)
        log.notices = (listing.notice.map { [$0] } ?? []) + (platformSkipped.summary.map { [$0] } ?? [])
            + (noTargetSummary.map { [$0] } ?? []) + (debugSummary.map { [$0] } ?? [])
        return log.json()
    }
}
