import DynamicTypeCore

/// Why a font could not be found or loaded.
public enum FontSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// fontconfig could not load its configuration or fonts.
    case fontconfigUnavailable(reason: String)
    /// None of the families tried is installed, and no fallback was allowed or found.
    case familyUnavailable(requested: String, tried: [String], packages: [String])
    /// A font name (`UIFont(name:size:)`) that is neither in the family map nor installed.
    case unknownFamily(requested: String, suggestion: String?, known: [String])
    /// FreeType could not open a font file.
    case faceLoadFailed(file: String, faceIndex: Int, freetypeError: String)
    /// FreeType itself could not start.
    case freetypeUnavailable(freetypeError: String)
    /// A size that cannot be rendered.
    case invalidSize(Double)
    /// A font file given by path does not exist.
    case fontFileMissing(path: String)
    /// A font file given by path is a directory, a FIFO or a device (`kind` says which).
    case fontFileNotRegular(path: String, kind: String)

    public var description: String {
        switch self {
        case .fontconfigUnavailable(let reason):
            return "fontconfig could not be initialised: \(reason); install fontconfig (apt-get install fontconfig)"
        case .familyUnavailable(let requested, let tried, let packages):
            var text = "no installed font for family '\(requested)' (tried: \(tried.joined(separator: ", ")))"
            if !packages.isEmpty {
                text += "; install it with: apt-get install " + packages.joined(separator: " ")
            }
            return text
        case .unknownFamily(let requested, let suggestion, let known):
            var text = "unknown font family '\(requested)': not in the family map and not installed"
            if let suggestion { text += " (did you mean '\(suggestion)'?)" }
            return text + "; known families: " + known.joined(separator: ", ")
        case .faceLoadFailed(let file, let faceIndex, let error):
            return "FreeType cannot open '\(file)' (face \(faceIndex)): \(error); the file may be damaged or not a font"
        case .freetypeUnavailable(let error):
            return "FreeType failed to initialise: \(error)"
        case .invalidSize(let size):
            return "invalid font size \(size) pt: sizes must be positive, finite and at most \(PointFormat.string(FontDescriptor.maximumPointSize)) pt"
        case .fontFileMissing(let path):
            return "font file '\(path)' does not exist; check the path"
        case .fontFileNotRegular(let path, let kind):
            return "font file '\(path)' is \(kind), not a regular file; give a .ttf, .otf or .ttc file"
        }
    }
}
