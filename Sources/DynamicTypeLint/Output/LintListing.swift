import Foundation

/// The findings a report lists: all of them up to a cap per file and per run, the most severe
/// first, and a count of the rest. A generated file can hold a hundred thousand findings of one
/// rule; listing them all makes reports that no one reads and that code scanning truncates anyway
/// (GitHub stores the top 5,000 results of a SARIF run by severity and rejects runs over 25,000:
/// docs.github.com, "SARIF results exceed one or more limits"). Counts, the `--fail-on` verdict
/// and `--write-baseline` still see every finding.
package struct LintListing: Sendable {
    /// The most findings listed for one file.
    package static let maximumPerFile = 500
    /// The most findings listed for a run: what GitHub code scanning keeps of a SARIF run.
    package static let maximumPerRun = 5_000

    /// The findings listed, in report order.
    package var findings: [LintFinding]
    /// How many findings each file had that are not listed (files with none left out).
    package var unlistedByFile: [String: Int]

    /// How many findings are not listed.
    package var unlisted: Int { unlistedByFile.values.reduce(0, +) }

    /// The listing of `findings` (in report order): per file the most severe
    /// ``maximumPerFile``, then over the run the most severe ``maximumPerRun``, each in report
    /// order among findings of one severity.
    package init(_ findings: [LintFinding], perFile: Int = maximumPerFile, perRun: Int = maximumPerRun) {
        guard findings.count > min(perFile, perRun) else {
            (self.findings, unlistedByFile) = (findings, [:])
            return
        }
        // Report order is by path first, so each file's findings are one run of the array.
        var keptIndices: [Int] = []
        var start = 0
        while start < findings.count {
            var end = start
            while end < findings.count, findings[end].path == findings[start].path { end += 1 }
            keptIndices += Self.mostSevere(findings, start..<end, limit: perFile)
            start = end
        }
        if keptIndices.count > perRun {
            keptIndices = Array(
                keptIndices.sorted { (findings[$1].severity, $0) < (findings[$0].severity, $1) }.prefix(perRun)
            ).sorted()
        }
        var unlisted: [String: Int] = [:]
        var next = keptIndices.makeIterator()
        var kept = next.next()
        for index in findings.indices {
            if index == kept { kept = next.next() } else { unlisted[findings[index].path, default: 0] += 1 }
        }
        (self.findings, unlistedByFile) = (keptIndices.map { findings[$0] }, unlisted)
    }

    /// The indices of the `limit` most severe findings in `range`, in order.
    private static func mostSevere(_ findings: [LintFinding], _ range: Range<Int>, limit: Int) -> [Int] {
        guard range.count > limit else { return Array(range) }
        return Array(range.sorted { (findings[$1].severity, $0) < (findings[$0].severity, $1) }.prefix(limit)).sorted()
    }

    /// One sentence on what is not listed, nil when everything is: the count, the caps, and the
    /// files with the most left out.
    package var notice: String? {
        let total = unlisted
        guard total > 0 else { return nil }
        let files = unlistedByFile.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let named = files.prefix(3).map { "\($0.key) \($0.value)" }.joined(separator: ", ") + (files.count > 3 ? ", …" : "")
        return "\(total) more finding\(total == 1 ? "" : "s") not listed (\(named)): reports list at most "
            + "\(Self.maximumPerFile) per file and \(Self.maximumPerRun) per run, the most severe first; "
            + "fix or baseline those listed to see the rest"
    }
}

extension LintReport {
    /// What the outputs list (``LintListing``).
    package var listing: LintListing { LintListing(findings) }
}
