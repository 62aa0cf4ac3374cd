import DynamicTypeCore

/// Why a lint run could not start or finish (package API: the command line alone turns each kind
/// into its sysexits code, `DyntypeCommandLine`'s `SysExit`).
package struct LintError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for the exit code.
    package enum Kind: Hashable, Sendable {
        /// A bad command line: a named file that is neither Swift nor Interface Builder.
        case usage
        /// A bad config or baseline.
        case badData
        /// An input that does not exist or is not a regular file or folder.
        case missingInput
        /// An output that could not be written.
        case cannotWrite
    }

    /// The kind.
    package var kind: Kind
    /// The message: what, where, and what to do.
    package var message: String

    /// An error of `kind`.
    package init(_ kind: Kind, _ message: String) { (self.kind, self.message) = (kind, message) }

    /// The message.
    package var description: String { message }

    /// The error for an input that could not be opened.
    package init(_ error: InputFileError) {
        switch error {
        case .tooLarge: self.init(.badData, error.description)
        default: self.init(.missingInput, error.description)
        }
    }
}
