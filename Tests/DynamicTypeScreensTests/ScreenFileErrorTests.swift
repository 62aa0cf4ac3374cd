import DynamicTypeCore
import Foundation
import Testing
import TextStack

@testable import DynamicTypeScreens

@Suite("Screen files: errors")
struct ScreenFileErrorTests {
    /// The error decoding `text` gives (nil if it decodes).
    private func error(_ text: String, format: ScreenFile.Format = .json) -> ScreenFileError? {
        let origin = format == .json ? "t.screen.json" : "t.screen.yaml"
        do {
            _ = try ScreenFile.decode(Data(text.utf8), origin: origin, format: format)
            return nil
        } catch { return error }
    }

    /// A screen whose only view is `view` (a JSON object's text).
    private func error(view: String) -> ScreenFileError? {
        error(#"{"schemaVersion": 1, "name": "T", "views": [\#(view)]}"#)
    }

    private func styleMessage(_ text: String) -> String {
        do { _ = try TextStyle(parsing: text) } catch { return "\(error)" }
        return ""
    }

    private func colorMessage(_ text: String) -> String {
        do { _ = try RGBAColor(parsing: text) } catch { return "\(error)" }
        return ""
    }

    private func allowed(_ kind: ScreenView.Kind) -> String { ScreenFileKeys.keys(for: kind).joined(separator: ", ") }

    @Test("unknown keys, with a suggestion and the allowed keys")
    func unknownKey() {
        let found = error(view: #"{"kind": "label", "id": "a", "text": "A", "colour": "red"}"#)
        #expect(found?.reason == .unknownKey)
        #expect(found?.path == "$.views[0].colour")
        #expect(
            found?.description
                == "t.screen.json: $.views[0].colour: unknown key 'colour' in a label (did you mean 'color'?); allowed: "
                + allowed(.label))
        #expect(
            error(#"{"schemaVersion": 1, "name": "T", "view": []}"#)?.description
                == "t.screen.json: $.view: unknown key 'view' in a screen (did you mean 'views'?); allowed: "
                + ScreenFileKeys.screen.joined(separator: ", "))
    }

    @Test("wrong types name the nested path")
    func wrongType() {
        let found = error(
            view: #"{"kind": "stack", "id": "s", "axis": "vertical", "children": [{"kind": "label", "id": "a", "text": "A", "font": {"size": "17"}}]}"#
        )
        #expect(found?.reason == .wrongType)
        #expect(found?.description == "t.screen.json: $.views[0].children[0].font.size: expected a number, found a string")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "lines": true}"#)?.description
            == "t.screen.json: $.views[0].lines: expected a number, found a boolean")
        #expect(error("[]")?.description == "t.screen.json: $: expected a screen (an object), found an array")
    }

