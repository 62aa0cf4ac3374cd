/// Why a screen could not be laid out (its file was valid, but something it names is not).
public enum ScreenLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A text view's `file` cannot be read.
    case textFileUnreadable(view: String, path: String, reason: String)
    /// A text view's `rules` file cannot be used.
    case rulesUnusable(view: String, path: String, reason: String)
    /// A text view's image cannot be read.
    case imageUnreadable(view: String, path: String, reason: String)
    /// A width left no room for a view's text.
    case noRoom(view: String, width: Double)

    public var description: String {
        switch self {
        case .textFileUnreadable(let view, let path, let reason):
            "view '\(view)': text file '\(path)' cannot be read (\(reason)); paths are relative to the screen file"
        case .rulesUnusable(let view, let path, let reason):
            "view '\(view)': rules '\(path)': \(reason); give a rules file (the --rules format) or \"seeds\""
        case .imageUnreadable(let view, let path, let reason):
            "view '\(view)': image '\(path)' cannot be read (\(reason)); give a PNG, relative to the screen file"
        case .noRoom(let view, let width):
            "view '\(view)' gets \(width) pt of width, too little for text; widen the screen or reduce padding"
        }
    }
}
