import ArgumentParser
import DynamicTypeCore
import Foundation

/// `--max-input-size`: the largest input file (note, `measure` text, standard input) a command
/// reads, so that an endless stream or a runaway file ends in a clear error (exit 65) instead of
/// exhausting memory. Shared by preview, switch, snapshot, measure and bench layout.
struct InputLimitOptions: ParsableArguments {
    /// The environment variable that sets the limit when the option is not given.
    static let environmentVariable = "DYNTYPE_MAX_INPUT_SIZE"

    /// How the error past the limit tells users to raise it.
    static let howToRaise = "raise the limit with --max-input-size <size> (e.g. 256MB) or \(environmentVariable)"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest input file read: bytes or a size with a unit (512KB, 64MB, 1GB). Default 64MB, or $DYNTYPE_MAX_INPUT_SIZE.",
            valueName: "size"))
    var maxInputSize: String?

    /// The limit: the option, else the environment variable, else 64 MB.
    ///
    /// - Throws: ``CommandError`` (exit 64) for a value that is not a size, naming where it came from.
    func limit(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InputSizeLimit {
        let (text, source): (String?, String) =
            maxInputSize != nil
            ? (maxInputSize, "--max-input-size")
            : (environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }, Self.environmentVariable)
        guard let text else { return InputSizeLimit(bytes: InputSizeLimit.defaultBytes, howToRaise: Self.howToRaise) }
        do {
            return try InputSizeLimit(parsing: text, howToRaise: Self.howToRaise)
        } catch {
            throw CommandError(code: SysExit.usage, message: "invalid \(source): \(error.description)")
        }
    }
}
