import ArgumentParser
import DynamicTypeAudit
import DynamicTypeScreens
import DynamicTypeCore
import FontSystem
import Foundation

/// sysexits(3) codes, as CONVENTIONS.md lists them.
enum SysExit {
    static let ok: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let unavailable: Int32 = 69
    static let software: Int32 = 70
    static let cannotCreate: Int32 = 73
}

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

/// The exit code and message for an error.
func describe(_ error: any Error) -> (Int32, String) {
    switch error {
    case let error as ProfileError:
        switch error {
        case .fileMissing, .unknownProfile: return (SysExit.noInput, error.description)
        case .unknownStyle, .unsupportedCategory: return (SysExit.usage, error.description)
        case .malformedJSON, .invalidField, .missingCell: return (SysExit.dataError, error.description)
        }
    case let error as CategoryParseError: return (SysExit.usage, error.description)
    case let error as CategoryRangeError: return (SysExit.usage, error.description)
    case let error as TextStyleParseError: return (SysExit.usage, error.description)
    case let error as FontSystemError:
        switch error {
        case .invalidSize, .unknownFamily: return (SysExit.usage, error.description)
        case .fontFileMissing, .fontFileNotRegular: return (SysExit.noInput, error.description)
        default: return (SysExit.unavailable, error.description)
        }
    case let error as InputFileError:
        switch error {
        case .tooLarge: return (SysExit.dataError, error.description)
        case .missing, .isDirectory, .notRegularFile, .unreadable: return (SysExit.noInput, error.description)
        }
    case let error as ScreenRenderError:
        let code = switch error.kind {
        case .missingInput: SysExit.noInput
        case .invalidInput: SysExit.dataError
        case .fontUnavailable: SysExit.unavailable
        }
        return (code, error.description)
    case let error as ScreenFileError: return (error.reason == .unreadable ? SysExit.noInput : SysExit.dataError, error.description)
    case let error as CommandError: return (error.code, error.message)
    default: return (SysExit.software, "internal error: \(error)")
    }
}

/// A command-specific failure with its exit code.
struct CommandError: Error {
    var code: Int32
    var message: String
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
