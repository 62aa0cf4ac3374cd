import DynamicTypeCore

/// preview, switch, snapshot and strings findings as SARIF 2.1.0 (``SARIFLog``, the writer lint
/// uses): one rule per finding kind, one result per ``FindingGroup``, located in the view's
/// source file (``FindingLocation``), with a fingerprint of the group's key so code scanning
/// follows a problem across commits and categories.
///
/// A log holds at most ``maximumResults`` results, the most severe first (GitHub code scanning
/// stores the top 5,000 results of a run and rejects more than 25,000: docs.github.com, "SARIF
/// results exceed one or more limits"); the count of the rest is the invocation's notification.
///
/// Every result has a file inside `root` (the repository): findings with no file, or a file outside
/// it — the bundled sample notes, the type ramp — are left out and counted in a notification, since
/// code scanning rejects a run whose results lack a location, and such alerts would point nowhere.
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
        var unlocated = 0
        var groups: [(group: FindingGroup, path: String, line: Int)] = []
        for group in FindingGroup.groups(findings) {
            guard let location = locate(group.first) else {
                unlocated += 1
                continue
            }
            let path = SARIFLog.relativePath(location.path, root: root)
            guard !path.hasPrefix("/") else {
                unlocated += 1
                continue
            }
            groups.append((group, path, location.line))
        }
        let unlisted = max(0, groups.count - maximumResults)
        if unlisted > 0 {
            let ranked = groups.indices.sorted { (groups[$1].group.severity, $0) < (groups[$0].group.severity, $1) }
            groups = ranked.prefix(maximumResults).sorted().map { groups[$0] }
        }
        let results = groups.map { group, path, line in
            let key = [group.first.view ?? "", group.first.kind.rawValue, group.first.element, group.first.locale ?? ""].joined(separator: "|")
            var properties = ["categories": group.categories.map(\.name).joined(separator: ",")]
            if let view = group.first.view { properties["view"] = view }
            if let locale = group.first.locale { properties["locale"] = locale }
            return SARIFLog.Result(
                ruleID: group.first.kind.rawValue, level: SARIFLog.level(severity: group.severity.rawValue), message: group.message,
                path: path, line: line,
                fingerprints: ["dyntypeFinding/v1": key], properties: properties)
        }
        var log = SARIFLog(toolVersion: toolVersion, root: root, rules: rules, results: results)
        if unlisted > 0 {
            log.notices.append(
                "\(unlisted) more finding\(unlisted == 1 ? "" : "s") not listed: a log lists at most \(maximumResults), the most severe first; fix or baseline those listed to see the rest"
            )
        }
        if unlocated > 0 {
            log.notices.append(
                "\(unlocated) finding\(unlocated == 1 ? " is" : "s are") about no file in the repository (the bundled sample notes, the type ramp) and \(unlocated == 1 ? "is" : "are") left out: code scanning needs a file for every result"
            )
        }
        return log
    }
}
