import DynamicTypeAudit
import Foundation
import Testing

/// Coverage of views read from source: per-file sums, and counts read back from a report checked.
@Suite struct ViewCoverageTests {
    @Test("a file's entry sums its views, each view once whatever its locales, in the views' order")
    func summaries() {
        let row = ViewCoverage(nodes: 10, laidOut: 10, approximations: ["Image(systemName:) (Row.swift:3)"])
        let map = ViewCoverage(nodes: 6, laidOut: 5, opaque: ["GeometryReader (Map.swift:9)"])
        let files = FileCoverage.summaries(of: [
            (file: "Map.swift", key: "MapCard", coverage: map),
            (file: "Row.swift", key: "Row", coverage: row),
            (file: "Row.swift", key: "Row", coverage: row),  // the same view in another locale
            (file: "Row.swift", key: "Row-preview", coverage: row),
            (file: "notes/a.txt", key: "a", coverage: nil),  // a note: no coverage
            (file: nil, key: "list", coverage: nil),
        ])
        #expect(files.map(\.file) == ["Map.swift", "Row.swift"])
        #expect(files.map { [$0.views, $0.completeViews, $0.nodes, $0.laidOut, $0.percent] } == [[1, 0, 6, 5, 83], [2, 2, 20, 20, 100]])
    }

    @Test("percent rounds down, so a view with one opaque box of 1,000 nodes is not shown as complete")
    func percentRoundsDown() {
        #expect(ViewCoverage(nodes: 1_000, laidOut: 999).percent == 99)
        #expect(ViewCoverage(nodes: 0, laidOut: 0).percent == 100)
    }

    @Test(
        "counts read back from a report are checked",
        arguments: [
            #"{"nodes": -1, "laidOut": 0, "opaque": [], "approximations": []}"#,
            #"{"nodes": 5, "laidOut": 6, "opaque": [], "approximations": []}"#,
            #"{"nodes": 9223372036854775807, "laidOut": 0, "opaque": [], "approximations": []}"#,
            #"{"nodes": 5, "opaque": [], "approximations": []}"#,
        ])
    func hostileCounts(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ViewCoverage.self, from: Data(json.utf8)) }
    }

    @Test("a coverage survives a round trip, with its percent written for readers")
    func roundTrip() throws {
        let coverage = ViewCoverage(nodes: 8, laidOut: 6, opaque: ["Canvas (A.swift:2)", "Chart (A.swift:7) ×2"])
        let data = try JSONEncoder().encode(coverage)
        #expect(String(decoding: data, as: UTF8.self).contains("\"percent\":75"))
        #expect(try JSONDecoder().decode(ViewCoverage.self, from: data) == coverage)
    }
}
