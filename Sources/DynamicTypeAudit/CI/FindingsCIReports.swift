import DynamicTypeCore

/// preview, switch, snapshot and strings findings as JUnit XML, GitLab Code Quality JSON and
/// Checkstyle XML (``CIReportFormats``, the writers lint uses): one issue per ``FindingGroup``,
/// located as ``FindingsSARIF`` locates them (a file inside `root`); groups about no file in the
/// repository are left out, as there. The same cap as SARIF's applies, most severe first.
package enum FindingsCIReports {
    /// The issues of `findings`; `root` is the folder relative paths start from.
    package static func issues(_ findings: [Finding], locate: (Finding) -> FindingLocation?, root: String) -> [CIReportIssue] {
        var issues: [(issue: CIReportIssue, severity: Finding.Severity)] = []
        for group in FindingGroup.groups(findings) {
            guard let location = locate(group.first) else { continue }
            let path = SARIFLog.relativePath(location.path, root: root)
            guard !path.hasPrefix("/") else { continue }
            let key = [group.first.view ?? "", group.first.kind.rawValue, group.first.element, group.first.locale ?? ""].joined(separator: "|")
            issues.append(
                (
                    CIReportIssue(
                        rule: group.first.kind.rawValue, severity: group.severity.rawValue, message: group.message, path: path, line: location.line,
                        column: nil, key: key), group.severity
                ))
        }
        if issues.count > FindingsSARIF.maximumResults {
            let ranked = issues.indices.sorted { (issues[$1].severity, $0) < (issues[$0].severity, $1) }
            issues = ranked.prefix(FindingsSARIF.maximumResults).sorted().map { issues[$0] }
        }
        return issues.map(\.issue)
    }
}
