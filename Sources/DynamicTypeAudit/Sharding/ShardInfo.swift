import Foundation

/// The `shard` block of a sharded run's report: which shard of which run did which items, so
/// `dyntype merge` can refuse pieces of different runs, name missing shards and catch an item
/// done twice.
package struct ShardInfo: Codable, Hashable, Sendable {
    /// This shard, from 1.
    package var index: Int
    /// The run's shard count.
    package var count: Int
    /// Fingerprint of everything that decides the run's output (settings, categories, views and
    /// their inputs): shards of one run share it.
    package var fingerprint: String
    /// The item keys (`<view>/<NN>-<category>`) this shard did, sorted.
    package var items: [String]

    /// The block of `shard` that did `items` of a run with `fingerprint`.
    package init(shard: ShardSpec, fingerprint: String, items: [String]) {
        index = shard.index
        count = shard.count
        self.fingerprint = fingerprint
        self.items = items.sorted()
    }
}

/// A stable 64-bit FNV-1a digest of text, as 16 hex digits: the same on every machine and Swift
/// version (Swift's `Hasher` is seeded per process, so it cannot identify a run across machines).
package enum StableDigest {
    /// The digest of `parts`, each followed by a separator no part contains.
    package static func hex(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
