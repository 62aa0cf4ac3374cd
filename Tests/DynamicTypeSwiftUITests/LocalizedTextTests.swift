import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import Foundation
import Testing

/// The app's real text (issue 33): localized strings followed to the app's String Catalogs and
/// `.strings` files (SwiftGen's `L10n`, `NSLocalizedString`, `String(localized:)`), text the
/// source does not give drawn with a sample chosen by its name and marked in every finding, and
/// `--samples` and `--views` maps. Expected texts are read from the fixture's strings files.
@Suite struct LocalizedTextTests {
    static let folder = Fixtures.folder.replacingOccurrences(of: "Fixtures/App", with: "Fixtures/Localized")

    /// The strings files the SwiftUI reader finds in the fixture app, as one table.
    static func table() throws -> StringTable {
        try StringTable.load(files: SwiftUIViewReader().stringsFiles(inTree: folder))
    }

    /// The texts view `id` draws at `large` in `locale`, top to bottom.
    static func texts(_ id: String, locale: String?, tokenFiles: [String] = []) throws -> [String] {
        try live(id, locale: locale, tokenFiles: tokenFiles).laidOut.views.compactMap { $0.text?.resolved.text }
    }

    static func live(
        _ id: String, locale: String?, tokenFiles: [String] = [], category: ContentSizeCategory = .large
    ) throws -> ScreenLiveView {
        let loaded = try SwiftUIDocuments.load([folder], tokenFiles: tokenFiles, strings: try table())
        let document = try #require(loaded.documents.first { $0.slug == id })
        // The table with the code's fallbacks as source-language texts, as the reader passes it on.
        let source = ScreenSource(screens: [document], locales: [locale], strings: loaded.strings)
        return try ViewRenderer.build(source.views[0], of: source, category: category, settings: Fixtures.settings(), resolver: Fixtures.resolver)
            as! ScreenLiveView
    }

    /// What `key` reads in `locale` in the fixture's strings files.
    static func translation(_ key: String, _ locale: String) throws -> String {
        guard case .translated(let variants) = try table().lookup(key, locale: locale), let first = variants.first else {
            throw Fixtures.FixtureError(description: "\(key) has no \(locale) translation")
        }
        return first.text
    }

    @Test func theReaderFindsTheAppsCatalogAndStringsFiles() {
        let files = SwiftUIViewReader().stringsFiles(inTree: Self.folder).map { ($0 as NSString).lastPathComponent }
        #expect(files.sorted() == ["Localizable.strings", "Localizable.xcstrings"])
    }

    @Test func aSwiftGenKeyShowsTheCatalogsGerman() throws {
        let texts = try Self.texts("SettingsScreen", locale: "de")
        #expect(texts.first == (try Self.translation("settings.title", "de")))
        // A key in no strings file shows SwiftGen's fallback, not the key (with a missing translation).
        #expect(texts[1] == "Changes are saved automatically")
        let findings = ViewRenderer.findings(of: try Self.live("SettingsScreen", locale: "de"), profile: .ios, scale: 1, category: .large)
        #expect(findings.contains { $0.kind == .missingTranslation && $0.message.contains("settings.footer") })
        // An accessor with parameters: the catalog's format, filled with a sample number.
        #expect(texts[2] == PlaceholderSamples.fill(try Self.translation("items.count", "de")))
        // `NSLocalizedString` found in de.lproj's .strings; `String(localized:)` in the catalog.
        #expect(texts[3] == (try Self.translation("sync.status", "de")))
        #expect(texts[4] == (try Self.translation("signout", "de")))
    }

    @Test func withoutALocaleTheSourceLanguageIsShown() throws {
        let texts = try Self.texts("SettingsScreen", locale: nil)
        #expect(texts[0] == (try Self.translation("settings.title", "en")))
        // No English for sync.status in any file: NSLocalizedString's `value:`.
        #expect(texts[3] == "Synced")
    }

    @Test func unknownTextGetsASampleByWhatItsNameSays() throws {
        let texts = try Self.texts("SettingsScreen", locale: nil)
        #expect(texts[5] == SampleTexts.sample(for: "article.title").text)
        #expect(texts[6] == SampleTexts.sample(for: "user.email").text)
        #expect(SampleTexts.sample(for: "user.email").holds == "an e-mail address")
        let samples = try Self.live("SettingsScreen", locale: nil).laidOut.views.compactMap(\.sample)
        #expect(samples.contains("article.title (a title)"), "\(samples)")
        #expect(samples.contains { $0.contains("user.name") && $0.contains("interpolated") }, "\(samples)")
    }

    @Test func aSamplesMapReplacesSamplesByTypePropertyAndName() throws {
        let texts = try Self.texts("SettingsScreen", locale: nil, tokenFiles: [Self.folder + "/samples.yml"])
        #expect(texts[5] == "How we rebuilt our offline sync in three weeks")
        #expect(texts[6] == "a.schneider@example.org")
    }

