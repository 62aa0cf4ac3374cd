import Foundation

/// One unit of work a run can hand to any shard: a view at a category (and locale, folded into
/// the view id), named by a key unique in the run, with an estimate of what it costs.
package struct ShardWorkItem: Hashable, Sendable {
    /// Unique in the run and stable across machines: `<view id>/<NN>-<category>`, the item's file stem.
    package var key: String
    /// Relative cost (any unit; only comparisons between items matter).
    package var cost: Int

    /// An item named `key` costing `cost`.
    package init(key: String, cost: Int) {
        self.key = key
        self.cost = max(1, cost)
    }
}

/// The deterministic split of a run's items into shards, balanced by estimated cost rather than by
/// count: a long note at AX5 can cost a hundred list rows at xSmall, so equal counts would leave one
/// machine working while the others wait. Longest processing time first (LPT): items by cost,
/// descending, each to the least-loaded shard. Every tie is broken by something every machine sees
/// alike (the item key, then the lower shard number) and costs are integers, so each shard
/// computes the same plan independently — no coordinator needed.
package struct ShardPlan: Sendable {
    /// Item keys per shard (index 0 is shard 1), each shard's in the order it was given them.
    package let assignments: [[String]]
    /// Estimated cost per shard.
    package let loads: [Int]

    /// Splits `items` into `count` shards (count ≥ 1; keys should be unique).
    package init(items: [ShardWorkItem], count: Int) {
        let count = max(1, count)
        var assignments = Array(repeating: [String](), count: count)
        var loads = Array(repeating: 0, count: count)
        let ordered = items.sorted { ($0.cost, $1.key) > ($1.cost, $0.key) }
        for item in ordered {
            // The least-loaded shard; the lowest number among equals.
            var target = 0
            for shard in 1..<count where loads[shard] < loads[target] { target = shard }
            assignments[target].append(item.key)
            loads[target] += item.cost
        }
        self.assignments = assignments
        self.loads = loads
    }

    /// The keys `shard` runs.
    package func keys(for shard: ShardSpec) -> Set<String> {
        shard.index <= assignments.count ? Set(assignments[shard.index - 1]) : []
    }
}
