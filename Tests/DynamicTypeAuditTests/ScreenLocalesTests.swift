import DynamicTypeScreens
import Foundation
import Testing

@testable import DynamicTypeAudit

/// Locale names become output folders: `ScreenLocales` lets through only locale names, and says
/// which strings file and which field a bad one came from.
@Suite("Screen locales: names that become paths")
struct ScreenLocalesTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a bad locale from an .lproj folder or a catalog's sourceLanguage names the file and where (source: strings file)")
    func fromStrings() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let lproj = root.appendingPathComponent("de<b>.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings")
        try Data(#""Hi" = "Hallo";"#.utf8).write(to: strings)
        let table = try StringTable.load(files: [strings.path])
        let error = try #require(throws: ScreenLocales.Invalid.self) {
            try ScreenLocales.select(nil, table: table, stringsGiven: true, pseudo: false, files: [strings.path])
        }
        #expect(error.source == .stringsFile)
        #expect(error.description.hasPrefix("\(strings.path): the locale of its .lproj folder: locale 'de<b>' contains '<'"), "\(error.description)")

        let catalog = root.appendingPathComponent("Source.xcstrings")
        try Data(#"{"sourceLanguage": "en us", "version": "1.0", "strings": {"Hi": {}}}"#.utf8).write(to: catalog)
        let sourceTable = try StringTable.load(files: [catalog.path])
        let source = try #require(throws: ScreenLocales.Invalid.self) {
            try ScreenLocales.select("all", table: sourceTable, stringsGiven: true, pseudo: false, files: [catalog.path])
        }
        #expect(source.description.hasPrefix("\(catalog.path): field sourceLanguage: locale 'en us' contains ' '"), "\(source.description)")
    }

    @Test("--locales names are checked as given (source: option); good ones pass with the pseudo-locale")
    func fromOption() throws {
        let error = try #require(throws: ScreenLocales.Invalid.self) {
            try ScreenLocales.select("de,../../x", table: StringTable(), stringsGiven: false, pseudo: false)
        }
        #expect(error.source == .option)
        #expect(error.description.hasPrefix("invalid --locales 'de,../../x': locale '../../x' contains '.'"))
        let (locales, _) = try ScreenLocales.select("de,pt-BR,zh_TW", table: StringTable(), stringsGiven: false, pseudo: true)
        #expect(locales == ["de", "pt-BR", "zh_TW", "pseudo"])
    }
}
