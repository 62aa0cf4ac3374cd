import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeLint
import DynamicTypeScreens
import FontSystem
import Foundation

/// sysexits(3) codes, as CONVENTIONS.md lists them: the exit statuses of `dyntype`, decided here
/// only (library code throws typed failures, ``RunFailure``, and input problems by kind).
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

extension SysExit {
    /// The exit status of a failure of `kind`: 64 usage, 66 a missing input, 65 an invalid one, 69
    /// a missing font, 73 an output that cannot be written, 70 a bug.
    package static func code(for kind: RunFailure.Kind) -> Int32 {
        switch kind {
        case .usage: usage
        case .missingInput: noInput
        case .invalidInput: dataError
        case .fontUnavailable: unavailable
        case .cannotWrite: cannotCreate
        case .internalError: software
        }
    }
}

extension SysExit {
    /// The exit status of a lint failure of `kind`: 64 usage, 65 a bad config or baseline, 66 a
    /// missing input, 73 an output that cannot be written.
    package static func code(for kind: LintError.Kind) -> Int32 {
        switch kind {
        case .usage: usage
        case .badData: dataError
        case .missingInput: noInput
        case .cannotWrite: cannotCreate
        }
    }
}

/// The exit code and message for an error: the command line's own (``CommandError``), else the
/// library's failure kind (``RunFailure/classify(_:)``) mapped to its status.
package func describe(_ error: any Error) -> (Int32, String) {
    if let error = error as? CommandError { return (error.code, error.message) }
    let failure = RunFailure.classify(error)
    return (SysExit.code(for: failure.kind), failure.message)
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

