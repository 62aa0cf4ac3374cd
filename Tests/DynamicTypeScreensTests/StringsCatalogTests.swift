import DynamicTypeCore
import Testing

@testable import DynamicTypeScreens

@Suite("String Catalogs")
struct StringsCatalogTests {
    let shop: StringTable
    let variations: StringTable

    init() throws {
        shop = try StringTable.load(files: [StringsFixtures.path("Shop.xcstrings")])
        variations = try StringTable.load(files: [StringsFixtures.path("Variations.xcstrings")])
    }

    @Test("the shop fixture: source language, locales, keys and plain strings")
    func shopBasics() {
        #expect(shop.sourceLanguage == "en")
        #expect(shop.locales == ["en", "de", "ja"])
        #expect(shop.keys == ["%lld items", "Add to basket", "Continue", "Notifications", "Settings", "Text Size", "Welcome back, %@!"])
        #expect(shop.lookup("Add to basket", locale: "de") == .translated([LocalizedVariant(text: "In den Warenkorb legen")]))
        // No English localization: Xcode stores the key as the source text.
        #expect(shop.lookup("Add to basket", locale: "en") == .translated([LocalizedVariant(text: "Add to basket")]))
        #expect(shop.lookup("Welcome back, %@!", locale: "ja") == .translated([LocalizedVariant(text: "おかえりなさい、%@さん！")]))
    }

