import Foundation

/// One shard of a run split across CI machines: `index` of `count`, both from 1 (`--shard 2/3`).
package struct ShardSpec: Hashable, Sendable, CustomStringConvertible {
    /// The most shards a run splits into: past that a shard holds too little to pay for its setup.
    package static let maximumCount = 256

    /// This shard, 1…count.
    package let index: Int
    /// How many shards the run has.
    package let count: Int

    /// Shard `index` of `count`, or nil when outside 1…count or count outside 1…256.
    package init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n` (`2/3`); nil for anything else, including `0/3`, `4/3` and `1/300`.
    package init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `2/3`.
    package var description: String { "\(index)/\(count)" }
}
