import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import Foundation

/// Runs a command body and turns every error into a one-line message on stderr plus its sysexits
/// code, so users never see a Swift trap or a raw error dump.
func runReportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        let (code, message) = describe(error)
        Diagnostics.error(message)
        throw ExitCode(code)
    }
}

/// stderr output; colour only when stderr is a terminal and NO_COLOR is unset.
enum Diagnostics {
    static var useColor: Bool {
        isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    static func error(_ message: String) {
        write(useColor ? "\u{1B}[31merror:\u{1B}[0m \(message)" : "error: \(message)")
    }

    static func warning(_ message: String) {
        write(useColor ? "\u{1B}[33mwarning:\u{1B}[0m \(message)" : "warning: \(message)")
    }

    static func note(_ message: String) { write(message) }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data(("dyntype: " + line + "\n").utf8))
    }
}