    @Test("plural variations return every case in CLDR order")
    func plurals() {
        #expect(
            shop.lookup("%lld items", locale: "en")
                == .translated([
                    LocalizedVariant(text: "%lld item", variant: "plural:one"),
                    LocalizedVariant(text: "%lld items", variant: "plural:other"),
                ]))
        #expect(shop.lookup("%lld items", locale: "ja") == .translated([LocalizedVariant(text: "%lld 個の商品", variant: "plural:other")]))
        #expect(LocalizedVariant(text: "", variant: "plural:one").pluralCategory == "one")
    }

    @Test("device variations, nested device → plural")
    func devices() {
        #expect(
            variations.lookup("Tap to continue", locale: "en")
                == .translated([
                    LocalizedVariant(text: "Tap anywhere on the screen to continue", variant: "device:ipad"),
                    LocalizedVariant(text: "Click to continue", variant: "device:mac"),
                    LocalizedVariant(text: "Tap to continue", variant: "device:other"),
                ]))
        let german = variations.lookup("Tap to continue", locale: "de").variants
        #expect(german.map(\.variant) == ["device:iphone plural:one", "device:iphone plural:few", "device:iphone plural:other", "device:other"])
        #expect(german[1].text == "%lld Mal tippen (wenige)")
        #expect(german[1].pluralCategory == "few")
        #expect(german[3].pluralCategory == nil)
    }

    @Test("substitutions expand into every combination of their plural cases")
    func substitutions() {
        let english = variations.lookup("%lld items in %lld baskets", locale: "en").variants
        #expect(
            english == [
                LocalizedVariant(text: "%1$lld item in %2$lld basket", variant: "items:one baskets:one"),
                LocalizedVariant(text: "%1$lld item in %2$lld baskets", variant: "items:one baskets:other"),
                LocalizedVariant(text: "%1$lld items in %2$lld basket", variant: "items:other baskets:one"),
                LocalizedVariant(text: "%1$lld items in %2$lld baskets", variant: "items:other baskets:other"),
            ])
        let german = variations.lookup("%lld items in %lld baskets", locale: "de").variants
        #expect(german.map(\.variant) == ["items:one", "items:few", "items:other"])
        #expect(german[1] == LocalizedVariant(text: "%lld Artikelchen", variant: "items:few"))
        #expect(german[1].pluralCategory == "few")
    }

    @Test("shouldTranslate false: the source text everywhere, never missing")
    func shouldTranslateFalse() {
        #expect(variations.lookup("SKU", locale: "de") == .translated([LocalizedVariant(text: "SKU")]))
        #expect(variations.lookup("SKU", locale: "fr") == .translated([LocalizedVariant(text: "SKU")]))
    }

    @Test("a missing translation falls back to the source language")
    func sourceFallback() {
        #expect(
            variations.lookup("Only in English", locale: "de")
                == .sourceFallback([LocalizedVariant(text: "Only in English")], locale: "de"))
        #expect(variations.lookup("Only in English", locale: "de").isMissing)
    }

    @Test("a missing key shows the key")
    func keyFallback() {
        let lookup = shop.lookup("Checkout", locale: "de")
        #expect(lookup == .keyFallback(key: "Checkout", locale: "de"))
        #expect(lookup.variants == [LocalizedVariant(text: "Checkout")])
        #expect(StringTable().lookup("Checkout", locale: "en") == .keyFallback(key: "Checkout", locale: "en"))
    }

    @Test("de-CH falls back to de, then to the source language")
    func regionFallback() {
        #expect(shop.lookup("Continue", locale: "de-CH") == .translated([LocalizedVariant(text: "Weiter")]))
        #expect(shop.lookup("Continue", locale: "de_CH") == .translated([LocalizedVariant(text: "Weiter")]))
        #expect(variations.lookup("Färg", locale: "de-CH") == .translated([LocalizedVariant(text: "Farbe (Schweiz)")]))
        #expect(variations.lookup("Färg", locale: "de") == .sourceFallback([LocalizedVariant(text: "Färg")], locale: "de"))
        #expect(StringTable.fallbackChain("zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
    }

    @Test("later files override earlier ones for the same locale and key")
    func overrides() throws {
        let table = try StringTable.load(
            files: [StringsFixtures.path("Shop.xcstrings"), StringsFixtures.path("de.lproj/Localizable.strings")])
        #expect(table.lookup("Settings", locale: "de") == .translated([LocalizedVariant(text: "Einstellungen (aus .strings)")]))
        #expect(table.lookup("Settings", locale: "ja") == .translated([LocalizedVariant(text: "設定")]))
        #expect(table.locales == ["en", "de", "ja"])
        let reversed = try StringTable.load(
            files: [StringsFixtures.path("de.lproj/Localizable.strings"), StringsFixtures.path("Shop.xcstrings")])
        #expect(reversed.lookup("Settings", locale: "de") == .translated([LocalizedVariant(text: "Einstellungen")]))
    }

    @Test("substitutions nest one level, never expand themselves, and stay within the variant limit")
    func expanderEdges() {
        typealias Case = SubstitutionExpander.Case
        let nested = SubstitutionExpander.expand(
            [LocalizedVariant(text: "%#@files@")],
            substitutions: [
                "files": [Case(category: "one", text: "%d file in %#@folders@"), Case(category: "other", text: "%d files in %#@folders@")],
                "folders": [Case(category: "other", text: "%d folders")],
            ])
        #expect(nested.map(\.text) == ["%d file in %d folders", "%d files in %d folders"])
        #expect(nested.map(\.variant) == ["files:one folders:other", "files:other folders:other"])
        let selfReference = SubstitutionExpander.expand(
            [LocalizedVariant(text: "%#@x@")], substitutions: ["x": [Case(category: "other", text: "again %#@x@")]])
        #expect(selfReference == [LocalizedVariant(text: "again %#@x@", variant: "x:other")])
        // Escaped percent signs and unknown names are left alone.
        #expect(SubstitutionExpander.references(in: "%%#@a@ %1$#@b@ %#@c@") == ["b", "c"])
        let many = Dictionary(uniqueKeysWithValues: (0..<5).map { index in
            ("v\(index)", PluralCategory.all.map { Case(category: $0, text: $0) })
        })
        let wide = SubstitutionExpander.expand(
            [LocalizedVariant(text: (0..<5).map { "%#@v\($0)@" }.joined(separator: " "))], substitutions: many)
        #expect(wide.count <= SubstitutionExpander.variantLimit)
    }
}
