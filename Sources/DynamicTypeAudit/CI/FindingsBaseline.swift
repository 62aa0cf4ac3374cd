import DynamicTypeCore
import Foundation

/// The findings a team has accepted for now (`--write-baseline`), so that `--baseline` fails only on
/// new ones. A finding is keyed by its view, kind, element, category and locale — not its message
/// or coordinates, which change with every font or layout tweak; identical keys count (two
/// baselined, a third is new). Entries no finding matched any more are reported as stale, so the
/// file shrinks as problems are fixed.
package struct FindingsBaseline: Hashable, Sendable {
    /// One accepted finding's key.
    package struct Key: Hashable, Sendable, Comparable, Codable {
        package var view: String?
        package var kind: String
        package var element: String
        package var category: String
        package var locale: String?

        /// The key of `finding`.
        package init(_ finding: Finding) {
            (view, kind, element) = (finding.view, finding.kind.rawValue, finding.element)
            (category, locale) = (finding.category.name, finding.locale)
        }

        package static func < (a: Key, b: Key) -> Bool {
            (a.view ?? "", a.kind, a.element, a.category, a.locale ?? "") < (b.view ?? "", b.kind, b.element, b.category, b.locale ?? "")
        }

        /// `view · kind · element at category [locale]`, for the stale list.
        package var description: String {
            "\(view ?? "type ramp") · \(kind) · \(element) at \(category)\(locale.map { " [\($0)]" } ?? "")"
        }
    }

    /// What applying a baseline left.
    package struct Outcome: Sendable {
        /// The findings the baseline does not hold: the new ones.
        package var new: [Finding]
        /// How many findings the baseline accepted.
        package var accepted: Int
        /// Entries no finding matched (fixed since, or renamed), each with how many times.
        package var stale: [(key: Key, count: Int)]
    }

    /// How many findings each key accepts.
    package private(set) var counts: [Key: Int] = [:]

    /// The baseline of `findings`.
    package init(_ findings: [Finding]) {
        for finding in findings { counts[Key(finding), default: 0] += 1 }
    }

    /// The number of accepted findings.
    package var count: Int { counts.values.reduce(0, +) }

    /// The file format: `schemaVersion` 1 and one entry per finding (severity and message only
    /// for people reading the file; matching ignores them).
    private struct File: Codable {
        struct Entry: Codable {
            var view: String?
            var kind: String
            var element: String
            var category: String
            var locale: String?
            var severity: String?
            var message: String?
        }
        var schemaVersion: Int
        var baselineOf: String
        var findings: [Entry]
    }

    /// `findings` as a baseline file (sorted, so the same findings give the same bytes).
    package static func encode(_ findings: [Finding]) -> Data {
        let entries = findings.map { finding in
            let key = Key(finding)
            return (
                key,
                File.Entry(
                    view: key.view, kind: key.kind, element: key.element, category: key.category, locale: key.locale,
                    severity: finding.severity.rawValue, message: finding.message)
            )
        }.sorted { ($0.0, $0.1.message ?? "") < ($1.0, $1.1.message ?? "") }.map(\.1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Plain strings and numbers always encode.
        let data = (try? encoder.encode(File(schemaVersion: 1, baselineOf: "dyntype findings", findings: entries))) ?? Data()
        return data + Data("\n".utf8)
    }

    /// The baseline in `data`, read from `origin`.
    ///
    /// - Throws: ``RunFailure`` (65) for anything but a version 1 findings baseline of known
    ///   kinds and categories, naming the entry.
    package init(data: Data, origin: String) throws(RunFailure) {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw Self.bad(origin, "not a findings baseline (\(Self.reason(error))); write one with --write-baseline")
        }
        guard file.schemaVersion == 1 else {
            throw Self.bad(origin, "schemaVersion \(file.schemaVersion) is not supported (1 is); write it again with --write-baseline")
        }
        guard file.baselineOf == "dyntype findings" else {
            throw Self.bad(origin, "a baseline of '\(file.baselineOf)', not of dyntype findings (a lint baseline goes to dyntype lint --baseline)")
        }
        for (index, entry) in file.findings.enumerated() {
            guard Finding.Kind(rawValue: entry.kind) != nil else {
                throw Self.bad(origin, "findings[\(index)].kind: unknown finding kind '\(entry.kind)'; write the baseline again")
            }
            guard let category = try? ContentSizeCategory(parsing: entry.category) else {
                throw Self.bad(origin, "findings[\(index)].category: unknown category '\(entry.category)'; write the baseline again")
            }
            var key = Key(Finding(kind: .clipped, severity: .info, element: entry.element, category: category, message: ""))
            (key.view, key.kind, key.locale) = (entry.view, entry.kind, entry.locale)
            counts[key, default: 0] += 1
        }
    }

    /// The baseline at `path` (at most 64 MB).
    ///
    /// - Throws: ``RunFailure``: missing (66) or bad (65).
    package static func load(path: String) throws(RunFailure) -> FindingsBaseline {
        let data: Data
        do { data = try InputFile.read(atPath: path, limit: InputSizeLimit(bytes: 64 << 20)) } catch {
            let failure = RunFailure.classify(error)
            throw RunFailure(failure.kind, "--baseline \(failure.message)")
        }
        return try FindingsBaseline(data: data, origin: path)
    }

    /// `findings` split into new ones and accepted ones, with the stale entries.
    package func apply(to findings: [Finding]) -> Outcome {
        var remaining = counts
        var new: [Finding] = []
        for finding in findings {
            let key = Key(finding)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                new.append(finding)
            }
        }
        let stale = remaining.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { (key: $0.key, count: $0.value) }
        return Outcome(new: new, accepted: findings.count - new.count, stale: stale)
    }

    private static func bad(_ origin: String, _ reason: String) -> RunFailure {
        RunFailure(.invalidInput, "--baseline \(origin): \(reason)")
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing '\(key.stringValue)' at \(context.codingPath.map(\.stringValue).joined(separator: ".").ifEmpty("the top"))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong value at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}

extension String {
    /// `fallback` when empty.
    fileprivate func ifEmpty(_ fallback: String) -> String { isEmpty ? fallback : self }
}
