import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing

/// `--shard i/n` and `dyntype merge`: the union of the shards is the unsharded run.
@Suite("dyntype preview --shard and merge (end to end)")
struct ShardCommandTests {
    static let common = ["preview", "--categories", "large,AX3", "--scale", "1"]

    /// report.json without its timing.
    static func report(_ folder: URL) throws -> String {
        let text = try String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.contains("\"seconds\"") }.joined(separator: "\n")
    }

    @Test("n shards merged equal the unsharded run; no item runs twice", arguments: [1, 2, 3, 5])
    func shardsMergeToTheWhole(count: Int) throws {
        let root = try PreviewCommandTests.temporaryFolder("shards-\(count)")
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole"), merged = root.appendingPathComponent("merged")
        let full = try DyntypeRunner.run(Self.common + ["--out", whole.path])
        #expect(full.status == 0, "\(full.stderr)")
        var shards: [URL] = []
        var done: [String] = []
        for index in 1...count {
            let folder = root.appendingPathComponent("shard-\(index)")
            let run = try DyntypeRunner.run(Self.common + ["--shard", "\(index)/\(count)", "--out", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
            let data = try Data(contentsOf: folder.appendingPathComponent("report.json"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let shard = object?["shard"] as? [String: Any]
            #expect(shard?["index"] as? Int == index)
            let items = shard?["items"] as? [String] ?? []
            done += items
            // A shard writes only its own items' PNGs.
            let pngs = try PreviewCommandTests.listing(folder).keys.filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
            #expect(Set(pngs) == Set(items.map { $0 + ".png" }))
            shards.append(folder)
        }
        #expect(done.count == Set(done).count, "an item ran twice")
        #expect(done.count == 12)
        let merge = try DyntypeRunner.run(["merge"] + shards.map(\.path) + ["--out", merged.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try Self.report(merged) == Self.report(whole))
        let a = try PreviewCommandTests.listing(whole), b = try PreviewCommandTests.listing(merged)
        for (path, bytes) in a where path != "report.json" && !path.hasPrefix(".") {
            #expect(b[path] == bytes, "\(path) differs")
        }
        #expect(Set(a.keys.filter { !$0.hasPrefix(".") }) == Set(b.keys.filter { !$0.hasPrefix(".") }))
    }

    @Test("merge refuses shards of other settings (naming them), duplicates and missing shards")
    func mergeRefuses() throws {
        let root = try PreviewCommandTests.temporaryFolder("shards-refuse")
        defer { try? FileManager.default.removeItem(at: root) }
        func shard(_ spec: String, _ name: String, _ extra: [String] = []) throws -> String {
            let folder = root.appendingPathComponent(name).path
            let run = try DyntypeRunner.run(Self.common + extra + ["--shard", spec, "--out", folder])
            #expect(run.status == 0, "\(run.stderr)")
            return folder
        }
        let one = try shard("1/2", "a"), two = try shard("2/2", "b"), bold = try shard("2/2", "bold", ["--bold-text"])
        let mixed = try DyntypeRunner.run(["merge", one, bold, "--out", root.appendingPathComponent("m1").path])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("boldText"), "\(mixed.stderr)")
        let missing = try DyntypeRunner.run(["merge", one, "--out", root.appendingPathComponent("m2").path])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("missing shard 2/2"), "\(missing.stderr)")
        let twice = try DyntypeRunner.run(["merge", one, two, two, "--out", root.appendingPathComponent("m3").path])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("given twice"), "\(twice.stderr)")
        let bad = try DyntypeRunner.run(Self.common + ["--shard", "3/2", "--out", root.appendingPathComponent("x").path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--shard"))
    }

    @Test("snapshot verify shards check only their references and report no orphans")
    func snapshotShards() throws {
        let root = try PreviewCommandTests.temporaryFolder("snapshot-shards")
        defer { try? FileManager.default.removeItem(at: root) }
        let snaps = root.appendingPathComponent("snaps").path
        let base = ["--categories", "large,AX3", "--out", snaps]
        #expect(try DyntypeRunner.run(["snapshot", "record"] + base).status == 0)
        var paths: [String] = []
        for index in 1...3 {
            let run = try DyntypeRunner.run(["snapshot", "verify"] + base + ["--shard", "\(index)/3", "--report", "json"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let references = object?["references"] as? [[String: Any]] ?? []
            #expect(!references.contains { $0["status"] as? String == "orphan" })
            #expect(references.allSatisfy { $0["message"] != nil && $0["status"] != nil })
            paths += references.compactMap { $0["path"] as? String }
        }
        #expect(paths.count == 12 && Set(paths).count == 12)
    }
}

/// Parses JUnit XML with Foundation's XMLParser, counting test cases and failures.
final class JUnitCounter: NSObject, XMLParserDelegate {
    var cases = 0, failures = 0, suites = 0
    var root: String?

    static func parse(_ text: String) -> JUnitCounter? {
        let counter = JUnitCounter()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = counter
        return parser.parse() ? counter : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil { root = elementName }
        switch elementName {
        case "testcase": cases += 1
        case "failure": failures += 1
        case "testsuite": suites += 1
        default: break
        }
    }
}

@Suite("JUnit output (end to end)")
struct JUnitOutputTests {
    @Test("snapshot verify --report junit: one test case per view × category, a failure per changed view")
    func snapshotJUnit() throws {
        let root = try PreviewCommandTests.temporaryFolder("junit-snapshot")
        defer { try? FileManager.default.removeItem(at: root) }
        let snaps = root.appendingPathComponent("snaps")
        let base = ["--categories", "large,AX3", "--out", snaps.path]
        #expect(try DyntypeRunner.run(["snapshot", "record"] + base).status == 0)
        // A changed reference: one failing case, with characters XML must escape in the message.
        let changed = snaps.appendingPathComponent("list/03-large.txt")
        try Data("<&\"'> changed\n".utf8).write(to: changed)
        let run = try DyntypeRunner.run(["snapshot", "verify"] + base + ["--report", "junit"], environment: ["CI": "1"])
        #expect(run.status == 1)
        let counter = try #require(JUnitCounter.parse(run.stdout), "not valid XML:\n\(run.stdout)")
        #expect(counter.root == "testsuites")
        #expect(counter.suites == 1)
        #expect(counter.cases == 12)  // 6 views × 2 categories
        #expect(counter.failures == 1)
    }

    @Test("switch --sweep --format junit: one test case per view × category")
    func switchJUnit() throws {
        let run = try DyntypeRunner.run(["switch", "--sweep", "--format", "junit"])
        let counter = try #require(JUnitCounter.parse(run.stdout), "not valid XML:\n\(run.stdout)")
        #expect(counter.root == "testsuites")
        #expect(counter.cases == 6 * 12)  // the list and 5 editors × 12 categories
        #expect(counter.failures > 0)
        let pair = try DyntypeRunner.run(["switch", "large", "AX3", "--format", "junit"])
        #expect(JUnitCounter.parse(pair.stdout)?.cases == 6)
    }
}
