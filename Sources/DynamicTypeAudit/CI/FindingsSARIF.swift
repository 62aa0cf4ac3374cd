import DynamicTypeCore

/// preview, switch, snapshot and strings findings as SARIF 2.1.0 (``SARIFLog``, the writer lint
/// uses): one rule per finding kind, one result per ``FindingGroup``, located in the view's
/// source file (``FindingLocation``), with a fingerprint of the group's key so code scanning
/// follows a problem across commits and categories.
///
/// A log holds at most ``maximumResults`` results, the most severe first (GitHub code scanning
/// stores the top 5,000 results of a run and rejects more than 25,000: docs.github.com, "SARIF
/// results exceed one or more limits"); the count of the rest is the invocation's notification.
package enum FindingsSARIF {
    /// The most results one log lists.
    package static let maximumResults = 5_000

    /// The log of `findings`; `root` is the folder relative paths start from.
    package static func log(_ findings: [Finding], locate: (Finding) -> FindingLocation?, root: String, toolVersion: String) -> SARIFLog {
        let rules = Finding.Kind.allCases.map { kind in
            SARIFLog.Rule(
                id: kind.rawValue, name: kind.ruleName, summary: kind.summary,
                explanation: "\(kind.summary) Found by dyntype at one or more content-size categories (xSmall…accessibility5).",
                helpText: "\(kind.summary) See docs/commands.md for every finding kind and docs/ci.md for --fail-on and baselines.",
                helpMarkdown: "\(kind.summary) See `docs/commands.md` for every finding kind and `docs/ci.md` for `--fail-on` and baselines.",
                level: "warning")
        }
        var groups = FindingGroup.groups(findings)
        let unlisted = max(0, groups.count - maximumResults)
        if unlisted > 0 {
            let ranked = groups.indices.sorted { (groups[$1].severity, $0) < (groups[$0].severity, $1) }
            groups = ranked.prefix(maximumResults).sorted().map { groups[$0] }
        }
        let results = groups.map { group in
            let location = locate(group.first)
            let key = [group.first.view ?? "", group.first.kind.rawValue, group.first.element, group.first.locale ?? ""].joined(separator: "|")
            var properties = ["categories": group.categories.map(\.name).joined(separator: ",")]
            if let view = group.first.view { properties["view"] = view }
            if let locale = group.first.locale { properties["locale"] = locale }
            return SARIFLog.Result(
                ruleID: group.first.kind.rawValue, level: SARIFLog.level(severity: group.severity.rawValue), message: group.message,
                path: location.map { SARIFLog.relativePath($0.path, root: root) }, line: location?.line ?? 1,
                fingerprints: ["dyntypeFinding/v1": key], properties: properties)
        }
        var log = SARIFLog(toolVersion: toolVersion, root: root, rules: rules, results: results)
        if unlisted > 0 {
            log.notices = [
                "\(unlisted) more finding\(unlisted == 1 ? "" : "s") not listed: a log lists at most \(maximumResults), the most severe first; fix or baseline those listed to see the rest"
            ]
        }
        return log
    }
}
