import FontSystem
import Foundation
import TextStack

/// The `environment` block of JSON reports: library versions and the font files used.
package struct ReportEnvironment: Codable, Sendable {
    /// One font file.
    public struct Font: Codable, Hashable, Sendable {
        /// The font file's name.
        public var file: String
        /// The family name.
        public var family: String
        /// The style name (`Regular`, `Bold Italic`).
        public var style: String
        /// The font's version string, if it has one.
        public var version: String?
    }

    /// fontconfig's version.
    public var fontconfig: String
    /// FreeType's version.
    public var freetype: String
    /// HarfBuzz's version.
    public var harfbuzz: String
    /// Which font configuration resolved the fonts.
    public var fontConfiguration: String
    /// Every font file drawn with.
    public var fonts: [Font]

    /// The versions `resolver` runs with and the files of `fonts` (each once, sorted).
    public init(resolver: FontResolver, fonts: [ResolvedFont]) {
        let versions = resolver.libraryVersions
        fontconfig = versions["fontconfig"] ?? "unknown"
        freetype = versions["freetype"] ?? "unknown"
        harfbuzz = TextStackLibraries.harfBuzzVersion
        fontConfiguration = resolver.configurationSummary
        var seen = Set<String>()
        self.fonts = fonts.compactMap { font in
            guard seen.insert(font.filePath).inserted else { return nil }
            return Font(file: font.filePath, family: font.face.familyName, style: font.face.styleName, version: font.face.version)
        }.sorted { $0.file < $1.file }
    }
}

/// The `tool` block of every JSON report.
package struct ReportTool: Codable, Sendable {
    /// The tool's version (also `dyntype --version`).
    public static let version = "0.2.0"

    /// The tool's name.
    public var name = "dyntype"
    /// The tool's version.
    public var version = ReportTool.version
    /// The command or API that made the report.
    public var command: String

    /// The block for `command`.
    public init(command: String) { self.command = command }
}
