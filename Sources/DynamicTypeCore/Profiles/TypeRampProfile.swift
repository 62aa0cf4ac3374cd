import DynamicTypeProfiles
import Foundation

/// A platform's type ramp: for every text style and content-size category, the size, leading,
/// weight, emphasized weight and tracking — loaded from a JSON file in `Profiles/` (or the user's own).
///
/// Bundled profiles: `ios` (current HIG), `ios7` (the seeds' era: six styles, only body grows into
/// the accessibility sizes), `watchos`, `macos` (fixed sizes) and `android` (Android 14 non-linear
/// font scaling). The file format is documented in `Profiles/README.md`.
///
/// ```swift
/// let ios = try TypeRampProfile.named("ios")
/// try ios.metrics(for: .body, category: .accessibility5).size   // 53
/// ```
public struct TypeRampProfile: Sendable {
    /// File stem or the `name` field, e.g. `ios`.
    public let name: String
    /// Human title naming the platform and revision.
    public let title: String
    /// `ios`, `watchos`, `macos` or `android`.
    public let platform: String
    /// Where the file came from (bundled name or path), for messages.
    public let origin: String
    /// Cited sources.
    package let sources: [ProfileSource]
    /// Disagreements between sources and which value was chosen, and derived values.
    public let choices: [String]
    /// The family-map key text styles use: `system` (SF → Inter), or `Helvetica Neue` for iOS 7.
    public let systemFamily: String
    /// The platform's default body size (HIG "Ensuring legibility").
    public let defaultSize: Double
    /// The platform's minimum legible size.
    public let minimumSize: Double
    /// The categories this profile offers, smallest first.
    package let categories: [ProfileCategory]
    /// The category the platform starts at.
    public let defaultCategory: ContentSizeCategory
    /// watchOS: default category per case size ("40mm" → large).
    public let deviceDefaults: [String: ContentSizeCategory]
    /// How Bold Text changes weights.
    package let boldText: BoldTextMapping
    /// Size-dependent tracking, if the platform has it.
    package let tracking: TrackingTable?
    /// Android only: the sp → dp converter the sizes were computed with.
    package let fontScaleConverter: AndroidFontScaleConverter?
    /// Styles in file order.
    public let styles: [TextStyle]
    /// Per-style source notes.
    public let styleSources: [TextStyle: String]
    private let cells: [TextStyle: [ContentSizeCategory: StyleMetrics]]

    /// The ramp cell for `style` at `category`.
    ///
    /// - Throws: ``ProfileError/unknownStyle(profile:style:available:)`` or
    ///   ``ProfileError/unsupportedCategory(profile:category:available:)``.
    package func metrics(for style: TextStyle, category: ContentSizeCategory) throws(ProfileError) -> StyleMetrics {
        guard let row = cells[style] else {
            throw .unknownStyle(profile: name, style: style.name, available: styles.map(\.name))
        }
        guard let cell = row[category] else {
            throw .unsupportedCategory(
                profile: name, category: category.name, available: categories.map(\.category.name))
        }
        return cell
    }

    /// Whether the profile offers `category`.
    public func supports(_ category: ContentSizeCategory) -> Bool {
        categories.contains { $0.category == category }
    }

    /// Whether the profile has `style`.
    public func has(_ style: TextStyle) -> Bool { cells[style] != nil }

    /// The profile's step for `category`, if offered.
    package func step(for category: ContentSizeCategory) -> ProfileCategory? {
        categories.first { $0.category == category }
    }

