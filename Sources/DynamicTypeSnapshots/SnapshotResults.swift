import DynamicTypeAudit
import Foundation

/// What `dyntype snapshot record|verify --report json` prints: every reference checked, with its
/// status and message, and the orphans (stable field names; schemaVersion bumps on breaking changes).
package struct SnapshotResults: Codable, Sendable {
    /// One checked reference (or orphan).
    package struct Reference: Codable, Sendable {
        /// Relative to the snapshot folder: `<view>/<NN>-<category>.<txt|png>`.
        package var path: String
        /// The view's folder.
        package var view: String
        /// The category's name, nil for an orphan outside the naming scheme.
        package var category: String?
        /// `passed`, `recorded`, `updated`, `failed`, `missing`, `environmentChanged`,
        /// `settingsChanged`, `error` or `orphan`.
        package var status: String
        /// Whether the run counts it as passed.
        package var passed: Bool
        /// What happened (empty when it simply matched).
        package var message: String

        package init(path: String, view: String, category: String?, status: String, passed: Bool, message: String) {
            self.path = path
            self.view = view
            self.category = category
            self.status = status
            self.passed = passed
            self.message = message
        }
    }

    package struct Summary: Codable, Sendable {
        package var passed: Int
        package var failed: Int
    }

    package var schemaVersion = 1
    package var tool: ReportTool
    /// Set when the run was one shard (`--shard i/n`).
    package var shard: ShardInfo?
    package var references: [Reference]
    package var summary: Summary
    package var seconds: Double

    /// The results of `command` (`snapshot verify`).
    package init(command: String, shard: ShardInfo?, references: [Reference], seconds: Double) {
        tool = ReportTool(command: command)
        self.shard = shard
        self.references = references
        summary = Summary(passed: references.filter(\.passed).count, failed: references.filter { !$0.passed }.count)
        self.seconds = seconds
    }

    /// As JUnit: one test case per view × category (its text and PNG references together), and one
    /// per orphan; a case fails with its references' messages.
    package var junit: JUnitReport {
        var order: [String] = []
        var groups: [String: [Reference]] = [:]
        for reference in references {
            let key = reference.category.map { "\(reference.view)\u{0}\($0)" } ?? "\(reference.view)\u{0}\(reference.path)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(reference)
        }
        let cases = order.map { key -> JUnitReport.TestCase in
            let group = groups[key]!
            let first = group[0]
            var test = JUnitReport.TestCase(classname: first.view, name: first.category ?? first.path)
            let failing = group.filter { !$0.passed }
            if !failing.isEmpty {
                test.failure = (
                    failing.map { "\($0.status): \($0.path)" }.joined(separator: "; "),
                    failing.map { "\($0.status.uppercased()) \($0.path)\n\($0.message)" }.joined(separator: "\n\n")
                )
            }
            return test
        }
        return JUnitReport(name: "dyntype \(tool.command)", cases: cases, seconds: seconds)
    }
}
