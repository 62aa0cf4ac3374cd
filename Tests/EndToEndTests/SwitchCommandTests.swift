import Foundation
import Testing

/// `dyntype switch`, run as a user (or CI) would; reports are compared with committed references
/// after removing the timings, which vary from run to run.
@Suite("dyntype switch (end to end)")
struct SwitchCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let tricky = fixtures.appendingPathComponent("TrickyNotes").path

    /// The report without timings ("1.23 ms" → "# ms") and without the machine's environment block.
    static func normalizedText(_ text: String) -> String {
        text.replacingOccurrences(of: #"[0-9]+\.[0-9]+ ms"#, with: "# ms", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false).map { line in
                // Table columns are padded to the widest cell, which a timing can change.
                line.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
                    .replacingOccurrences(of: #"-{2,}"#, with: "--", options: .regularExpression)
            }.joined(separator: "\n")
    }

    static func normalizedJSON(_ text: String) throws -> Any {
        func strip(_ value: Any) -> Any {
            if var object = value as? [String: Any] {
                for key in ["milliseconds", "switchMilliseconds", "freshBuildMilliseconds", "environment", "tool"] {
                    object.removeValue(forKey: key)
                }
                return object.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        return strip(try JSONSerialization.jsonObject(with: Data(text.utf8)))
    }

    /// Compares with `Fixtures/Reports/<name>`, writing it when DYNTYPE_RECORD is set.
    static func assertMatchesReference(_ actual: String, named name: String) throws {
        let url = fixtures.appendingPathComponent("Reports/\(name)")
        if ProcessInfo.processInfo.environment["DYNTYPE_RECORD"] != nil {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            Issue.record("recorded reference \(name); run again without DYNTYPE_RECORD")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "report differs from Fixtures/Reports/\(name); re-record with DYNTYPE_RECORD=1 if intended")
    }

    @Test("samples large → accessibility3: text report is stable and ends with the summary line")
    func samplesText() throws {
        let result = try DyntypeRunner.run(["switch", "large", "accessibility3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Observers, in delivery order"))
        #expect(result.stdout.contains("1  notes list") || result.stdout.contains("1 notes list"))
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.range(of: #"^[0-9]+ passed, [0-9]+ failed$"#, options: .regularExpression) != nil)
        try Self.assertMatchesReference(Self.normalizedText(result.stdout), named: "samples-large-ax3.txt")
    }

    @Test("samples JSON: schema version, observers in order, stale-state clean, stable fields")
    func samplesJSON() throws {
        let result = try DyntypeRunner.run(["switch", "L", "AX3", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 2)
        #expect(object["environment"] != nil)
        let observers = try #require(object["observers"] as? [[String: Any]])
        #expect(observers.first?["name"] as? String == "notes list")
        #expect(observers.map { $0["order"] as? Int } == Array(1...observers.count))
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.contains { $0["kind"] as? String == "staleState" })
        let normalized = try JSONSerialization.data(withJSONObject: Self.normalizedJSON(result.stdout), options: [.sortedKeys, .prettyPrinted])
        try Self.assertMatchesReference(String(decoding: normalized, as: UTF8.self) + "\n", named: "samples-large-ax3.json")
    }

    @Test("the seeds' red ALLCAPS fails WCAG AA at large and --fail-on warning exits 1")
    func contrastAndFailOn() throws {
        let result = try DyntypeRunner.run(["switch", "xLarge", "large", "--fail-on", "warning", "--format", "markdown"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("contrast 4.00:1"))
        #expect(result.stdout.contains("| severity |"))
        let errorsOnly = try DyntypeRunner.run(["switch", "xLarge", "large", "--fail-on", "error"])
        #expect(errorsOnly.status == 0, "\(errorsOnly.stdout)")
    }

    @Test("tricky notes (CJK, RTL, emoji, combining marks, a 10,000-character word, empty, whitespace, invalid UTF-8, markup edges): no crash, no hang, stable report")
    func trickyNotes() throws {
        let result = try DyntypeRunner.run(["switch", "large", "accessibility3", Self.tricky], timeout: 300)
        #expect(result.status == 65, "invalid UTF-8 is reported with exit 65 after the report: \(result.stderr)")
        #expect(result.stderr.contains("invalid-utf8.txt"))
        #expect(result.stdout.contains("passed,"))
        #expect(!result.stdout.contains("missingGlyph"))
        try Self.assertMatchesReference(Self.normalizedText(result.stdout), named: "tricky-large-ax3.txt")
    }

    @Test("sweep: first category per finding, style growth against large")
    func sweep() throws {
        let result = try DyntypeRunner.run(["switch", "--sweep"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("First category at which each finding appears"))
        let body = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("body ") })
        #expect(body.contains("accessibility3"))  // 17 → 40 pt: 200% first reached at AX3
        let largeTitle = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("largeTitle ") })
        #expect(largeTitle.contains("never"))
        try Self.assertMatchesReference(Self.normalizedText(result.stdout), named: "samples-sweep.txt")
    }

    @Test(
        "usage errors",
        arguments: [
            (["switch", "large"], Int32(64), "give the categories"),
            (["switch", "large", "huge"], 64, "unknown content-size category"),
            (["switch", "large", "AX1", "--fail-on", "truncatd"], 64, "did you mean 'truncated'"),
            (["switch", "large", "AX1", "--fail-on", "truncated@AX9..."], 64, "invalid --fail-on 'truncated@AX9...'"),
            (["switch", "large", "AX1", "--fail-on", "error,clipped"], 64, "not both"),
            (["switch", "large", "AX1", "/nonexistent-notes"], 66, "does not exist"),
            (["switch", "large", "AX5", "--profile", "watchos"], 64, "offers"),
        ])
    func usage(arguments: [String], code: Int32, message: String) throws {
        let result = try DyntypeRunner.run(arguments)
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