    @Test("missing required fields")
    func missing() {
        #expect(error(view: #"{"kind": "label", "text": "A"}"#)?.description
            == "t.screen.json: $.views[0].id: missing required field 'id' in a label")
        #expect(error(view: #"{"kind": "label", "id": "a"}"#)?.description
            == "t.screen.json: $.views[0]: a label needs 'text' or 'key'")
        #expect(error(view: #"{"kind": "image", "id": "a", "width": 3}"#)?.description
            == "t.screen.json: $.views[0].height: missing required field 'height' in an image"
            || error(view: #"{"kind": "image", "id": "a", "width": 3}"#)?.reason == .missingField)
        #expect(error(#"{"name": "T", "views": []}"#)?.description
            == "t.screen.json: $.schemaVersion: missing required field 'schemaVersion' (use 1)")
        #expect(error(#"{"schemaVersion": 1, "views": []}"#)?.description
            == "t.screen.json: $.name: missing required field 'name' in a screen")
    }

    @Test("text and key together, style and font together")
    func conflicts() {
        let both = error(view: #"{"kind": "label", "id": "a", "text": "A", "key": "A"}"#)
        #expect(both?.reason == .conflictingFields)
        #expect(both?.description == "t.screen.json: $.views[0]: a label has both 'text' and 'key'; give only one of 'text' or 'key'")
        #expect(error(view: #"{"kind": "button", "id": "a", "text": "A", "style": "body", "font": {"size": 3}}"#)?.description
            == "t.screen.json: $.views[0]: a button has both 'style' and 'font'; give only one of 'style' or 'font'")
    }

    @Test("unknown names: kind, style, category, lineBreak, axis, colour, device")
    func unknownNames() throws {
        #expect(error(view: #"{"kind": "labl", "id": "a"}"#)?.description
            == "t.screen.json: $.views[0].kind: unknown kind 'labl' (did you mean 'label'?); allowed: label, button, image, textView, stack, table")
        let style = error(view: #"{"kind": "label", "id": "a", "text": "A", "style": "bdy"}"#)
        #expect(style?.reason == .invalidValue)
        #expect(style?.description == "t.screen.json: $.views[0].style: " + styleMessage("bdy"))
        let category = error(view: #"{"kind": "label", "id": "a", "text": "A", "maximumCategory": "AX9"}"#)
        #expect(category?.path == "$.views[0].maximumCategory")
        #expect(category?.message.hasPrefix("unknown content-size category 'AX9'") == true)
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "lineBreak": "wordwrap"}"#)?.description
            == "t.screen.json: $.views[0].lineBreak: unknown lineBreak 'wordwrap' (did you mean 'wordWrap'?); allowed: wordWrap, charWrap, truncateHead, truncateTail, truncateMiddle, clip")
        #expect(error(view: #"{"kind": "stack", "id": "s", "axis": "horizontl", "children": []}"#)?.description
            == "t.screen.json: $.views[0].axis: unknown axis 'horizontl' (did you mean 'horizontal'?); allowed: horizontal, vertical, overlay")
        #expect(error(view: ##"{"kind": "label", "id": "a", "text": "A", "color": "#12345"}"##)?.description
            == "t.screen.json: $.views[0].color: " + colorMessage("#12345"))
        #expect(error(#"{"schemaVersion": 1, "name": "T", "device": "iphone-sf", "views": []}"#)?.description
            == "t.screen.json: $.device: unknown device 'iphone-sf' (did you mean 'iphone-se'?); allowed: iphone-se, iphone-15, iphone-15-pro-max, ipad")
        let yamlColour = error("schemaVersion: 1\nname: T\nbackground: #FFFFFF\nviews: []\n", format: .yaml)
        #expect(yamlColour?.description == "t.screen.yaml: $.background: expected a colour, found null (in YAML, quote hex colours: '#FF0000')")
    }

    @Test("duplicate ids name both views")
    func duplicateIDs() {
        let found = error(
            #"{"schemaVersion": 1, "name": "T", "views": [{"kind": "label", "id": "a", "text": "A"}, {"kind": "stack", "id": "s", "axis": "vertical", "children": [{"kind": "label", "id": "a", "text": "B"}]}]}"#
        )
        #expect(found?.reason == .duplicateID)
        #expect(found?.description == "t.screen.json: $.views[1].children[0].id: duplicate id 'a' (first used by the view at $.views[0])")
    }

    @Test("sizes: negative, non-finite, font sizes, lines, minimumScaleFactor")
    func ranges() {
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "width": -4}"#)?.description
            == "t.screen.json: $.views[0].width: -4 pt is outside 0…10000 pt")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "insets": {"top": -1}}"#)?.description
            == "t.screen.json: $.views[0].insets.top: -1 pt is outside 0…10000 pt")
        #expect(error("schemaVersion: 1\nname: T\nwidth: .inf\nviews: []\n", format: .yaml)?.description
            == "t.screen.yaml: $.width: must be a finite number, found inf")
        #expect(error(
            view: #"{"kind": "stack", "id": "s", "axis": "vertical", "children": [{"kind": "label", "id": "a", "text": "A", "font": {"size": 2000}}]}"#
        )?.description == "t.screen.json: $.views[0].children[0].font.size: 2000 is outside 1…1000 pt")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "font": {"size": 0.5}}"#)?.message == "0.5 is outside 1…1000 pt")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "lines": -1}"#)?.description
            == "t.screen.json: $.views[0].lines: must be 0 (unlimited) to 10000, found -1")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "lines": 1.5}"#)?.message == "expected a whole number, found 1.5")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "minimumScaleFactor": 0}"#)?.description
            == "t.screen.json: $.views[0].minimumScaleFactor: must be in (0, 1], found 0")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "minimumScaleFactor": 1.5}"#)?.message == "must be in (0, 1], found 1.5")
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "minimumScaleFactor": 1}"#) == nil)
    }

    @Test("minimumCategory above maximumCategory")
    func categoryOrder() {
        #expect(error(view: #"{"kind": "label", "id": "a", "text": "A", "minimumCategory": "large", "maximumCategory": "S"}"#)?.description
            == "t.screen.json: $.views[0].maximumCategory: maximumCategory 'small' is smaller than minimumCategory 'large'")
        #expect(error(#"{"schemaVersion": 1, "name": "T", "minimumCategory": "AX1", "maximumCategory": "xxxLarge", "views": []}"#)?.path
            == "$.maximumCategory")
    }

    @Test("schemaVersion must be 1")
    func version() {
        let found = error(#"{"schemaVersion": 2, "name": "T", "views": [], "newKey": 1}"#)
        #expect(found?.reason == .unsupportedVersion)
        #expect(found?.description == "t.screen.json: $.schemaVersion: schemaVersion 2 is not supported; this reader understands 1")
    }

    @Test("nesting deeper than 32 levels")
    func depth() {
        func nested(_ levels: Int) -> String {
            var view = #"{"kind": "label", "id": "leaf", "text": "A"}"#
            for level in 1..<levels { view = #"{"kind": "stack", "id": "s\#(level)", "axis": "vertical", "children": [\#(view)]}"# }
            return view
        }
        #expect(error(view: nested(32)) == nil)
        let found = error(view: nested(33))
        #expect(found?.reason == .tooDeep)
        #expect(found?.path == "$.views[0]" + String(repeating: ".children[0]", count: 32))
        #expect(found?.message == "views nest deeper than 32 levels")
    }

    @Test("files larger than 8 MB")
    func tooLarge() {
        let data = Data(repeating: UInt8(ascii: " "), count: ScreenFile.maximumFileSize + 1)
        #expect(throws: ScreenFileError(
            file: "big.screen.json", path: "", reason: .tooLarge,
            message: "the file is 8388609 bytes; screen files are limited to 8388608 bytes (8 MB)")) {
            try ScreenFile.decode(data, origin: "big.screen.json", format: .json)
        }
    }

    @Test("malformed JSON and YAML report the parser's line and column")
    func malformed() {
        let json = error("{\n  \"schemaVersion\": 1,\n  \"name\": \"T\" \"views\": []\n}")
        #expect(json?.reason == .malformed)
        #expect(json?.message.hasPrefix("malformed JSON: ") == true)
        #expect(json?.line == 3 && json?.column == 15, "\(json?.description ?? "")")
        let yaml = error("schemaVersion: 1\nname: T\nviews: [\n  {kind: label\n", format: .yaml)
        #expect(yaml?.reason == .malformed)
        #expect(yaml?.message.hasPrefix("malformed YAML: ") == true)
        #expect(yaml?.line != nil)
        #expect(yaml?.description.hasPrefix("t.screen.yaml:\(yaml?.line ?? 0):") == true)
    }

    @Test("load names the file and refuses other extensions")
    func load() throws {
        #expect(throws: ScreenFileError.self) { try ScreenFile.load(path: "notes.json") }
        let missing = ScreenFileFixtures.fixture("missing.screen.json")
        do {
            _ = try ScreenFile.read(path: missing)
            Issue.record("loaded a missing file")
        } catch { #expect(error.reason == .unreadable && error.file == missing) }
        let invalid = ScreenFileFixtures.fixture("invalid.screen.json")
        do {
            _ = try ScreenFile.read(path: invalid)
            Issue.record("loaded the invalid fixture")
        } catch { #expect(error.description.hasPrefix("\(invalid): $.views[0].colour: unknown key 'colour'")) }
    }
}

/// Numbers from files are checked finite and in range, with their JSON path, before layout; YAML
/// anchors and aliases are refused before they can expand.
@Suite("Screen files: hostile numbers and YAML")
struct ScreenFileHostileTests {
    private func error(_ text: String, format: ScreenFile.Format = .json) -> ScreenFileError? {
        do {
            _ = try ScreenFile.decode(Data(text.utf8), origin: "t.screen", format: format)
            return nil
        } catch { return error }
    }

    private func screen(_ view: String, extra: String = "") -> String {
        #"{"schemaVersion": 1, "name": "T", \#(extra) "views": [\#(view)]}"#
    }

    @Test("lengths, offsets, points, rows and line counts out of range name their path and range")
    func ranges() {
        let label = #"{"kind": "label", "id": "a", "text": "x""#
        let cases: [(String, String, String)] = [
            (screen(label + #", "width": 10001}"#), "$.views[0].width", "10001 pt is outside 0…10000 pt"),
            (screen(label + "}", extra: #""width": 99,"#), "$.width", "99 pt is outside 100…4000 pt"),
            (screen(label + #", "lines": 20000}"#), "$.views[0].lines", "0 (unlimited) to 10000"),
            (screen(label + #", "insets": {"horizontal": 1e300}}"#), "$.views[0].insets.horizontal", "outside 0…10000 pt"),
            (
                screen(#"{"kind": "textView", "id": "t", "text": "x", "exclusions": [{"shape": "polygon", "points": [[0, 0], [1e9, 0], [0, 5]]}]}"#),
                "$.views[0].exclusions[0].points", "point 1 [1000000000, 0] is outside -10000…10000 pt"
            ),
            (
                screen(#"{"kind": "image", "id": "i", "width": 20, "height": 1e308}"#), "$.views[0].height", "outside 0…10000 pt"
            ),
        ]
        for (text, path, message) in cases {
            let found = error(text)
            #expect(found?.path == path, "\(String(describing: found))")
            #expect(found?.message.contains(message) == true, "\(String(describing: found))")
            #expect(found?.reason == .invalidValue)
        }
        let rows = (0...ScreenFile.maximumTableRows).map { _ in #"{"t": "x"}"# }.joined(separator: ",")
        let table = screen(#"{"kind": "table", "id": "t", "cell": {"kind": "label", "id": "c", "text": "{t}"}, "rows": [\#(rows)]}"#)
        #expect(error(table)?.message.contains("a table lists at most 10000") == true)
    }

    @Test("YAML anchors and aliases are refused at their line, before any expansion; text with & and * is text")
    func yamlAnchors() {
        var lines = ["schemaVersion: 1", "name: T", "views: []", "a: &a [x, x, x, x, x, x, x, x, x]"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
            previous = name
        }
        let bomb = error(lines.joined(separator: "\n"), format: .yaml)
        #expect(bomb?.line == 4 && bomb?.message.contains("anchors (&name) are not supported") == true, "\(String(describing: bomb))")
        let alias = error("schemaVersion: 1\nname: T\nviews:\n  - *x\n", format: .yaml)
        #expect(alias?.line == 4 && alias?.message.contains("aliases (*name) are not supported") == true, "\(String(describing: alias))")
        let text = "schemaVersion: 1\nname: 'T & C'\nviews:\n  - {kind: label, id: a, text: 5*3 & more}\n"
        #expect(error(text, format: .yaml) == nil)
    }
}

/// Inputs the fuzzer found or that were made for it (Fuzz/Corpus keeps them as seeds).
@Suite("Screen files: fuzzer findings")
struct ScreenFileFuzzFindingTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus")

    @Test("the 546-byte alias bomb (9 levels of 9 aliases; libFuzzer's timeout before the fix) is refused at once")
    func aliasBomb() throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent("screen-yaml/alias-bomb-9x9.screen.yaml"))
        do {
            _ = try ScreenFile.decode(data, origin: "bomb.screen.yaml", format: .yaml)
            Issue.record("the alias bomb decoded")
        } catch {
            #expect(error.message.contains("are not supported in screen files"), "\(error)")
        }
    }
}
