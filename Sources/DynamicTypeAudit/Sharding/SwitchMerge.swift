import Foundation

/// `dyntype merge` of `switch --sweep --shard` reports: one sweep report equal to an unsharded
/// sweep's — findings and checks in the unsharded order (each shard recorded where its entries
/// sit), first appearances found again over all of them, the summary recounted.
package enum SwitchMerge {
    /// The merged report of `reports` (named by `names` in messages).
    package static func merge(_ reports: [SwitchReport], names: [String]) throws -> SwitchReport {
        let members = zip(names, reports).map { name, report in
            ShardSet.Member(
                name: name,
                shard: report.shard.map {
                    ShardInfo(
                        shard: ShardSpec(index: $0.index, count: $0.count) ?? ShardSpec(index: 1, count: 1)!,
                        fingerprint: fingerprint(report), items: $0.views)
                })
        }
        try ShardSet.check(members) { a, b in
            let one = reports[a].settings, other = reports[b].settings
            var differences: [String] = []
            for (label, x, y) in [
                ("profile", one.profile, other.profile), ("device", one.device, other.device),
                ("Bold Text", "\(one.boldText)", "\(other.boldText)"), ("row heights", one.rowHeights ?? "", other.rowHeights ?? ""),
                ("orientation", one.orientation ?? "", other.orientation ?? ""), ("keyboard", "\(one.keyboard ?? 0)", "\(other.keyboard ?? 0)"),
            ] where x != y {
                differences.append("\(label) (\(x) vs \(y))")
            }
            return differences
        }
        guard reports.allSatisfy({ $0.sweep != nil }) else {
            throw ShardMergeError(.notAShard, "only switch --sweep shards can be merged (a switch between two categories is one run)")
        }
        // Findings and checks, put back in the unsharded sweep's order.
        var findings: [(position: [Int], finding: Finding)] = []
        var checks: [(view: Int, order: Int, shard: Int, check: SwitchReport.Check)] = []
        for (shardOffset, report) in reports.enumerated() {
            let shard = report.shard!
            for (offset, finding) in report.findings.enumerated() {
                findings.append((offset < shard.positions.count ? shard.positions[offset] : [Int.max], finding))
            }
            for (offset, check) in report.checks.enumerated() {
                checks.append((offset < shard.checkViews.count ? shard.checkViews[offset] : Int.max, offset, shardOffset, check))
            }
        }
        findings.sort { $0.position.lexicographicallyPrecedes($1.position) }
        checks.sort { ($0.view, $0.shard, $0.order) < ($1.view, $1.shard, $1.order) }
        var merged = reports[reports.firstIndex { $0.shard?.index == 1 } ?? 0]
        merged.shard = nil
        // Every font any shard used, as one run lists them (each file once, sorted).
        var fonts: [String: ReportEnvironment.Font] = [:]
        for report in reports { for font in report.environment.fonts { fonts[font.file] = font } }
        merged.environment.fonts = fonts.values.sorted { $0.file < $1.file }
        merged.findings = findings.map(\.finding)
        merged.sweep?.firstAppearances = SwitchReport.firstAppearances(of: merged.findings)
        merged.checks = checks.map(\.check)
        merged.summary = SwitchReport.Summary(
            passed: merged.checks.filter(\.passed).count, failed: merged.checks.filter { !$0.passed }.count)
        return merged
    }

    /// What must be equal for shards to be of one run: the settings and categories.
    static func fingerprint(_ report: SwitchReport) -> String {
        let s = report.settings
        return StableDigest.hex(
            [s.profile, s.device, "\(s.width)", "\(s.boldText)", s.rowHeights ?? "", s.orientation ?? "", "\(s.keyboard ?? 0)"]
                + (report.sweep?.categories ?? []))
    }
}
