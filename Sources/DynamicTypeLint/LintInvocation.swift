import DynamicTypeCore
import Foundation

/// What `dyntype lint` does with its options, short of touching files and the exit code: the
/// config found, the files linted, the baseline applied, the output rendered, the verdict. The
/// command writes what this returns, so the logic is reachable from Swift.
package struct LintInvocation: Sendable {
    /// `--format`.
    package enum Format: String, CaseIterable, Sendable {
        /// Xcode-style `path:line:col: warning: message [rule]` lines.
        case text
        /// The findings as JSON.
        case json
        /// SARIF 2.1.0.
        case sarif
        /// JUnit XML (a failed test case per finding).
        case junit
        /// GitLab Code Quality JSON.
        case gitlab
        /// Checkstyle XML.
        case checkstyle
    }

    /// `--fail-on`: a severity, or never.
    package enum FailLevel: String, CaseIterable, Sendable {
        /// Fail on errors.
        case error
        /// Fail on warnings and errors.
        case warning
        /// Fail on any finding.
        case info
        /// Never fail on findings.
        case never

        /// The lowest severity that fails, or nil.
        package var severity: LintSeverity? { self == .never ? nil : LintSeverity(rawValue: rawValue) }
    }

    /// What to write, and whether findings fail the run.
    package struct Outcome: Sendable {
        /// The report for stdout, in the asked format.
        package var output: String
        /// The baseline to write, when one was asked for.
        package var baseline: Data?
        /// How many findings the baseline holds.
        package var baselineCount: Int
        /// GitHub annotations, when running under GitHub Actions (else empty).
        package var annotations: String
        /// The one-line summary for stderr.
        package var summary: String
        /// Whether a finding at or above the fail level remains (never when writing a baseline).
        package var failed: Bool
    }

    /// Files and folders to lint (empty: the current folder).
    package var paths: [String] = []
    /// The output format.
    package var format: Format = .text
    /// The fail level.
    package var failOn: FailLevel = .error
    /// `--config`, else `.dyntype.yml` in the current folder when there is one.
    package var configPath: String?
    /// `--baseline`: report only findings not in it.
    package var baselinePath: String?
    /// `--write-baseline` was given.
    package var writesBaseline = false
    /// The folder report paths are relative to (nil: the current folder).
    package var root: String?
    /// `--max-file-size`, as written (`512KB`).
    package var maximumFileSize: String?
    /// `--lint-files-in-no-target`: lint Swift files no Xcode target builds (the config's
    /// `files-in-no-target: lint`).
    package var lintsFilesInNoTarget = false
    /// `--lint-debug-files`: lint developer screens' files (the config's `debug-files: lint`).
    package var lintsDebugFiles = false
    /// The address of docs/lint.md for SARIF's `helpUri`.
    package var documentationURL: String?

    /// An invocation with the defaults.
    package init() {}

    /// Lints and renders; `toolVersion` names this dyntype in JSON and SARIF, `environment`
    /// decides the GitHub annotations.
    package func run(toolVersion: String, environment: [String: String]) throws(LintError) -> Outcome {
        var configuration = try loadConfiguration()
        if let maximumFileSize {
            do { configuration.maximumFileSize = try InputSizeLimit(parsing: maximumFileSize).bytes } catch {
                throw LintError(.usage, "--max-file-size \(error)")
            }
        }
        if lintsFilesInNoTarget { configuration.skipsFilesInNoTarget = false }
        if lintsDebugFiles { configuration.skipsDebugFiles = false }
        let rootPath = URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let accepted = try baselinePath.map { path throws(LintError) in try Baseline.load(path: path) }
        var report = try Linter(configuration: configuration, root: rootPath).run(paths.isEmpty ? ["."] : paths)
        let baseline = writesBaseline ? Baseline.encode(report.findings) : nil
        let baselineCount = report.findings.count
        if let accepted { report = accepted.filter(report) }
        let output =
            switch format {
            case .text: report.text()
            case .junit: report.junit(timestamp: Date())
            case .gitlab: report.gitlabCodeQuality()
            case .checkstyle: report.checkstyle()
            case .json: report.json(toolVersion: toolVersion)
            case .sarif:
                report.sarif(toolVersion: toolVersion, root: rootPath, configuration: configuration, documentationURL: documentationURL)
            }
        let failed = !writesBaseline && failOn.severity.map { report.hasFinding(atOrAbove: $0) } == true
        return Outcome(
            output: output, baseline: baseline, baselineCount: baselineCount,
            annotations: environment["GITHUB_ACTIONS"] == "true" ? report.githubAnnotations() : "",
            summary: report.summary(), failed: failed)
    }

    /// `--config`, else `.dyntype.yml` in the current folder, else the defaults.
    private func loadConfiguration() throws(LintError) -> LintConfiguration {
        if let configPath { return try LintConfiguration.load(path: configPath) }
        guard FileManager.default.fileExists(atPath: LintConfiguration.fileName) else { return LintConfiguration() }
        return try LintConfiguration.load(path: LintConfiguration.fileName)
    }
}
