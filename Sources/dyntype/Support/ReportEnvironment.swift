import FontSystem
import Foundation
import TextStack

/// The `environment` block of JSON reports: library versions and the font files used.
struct ReportEnvironment: Encodable {
    struct Font: Encodable, Hashable {
        var file: String
        var family: String
        var style: String
        var version: String?
    }

    var fontconfig: String
    var freetype: String
    var harfbuzz: String
    var fontConfiguration: String
    var fonts: [Font]

    init(resolver: FontResolver, fonts: [ResolvedFont]) {
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
