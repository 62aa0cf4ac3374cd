import Foundation
import Testing

@testable import DynamicTypeScreens

@Suite("Strings file errors")
struct StringsErrorTests {
    /// The error loading `text` as `name` gives, or nil when it loads.
    func loadError(_ text: String, named name: String) throws -> StringsFileError? {
        try loadError(Array(text.utf8), named: name)
    }

    func loadError(_ bytes: [UInt8], named name: String) throws -> StringsFileError? {
        let path = try StringsFixtures.write(bytes, named: name)
        do {
            _ = try StringTable.load(files: [path])
            return nil
        } catch let error as StringsFileError {
            #expect(error.file == path)
            #expect(error.description.hasPrefix(path))
            return error
        } catch {
            Issue.record("expected a StringsFileError, got \(error)")
            return nil
        }
    }

    @Test("malformed JSON names the place and what a catalog is")
    func malformedJSON() throws {
        let error = try #require(try loadError("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"a\" : }\n}", named: "Bad.xcstrings"))
        #expect(error.problem.hasPrefix("not valid JSON"))
        // The `}` after `"a" :` (Foundation on Linux reports the byte offset, Apple's the line).
        #expect(error.location == "3:23" || error.location == "3:24")
        #expect(error.expected == "a String Catalog is a JSON object with sourceLanguage, version and strings")
    }

    @Test("a wrong type deep inside a catalog names its JSON path")
    func wrongType() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"Add to basket": {"localizations": {
              "de": {"stringUnit": {"state": "translated", "value": 42}}}}}}
            """
        let error = try #require(try loadError(json, named: "Deep.xcstrings"))
        #expect(error.location == "strings[\"Add to basket\"].localizations.de.stringUnit.value")
        #expect(error.problem == "expected a string, found a number")
        #expect(error.expected == "a stringUnit has state and value")
        #expect(error.description.hasSuffix(
            ":strings[\"Add to basket\"].localizations.de.stringUnit.value: expected a string, found a number; a stringUnit has state and value"))
        let plural = """
            {"sourceLanguage": "en", "strings": {"%lld items": {"localizations": {"de-CH": {"variations": {"plural": {"one": []}}}}}}}
            """
        let pluralError = try #require(try loadError(plural, named: "Plural.xcstrings"))
        #expect(pluralError.location == "strings[\"%lld items\"].localizations[\"de-CH\"].variations.plural.one")
        #expect(pluralError.problem == "expected an object, found an array")
    }

    @Test("a .strings entry without its semicolon gives line:column")
    func missingSemicolon() throws {
        let error = try #require(try loadError("\"a\" = \"b\";\n\"Settings\" = \"Einstellungen\"\n\"Done\" = \"Fertig\";\n", named: "x.strings"))
        #expect(error.location == "2:29")
        #expect(error.problem.hasPrefix("missing ; after the entry for \"Settings\" (started at 2:1)"))
        let unterminated = try #require(try loadError("\"a\" = \"b;\n", named: "y.strings"))
        #expect(unterminated.location == "1:7")
        #expect(unterminated.problem == "a string is never closed")
    }

    @Test("an unknown extension lists the three formats")
    func unknownExtension() throws {
        let error = try #require(try loadError("a=b;", named: "Localizable.json"))
        #expect(error.problem == "unknown kind of strings file (the extension .json)")
        #expect(error.expected == "use .xcstrings, .strings or .stringsdict files")
        let missing = try #require(throws: StringsFileError.self) { try StringTable.load(files: ["/nonexistent/x.strings"]) }
        #expect(missing.problem == "no such file")
    }

    @Test("garbage that is neither UTF-8 nor UTF-16")
    func garbageEncoding() throws {
        let notUTF8 = try #require(try loadError([0x22, 0xC3, 0x28, 0xFF, 0xFE], named: "g.strings"))
        #expect(notUTF8.problem == "neither UTF-8 nor UTF-16 with a byte order mark")
        #expect(notUTF8.location == "byte 1")
        let noMark = try #require(try loadError([0x41, 0x00, 0x3D, 0x00], named: "n.strings"))
        #expect(noMark.problem == "contains NUL bytes (UTF-16 without a byte order mark?)")
        #expect(noMark.location == "byte 1")
        let odd = try #require(try loadError([0xFF, 0xFE, 0x41, 0x00, 0x42], named: "h.strings"))
        #expect(odd.problem.contains("odd number of bytes"))
        // A lone low surrogate (0xDC00) in little-endian UTF-16.
        let surrogate = try #require(try loadError([0xFF, 0xFE, 0x41, 0x00, 0x00, 0xDC], named: "i.strings"))
        #expect(surrogate.problem.contains("not valid UTF-16 little-endian"))
    }

    @Test("files above the size limit are refused before parsing")
    func sizeLimit() throws {
        let path = try StringsFixtures.write(String(repeating: "\"a\" = \"b\";\n", count: 200), named: "big.strings")
        let error = try #require(throws: StringsFileError.self) {
            try StringTable.load(files: [path], sourceLanguage: "en", maximumFileSize: 1024)
        }
        #expect(error.problem == "too large for a strings file (2200 bytes)")
        #expect(StringsFileReader.defaultMaximumSize == 32 * 1024 * 1024)
    }

    @Test("stringsdict errors name the plist path")
    func stringsDictErrors() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>%d files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>one</key><string>%d file</string></dict></dict></dict></plist>
            """
        let error = try #require(try loadError(plist, named: "de.lproj/x.stringsdict"))
        #expect(error.location == "[\"%d files\"].files")
        #expect(error.problem == "missing the other case")
        let broken = try #require(try loadError("<?xml version=\"1.0\"?><plist><dict><key>a</key>", named: "y.stringsdict"))
        #expect(broken.problem.hasPrefix("not a valid property list ("))
        #expect(broken.expected == "a .stringsdict file is an XML plist dictionary")
    }

    @Test("truncated and garbled files never crash", arguments: ["xcstrings", "strings", "stringsdict"])
    func fuzz(fileExtension: String) throws {
        let sources: [String: String] = [
            "xcstrings": try String(contentsOfFile: StringsFixtures.path("Variations.xcstrings"), encoding: .utf8),
            "strings": try String(contentsOfFile: StringsFixtures.path("de.lproj/Localizable.strings"), encoding: .utf8),
            "stringsdict": try String(contentsOfFile: StringsFixtures.path("de.lproj/Plural.stringsdict"), encoding: .utf8),
        ]
        let bytes = Array(try #require(sources[fileExtension]).utf8)
        // A deterministic generator, so a failure can be reproduced.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var inputs: [[UInt8]] = [[], [0xFF, 0xFE], [0xFE, 0xFF, 0xD8, 0x00], Array("\"\\U".utf8), Array("\"\\UD83D\"".utf8)]
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) { inputs.append(Array(bytes[..<cut])) }
        for _ in 0..<40 {
            var garbled = bytes
            for _ in 0..<(1 + next() % 6) { garbled[next() % garbled.count] = UInt8(truncatingIfNeeded: next()) }
            inputs.append(garbled)
        }
        for input in inputs {
            // Loads or fails with an error naming the file; anything else (a crash) fails the run.
            if let error = try loadError(input, named: "de.lproj/Fuzz.\(fileExtension)") {
                #expect(!error.problem.isEmpty)
            }
        }
    }
}
