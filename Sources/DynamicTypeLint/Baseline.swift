import DynamicTypeCore
import Foundation

/// The findings a team has accepted for now (`--write-baseline`), so that `--baseline` reports only
/// new ones. A finding is keyed by its path, rule and the fingerprint of its trimmed source line —
/// not its line number, so edits above it keep it baselined; identical lines count (two baselined,
/// a third is new).
package struct Baseline: Hashable, Sendable {
    /// One accepted finding's key.
    package struct Key: Hashable, Sendable, Comparable {
        package var path: String
        package var rule: String
        package var fingerprint: String

        package static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.path, lhs.rule, lhs.fingerprint) < (rhs.path, rhs.rule, rhs.fingerprint)
        }
    }

    /// How many findings each key accepts.
    package private(set) var counts: [Key: Int] = [:]

    /// The baseline of `findings`.
    package init(_ findings: [LintFinding]) {
        for finding in findings { counts[Self.key(finding), default: 0] += 1 }
    }

    /// The file format: `schemaVersion` 1 and one entry per finding (line and message only for people).
    private struct File: Codable {
        struct Entry: Codable {
            var path: String
            var rule: String
            var fingerprint: String
            var line: Int?
            var message: String?
        }
        var schemaVersion: Int
        var findings: [Entry]
    }

    /// The baseline of `findings` as JSON (sorted, one run's output byte for byte the same).
    package static func encode(_ findings: [LintFinding]) -> Data {
        let entries = findings.sorted(by: LintFinding.ordered).map {
            File.Entry(path: $0.path, rule: $0.rule.rawValue, fingerprint: $0.fingerprint, line: $0.line, message: $0.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        let data = (try? encoder.encode(File(schemaVersion: 1, findings: entries))) ?? Data()
        return data + Data("\n".utf8)
    }

    /// The baseline in `data`, read from `origin`.
    ///
    /// - Throws: ``LintError`` (bad data) for anything but a version 1 baseline of known rules.
    package init(data: Data, origin: String) throws(LintError) {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw LintError(.badData, "\(origin): not a lint baseline (write one with --write-baseline): \(Self.reason(error))")
        }
        guard file.schemaVersion == 1 else {
            throw LintError(.badData, "\(origin): baseline schemaVersion \(file.schemaVersion) is not supported (1 is); write it again with --write-baseline")
        }
        for (index, entry) in file.findings.enumerated() {
            guard LintRule(rawValue: entry.rule) != nil else {
                throw LintError(.badData, "\(origin): findings[\(index)]: unknown rule '\(entry.rule)'; write the baseline again with --write-baseline")
            }
            counts[Key(path: entry.path, rule: entry.rule, fingerprint: entry.fingerprint), default: 0] += 1
        }
    }

    /// The baseline at `path`.
    ///
    /// - Throws: ``LintError``: missing (66) or bad (65).
    package static func load(path: String) throws(LintError) -> Baseline {
        let data: Data
        do { data = try InputFile.read(atPath: path, limit: .default) } catch { throw LintError(error) }
        return try Baseline(data: data, origin: path)
    }

    /// `report` without the findings this baseline accepts.
    package func filter(_ report: LintReport) -> LintReport {
        var remaining = counts
        var kept: [LintFinding] = []
        for finding in report.findings {
            let key = Self.key(finding)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                kept.append(finding)
            }
        }
        return LintReport(findings: kept, filesChecked: report.filesChecked, baselined: report.findings.count - kept.count,
            platformSkipped: report.platformSkipped, filesInNoTarget: report.filesInNoTarget,
            debugFiles: report.debugFiles)
    }

    private static func key(_ finding: LintFinding) -> Key {
        Key(path: finding.path, rule: finding.rule.rawValue, fingerprint: finding.fingerprint)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing '\(key.stringValue)' at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong value at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
