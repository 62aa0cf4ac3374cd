import Testing

@testable import DynamicTypeCore

/// The one gate for names from data that become output paths.
@Suite("Path components from data")
struct PathComponentTests {
    @Test("locale names: BCP 47-ish tags pass; traversal, separators, markup, spaces and empties do not")
    func locales() throws {
        for good in ["de", "pt-BR", "zh-Hans", "zh_TW", "en-US-x-twain", "pseudo", String(repeating: "a", count: 35)] {
            #expect(try PathComponent.validatedLocale(good, what: "locale") == good)
            #expect(PathComponent.isLocaleName(good))
        }
        for bad in ["", "..", "../../x", "a/b", "<b>", "de CH", "de.CH", "dé", "a\u{0}b", "de\n", String(repeating: "a", count: 36)] {
            #expect(!PathComponent.isLocaleName(bad), "\(bad.debugDescription)")
            #expect(throws: PathComponent.Invalid.self) { try PathComponent.validatedLocale(bad, what: "locale") }
        }
        let error = try #require(throws: PathComponent.Invalid.self) { try PathComponent.validatedLocale("../../x", what: "locale") }
        #expect(error.description == "locale '../../x' contains '.', not a locale name; use a BCP 47 tag such as de, pt-BR or zh-Hans: 1–35 ASCII letters, digits, '-' or '_'")
    }

    @Test("view ids: one file name; no '/', '.', '..', leading dot, NUL or control characters, at most 255 bytes")
    func components() throws {
        for good in ["list", "checkout.de", "a-b_c", "日本", String(repeating: "x", count: 255)] {
            #expect(try PathComponent.validated(good, what: "view id") == good)
        }
        for bad in ["", ".", "..", "../x", "a/b", "/etc", ".thumbnails", "a\u{0}b", "a\nb", String(repeating: "x", count: 256)] {
            #expect(throws: PathComponent.Invalid.self, "\(bad.debugDescription)") { try PathComponent.validated(bad, what: "view id") }
        }
        let error = try #require(throws: PathComponent.Invalid.self) { try PathComponent.validated("a\u{0}b", what: "view id") }
        #expect(error.description.hasPrefix("view id 'a\\u{0}b' contains a control character"), "\(error.description)")
    }
}
