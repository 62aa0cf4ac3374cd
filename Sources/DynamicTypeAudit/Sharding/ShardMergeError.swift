import Foundation

/// Why shard outputs cannot be merged; each names the shards and what to do.
package struct ShardMergeError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Sendable {
        /// An input is not a shard's output (no `shard` block) or of another command.
        case notAShard
        /// Shards of different runs, settings or shard counts.
        case mismatch
        /// The same shard given twice.
        case duplicate
        /// Shards of the run not given.
        case missing
        /// Two shards did the same item, or an item was done by none.
        case inconsistent
        /// A view id in a report that cannot name an output folder (`..`, a `/`, a duplicate).
        case invalidName
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}

/// The checks every merge makes before combining shards (preview reports and switch sweeps alike).
package enum ShardSet {
    /// One input: where it came from (for messages) and its `shard` block.
    package struct Member: Sendable {
        package var name: String
        package var shard: ShardInfo?

        package init(name: String, shard: ShardInfo?) {
            self.name = name
            self.shard = shard
        }
    }

    /// Checks that `members` are every shard of one run, each once; `differences(a, b)` names what
    /// differs between two members' settings (empty when alike).
    package static func check(_ members: [Member], differences: (Int, Int) -> [String]) throws {
        guard let first = members.first else { throw ShardMergeError(.missing, "no shard outputs given") }
        for member in members where member.shard == nil {
            throw ShardMergeError(.notAShard, "\(member.name) is not a shard's output (its report has no shard block; run with --shard i/n)")
        }
        let shards = members.map { $0.shard! }
        // A report is data: its shard block is checked like `--shard` before any range is built
        // from it (a count of 0 trapped on `1...count`; the fuzzer found it).
        for (offset, member) in members.enumerated() where ShardSpec(index: shards[offset].index, count: shards[offset].count) == nil {
            throw ShardMergeError(
                .notAShard,
                "\(member.name): field shard: \(shards[offset].index)/\(shards[offset].count) is not a shard; "
                    + "index and count are 1 ≤ index ≤ count ≤ \(ShardSpec.maximumCount), as --shard writes them")
        }
        for (offset, member) in members.enumerated().dropFirst() {
            let shard = shards[offset]
            var differing = differences(0, offset)
            if shard.count != shards[0].count { differing.append("shard count (\(shards[0].count) vs \(shard.count))") }
            if differing.isEmpty && shard.fingerprint != shards[0].fingerprint {
                differing.append("inputs or options (run fingerprint \(shards[0].fingerprint) vs \(shard.fingerprint))")
            }
            if !differing.isEmpty {
                throw ShardMergeError(
                    .mismatch,
                    "\(first.name) and \(member.name) are shards of different runs: \(differing.joined(separator: "; ")); merge only the shards of one run")
            }
        }
        var seen: [Int: String] = [:]
        for (offset, member) in members.enumerated() {
            let shard = shards[offset]
            if let other = seen[shard.index] {
                throw ShardMergeError(.duplicate, "shard \(shard.index)/\(shard.count) is given twice: \(other) and \(member.name)")
            }
            seen[shard.index] = member.name
        }
        let count = shards[0].count
        let missing = (1...count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw ShardMergeError(
                .missing,
                "missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) (given: \(seen.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")))")
        }
        var owner: [String: String] = [:]
        for (offset, member) in members.enumerated() {
            for item in shards[offset].items {
                if let other = owner[item] {
                    throw ShardMergeError(.inconsistent, "\(item) was done by two shards (\(other) and \(member.name))")
                }
                owner[item] = member.name
            }
        }
    }
}
