import DynamicTypeAudit
import DynamicTypeSnapshots
import DynamicTypeCore
import Foundation

/// What a ``SnapshotSuite`` run found: every reference's outcome and the orphans, classified the
/// same way for the text report, the JSON and JUnit results and the exit status.
package struct SnapshotRun: Sendable {
    /// One checked reference.
    package struct Outcome: Sendable {
        /// `<view>/<NN>-<category>.<txt|png>`, relative to the snapshot folder.
        package var path: String
        /// How the reference compared; nil when the view could not be rendered.
        package var result: ReferenceResult?
        /// Set when the view could not be rendered or its file made.
        package var error: String?
        /// The exit status a rendering error calls for.
        package var errorCode: Int32 = SysExit.software
        /// The rendering's findings (on the first outcome of each view and category).
        package var findings: [Finding] = []

        /// An outcome of `path`.
        package init(
            path: String, result: ReferenceResult? = nil, error: String? = nil, errorCode: Int32 = SysExit.software,
            findings: [Finding] = []
        ) {
            self.path = path
            self.result = result
            self.error = error
            self.errorCode = errorCode
            self.findings = findings
        }
    }

    /// The options the run was made with.
    package var options: SnapshotSuite.RunOptions
    /// The snapshot folder.
    package var out: URL
    /// Where fresh renders and diffs were written.
    package var artifacts: URL
    /// How many views and categories the suite has (the shard's share may be smaller).
    package var views: Int, categories: Int
    /// Every checked reference, sorted by path.
    package var outcomes: [Outcome]
    /// Files in the snapshot folder no view, category or format produces.
    package var orphans: [String]
    /// The shard, when the run was one.
    package var shard: ShardInfo?
    /// Wall time of the run.
    package var seconds: Double

    /// The message of an orphan.
    static let orphanMessage = "no note, category or format produces it any more (review and delete it if it is obsolete)"

    /// An entry's status in the results: `passed`, `recorded`, `updated`, `failed`, `missing`,
    /// `environmentChanged`, `settingsChanged`, `error`; its text tag; whether it passed.
    private func classify(_ outcome: Outcome) -> (status: String, tag: String, passed: Bool, message: String)? {
        let verifying = options.verifying
        if let error = outcome.error { return ("error", "ERROR   ", false, error) }
        guard let check = outcome.result else { return nil }
        switch check.kind {
        case .matched, .unchanged: return ("passed", "", true, "")
        case .recorded: return ("recorded", "", true, check.message)
        case .recordedMissing: return verifying ? ("missing", "RECORDED", false, check.message) : ("recorded", "", true, check.message)
        case .writeFailed: return ("error", "ERROR   ", false, check.message)
        case .mismatch, .environmentChanged, .settingsChanged:
            // record with SNAPSHOT_TESTING_RECORD=failed: the new reference is the point.
            if !verifying && check.wroteReference { return ("updated", "UPDATED ", true, check.message) }
            switch check.kind {
            case .environmentChanged: return ("environmentChanged", "ENV     ", false, check.message)
            case .settingsChanged: return ("settingsChanged", "SETTINGS", false, check.message)
            default: return ("failed", "FAILED  ", false, check.message)
            }
        case .missing: return ("missing", "MISSING ", false, check.message)
        case .fingerprintMissing, .unreadable, .renderingFailed: return ("failed", "FAILED  ", false, check.message)
        }
    }

    /// How many references passed and failed (orphans fail only when verifying).
    package var counts: (passed: Int, failed: Int) {
        var passed = 0, failed = 0
        for outcome in outcomes {
            guard let entry = classify(outcome) else { continue }
            if entry.passed { passed += 1 } else { failed += 1 }
        }
        if options.verifying { failed += orphans.count }
        return (passed, failed)
    }

    /// The text report: a header, each reference that did not simply pass, the orphans, how many
    /// references were written, where the artifacts are, and the counts.
    package var text: String {
        var text = "dyntype snapshot \(options.verifying ? "verify" : "record"): \(views) views × \(categories) categories, "
        text += "\(options.format.rawValue), \(out.path) (record mode \(options.mode.rawValue)\(SnapshotRecordMode.isCI() ? ", CI is set" : ""))\n"
        for outcome in outcomes {
            guard let entry = classify(outcome), !entry.tag.isEmpty else { continue }
            // A rendering error is one line; a reference's message is indented under its path.
            text += outcome.error != nil ? "ERROR    \(outcome.path): \(entry.message)\n" : "\(entry.tag) \(outcome.path)\n" + Self.indent(entry.message) + "\n"
        }
        for orphan in orphans { text += "ORPHAN   \(orphan): \(Self.orphanMessage)\n" }
        let written = outcomes.filter { $0.result?.wroteReference ?? false }.count
        if written > 0 { text += "\(written) reference\(written == 1 ? "" : "s") written\n" }
        let (passed, failed) = counts
        if failed > 0, outcomes.contains(where: { !($0.result?.artifacts.isEmpty ?? true) }) {
            text += "New snapshots and diffs: \(artifacts.path)\n"
        }
        return text + "\(passed) passed, \(failed) failed (\(String(format: "%.1f", seconds)) s)\n"
    }

    /// Each outcome and orphan as a machine-readable entry (`--report json|junit`).
    package var results: SnapshotResults {
        func parts(_ path: String) -> (view: String, category: String?) {
            let view = path.split(separator: "/").first.map(String.init) ?? path
            let file = (path as NSString).lastPathComponent
            return (view, ContentSizeCategory.allCases.first { file.hasPrefix($0.fileStem + ".") }?.name)
        }
        var references: [SnapshotResults.Reference] = []
        for outcome in outcomes {
            guard let entry = classify(outcome) else { continue }
            let (view, category) = parts(outcome.path)
            references.append(
                .init(path: outcome.path, view: view, category: category, status: entry.status, passed: entry.passed, message: entry.message))
        }
        for orphan in orphans {
            let (view, category) = parts(orphan)
            references.append(
                .init(path: orphan, view: view, category: category, status: "orphan", passed: !options.verifying, message: Self.orphanMessage))
        }
        return SnapshotResults(
            command: "snapshot \(options.verifying ? "verify" : "record")", shard: shard, references: references, seconds: seconds)
    }

    /// Every finding of the rendered views.
    package var findings: [Finding] { outcomes.flatMap(\.findings) }

    /// How the run ends, checked in this order: a reference that could not be written (73, with
    /// a message for stderr), a view that could not be rendered (its code), inputs skipped while
    /// loading (`inputIssues`: the exit status they call for, 66 or 65 — the snapshots are
    /// incomplete), a failed reference or orphan (1). Nil when the run passed (findings are the
    /// caller's `--fail-on`).
    package func failure(inputIssues: Int32? = nil) -> (code: Int32, message: String?)? {
        let failures = outcomes.compactMap { $0.result?.kind == .writeFailed ? $0.result?.message : nil }
            .map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        if let first = failures.first {
            let more = failures.count > 1 ? " (and \(failures.count - 1) more write failure\(failures.count == 2 ? "" : "s"))" : ""
            return (
                SysExit.cannotCreate,
                "\(first)\(more); free space or fix the folder's permissions, or choose another --out"
            )
        }
        if let renderError = outcomes.first(where: { $0.error != nil }) { return (renderError.errorCode, nil) }
        // An input that was skipped leaves the snapshots incomplete: that must not pass.
        if let code = inputIssues { return (code, nil) }
        if counts.failed > 0 { return (SysExit.findings, nil) }
        return nil
    }

    /// `text` indented under a path.
    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "         " + $0 }.joined(separator: "\n")
    }
}