    @Test func findingsOnSampleTextSaySoAndKnownTextLeavesThemOut() throws {
        // The row is 160 pt wide: the sample title truncates at large.
        let category = ContentSizeCategory.large
        let live = try Self.live("ArticleRow", locale: nil, tokenFiles: [Self.folder + "/samples.yml"], category: category)
        let findings = ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category)
        let truncated = try #require(findings.first { $0.kind == .truncated })
        #expect(truncated.sampleText == "article.title (from samples: Article.title)")
        #expect(truncated.message.contains("sample text for article.title"))
        #expect(try FailPolicy(parsing: ["truncated"]).matches(truncated))
        #expect(try !FailPolicy(parsing: ["truncated,known-text"]).matches(truncated))
        #expect(try !FailPolicy(parsing: ["warning,known-text@large..."]).matches(truncated))
        // A finding on the app's own text still fails under known-text.
        var own = truncated
        own.sampleText = nil
        #expect(try FailPolicy(parsing: ["truncated,known-text"]).matches(own))
        #expect(throws: FailPolicyError.self) { try FailPolicy(parsing: ["known-text"]) }
    }

    @Test func aViewsMapDrawsAThirdPartyImageLoaderAsAnImageFillingItsFrame() throws {
        let plain = try #require(SwiftUIProject.load(files: [Self.folder + "/Sources/SettingsScreen.swift"]).views.first { $0.id == "ArticleRow" })
        #expect(plain.root.opaqueNodes.map(\.name) == ["KFImage"])
        let tokens = try DesignTokens.parse("views:\n  KFImage: Image\n  RichText: Text\n", file: "map.yml")
        let mapped = try #require(
            SwiftUIProject.load(files: [Self.folder + "/Sources/SettingsScreen.swift"], tokens: tokens).views.first { $0.id == "ArticleRow" })
        #expect(mapped.root.opaqueNodes.isEmpty)
        // A resizable image fills its 24 pt frame: nothing overflows or is clipped there.
        let image = try #require(SpacerRowTests.first("Image", in: mapped.root))
        #expect(image.kind == .image(symbol: false, resizable: true))
        let source = """
            import SwiftUI
            struct Note: View {
                var body: some View { RichText("Hello **there**").frame(width: 300) }
            }
            """
        let rich = try #require(SwiftUIProject.parse(source, tokens: tokens).views.first)
        #expect(rich.root.opaqueNodes.isEmpty)
        #expect(SpacerRowTests.first("Text", in: rich.root) != nil)
    }

    @Test func tokenMapsRefuseBadSamplesAndViews() {
        #expect(throws: DesignTokens.ReadError.self) { try DesignTokens.parse("views:\n  KFImage: Picture\n", file: "m.yml") }
        #expect(throws: DesignTokens.ReadError.self) { try DesignTokens.parse("samples:\n  title: [a, b]\n", file: "m.yml") }
        let long = String(repeating: "a", count: DesignTokens.maximumSampleLength + 1)
        #expect(throws: DesignTokens.ReadError.self) { try DesignTokens.parse("samples:\n  title: \"\(long)\"\n", file: "m.yml") }
    }

    @Test func interpolatedCountsMakeXcodesKey() throws {
        let source = """
            import SwiftUI
            struct Inbox: View {
                let unreadCount: Int
                let sender: String
                var body: some View {
                    VStack {
                        Text("\\(unreadCount) unread")
                        Text("From \\(sender)")
                        Text("\\(likes) likes")
                    }
                }
            }
            """
        let view = try #require(SwiftUIProject.parse(source).views.first)
        var keys: [String] = []
        func walk(_ node: ViewNode) {
            if case .text(let text) = node.kind, let key = text.key { keys.append(key) }
            node.children.forEach(walk)
        }
        walk(view.root)
        #expect(keys == ["%lld unread", "From %@", "%lld likes"])
    }

    @Test func sampleTableMatchesTheLastWordFirst() {
        #expect(SampleTexts.sample(for: "post.createdAt").holds == "a date")
        #expect(SampleTexts.sample(for: "viewModel.likesCount").holds == "a count")
        #expect(SampleTexts.sample(for: "dateLabel").holds == "a title")
        #expect(SampleTexts.sample(for: "user?.displayName").holds == "a name")
        #expect(SampleTexts.sample(for: "item.xyz") == SampleTexts.unknown)
        #expect(SampleTexts.lastName(of: "items[0].title!") == "title")
    }
}

/// Coverage lists the texts drawn with samples, so a team sees how much of a verdict rests on them.
@Suite struct SampleCoverageTests {
    @Test func coverageCountsSampleTexts() throws {
        let files = SwiftUIProject.swiftFiles(at: LocalizedTextTests.folder)
        let view = try #require(SwiftUIProject.load(files: files).views.first { $0.id == "SettingsScreen" })
        let coverage = SwiftUILayoutEngine(view: view).coverage
        let samples = coverage?.samples ?? []
        #expect(samples.count == 3, "\(samples)")
        #expect(samples.contains { $0.hasPrefix("article.title (a title) (SettingsScreen.swift:") }, "\(samples)")
    }
}

/// A map key that is itself a map crashed Yams' `load` (a force unwrap, found by the token-map
/// fuzz target): it is refused with its line.
@Suite struct TokenMapKeyTests {
    @Test func aKeyThatIsNotPlainTextIsRefusedWithItsLine() {
        let text = "fonts:\n  theme.fonts.body: body\ncolors:\n? { a: b }\n: \"#0A84FF\"\n"
        #expect {
            try DesignTokens.parse(text, file: "map.yml")
        } throws: { error in
            (error as? DesignTokens.ReadError)?.reason.hasPrefix("line 4: a key must be plain text") == true
        }
        #expect(throws: DesignTokens.ReadError.self) { try DesignTokens.parse("fonts:\n  ? [a]\n  : body\n", file: "map.yml") }
    }
}
