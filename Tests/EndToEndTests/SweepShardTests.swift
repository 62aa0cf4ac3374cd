import Foundation
import Testing

/// `switch --sweep --shard i/n` and `dyntype merge` of the shards: the merged sweep equals the
/// unsharded one, every view is walked by exactly one shard.
@Suite("switch --sweep --shard and merge (end to end)")
struct SweepShardTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/screens").standardizedFileURL.path

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("for 1, 2, 3 and 5 shards the merged sweep is the unsharded sweep, and no view is walked twice", arguments: [1, 2, 3, 5])
    func shards(count: Int) throws {
        let folder = try PreviewCommandTests.temporaryFolder("sweep-shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [Self.examples + "/checkout.screen.json", Self.examples + "/settings.screen.json", "--format", "json"]
        let whole = try DyntypeRunner.run(["switch", "--sweep"] + inputs)
        #expect(whole.status == 0, "\(whole.stderr)")
        var paths: [String] = []
        var walked: [String] = []
        for index in 1...count {
            let shard = try DyntypeRunner.run(["switch", "--sweep", "--shard", "\(index)/\(count)"] + inputs)
            #expect(shard.status == 0, "\(shard.stderr)")
            let path = folder.appendingPathComponent("shard-\(index).json").path
            try Data(shard.stdout.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            walked += (try Self.json(shard.stdout)["shard"] as? [String: Any])?["views"] as? [String] ?? []
        }
        #expect(walked.sorted() == ["checkout", "settings"].sorted(), "each view once")
        let merged = try DyntypeRunner.run(["merge"] + paths + ["--out", folder.appendingPathComponent("merged").path])
        #expect(merged.status == 0, "\(merged.stderr)")
        let mergedJSON = try Data(contentsOf: folder.appendingPathComponent("merged/switch.json"))
        let a = try Self.json(whole.stdout), b = try #require(try JSONSerialization.jsonObject(with: mergedJSON) as? [String: Any])
        #expect(NSDictionary(dictionary: a).isEqual(to: b), "merged sweep differs from the unsharded one")
    }

    @Test("merge refuses sweep shards of different settings and missing shards; --shard needs --sweep")
    func refusals() throws {
        let folder = try PreviewCommandTests.temporaryFolder("sweep-refuse")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [Self.examples + "/checkout.screen.json", Self.examples + "/settings.screen.json", "--format", "json"]
        let one = try DyntypeRunner.run(["switch", "--sweep", "--shard", "1/2"] + inputs)
        let two = try DyntypeRunner.run(["switch", "--sweep", "--shard", "2/2", "--bold-text"] + inputs)
        let a = folder.appendingPathComponent("a.json"), b = folder.appendingPathComponent("b.json")
        try Data(one.stdout.utf8).write(to: a)
        try Data(two.stdout.utf8).write(to: b)
        let mixed = try DyntypeRunner.run(["merge", a.path, b.path, "--out", folder.appendingPathComponent("m").path])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("Bold Text (false vs true)"))
        let missing = try DyntypeRunner.run(["merge", a.path, "--out", folder.appendingPathComponent("n").path])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("missing shard 2/2"))
        #expect(try DyntypeRunner.run(["switch", "large", "AX1", "--shard", "1/2"]).status == 64)
    }
}
