import DynamicTypeCore
import Foundation

/// Why a screen could not be laid out (its file was valid, but something it names is not).
///
/// `view` is the view's id path (`form/name`); the screen file is named by whoever laid the
/// screen out (``ScreenLayoutError`` travels inside the audit's `ScreenRenderError`).
package enum ScreenLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A text view's `file` cannot be read; `missing` when the file is absent or not a regular
    /// file (rather than over the size limit).
    case textFileUnreadable(view: String, path: String, reason: String, missing: Bool)
    /// A text view's `rules` file cannot be used; `missing` as above.
    case rulesUnusable(view: String, path: String, reason: String, missing: Bool)
    /// An image (an image exclusion, an inline image) cannot be read or decoded; `missing` as above.
    case imageUnreadable(view: String, path: String, reason: String, missing: Bool)
    /// A width left no room for a view's text.
    case noRoom(view: String, width: Double)
    /// An inline image marker (`{image:file WxH+offset}`) with a size or offset out of range.
    case invalidImageMarker(view: String, marker: String, reason: String)
    /// A file the screen names (`what`: `text file`, `image`, `font`, `rules`) that is not below
    /// the screen file's folder once `..` and symbolic links are resolved (`resolved`): a screen
    /// from elsewhere must not draw `/etc/passwd` into its images. `view` is empty for a font.
    case outsideScreenFolder(view: String, what: String, file: String, resolved: String)

    /// Whether an input the screen names is absent or not a file (exit 66), rather than present
    /// but unusable (exit 65).
    public var isMissingInput: Bool {
        switch self {
        case .textFileUnreadable(_, _, _, let missing), .rulesUnusable(_, _, _, let missing), .imageUnreadable(_, _, _, let missing):
            missing
        case .noRoom, .invalidImageMarker, .outsideScreenFolder: false
        }
    }

    /// Whether reading a file failed because it is absent, not a regular file or unreadable.
    static func isMissing(_ error: any Error) -> Bool {
        if let error = error as? InputFileError, case .tooLarge = error { return false }
        return error is InputFileError
    }

    public var description: String {
        switch self {
        case .textFileUnreadable(let view, let path, let reason, _):
            "view '\(view)': text file '\(path)' cannot be read (\(reason)); paths are relative to the screen file"
        case .rulesUnusable(let view, let path, let reason, _):
            "view '\(view)': rules '\(path)': \(reason); give a rules file (the --rules format) or \"seeds\""
        case .imageUnreadable(let view, let path, let reason, _):
            "view '\(view)': image '\(path)' cannot be read (\(reason)); give a PNG, relative to the screen file"
        case .noRoom(let view, let width):
            "view '\(view)' gets \(ScreenLayoutError.points(width)) pt of width, too little for text; widen the screen or reduce padding and insets"
        case .outsideScreenFolder(let view, let what, let file, let resolved):
            (view.isEmpty ? "" : "view '\(view)': ") + "\(what) '\(file)' is outside the screen file's folder (it leads to '\(resolved)'); "
                + "files a screen names must be in its folder or below it: copy the file there and give its relative path"
        case .invalidImageMarker(let view, let marker, let reason):
            "view '\(view)': inline image '\(marker)': \(reason); write {image:<file> <width>x<height>} or {image:<file> <width>x<height>+<offset>}"
        }
    }

    private static func points(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}
