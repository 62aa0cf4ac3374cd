import Foundation
import Testing

@testable import DynamicTypeCore

/// The strict JSON reader: what RFC 8259 allows is read as Foundation reads it; what the README
/// promises to refuse is refused with its line and column.
@Suite("Strict JSON")
struct StrictJSONTests {
    private func parse(_ text: String) throws(StrictJSON.SyntaxError) -> StrictJSON.Value { try StrictJSON.parse(Data(text.utf8)) }

    private func failure(_ data: Data) -> StrictJSON.SyntaxError? {
        do {
            _ = try StrictJSON.parse(data)
            return nil
        } catch { return error }
    }

    private func failure(_ text: String) -> StrictJSON.SyntaxError? { failure(Data(text.utf8)) }

    @Test("documents Foundation reads come out equal to JSONSerialization's tree")
    func agreesWithFoundation() throws {
        let documents = [
            #"{"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d\n\u00e9\ud83d\ude00"}, "e": ""}"#,
            "[]", "{}", "0", "-0.0", #""text""#, "  [ 1 , 2 ]  ", #"{"nested": [[[{"x": 1E-3}]]]}"#,
        ]
        for document in documents {
            let ours = try parse(document).foundationObject
            let theirs = try JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed])
            #expect(NSDictionary(dictionary: ["v": ours]).isEqual(to: ["v": theirs]), "\(document)")
        }
        #expect(try parse(#"{"z": 1, "a": 2}"#) == .object([("z", .number(1, isInteger: true)), ("a", .number(2, isInteger: true))]))
    }

    @Test("trailing commas, duplicate keys, comments and other leniencies are refused at their line and column")
    func refusals() {
        let cases: [(String, String, Int, Int)] = [
            ("{\"a\": 1,}", "trailing comma before '}'", 1, 9),
            ("[1, 2,\n]", "trailing comma before ']'", 2, 1),
            ("{\n  \"a\": 1,\n  \"a\": 2\n}", "duplicate key 'a'", 3, 3),
            ("// note\n{}", "comments are not allowed", 1, 1),
            ("{'a': 1}", "object keys are strings in double quotes", 1, 2),
            ("[NaN]", "a value was expected", 1, 2),
            ("[01]", "leading zeros", 1, 2),
            ("[1.]", "after the decimal point", 1, 4),
            ("\"a\tb\"", "control character", 1, 3),
            ("\"\\ud800\"", "without its low surrogate", 1, 8),
            ("{} {}", "after the document", 1, 4),
            ("[1", "end of file inside an array", 1, 3),
            ("", "unexpected end of file", 1, 1),
        ]
        for (text, message, line, column) in cases {
            let error = failure(text)
            #expect(error?.message.contains(message) == true, "\(text): \(String(describing: error))")
            #expect(error?.line == line && error?.column == column, "\(text): \(String(describing: error))")
        }
    }

    @Test("a UTF-8 BOM is skipped; invalid UTF-8 is named with its offset")
    func encoding() throws {
        #expect(try StrictJSON.parse(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)) == .array([.number(1, isInteger: true)]))
        let error = failure(Data("[\"".utf8) + Data([0xC3, 0x28]) + Data("\"]".utf8))
        #expect(error?.message.contains("not valid UTF-8") == true, "\(String(describing: error))")
        #expect(error?.message.contains("offset 3") == true, "\(String(describing: error))")
        #expect(failure(Data([0xED, 0xA0, 0x80])) != nil, "an encoded surrogate is not UTF-8")
    }

    @Test("nesting is bounded, overflowing numbers come back infinite for the range checks to name")
    func bounds() throws {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(failure(deep)?.message.contains("nesting deeper than 128") == true)
        #expect(try parse("[1e999]") == .array([.number(.infinity, isInteger: false)]))
        let ok = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(failure(ok) == nil)
    }

    @Test("profiles and rules read through it: a duplicate key is a malformed-JSON error naming the line")
    func profiles() {
        do {
            _ = try JSONValue.parse(Data("{\"a\": 1, \"a\": 2}".utf8), origin: "ramp.json")
            Issue.record("a duplicate key was accepted")
        } catch {
            #expect(error.description.contains("ramp.json"), "\(error)")
            #expect(error.description.contains("line 1, column 10: duplicate key 'a'"), "\(error)")
        }
    }
}
