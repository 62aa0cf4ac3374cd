import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation

/// Why a use case could not run, as a kind of failure and a message that says what, where and how
/// to fix it. The library says what kind a failure is; only the command line turns kinds into exit
/// statuses (`DyntypeCommandLine`'s `SysExit`).
package struct RunFailure: Error, CustomStringConvertible, Sendable {
    /// What kind of failure it is.
    package enum Kind: Sendable, Hashable {
        /// An option or argument has a bad value.
        case usage
        /// An input is missing or cannot be read.
        case missingInput
        /// An input's content is invalid.
        case invalidInput
        /// A font the run needs is not installed.
        case fontUnavailable
        /// An output cannot be written, or another run holds it.
        case cannotWrite
        /// A bug: the message says what went wrong.
        case internalError
    }

    /// The kind.
    package var kind: Kind
    /// The message for stderr.
    package var message: String

    /// A failure of `kind` saying `message`.
    package init(_ kind: Kind, _ message: String) { (self.kind, self.message) = (kind, message) }

    package var description: String { message }

    /// `error` as a failure: the library's typed errors by their kind (a missing profile file is a
    /// missing input, an unknown style a usage error…); anything else is an internal error.
    package static func classify(_ error: any Error) -> RunFailure {
        switch error {
        case let error as RunFailure: return error
        case let error as ProfileError:
            switch error {
            case .fileMissing, .unknownProfile: return RunFailure(.missingInput, error.description)
            case .unknownStyle, .unsupportedCategory: return RunFailure(.usage, error.description)
            case .malformedJSON, .invalidField, .missingCell: return RunFailure(.invalidInput, error.description)
            }
        case let error as CategoryParseError: return RunFailure(.usage, error.description)
        case let error as CategoryRangeError: return RunFailure(.usage, error.description)
        case let error as TextStyleParseError: return RunFailure(.usage, error.description)
        case let error as FontSystemError:
            switch error {
            case .invalidSize, .unknownFamily: return RunFailure(.usage, error.description)
            case .fontFileMissing, .fontFileNotRegular: return RunFailure(.missingInput, error.description)
            default: return RunFailure(.fontUnavailable, error.description)
            }
        case let error as InputFileError:
            switch error {
            case .tooLarge: return RunFailure(.invalidInput, error.description)
            case .missing, .isDirectory, .notRegularFile, .unreadable: return RunFailure(.missingInput, error.description)
            }
        case let error as ScreenRenderError:
            let kind: Kind =
                switch error.kind {
                case .missingInput: .missingInput
                case .invalidInput: .invalidInput
                case .fontUnavailable: .fontUnavailable
                }
            return RunFailure(kind, error.description)
        case let error as ScreenFileError: return RunFailure(error.reason == .unreadable ? .missingInput : .invalidInput, error.description)
        case let error as InputProblem:
            let kind: Kind =
                switch error.kind {
                case .usage: .usage
                case .unreadable: .missingInput
                case .invalid, .invalidText, .syntax, .unclaimed, .warning: .invalidInput
                }
            return RunFailure(kind, error.description)
        default: return RunFailure(.internalError, "internal error: \(error)")
        }
    }
}
