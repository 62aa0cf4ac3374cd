import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import Foundation

/// `dyntype merge`: joins the outputs of `preview --shard i/n` into what one unsharded run would
/// have written.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the outputs of sharded runs (--shard i/n) into one report, contact sheet and set of PNGs.",
        discussion: """
            Give every shard's preview output folder (or its report.json): writes <out>/report.json, \
            index.html and contact-sheet.png as one unsharded run would (timings aside: seconds is \
            the slowest shard's) and links or copies each shard's PNGs into <out>. Every output path is \
            recomputed from the view ids and categories (never taken from a report); shard files are \
            copied only when they are regular files (no symbolic links anywhere below a shard's \
            folder) and PNGs. Refuses (exit 65) shards of different runs or settings, naming what \
            differs; a shard given twice; a run with shards missing, naming them; a report of an \
            unknown schemaVersion, a view id that is not a file name, a shard PNG that is not a PNG. \
            Exit 66 when an input is missing, a link or not a regular file.
            """)

    @Argument(help: ArgumentHelp("Each shard's output: a preview --shard folder or its report.json.", valueName: "shard-output"))
    var inputs: [String] = []

    @Option(name: .long, help: "Output folder: never a shard's folder, inside one or holding one.", completion: .directory)
    var out: String = "preview"

    @OptionGroup var inputLimit: InputLimitOptions

    /// At least one shard's output (64).
    func validate() throws {
        guard !inputs.isEmpty else {
            Diagnostics.error("give every shard's output, e.g. dyntype merge shard-1 shard-2 shard-3 --out preview")
            throw ExitCode(SysExit.usage)
        }
    }

    func run() throws {
        try runReportingErrors {
            StandardOutput.write(try ShardMergeRun(inputs: inputs, out: out, limit: try inputLimit.limit()).run())
        }
    }
}
