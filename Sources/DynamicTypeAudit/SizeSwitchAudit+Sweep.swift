import DynamicTypeCore
import Foundation

extension SizeSwitchAudit {
    /// Walks every category the profile offers, in order, through one running session, and reports
    /// every view's findings at every category, where each first appears, and how each text style
    /// grows.
    public func sweep() throws -> SwitchReport { try sweep(shard: nil) }

    /// Walks every category the profile offers, in order, through one running session, and reports
    /// every view's findings at every category (as a preview of each category would), where each
    /// first appears, and how each text style grows. With `shard`, only that shard's views
    /// (``sweepViews`` split by ``ShardPlan``) are built and walked, and the report carries what
    /// `dyntype merge` needs to put the shards back in the unsharded order.
    package func sweep(shard: ShardSpec?) throws -> SwitchReport {
        let profile = settings.profile
        let categories = profile.categories.map(\.category)
        let allViews = sweepViews.map(\.key)
        let mine = shard.map { ShardPlan(items: sweepViews, count: $0.count).keys(for: $0) } ?? Set(allViews)
        var part = self
        part.onlyViews = mine
        let session = try part.build(categories[0])
        // Every finding with its place in an unsharded sweep: category, view, order within the view.
        var findings: [Finding] = []
        var positions: [[Int]] = []
        for (index, category) in categories.enumerated() {
            if index > 0 { session.switchTo(settings.setting(category)) }
            for view in session.views {
                let position = allViews.firstIndex(of: view.view.id) ?? allViews.count
                let found = ViewRenderer.findings(of: view, profile: profile, scale: scale, category: category)
                findings += found
                positions += found.indices.map { [index, position, $0] }
            }
        }
        // Growth is the profile's: the first shard reports it.
        if settings.checksGrowth, (shard?.index ?? 1) == 1 {
            let growth = try ReadabilityChecks.growthFindings(profile: profile, categories: categories)
            findings += growth
            positions += growth.indices.map { [categories.count, 0, $0] }
        }
        let growth = try ReadabilityChecks.styleGrowth(profile: profile, categories: categories).map {
            SwitchReport.Growth(
                style: $0.style.name, sizeAtLarge: $0.sizeAtLarge, maxRatio: ($0.maxRatio * 100).rounded() / 100,
                reaches200PercentAt: $0.reaches200PercentAt?.name)
        }
        var report = SwitchReport(
            context: part, from: categories[0], to: categories[categories.count - 1],
            environment: ReportEnvironment(resolver: resolver, fonts: session.views.flatMap(\.fontsUsed)), fonts: [], observers: [],
            switchSeconds: 0, freshBuildSeconds: 0, findings: findings,
            sweep: SwitchReport.Sweep(
                categories: categories.map(\.name), firstAppearances: SwitchReport.firstAppearances(of: findings), growth: growth))
        if let shard {
            report.shard = SwitchReport.SweepShard(
                index: shard.index, count: shard.count, views: allViews.filter { mine.contains($0) }, positions: positions,
                checkViews: report.checks.map { check in allViews.firstIndex(of: check.view) ?? allViews.count })
        }
        return report
    }
}
