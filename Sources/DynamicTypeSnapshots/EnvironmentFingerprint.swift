import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// What a reference was made with: the font files (path, family, style, version string, SHA-256),
/// the libraries that turn them into layout and pixels (fontconfig, FreeType, HarfBuzz, ICU), the
/// hyphenation dictionary, for images the pixel scale, and the rendering settings (profile, Bold
/// Text, view size, row heights).
///
/// Written next to each reference as `<reference file>.fingerprint.json` when recording, and
/// compared before the reference: when the settings differ the check fails with
/// "settings changed: …", when the machine differs with "environment changed: …", instead of a
/// pixel or text diff, because a diff would then say more about the setup than about the change
/// under test.
///
/// ```json
/// {
///   "fonts" : [ { "family" : "Inter", "file" : "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
///                 "package" : "fonts-inter", "sha256" : "…", "style" : "Regular", "version" : "Version 4.000" } ],
///   "hyphenation" : { "file" : "/usr/share/hyphen/hyph_en_US.dic", "sha256" : "…" },
///   "libraries" : { "fontconfig" : "2.14.1", "freetype" : "2.12.1", "harfbuzz" : "6.0.0", "icu" : "72.1" },
///   "scale" : 1,
///   "schemaVersion" : 1,
///   "settings" : { "boldText" : false, "profile" : "ios", "rowHeights" : "seed", "width" : 320 }
/// }
/// ```
public struct EnvironmentFingerprint: Codable, Hashable, Sendable {
    /// A font file a reference used.
    package struct FontFile: Codable, Hashable, Sendable {
        /// Real path (symbolic links resolved).
        public var file: String
        public var family: String
        public var style: String
        /// The font's own version string (name table), if it has one.
        public var version: String?
        /// Hex SHA-256 of the file.
        public var sha256: String
        /// The Debian package of the file, when it belongs to the hermetic set.
        public var package: String?

        public init(file: String, family: String, style: String, version: String?, sha256: String, package: String?) {
            self.file = file
            self.family = family
            self.style = style
            self.version = version
            self.sha256 = sha256
            self.package = package
        }
    }

