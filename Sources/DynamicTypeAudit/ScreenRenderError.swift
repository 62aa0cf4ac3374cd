import DynamicTypeScreens
import FontSystem
import Rendering

/// A screen that read fine but could not be laid out or drawn, named by its file: an image, text
/// file, rules file or font it points at is missing or unusable, an inline image marker is out of
/// range, or padding leaves no room for text.
///
/// ```text
/// Screens/article.screen.json: view 'body': image '/…/leaf.png' cannot be read (…); give a PNG, relative to the screen file
/// ```
package struct ScreenRenderError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem, for exit codes: an input the screen names is missing (66), present
    /// but unusable (65), or a font to install (69).
    public enum Kind: Sendable, Hashable {
        /// A file the screen names is absent, a directory, a FIFO or a device.
        case missingInput
        /// The screen's data or a file it names is not usable (bad PNG, out-of-range marker, no room).
        case invalidInput
        /// A font family the screen names is mapped but none of its stand-ins is installed (69).
        case fontUnavailable
    }

    /// The screen file (or the screen's name when it was built in Swift).
    public var file: String
    /// What went wrong, and how to fix it.
    public var message: String
    /// Missing, invalid, or a font to install.
    public var kind: Kind

    /// `file: message`.
    public var description: String { "\(file): \(message)" }

    /// The error for `error` thrown while laying out `document`, or nil when it is not about the
    /// screen's inputs (an internal failure stays what it is).
    static func wrapping(_ error: any Error, document: ScreenDocument) -> ScreenRenderError? {
        let file = document.source ?? "screen '\(document.screen.name)'"
        switch error {
        case let error as ScreenLayoutError:
            return ScreenRenderError(file: file, message: error.description, kind: error.isMissingInput ? .missingInput : .invalidInput)
        case let error as FontSystemError:
            switch error {
            case .fontFileMissing, .fontFileNotRegular: return ScreenRenderError(file: file, message: error.description, kind: .missingInput)
            case .unknownFamily, .faceLoadFailed, .invalidSize:
                return ScreenRenderError(file: file, message: error.description, kind: .invalidInput)
            case .familyUnavailable: return ScreenRenderError(file: file, message: error.description, kind: .fontUnavailable)
            case .fontconfigUnavailable, .freetypeUnavailable: return nil
            }
        case let error as RenderingError:
            return ScreenRenderError(file: file, message: error.description, kind: .invalidInput)
        default:
            return nil
        }
    }
}