    package init(
        name: String, title: String, platform: String, origin: String, systemFamily: String, sources: [ProfileSource],
        choices: [String], defaultSize: Double, minimumSize: Double, categories: [ProfileCategory],
        defaultCategory: ContentSizeCategory, deviceDefaults: [String: ContentSizeCategory],
        boldText: BoldTextMapping, tracking: TrackingTable?, fontScaleConverter: AndroidFontScaleConverter?,
        styles: [TextStyle], styleSources: [TextStyle: String], cells: [TextStyle: [ContentSizeCategory: StyleMetrics]]
    ) {
        self.name = name
        self.title = title
        self.platform = platform
        self.origin = origin
        self.systemFamily = systemFamily
        self.sources = sources
        self.choices = choices
        self.defaultSize = defaultSize
        self.minimumSize = minimumSize
        self.categories = categories
        self.defaultCategory = defaultCategory
        self.deviceDefaults = deviceDefaults
        self.boldText = boldText
        self.tracking = tracking
        self.fontScaleConverter = fontScaleConverter
        self.styles = styles
        self.styleSources = styleSources
        self.cells = cells
    }

    // MARK: Loading

    /// Parses a profile from JSON bytes; `origin` names the file in error messages.
    public init(jsonData: Data, origin: String) throws(ProfileError) {
        self = try ProfileDecoder(origin: origin).decode(jsonData)
    }

    /// Loads a profile file from disk (a regular file of at most ``InputSizeLimit/default``).
    public init(contentsOf path: String) throws(ProfileError) {
        let data: Data
        do {
            data = try InputFile.read(atPath: path, limit: .default)
        } catch {
            switch error {
            case .missing: throw ProfileError.fileMissing(path: path, reason: "no such file")
            case .isDirectory: throw ProfileError.fileMissing(path: path, reason: "it is a directory")
            case .notRegularFile(_, let kind): throw ProfileError.fileMissing(path: path, reason: "it is not a regular file but \(kind)")
            case .unreadable(_, let reason): throw ProfileError.fileMissing(path: path, reason: reason)
            case .tooLarge: throw ProfileError.malformedJSON(file: path, detail: error.description + " (profiles are a few kilobytes)")
            }
        }
        try self.init(jsonData: data, origin: path)
    }

    /// The names of the bundled profiles (`ios`, `ios7`, `watchos`, `macos`, `android`).
    public static var bundledNames: [String] { BundledProfiles.profileNames }

    /// The file `nameOrPath` names when it is a path (it contains a `/` or ends in `.json`), nil
    /// when it names a bundled profile.
    public static func filePath(for nameOrPath: String) -> String? {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") ? nameOrPath : nil
    }

    /// A bundled profile by name (`ios`, `ios7`, `watchos`, `macos`, `android`), or a file when
    /// `nameOrPath` contains a `/` or ends in `.json`. Bundled profiles are parsed once and cached.
    public static func named(_ nameOrPath: String) throws(ProfileError) -> TypeRampProfile {
        if let path = filePath(for: nameOrPath) {
            return try TypeRampProfile(contentsOf: path)
        }
        let key = nameOrPath.lowercased()
        guard BundledProfiles.profileNames.contains(key) else {
            throw ProfileError.unknownProfile(name: nameOrPath, bundled: BundledProfiles.profileNames)
        }
        return try BundledProfileCache.shared.profile(named: key)
    }

    /// The bundled current-iOS profile. Traps only if the package itself ships a broken file,
    /// which the test suite rules out.
    public static var ios: TypeRampProfile {
        do { return try named("ios") } catch { fatalError("bundled ios.json is invalid: \(error)") }
    }
}

/// Parsed bundled profiles, so each JSON file is decoded once per process.
final class BundledProfileCache: Sendable {
    static let shared = BundledProfileCache()
    private let storage = LockedDictionary<String, TypeRampProfile>()

    func profile(named name: String) throws(ProfileError) -> TypeRampProfile {
        if let cached = storage[name] { return cached }
        guard let data = BundledProfiles.data(named: name + ".json") else {
            throw .fileMissing(path: "Profiles/\(name).json", reason: "not found in the package's resources")
        }
        let profile = try TypeRampProfile(jsonData: data, origin: "Profiles/\(name).json")
        storage[name] = profile
        return profile
    }
}
