import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation

/// sysexits(3) codes, as CONVENTIONS.md lists them: the exit statuses of `dyntype` and what the
/// library's command-level runs (``SnapshotSuite``) report.
package enum SysExit {
    /// Success.
    package static let ok: Int32 = 0
    /// Findings (with `--fail-on`), failed snapshots or checks.
    package static let findings: Int32 = 1
    /// Usage error.
    package static let usage: Int32 = 64
    /// Bad input data.
    package static let dataError: Int32 = 65
    /// An input is missing or cannot be read.
    package static let noInput: Int32 = 66
    /// A font is unavailable.
    package static let unavailable: Int32 = 69
    /// Internal error.
    package static let software: Int32 = 70
    /// Output cannot be written, or another run holds it.
    package static let cannotCreate: Int32 = 73
}

extension SysExit {
    /// The exit status of an input problem that ends a run: 64 for a bad option, 66 for a file
    /// that cannot be read, 65 for one that is invalid, 0 for warnings.
    package static func code(for kind: InputProblem.Kind) -> Int32 {
        switch kind {
        case .usage: usage
        case .unreadable: noInput
        case .invalid, .invalidText: dataError
        case .syntax, .unclaimed, .warning: ok
        }
    }

    /// The exit code the problems call for once the other views are done: 66 when a file was left
    /// out because it could not be read, else 65 for invalid content, else nil (warnings only).
    package static func code(for problems: [InputProblem]) -> Int32? {
        if problems.contains(where: { $0.kind == .unreadable }) { return noInput }
        if problems.contains(where: { $0.kind == .invalid || $0.kind == .invalidText }) { return dataError }
        return nil
    }
}

/// The exit code and message for an error.
package func describe(_ error: any Error) -> (Int32, String) {
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
    case let error as InputProblem: return (SysExit.code(for: error.kind), error.description)
    default: return (SysExit.software, "internal error: \(error)")
    }
}

/// A command-specific failure with its exit code.
package struct CommandError: Error {
    /// The exit status.
    package var code: Int32
    /// The message for stderr.
    package var message: String

    /// A failure with `code` and `message`.
    package init(code: Int32, message: String) { (self.code, self.message) = (code, message) }
}

