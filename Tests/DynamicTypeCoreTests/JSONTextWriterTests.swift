import Foundation
import Testing

@testable import DynamicTypeCore

@Suite("JSON text writer (SARIF logs)")
struct JSONTextWriterTests {
    @Test("strings with quotes, backslashes, control characters, slashes and non-ASCII read back as written")
    func roundTrip() throws {
        let texts = ["plain", "quote \" and \\ back", "line\nfeed\r\ttab\u{8}\u{C}", "\u{0}\u{1}\u{1F}", "a/b", "Grüße 日本 👍🏽", ""]
        var writer = JSONTextWriter()
        writer.write(.array(texts.map(JSONText.string)))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String])
        #expect(parsed == texts)
        #expect(!writer.text.contains("\\/"), "slashes are not escaped")
    }

    @Test("objects come out with sorted keys and two-space indents; empty containers stay on one line")
    func layout() {
        var writer = JSONTextWriter()
        writer.write(.object([(key: "b", value: 1), (key: "a", value: .members(["z": true, "y": .array([])])), (key: "c", value: .object([]))]))
        #expect(
            writer.text == """
                {
                  "a" : {
                    "y" : [],
                    "z" : true
                  },
                  "b" : 1,
                  "c" : {}
                }
                """)
    }

    @Test("a SARIF log of many results parses, with every result and the notices")
    func sarifLog() throws {
        let results = (1...2_000).map {
            SARIFLog.Result(ruleID: "r", level: "note", message: "m \($0)", path: "a b/c.swift", line: $0, column: 2, fingerprints: ["k": "\($0)"])
        }
        var log = SARIFLog(toolVersion: "1.0", root: "/work", rules: [], results: results)
        log.notices = ["12 more"]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.json().utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let listed = try #require(run["results"] as? [[String: Any]])
        #expect(listed.count == 2_000)
        let location = (listed[41]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect(((location?["artifactLocation"] as? [String: Any])?["uri"] as? String) == "a%20b/c.swift")
        #expect(((location?["region"] as? [String: Any])?["startLine"] as? Int) == 42)
        #expect(run["invocations"] != nil)
    }
}
