import DynamicTypeCore
import Foundation

/// What preview, switch, snapshot and strings do with their findings for CI, in one place: apply
/// the baseline, write a new one, write SARIF, print GitHub annotations, append the step summary,
/// and decide with `--fail-on` whether the run fails and why. The commands only pass their
/// options and findings in and print what comes back.
package struct FindingsGate: Sendable {
    /// `--fail-on`.
    package var failPolicy = FailPolicy()
    /// `--baseline`: findings it holds pass.
    package var baselinePath: String?
    /// `--write-baseline`: every finding of the run, as a baseline.
    package var writeBaselinePath: String?
    /// `--sarif`: the new findings as SARIF 2.1.0.
    package var sarifPath: String?
    /// `--junit`: the new findings as JUnit XML (``FindingsCIReports``).
    package var junitPath: String?
    /// `--gitlab-code-quality`: the new findings as GitLab Code Quality JSON.
    package var gitlabPath: String?
    /// `--checkstyle`: the new findings as Checkstyle XML.
    package var checkstylePath: String?
    /// Whether stale baseline entries can be told (not in a shard, which sees only its part).
    package var reportsStaleEntries = true
    /// Files that must never be written (the run's inputs).
    package var protectedPaths: [String] = []

    /// The options as given.
    package init() {}

    /// What the run says at its end.
    package struct Verdict: Sendable {
        /// Lines for stderr: baseline written, findings accepted, stale entries, SARIF written.
        package var notes: [String] = []
        /// Warnings for stderr: a step summary that was skipped (its file is not a regular file).
        package var warnings: [String] = []
        /// GitHub annotations for stderr (empty outside GitHub Actions).
        package var annotations = ""
        /// One line per reason the run fails; empty when it passes.
        package var reasons: [String] = []
        /// The findings after the baseline.
        package var findings: [Finding] = []
        /// Whether the run fails on findings.
        package var failed: Bool { !reasons.isEmpty }
    }

    /// Applies the baseline and writes what was asked for. `locate` finds a finding's file and
    /// line; `summary` is the step summary to fill in (nil: none); `environment` decides
    /// annotations and the summary's file.
    ///
    /// - Throws: ``RunFailure``: a bad baseline (65, 66), a file that cannot be written (73), an
    ///   output that is one of the inputs (64).
    package func finish(
        _ findings: [Finding], locate: (Finding) -> FindingLocation?, summary: StepSummary?, environment: [String: String],
        root: String = FileManager.default.currentDirectoryPath
    ) throws(RunFailure) -> Verdict {
        try checkOutputs()
        var verdict = Verdict()
        var remaining = findings
        var (accepted, stale) = (0, 0)
        if let baselinePath {
            let outcome = try FindingsBaseline.load(path: baselinePath).apply(to: findings)
            remaining = outcome.new
            accepted = outcome.accepted
            verdict.notes.append("\(accepted) finding\(accepted == 1 ? "" : "s") in the baseline \(baselinePath); \(remaining.count) new")
            if reportsStaleEntries, !outcome.stale.isEmpty {
                stale = outcome.stale.map(\.count).reduce(0, +)
                verdict.notes.append(
                    "\(stale) stale baseline entr\(stale == 1 ? "y" : "ies") (fixed or renamed; write the baseline again to drop them): "
                        + outcome.stale.prefix(5).map { $0.key.description }.joined(separator: "; ") + (outcome.stale.count > 5 ? "; …" : ""))
            }
        }
        verdict.findings = remaining
        if let writeBaselinePath {
            try write(FindingsBaseline.encode(findings), to: writeBaselinePath, option: "--write-baseline")
            verdict.notes.append("wrote \(findings.count) finding\(findings.count == 1 ? "" : "s") to the baseline \(writeBaselinePath)")
        }
        if let sarifPath {
            let log = FindingsSARIF.log(remaining, locate: locate, root: root, toolVersion: ReportTool.version)
            try write(Data(log.json().utf8), to: sarifPath, option: "--sarif")
            verdict.notes.append("wrote SARIF (\(log.results.count) result\(log.results.count == 1 ? "" : "s")) to \(sarifPath)")
        }
        let reports: [(option: String, path: String?, name: String, render: ([CIReportIssue]) -> String)] = [
            ("--junit", junitPath, "JUnit XML", { CIReportFormats.junit($0, suite: "dyntype findings", timestamp: Date()) }),
            ("--gitlab-code-quality", gitlabPath, "GitLab Code Quality JSON", CIReportFormats.gitlabCodeQuality),
            ("--checkstyle", checkstylePath, "Checkstyle XML", CIReportFormats.checkstyle),
        ]
        for (option, path, name, render) in reports {
            guard let path else { continue }
            let issues = FindingsCIReports.issues(remaining, locate: locate, root: root)
            try write(Data(render(issues).utf8), to: path, option: option)
            verdict.notes.append("wrote \(name) (\(issues.count) issue\(issues.count == 1 ? "" : "s")) to \(path)")
        }
        // Writing a baseline accepts every finding: that run does not fail on them.
        verdict.reasons = writeBaselinePath == nil ? failPolicy.reasons(remaining) : []
        if GitHubWorkflowCommand.isActive(environment) {
            verdict.annotations = Self.annotations(remaining, locate: locate, root: root)
            if var summary {
                (summary.findings, summary.reasons, summary.accepted, summary.stale) = (remaining, verdict.reasons, accepted, stale)
                if let warning = try summary.append(environment: environment) { verdict.warnings.append(warning) }
            }
        }
        return verdict
    }

    /// The folder SARIF and annotation paths are relative to: the repository's root on GitHub
    /// Actions (`GITHUB_WORKSPACE`, where code scanning and annotations resolve them, whatever
    /// folder the command ran in), else the current folder.
    package static func root(_ environment: [String: String]) -> String {
        environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
    }

    /// One `::error`/`::warning` annotation per problem group (info findings are left to the
    /// report: a pull request shows at most a few annotations per step).
    static func annotations(_ findings: [Finding], locate: (Finding) -> FindingLocation?, root: String) -> String {
        FindingGroup.groups(findings.filter { $0.severity >= .warning }).map { group in
            let location = locate(group.first)
            return GitHubWorkflowCommand.annotation(
                level: group.severity.rawValue, file: location.map { SARIFLog.relativePath($0.path, root: root) }, line: location?.line,
                title: "dyntype \(group.first.kind.rawValue)", message: group.message)
        }.joined()
    }

    /// Writes `data` atomically to `path`, unless `path` is one of the inputs.
    /// Only a regular file or nothing is replaced, in a folder that exists (``AtomicWriter``; 73).
    private func write(_ data: Data, to path: String, option: String) throws(RunFailure) {
        do { try AtomicWriter.standard.write(data, to: URL(fileURLWithPath: path), createFolder: false) } catch {
            throw RunFailure(.cannotWrite, "\(option): \(error)")
        }
    }

    /// Refuses, before anything is written, outputs that name the same file (`--sarif x
    /// --write-baseline x`: one would silently replace the other) and outputs that name a file the
    /// run reads (same path once links are resolved, or the same file through a hard link): 64.
    package func checkOutputs() throws(RunFailure) {
        let outputs = [
            ("--write-baseline", writeBaselinePath), ("--sarif", sarifPath), ("--junit", junitPath), ("--gitlab-code-quality", gitlabPath),
            ("--checkstyle", checkstylePath),
        ].compactMap { option, path in path.map { (option, $0) } }
        for (index, first) in outputs.enumerated() {
            for second in outputs[(index + 1)...] where Self.isSameFile(first.1, second.1) {
                throw RunFailure(.usage, "\(first.0) and \(second.0) both name '\(first.1)'; one would replace the other: give each its own file")
            }
        }
        for (option, path) in outputs {
            if let baselinePath, option == "--write-baseline", Self.isSameFile(path, baselinePath) { continue }  // updating the baseline in place
            for input in protectedPaths + [baselinePath].compactMap({ $0 }) where Self.isSameFile(path, input) {
                throw RunFailure(.usage, "\(option) '\(path)' is '\(input)', a file this run reads; writing it would replace an input: give another file")
            }
        }
    }

    private static func isSameFile(_ a: String, _ b: String) -> Bool {
        ResolvedPath.relation(of: a, to: b) == .same || ResolvedPath.isSameExistingFile(a, b)
    }
}
