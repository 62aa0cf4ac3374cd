import DynamicTypeAudit
import Foundation
import Testing

@Suite("Shard plans")
struct ShardPlanTests {
    static let items = (0..<40).map { ShardWorkItem(key: "view-\($0 % 8)/\(String(format: "%02d", $0 / 8))", cost: 100 + ($0 * 37) % 900) }

    @Test("i/n parses only with 1 ≤ i ≤ n ≤ 256", arguments: ["1/1", "2/3", "256/256"])
    func parsesValid(_ text: String) {
        #expect(ShardSpec(parsing: text) != nil)
    }

    @Test("bad shard specs are refused", arguments: ["0/3", "4/3", "1/0", "1/257", "x/3", "1/", "2", "1/2/3", "-1/3"])
    func refusesInvalid(_ text: String) {
        #expect(ShardSpec(parsing: text) == nil)
    }

    @Test("every item lands in exactly one shard, the same on every computation", arguments: [1, 2, 3, 5])
    func partition(count: Int) {
        let plan = ShardPlan(items: Self.items, count: count)
        let all = plan.assignments.flatMap { $0 }
        #expect(all.count == Self.items.count)
        #expect(Set(all) == Set(Self.items.map(\.key)))
        // Order of the input does not matter: each machine may list items differently.
        let again = ShardPlan(items: Self.items.reversed(), count: count)
        #expect(again.assignments == plan.assignments)
    }

    @Test("LPT balances by cost: no shard exceeds the lightest by more than the largest item")
    func balanced() {
        let plan = ShardPlan(items: Self.items, count: 3)
        let largest = Self.items.map(\.cost).max()!
        #expect(plan.loads.max()! - plan.loads.min()! <= largest)
    }

    @Test("the stable digest is fixed across processes")
    func digest() {
        #expect(StableDigest.hex(["a", "b"]) == StableDigest.hex(["a", "b"]))
        #expect(StableDigest.hex(["a", "b"]) != StableDigest.hex(["ab"]))
        #expect(StableDigest.hex([]) == "cbf29ce484222325")
    }
}

/// Inputs the fuzzer found in the shard-report reader (Fuzz/Corpus keeps them as seeds).
@Suite("Shard reports: fuzzer findings")
struct ShardReportFuzzFindingTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus/shard-report")

    @Test("a preview shard report with shard.count 0 is refused, naming the field (it trapped on 1...count)")
    func shardCountZero() throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent("preview-shard-count-0.json"))
        let report = try JSONDecoder().decode(PreviewReport.self, from: data)
        do {
            _ = try PreviewMerge.merge([PreviewMerge.Piece(name: "shard-1/report.json", report: report)])
            Issue.record("merged a shard of count 0")
        } catch let error as ShardMergeError {
            #expect(error.message.contains("shard-1/report.json: field shard:"), "\(error.message)")
            #expect(error.message.contains("1 ≤ index ≤ count ≤ 256"), "\(error.message)")
        }
    }
}

@Suite("Shard reports: what differs")
struct ShardDifferenceTests {
    @Test("shards of different settings are refused naming the setting as written: boldText (false vs true), not (0 vs 1)")
    func booleansAsWritten() throws {
        let url = ShardReportFuzzFindingTests.corpus.appendingPathComponent("preview-shard-1of2.json")
        let first = try JSONDecoder().decode(PreviewReport.self, from: Data(contentsOf: url))
        var second = first
        second.settings.boldText = !first.settings.boldText
        second.shard?.index = 2
        do {
            _ = try PreviewMerge.merge([PreviewMerge.Piece(name: "a", report: first), PreviewMerge.Piece(name: "b", report: second)])
            Issue.record("merged shards of different settings")
        } catch let error as ShardMergeError {
            let expected = "boldText (\(first.settings.boldText) vs \(second.settings.boldText))"
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }
}
