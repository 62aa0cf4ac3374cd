import DynamicTypeAudit
import Testing

/// Keys are located at their declaration in each strings format, escaped keys included, and a
/// catalog's entry wins over a nested field of the same name.
@Suite("strings: key lines")
struct StringKeyLinesTests {
    @Test("String Catalog: the entry under strings, not a nested field with the same name")
    func catalog() {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Say \\"hi\\"" : {
                  "localizations" : { "value" : "x" }
                },
                "value": {
                }
              }
            }
            """
        let index = StringKeyLines.index(text, path: "Localizable.xcstrings")
        #expect(index["Say \"hi\""] == 4)
        #expect(index["value"] == 7, "the least indented declaration")
        #expect(index["sourceLanguage"] == 2)
    }

    @Test(".strings and .stringsdict")
    func stringsAndPlist() {
        let strings = "/* c */\n\"Cancel\" = \"Abbrechen\";\n\"a\\nb\"=\"c\";\n\"not a key\";\n"
        let index = StringKeyLines.index(strings, path: "de.lproj/Localizable.strings")
        #expect(index["Cancel"] == 2)
        #expect(index["a\nb"] == 3)
        #expect(index["not a key"] == nil)
        let plist = "<plist><dict>\n  <key>%d items &amp; more</key>\n  <dict>\n    <key>NSStringLocalizedFormatKey</key>\n</dict></dict></plist>"
        #expect(StringKeyLines.index(plist, path: "en.lproj/Localizable.stringsdict")["%d items & more"] == 2)
    }
}
