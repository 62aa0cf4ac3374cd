import DynamicTypeCore
import Foundation

/// Precision and recall of lint over a labelled folder: files whose lines carry `expect` comments
/// saying which findings they should have — `// expect: <rule-id>` in Swift,
/// `<!-- expect: <rule-id>, <rule-id> -->` in Interface Builder files (several ids comma-separated;
/// the comment ends the line). Every finding is matched with the labels by path,
/// line and rule: a labelled finding is a true positive, an unlabelled one a false positive, a label
/// without a finding a false negative. `dyntype bench lint --labelled <folder>` prints it, so a rule
/// change shows its effect; the test corpus is scored the same way.
package struct LabelledScore: Sendable, Encodable {
    /// One rule's counts.
    package struct RuleScore: Sendable, Encodable, Equatable {
        /// The rule's id.
        package var rule: String
        /// Findings with a label.
        package var truePositives: Int
        /// Findings without one.
        package var falsePositives: Int
        /// Labels without a finding.
        package var falseNegatives: Int
        /// TP / (TP + FP); nil without findings.
        package var precision: Double? { ratio(truePositives, truePositives + falsePositives) }
        /// TP / (TP + FN); nil without labels.
        package var recall: Double? { ratio(truePositives, truePositives + falseNegatives) }

        private enum CodingKeys: String, CodingKey { case rule, truePositives, falsePositives, falseNegatives, precision, recall }

        /// Encodes the counts and both ratios.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule, forKey: .rule)
            try container.encode(truePositives, forKey: .truePositives)
            try container.encode(falsePositives, forKey: .falsePositives)
            try container.encode(falseNegatives, forKey: .falseNegatives)
            try container.encodeIfPresent(precision, forKey: .precision)
            try container.encodeIfPresent(recall, forKey: .recall)
        }
    }

    /// Files linted.
    package var filesChecked: Int
    /// Per rule with a finding or a label, by id.
    package var rules: [RuleScore]
    /// Over every rule.
    package var total: RuleScore
    /// `path:line:rule` of each false positive, sorted.
    package var falsePositives: [String]
    /// `path:line:rule` of each label not found, sorted.
    package var falseNegatives: [String]

    /// The marker of a label.
    package static let marker = "expect:"

    /// Lints `folder` with `linter` (paths relative to its root) and scores the findings against
    /// the folder's labels.
    ///
    /// - Throws: a ``LintError`` when the folder cannot be linted, or when a label names an unknown
    ///   rule (a typo must not silently lower recall), with its file and line.
    package static func score(folder: String, linter: Linter) throws -> LabelledScore {
        try score(linter.run([folder]), labels: labels(in: folder, root: linter.root))
    }

    /// `path:line:rule` of every label in the Swift and Interface Builder files under `folder`,
    /// paths relative to `root` as lint reports them.
    package static func labels(in folder: String, root: String) throws(LintError) -> Set<String> {
        let base = URL(fileURLWithPath: folder).standardizedFileURL
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var labels: Set<String> = []
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where LintInput.kind(ofName: file) != nil {
            let url = base.appendingPathComponent(file)
            guard let data = try? InputFile.read(atPath: url.path, limit: InputSizeLimit(bytes: 8 << 20, howToRaise: "split the file")) else {
                continue
            }
            let relative = url.path.hasPrefix(rootPath + "/") ? String(url.path.dropFirst(rootPath.count + 1)) : url.path
            for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: marker) else { continue }
                let ids = line[marker.upperBound...].replacingOccurrences(of: "-->", with: "")
                for id in ids.split(separator: ",") {
                    let rule = id.trimmingCharacters(in: .whitespaces)
                    guard LintRule(rawValue: rule) != nil else {
                        throw LintError(.badData, "\(relative):\(index + 1): unknown rule '\(rule)' in an expect label")
                    }
                    labels.insert("\(relative):\(index + 1):\(rule)")
                }
            }
        }
        return labels
    }

    /// The score of `report` against `labels` (`path:line:rule`).
    package static func score(_ report: LintReport, labels: Set<String>) -> LabelledScore {
        let found = Set(report.findings.map { "\($0.path):\($0.line):\($0.rule.rawValue)" })
        let truePositives = found.intersection(labels)
        let falsePositives = found.subtracting(labels)
        let falseNegatives = labels.subtracting(found)
        func count(_ set: Set<String>, _ rule: String) -> Int { set.filter { $0.hasSuffix(":" + rule) }.count }
        let rules = LintRule.allCases.map(\.rawValue).compactMap { rule -> RuleScore? in
            let score = RuleScore(
                rule: rule, truePositives: count(truePositives, rule), falsePositives: count(falsePositives, rule),
                falseNegatives: count(falseNegatives, rule))
            return score.truePositives + score.falsePositives + score.falseNegatives == 0 ? nil : score
        }
        return LabelledScore(
            filesChecked: report.filesChecked, rules: rules,
            total: RuleScore(rule: "all", truePositives: truePositives.count, falsePositives: falsePositives.count, falseNegatives: falseNegatives.count),
            falsePositives: falsePositives.sorted(), falseNegatives: falseNegatives.sorted())
    }

    /// A table: per rule TP, FP, FN, precision and recall, the total, then the misses and false alarms.
    package var text: String {
        func format(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
        var lines = ["rule                          TP   FP   FN  precision  recall"]
        for score in rules + [total] {
            lines.append(
                score.rule.padding(toLength: 28, withPad: " ", startingAt: 0)
                    + [score.truePositives, score.falsePositives, score.falseNegatives].map { String($0).leftPadded(5) }.joined()
                    + format(score.precision).leftPadded(11) + format(score.recall).leftPadded(8))
        }
        lines.append("\(filesChecked) files")
        if !falsePositives.isEmpty { lines.append("false positives: " + falsePositives.joined(separator: ", ")) }
        if !falseNegatives.isEmpty { lines.append("missed: " + falseNegatives.joined(separator: ", ")) }
        return lines.joined(separator: "\n") + "\n"
    }
}

private func ratio(_ part: Int, _ whole: Int) -> Double? { whole == 0 ? nil : Double(part) / Double(whole) }

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
