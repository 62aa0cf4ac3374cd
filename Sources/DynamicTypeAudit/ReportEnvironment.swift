import FontSystem
import Foundation
import TextStack

/// The `environment` block of JSON reports: library versions and the font files used.
public struct ReportEnvironment: Codable, Sendable {
    /// One font file.
    public struct Font: Codable, Hashable, Sendable {
        public var file: String
        public var family: String
        public var style: String
        public var version: String?
    }

    public var fontconfig: String
    public var freetype: String
    public var harfbuzz: String
    public var fontConfiguration: String
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
public struct ReportTool: Codable, Sendable {
    /// The tool's version (also `dyntype --version`).
    public static let version = "0.2.0"

    public var name = "dyntype"
    public var version = ReportTool.version
    /// The command or API that made the report.
    public var command: String

    /// The block for `command`.
    public init(command: String) { self.command = command }
}
