import Foundation

/// `dyntype merge` of `switch --sweep --shard` reports: one sweep report equal to an unsharded
/// sweep's — first appearances, findings and checks in the unsharded order (each shard recorded
/// where its entries sit), the summary recounted.
public enum SwitchMerge {
    /// The merged report of `reports` (named by `names` in messages).
    public static func merge(_ reports: [SwitchReport], names: [String]) throws -> SwitchReport {
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
                ("Bold Text", "\(one.boldText)", "\(other.boldText)"), ("row heights", one.rowHeights, other.rowHeights),
                ("orientation", one.orientation ?? "", other.orientation ?? ""), ("keyboard", "\(one.keyboard ?? 0)", "\(other.keyboard ?? 0)"),
            ] where x != y {
                differences.append("\(label) (\(x) vs \(y))")
            }
            return differences
        }
        guard reports.allSatisfy({ $0.sweep != nil }) else {
            throw ShardMergeError(.notAShard, "only switch --sweep shards can be merged (a switch between two categories is one run)")
        }
        // First appearances and findings, put back in the unsharded sweep's order.
        var entries: [(position: [Int], appearance: SwitchReport.FirstAppearance, finding: Finding?)] = []
        var checks: [(view: Int, order: Int, shard: Int, check: SwitchReport.Check)] = []
        for (shardOffset, report) in reports.enumerated() {
            let shard = report.shard!
            var pool = report.findings
            for (offset, appearance) in (report.sweep?.firstAppearances ?? []).enumerated() {
                let match = pool.firstIndex {
                    $0.element == appearance.element && $0.locale == appearance.locale && $0.kind.rawValue == appearance.kind
                        && $0.severity.rawValue == appearance.severity && $0.category.name == appearance.category
                        && $0.message == appearance.message
                }
                let finding = match.map { pool.remove(at: $0) }
                entries.append((offset < shard.positions.count ? shard.positions[offset] : [Int.max], appearance, finding))
            }
            for (offset, check) in report.checks.enumerated() {
                checks.append((offset < shard.checkViews.count ? shard.checkViews[offset] : Int.max, offset, shardOffset, check))
            }
        }
        entries.sort { $0.position.lexicographicallyPrecedes($1.position) }
        checks.sort { ($0.view, $0.shard, $0.order) < ($1.view, $1.shard, $1.order) }
        var merged = reports[reports.firstIndex { $0.shard?.index == 1 } ?? 0]
        merged.shard = nil
        merged.sweep?.firstAppearances = entries.map(\.appearance)
        // The same order, then the same sort, as an unsharded report's findings.
        merged.findings = entries.compactMap(\.finding).sorted { ($1.severity, $0.element) < ($0.severity, $1.element) }
        merged.checks = checks.map(\.check)
        merged.summary = SwitchReport.Summary(
            passed: merged.checks.filter(\.passed).count, failed: merged.checks.filter { !$0.passed }.count)
        return merged
    }

    /// What must be equal for shards to be of one run: the settings and categories.
    static func fingerprint(_ report: SwitchReport) -> String {
        let s = report.settings
        return StableDigest.hex(
            [s.profile, s.device, "\(s.width)", "\(s.boldText)", s.rowHeights, s.orientation ?? "", "\(s.keyboard ?? 0)"]
                + (report.sweep?.categories ?? []))
    }
}
