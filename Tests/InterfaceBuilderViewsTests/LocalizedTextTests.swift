import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeViewSources
import Foundation
import InterfaceBuilderViews
import Testing

/// Interface Builder text in a locale (Base internationalization): a storyboard's
/// `<lang>.lproj/<name>.strings` and String Catalog found beside it, each label's, button's and
/// text field's text looked up as `"<objectID>.<property>"`, a missing key keeping the file's text;
/// the German text laid out and truncating from the category its measured widths say.
@Suite("Interface Builder: localized text")
struct LocalizedTextTests {
    static let folder = IBFixtures.folder + "/Localized"
    static let storyboard = folder + "/Base.lproj/Settings.storyboard"
    static let german = folder + "/de.lproj/Settings.strings"

    /// The fixture's scene in `locale` with the strings found for it, as `preview --locales` reads it.
    static func live(_ locale: String?, at category: ContentSizeCategory, strings: [String] = [german]) throws -> ScreenLiveView {
        let table = try StringTable.load(files: strings)
        let documents = try IBFile.read(path: storyboard).map { InterfaceBuilderViewReader.document($0, id: $0.name) }
        let source = ScreenSource(screens: [documents[0]], locales: [locale], strings: table)
        let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: IBFixtures.settings, resolver: IBFixtures.resolver)
        return try #require(live as? ScreenLiveView)
    }

    /// The path of the view with IB object id `id`.
    static func path(_ live: ScreenLiveView, _ id: String) throws -> String {
        try #require(live.laidOut.views.first { $0.path.contains("[\(id)]") }?.path)
    }

    @Test("the strings files of a storyboard in Base.lproj are its sibling .lproj folders' <name>.strings, for the file and its folder")
    func discovery() throws {
        let reader = InterfaceBuilderViewReader()
        #expect(reader.stringsFiles(localizing: Self.storyboard) == [Self.german])
        #expect(reader.stringsFiles(inTree: Self.folder) == [Self.german])
        // The registry asks for them for a file given by name too, as `preview Main.storyboard` does.
        #expect(ViewSourceRegistry.standard.stringsFiles(in: [Self.storyboard]) == [Self.german])
        // A file in no .lproj folder has none here; another file's strings are not its.
        #expect(IBStringsFiles.files(localizing: IBFixtures.folder + "/Main.storyboard").isEmpty)
    }

    @Test("labels, buttons and text fields take the locale's text by object id; a missing key keeps the storyboard's; no locale: the file's text")
    func lookups() throws {
        let german = try Self.live("de", at: .large)
        #expect(try Self.path(german, "ttl-l1-de1").contains("\"Mitteilungen für Nac"))
        #expect(try Self.path(german, "val-l1-de1").contains("\"Täglich\""))
        #expect(try Self.path(german, "btn-l1-de1").contains("\"Speichern\""))
        #expect(try Self.path(german, "fld-l1-de1").contains("\"E-Mail-Adresse\""))
        #expect(try Self.path(german, "ftr-l1-de1").contains("\"Version 2\""))
        let source = try Self.live(nil, at: .large)
        #expect(try Self.path(source, "ttl-l1-de1").contains("\"Notifications\""))
        #expect(try Self.path(source, "btn-l1-de1").contains("\"Save\""))
        // A regional locale falls back to its language, as iOS does.
        #expect(try Self.path(try Self.live("de-AT", at: .large), "btn-l1-de1").contains("\"Speichern\""))
        // A locale the strings do not have keeps every text of the file.
        #expect(try Self.path(try Self.live("fr", at: .large), "btn-l1-de1").contains("\"Save\""))
        // The pseudo-locale stretches the file's text.
        let pseudo = try Self.path(try Self.live(PseudoLocale.identifier, at: .large), "btn-l1-de1")
        #expect(pseudo.contains(PseudoLocale.transform("Save", placeholders: false)), "\(pseudo)")
    }

    @Test("a text the locale leaves untranslated while it translates others of the screen is a missingTranslation warning at its line; a locale translating nothing of it is not")
    func missingTranslation() throws {
        func missing(_ locale: String?) throws -> [Finding] {
            let live = try Self.live(locale, at: .large)
            return ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: .large).filter { $0.kind == .missingTranslation }
        }
        let german = try missing("de")
        // The fixture's German strings leave only the footer's key out (its comment says so).
        #expect(german.count == 1, "\(german.map(\.message))")
        let footer = try #require(german.first)
        #expect(footer.element.contains("[ftr-l1-de1]"))
        #expect(footer.severity == .warning)
        #expect(footer.message.contains("\"ftr-l1-de1.text\" has no de translation"), "\(footer.message)")
        let storyboard = try String(contentsOfFile: Self.storyboard, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(storyboard.firstIndex { $0.contains("id=\"ftr-l1-de1\"") }) + 1
        #expect(footer.message.contains("(line \(line))"), "\(footer.message)")
        // French has no strings for the file at all: the screen is not localized into it.
        #expect(try missing("fr").isEmpty)
        // Without a locale every text is the file's.
        #expect(try missing(nil).isEmpty)
    }

    @Test("the longer German title truncates from the category its measured width exceeds the row, earlier than the English one")
    func germanTruncatesEarlier() throws {
        // 16 pt root margins below 414 pt wide, 8 pt between the labels (UIKitMetrics).
        let available = 393.0 - 16 - 16 - 8
        func start(_ title: String, _ value: String) throws -> ContentSizeCategory? {
            try ContentSizeCategory.allCases.first { try IBFixtures.bodyWidth(title, at: $0) + IBFixtures.bodyWidth(value, at: $0) > available + 0.01 }
        }
        let germanStart = try #require(try start("Mitteilungen für Nachrichten", "Täglich"), "the German row must truncate at some category")
        let englishStart = try start("Notifications", "Daily")
        #expect(germanStart > .large, "the German row must fit at the default size")
        #expect(englishStart.map { germanStart < $0 } ?? true, "German \(germanStart), English \(String(describing: englishStart))")
        let runs: [(locale: String?, first: ContentSizeCategory?)] = [("de", germanStart), (nil, englishStart)]
        for category in ContentSizeCategory.allCases {
            for (locale, first) in runs {
                let live = try Self.live(locale, at: category)
                let truncated = ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category).filter { $0.kind == .truncated }
                #expect(truncated.allSatisfy { $0.element.contains("ttl-l1-de1") }, "\(locale ?? "source") \(category): \(truncated.map(\.element))")
                #expect(!truncated.isEmpty == (first.map { category >= $0 } ?? false), "\(locale ?? "source") \(category): \(truncated.map(\.message))")
            }
        }
    }

    @Test("a String Catalog named after the storyboard is found beside its Base.lproj folder and read with the same keys")
    func stringCatalog() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("ib-catalog-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: app) }
        try FileManager.default.createDirectory(atPath: app + "/Base.lproj", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.storyboard, toPath: app + "/Base.lproj/Settings.storyboard")
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "btn-l1-de1.normalTitle": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "保存する"}}}}
            }}
            """
        try catalog.write(toFile: app + "/Settings.xcstrings", atomically: true, encoding: .utf8)
        // Another file's catalog is not this storyboard's.
        try catalog.write(toFile: app + "/Other.xcstrings", atomically: true, encoding: .utf8)
        let found = IBStringsFiles.files(localizing: app + "/Base.lproj/Settings.storyboard")
        #expect(found == [app + "/Settings.xcstrings"])
        let japanese = try Self.live("ja", at: .large, strings: found)
        #expect(try Self.path(japanese, "btn-l1-de1").contains("\"保存する\""))
        #expect(try Self.path(japanese, "ttl-l1-de1").contains("\"Notifications\""))
        // The catalog has no English value for the key (it stands for its own text there): English keeps the storyboard's.
        #expect(try Self.path(try Self.live("en", at: .large, strings: found), "btn-l1-de1").contains("\"Save\""))
    }
}