    /// A data file the layout depends on.
    package struct DataFile: Codable, Hashable, Sendable {
        public var file: String
        public var sha256: String

        public init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }
    }

    /// Bumped on breaking changes of this format.
    public var schemaVersion = 1
    /// Fonts used, sorted by file.
    package var fonts: [FontFile]
    /// Library versions: `fontconfig`, `freetype`, `harfbuzz`, `icu`.
    public var libraries: [String: String]
    /// The hyphenation dictionary (libhyphen `.dic`), when one was loaded.
    package var hyphenation: DataFile?
    /// Pixel scale, for image references only.
    public var scale: Double?
    /// The rendering settings (nil in fingerprints recorded before they were kept: not compared).
    public var settings: RenderSettings?

    /// A fingerprint with every value given; fonts are sorted by file.
    package init(
        fonts: [FontFile], libraries: [String: String], hyphenation: DataFile?, scale: Double?, settings: RenderSettings? = nil
    ) {
        self.fonts = fonts.sorted { $0.file < $1.file }
        self.libraries = libraries
        self.hyphenation = hyphenation
        self.scale = scale
        self.settings = settings
    }

    /// The fingerprint of a rendering that used `fonts`, resolved by `resolver`.
    ///
    /// - Parameters:
    ///   - fontSet: names each file's Debian package.
    ///   - scale: the pixel scale of an image reference; nil for text.
    ///   - settings: the rendering settings, recorded so a change is reported as one.
    /// - Throws: when a font file cannot be read to hash it.
    public static func current(
        fonts: [ResolvedFont], resolver: FontResolver, fontSet: HermeticFontSet?, scale: Double?,
        settings: RenderSettings? = nil, hyphenationDictionary: String? = defaultHyphenationDictionary
    ) throws -> EnvironmentFingerprint {
        var files: [String: FontFile] = [:]
        // `fonts` has one entry per run drawn (tens of thousands in a long note): resolve each
        // distinct file once.
        var seen = Set<String>()
        for font in fonts where seen.insert(font.filePath).inserted {
            let real = HermeticFontSet.realPath(font.filePath)
            guard files[real] == nil else { continue }
            files[real] = FontFile(
                file: real, family: font.face.familyName, style: font.face.styleName, version: font.face.version,
                sha256: try FileDigests.sha256(ofFileAt: real), package: fontSet?.package(forFile: real))
        }
        var libraries = resolver.libraryVersions
        libraries["harfbuzz"] = TextStackLibraries.harfBuzzVersion
        libraries["icu"] = LineBreakIterator.icuVersion
        var hyphenation: DataFile?
        if let dictionary = hyphenationDictionary, FileManager.default.fileExists(atPath: dictionary) {
            let real = HermeticFontSet.realPath(dictionary)
            hyphenation = DataFile(file: real, sha256: try FileDigests.sha256(ofFileAt: real))
        }
        return EnvironmentFingerprint(
            fonts: Array(files.values), libraries: libraries, hyphenation: hyphenation, scale: scale, settings: settings)
    }

    /// The dictionary the layout manager loads for `en_US` (nil when none is installed).
    public static let defaultHyphenationDictionary: String? = (try? Hyphenator(locale: "en_US"))?.dictionaryPath

    // MARK: Comparing

    /// Which rendering settings differ from a recorded fingerprint, one phrase per change (`bold
    /// text off → on`, `scale 1 → 2`); empty when they are the same or were not recorded. Checked
    /// before ``changes(since:)``: other settings use other fonts, which is no environment change.
    public func settingsChanges(since recorded: EnvironmentFingerprint) -> [String] {
        var changes: [String] = []
        if let settings, let old = recorded.settings { changes += settings.changes(since: old) }
        if scale != recorded.scale {
            changes.append("scale \(recorded.scale.map { PointFormat.string($0) } ?? "none") → \(scale.map { PointFormat.string($0) } ?? "none")")
        }
        return changes
    }

    /// What differs in the machine between a recorded fingerprint and this one, one phrase per
    /// change; empty when the environment is the same. Fonts are matched by content first (a font
    /// that only moved is no change), then by file name.
    public func changes(since recorded: EnvironmentFingerprint) -> [String] {
        var changes: [String] = []
        var unmatchedNow = fonts.filter { font in !recorded.fonts.contains { $0.sha256 == font.sha256 } }
        var unmatchedThen = recorded.fonts.filter { font in !fonts.contains { $0.sha256 == font.sha256 } }
        for old in unmatchedThen {
            let name = (old.file as NSString).lastPathComponent
            guard let index = unmatchedNow.firstIndex(where: { ($0.file as NSString).lastPathComponent == name }) else {
                continue
            }
            let new = unmatchedNow.remove(at: index)
            unmatchedThen.removeAll { $0 == old }
            var what = "font \(name) changed (sha256 \(old.sha256.prefix(12))… → \(new.sha256.prefix(12))…"
            if old.version != new.version {
                what += ", version \(old.version ?? "none") → \(new.version ?? "none")"
            }
            changes.append(what + ")")
        }
        for old in unmatchedThen {
            let install = old.package.map { "; install \($0)" } ?? ""
            changes.append("font \(old.family) \(old.style) (\(old.file)) is no longer used or installed\(install)")
        }
        for new in unmatchedNow {
            changes.append("font \(new.family) \(new.style) (\(new.file)) is used now but was not when recorded")
        }
        for name in Set(libraries.keys).union(recorded.libraries.keys).sorted()
        where libraries[name] != recorded.libraries[name] {
            changes.append("\(name) \(recorded.libraries[name] ?? "absent") → \(libraries[name] ?? "absent")")
        }
        if hyphenation?.sha256 != recorded.hyphenation?.sha256 {
            changes.append(
                "hyphenation dictionary \(recorded.hyphenation?.file ?? "none") → \(hyphenation?.file ?? "none")"
                    + (hyphenation?.file == recorded.hyphenation?.file ? " (contents changed)" : ""))
        }
        return changes
    }

    // MARK: JSON

    /// Pretty JSON with sorted keys and a final newline (CONVENTIONS.md).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return data + Data("\n".utf8)
    }

    /// A fingerprint read back from ``jsonData()``.
    public static func decode(_ data: Data) throws -> EnvironmentFingerprint {
        try JSONDecoder().decode(EnvironmentFingerprint.self, from: data)
    }
}
