import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import Foundation

/// `--max-input-size`: the largest input file (note, `measure` text, standard input) a command
/// reads, so that an endless stream or a runaway file ends in a clear error (exit 65) instead of
/// exhausting memory. Shared by preview, switch, snapshot, measure and bench layout.
struct InputLimitOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest input file read: bytes or a size with a unit (512KB, 64MB, 1GB). Default 64MB, or $DYNTYPE_MAX_INPUT_SIZE.",
            valueName: "size"))
    var maxInputSize: String?

    /// The limit: the option, else `DYNTYPE_MAX_INPUT_SIZE`, else 64 MB (``OptionValues/inputLimit(_:environment:)``).
    func limit(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InputSizeLimit {
        try OptionValues.inputLimit(maxInputSize, environment: environment)
    }

    /// A size that does not parse is a usage error (64) before anything runs.
    func validate() throws {
        try runReportingErrors { _ = try limit() }
    }
}
