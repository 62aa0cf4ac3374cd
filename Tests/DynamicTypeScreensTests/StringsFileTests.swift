import Testing

@testable import DynamicTypeScreens

@Suite(".strings and .stringsdict files")
struct StringsFileTests {
    static let sample = "/* comment */\n\"Settings\" = \"Einstellungen\";\n// line\nDone = \"Fertig\";\n"

    /// The sample in `encoding` with or without a byte order mark.
    static func bytes(_ text: String, _ encoding: String) -> [UInt8] {
        switch encoding {
        case "utf8": Array(text.utf8)
        case "utf8bom": [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case "utf16le": [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        default: [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
    }

    @Test(".strings in UTF-8, UTF-8 with BOM, UTF-16 LE and BE with BOM", arguments: ["utf8", "utf8bom", "utf16le", "utf16be"])
    func encodings(encoding: String) throws {
        let path = try StringsFixtures.write(Self.bytes(Self.sample + "\"Emoji\" = \"😀 é\";\n", encoding), named: "de.lproj/Localizable.strings")
        let table = try StringTable.load(files: [path])
        #expect(table.locales == ["de"])
        #expect(table.lookup("Settings", locale: "de") == .translated([LocalizedVariant(text: "Einstellungen")]))
        #expect(table.lookup("Done", locale: "de") == .translated([LocalizedVariant(text: "Fertig")]))
        #expect(table.lookup("Emoji", locale: "de") == .translated([LocalizedVariant(text: "😀 é")]))
    }

    @Test("comments, escapes, unquoted keys and a key that is its own value")
    func escapes() throws {
        let table = try StringTable.load(files: [StringsFixtures.path("de.lproj/Localizable.strings")])
        func text(_ key: String) -> String? { table.lookup(key, locale: "de").variants.first?.text }
        #expect(text("Quote") == "Er sagte \"Hallo\" \\ und ging.\nZweite Zeile\tmit Tab")
        #expect(text("Unicode") == "été 😀")
        #expect(text("unquoted_key") == "Unquoted key")
        #expect(text("Octal") == "ABC")
        #expect(text("SameAsKey") == "SameAsKey")
        #expect(table.keys.count == 6)
    }

    @Test("the locale comes from the .lproj folder; Base and no folder are the source language")
    func lprojLocale() throws {
        #expect(LprojLocale.locale(ofFileAt: "App/de.lproj/Localizable.strings") == "de")
        #expect(LprojLocale.locale(ofFileAt: "App/pt_BR.lproj/Localizable.strings") == "pt-BR")
        #expect(LprojLocale.locale(ofFileAt: "App/English.lproj/Localizable.strings") == "en")
        #expect(LprojLocale.locale(ofFileAt: "App/Base.lproj/Main.strings") == nil)
        #expect(LprojLocale.locale(ofFileAt: "Localizable.strings") == nil)
        let base = try StringsFixtures.write("\"Hello\" = \"Hej\";", named: "Base.lproj/Localizable.strings")
        let table = try StringTable.load(files: [base], sourceLanguage: "sv")
        #expect(table.sourceLanguage == "sv")
        #expect(table.locales == ["sv"])
        #expect(table.lookup("Hello", locale: "de") == .sourceFallback([LocalizedVariant(text: "Hej")], locale: "de"))
    }

    @Test("an XML property list under .strings and a { } dictionary")
    func otherSyntaxes() throws {
        let xml = try StringsFixtures.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Settings</key><string>Réglages</string></dict></plist>
            """, named: "fr.lproj/InfoPlist.strings")
        let braced = try StringsFixtures.write("{ \"Done\" = \"OK\"; }", named: "fr.lproj/Braced.strings")
        let table = try StringTable.load(files: [xml, braced])
        #expect(table.lookup("Settings", locale: "fr") == .translated([LocalizedVariant(text: "Réglages")]))
        #expect(table.lookup("Done", locale: "fr") == .translated([LocalizedVariant(text: "OK")]))
    }

    @Test(".stringsdict plurals and device rules")
    func stringsDict() throws {
        let table = try StringTable.load(files: [StringsFixtures.path("de.lproj/Plural.stringsdict")])
        #expect(
            table.lookup("%d messages", locale: "de")
                == .translated([
                    LocalizedVariant(text: "Sie haben keine Nachrichten", variant: "messages:zero"),
                    LocalizedVariant(text: "Sie haben %d neue Nachricht", variant: "messages:one"),
                    LocalizedVariant(text: "Sie haben %d neue Nachrichten", variant: "messages:other"),
                ]))
        #expect(
            table.lookup("Open on", locale: "de").variants == [
                LocalizedVariant(text: "Auf dem iPad öffnen", variant: "device:ipad"),
                LocalizedVariant(text: "Auf dem iPhone öffnen", variant: "device:iphone"),
            ])
    }
}
