import Foundation
import Testing

@testable import DynamicTypeLint

/// Precision and recall on the labelled corpus (Fixtures/Corpus, see its README): every finding is
/// compared with the `expect:` labels, per rule and overall.
@Suite("lint: labelled corpus")
struct CorpusTests {
    static let corpus = LintTestSupport.fixtures.appendingPathComponent("Corpus")

    /// `path:line:rule` of every label in the corpus.
    static func labels() throws -> Set<String> {
        var labels: Set<String> = []
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? []
        for file in files where LintInput.kind(ofName: file) != nil {
            let text = try String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: "expect: ") else { continue }
                let ids = line[marker.upperBound...].replacingOccurrences(of: "-->", with: "")
                for id in ids.split(separator: ",") {
                    let rule = id.trimmingCharacters(in: .whitespaces)
                    labels.insert("App/\(file.hasPrefix("App/") ? String(file.dropFirst(4)) : file):\(index + 1):\(rule)")
                }
            }
        }
        return labels
    }

    @Test("LabelledScore counts per rule as the labels say, and refuses a label naming no rule")
    func labelledScore() throws {
        let score = try LabelledScore.score(folder: Self.corpus.path, linter: Linter(root: Self.corpus.path))
        #expect(score.total.truePositives == 33 && score.total.falsePositives == 0 && score.total.falseNegatives == 1)
        #expect(score.falseNegatives == ["App/CardCell.swift:20:fixed-font-uikit"])
        let uikit = try #require(score.rules.first { $0.rule == "fixed-font-uikit" })
        #expect(uikit.falseNegatives == 1 && uikit.recall.map { $0 < 1 } == true && uikit.precision == 1)
        #expect(score.text.contains("all                            33    0    1       1.00    0.97"))
        let folder = try LintTestSupport.temporaryFolder("labels")
        defer { try? FileManager.default.removeItem(at: folder) }
        try LintTestSupport.write("let a = 1 // expect: fixed-font-uikt\n", to: "A.swift", in: folder)
        #expect(throws: LintError.self) { try LabelledScore.score(folder: folder.path, linter: Linter(root: folder.path)) }
        // A false alarm and a miss are counted as such.
        try LintTestSupport.write("import UIKit\nlet f = UIFont.systemFont(ofSize: 17)\nlet g = 1 // expect: fixed-font-uikit\n", to: "A.swift", in: folder)
        let wrong = try LabelledScore.score(folder: folder.path, linter: Linter(root: folder.path))
        #expect(wrong.falsePositives == ["A.swift:2:fixed-font-uikit"] && wrong.falseNegatives == ["A.swift:3:fixed-font-uikit"])
        #expect(wrong.total.precision == 0 && wrong.total.recall == 0)
    }

    @Test("precision and recall on the labelled corpus")
    func precisionAndRecall() throws {
        let report = try Linter(root: Self.corpus.path).run(["App"].map { Self.corpus.appendingPathComponent($0).path })
        let found = Set(report.findings.map { "\($0.path):\($0.line):\($0.rule.rawValue)" })
        let expected = try Self.labels()
        for label in expected { #expect(LintRule(rawValue: String(label.split(separator: ":").last!)) != nil, "unknown rule in label \(label)") }
        let truePositives = found.intersection(expected)
        let falsePositives = found.subtracting(expected)
        let falseNegatives = expected.subtracting(found)
        let precision = Double(truePositives.count) / Double(max(1, found.count))
        let recall = Double(truePositives.count) / Double(max(1, expected.count))
        print("lint corpus: \(report.filesChecked) files, \(expected.count) labels, \(found.count) findings: precision \(String(format: "%.3f", precision)), recall \(String(format: "%.3f", recall))")
        for rule in LintRule.allCases {
            let id = ":" + rule.rawValue
            let ruleFound = found.filter { $0.hasSuffix(id) }.count
            let ruleExpected = expected.filter { $0.hasSuffix(id) }.count
            let ruleTrue = truePositives.filter { $0.hasSuffix(id) }.count
            print("  \(rule.rawValue): \(ruleTrue) of \(ruleExpected) labels found, \(ruleFound - ruleTrue) false")
        }
        print("  false positives: \(falsePositives.sorted())")
        print("  missed: \(falseNegatives.sorted())")
        // The known misses (see the corpus's comments) are the only ones.
        #expect(falsePositives.isEmpty)
        #expect(
            falseNegatives == [
                "App/CardCell.swift:20:fixed-font-uikit"
            ])
        #expect(precision == 1)
        #expect(recall >= 0.9)
        #expect(report.filesChecked == 13)
    }
}
