import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine

/// `--shard i/n` of the commands whose work CI can split across machines.
struct ShardOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Do only shard i of n (1…n, n ≤ 256) of the work, split by estimated cost; join the outputs with dyntype merge.",
            valueName: "i/n"))
    var shard: String?

    /// The shard, nil when not given.
    ///
    /// - Throws: ``CommandError`` 64 for anything but `i/n` with 1 ≤ i ≤ n ≤ 256.
    func value() throws -> ShardSpec? {
        guard let shard else { return nil }
        guard let spec = ShardSpec(parsing: shard) else {
            throw CommandError(
                code: SysExit.usage,
                message: "invalid --shard '\(shard)': give i/n with 1 ≤ i ≤ n ≤ \(ShardSpec.maximumCount), e.g. --shard 2/3")
        }
        return spec
    }

    /// A malformed `--shard` is a usage error (64) before anything runs.
    func validate() throws {
        try runReportingErrors { _ = try value() }
    }
}
