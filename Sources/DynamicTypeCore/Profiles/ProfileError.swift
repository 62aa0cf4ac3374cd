/// Why a profile (or another data file in `Profiles/`) could not be used.
///
/// Each case names the file, and where it applies the JSON field path (`styles[3].sizes[11]`),
/// so the message says what is wrong, where, and how to fix it.
public enum ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case fileMissing(path: String, reason: String)
    /// The file is not valid JSON.
    case malformedJSON(file: String, detail: String)
    /// A field is missing, has the wrong type, or an invalid value.
    case invalidField(file: String, path: String, problem: String)
    /// A (style, category) cell has no value.
    case missingCell(file: String, style: String, category: String, path: String)
    /// The profile has no such style.
    case unknownStyle(profile: String, style: String, available: [String])
    /// The profile does not offer this category (watchOS has no medium or AX4/AX5, Android has 7 steps).
    case unsupportedCategory(profile: String, category: String, available: [String])
    /// No bundled profile has this name and no file exists at this path.
    case unknownProfile(name: String, bundled: [String])

    public var description: String {
        switch self {
        case .fileMissing(let path, let reason):
            return "profile file '\(path)' cannot be read (\(reason)); check the path, or use a bundled profile: "
                + "ios, ios7, watchos, macos, android"
        case .malformedJSON(let file, let detail):
            return "\(file): not valid JSON: \(detail)"
        case .invalidField(let file, let path, let problem):
            return "\(file): field '\(path)': \(problem)"
        case .missingCell(let file, let style, let category, let path):
            return "\(file): style '\(style)' has no value for category '\(category)' (field '\(path)'); "
                + "give one value per entry of \"categories\", or null with \"fillUnknownFrom\""
        case .unknownStyle(let profile, let style, let available):
            return "profile '\(profile)' has no text style '\(style)'; it has: " + available.joined(separator: ", ")
        case .unsupportedCategory(let profile, let category, let available):
            return "profile '\(profile)' has no category '\(category)'; it offers: " + available.joined(separator: ", ")
        case .unknownProfile(let name, let bundled):
            return "no profile named '\(name)' (and no file at that path); bundled profiles: "
                + bundled.joined(separator: ", ") + ", or pass a path to your own JSON profile"
        }
    }
}
