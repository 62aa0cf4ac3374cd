import Foundation

/// The JSON format: `schemaVersion` 1, the `tool` block, a summary and the findings, keys sorted.
extension LintReport {
    private struct JSONReport: Encodable {
        struct Tool: Encodable {
            var name = "dyntype"
            var version: String
            var command = "lint"
        }
        struct Summary: Encodable {
            var filesChecked: Int
            var findings: Int
            /// Findings counted but not in `findings` (``LintListing``'s caps).
            var unlisted: Int
            var baselined: Int
            var byRule: [String: Int]
            var bySeverity: [String: Int]
            /// Code skipped as not compiled for iOS.
            var platformSkipped: PlatformSkipCount
            /// Swift files no Xcode target builds, not read.
            var filesInNoTarget: Int
            /// Files of developer screens, not read.
            var debugFiles: Int
        }
        var schemaVersion = 1
        var tool: Tool
        var summary: Summary
        var findings: [LintFinding]
    }

    /// The report as JSON, with `toolVersion` in its `tool` block: counts over every finding,
    /// the findings listed (``listing``).
    package func json(toolVersion: String) -> String {
        let listing = self.listing
        let report = JSONReport(
            tool: .init(version: toolVersion),
            summary: .init(
                filesChecked: filesChecked, findings: findings.count, unlisted: listing.unlisted, baselined: baselined,
                byRule: Dictionary(uniqueKeysWithValues: countsByRule.map { ($0.key.rawValue, $0.value) }),
                bySeverity: findings.reduce(into: [:]) { $0[$1.severity.rawValue, default: 0] += 1 }, platformSkipped: platformSkipped,
                filesInNoTarget: filesInNoTarget, debugFiles: debugFiles),
            findings: listing.findings)
        return Self.encode(report)
    }

    /// Sorted keys, no escaped slashes, a final newline (CONVENTIONS.md's JSON).
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings, numbers and dictionaries of them always encode.
        let data = (try? encoder.encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
