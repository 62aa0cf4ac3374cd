import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeLint
import DynamicTypeSnapshots
import Foundation

/// `dyntype lint`: Dynamic Type mistakes in a team's own Swift and Interface Builder files,
/// reported where CI shows them. Parsing and output only; the rules live in DynamicTypeLint.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find Dynamic Type mistakes in Swift, .xib and .storyboard files: fixed fonts, fixed heights, capped sizes.",
        discussion: """
            Folders are walked (build folders, Pods, Carthage, .build, DerivedData and .git skipped). \
            Findings go to stdout as Xcode-style lines, JSON or SARIF 2.1.0; a summary goes to stderr, \
            and with GITHUB_ACTIONS=true one ::error/::warning/::notice annotation per finding too. \
            .dyntype.yml in the current folder (or --config) turns rules off, changes severities and \
            excludes paths; // dyntype:disable:next-line <rule> silences one line. Rules and examples: \
            docs/lint.md.

            Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 64 usage, \
            65 bad config or baseline, 66 input missing or not a regular file, 73 cannot write.

            Examples:
              dyntype lint App/
              dyntype lint App/ --format sarif > dyntype.sarif
              dyntype lint . --write-baseline .dyntype-baseline.json
              dyntype lint . --baseline .dyntype-baseline.json --fail-on warning
            """)

    @Argument(help: "Swift, .xib and .storyboard files and folders to lint (default: the current folder).")
    var paths: [String] = []

    @Option(name: .long, help: "Output format.")
    var format: LintOutputFormat = .text

    @Option(name: .long, help: "Exit 1 when a finding at or above this severity remains.")
    var failOn: LintFailLevel = .error

    @Option(name: .long, help: ArgumentHelp("The config (default: .dyntype.yml in the current folder, if there).", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Report only findings not in this baseline.", valueName: "file"))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp("Write the findings as a baseline to this file (then exit 0).", valueName: "file"))
    var writeBaseline: String?

    @Option(name: .long, help: ArgumentHelp("The folder report paths are relative to (default: the current folder).", valueName: "folder"))
    var root: String?

    @Option(name: .long, help: ArgumentHelp("Largest file read (e.g. 512KB, 8MB); larger files are reported. Default: the config's, else 8MB.", valueName: "size"))
    var maxFileSize: String?

    @Option(name: .long, help: ArgumentHelp("Address of docs/lint.md, for SARIF's helpUri links.", valueName: "url"))
    var docsURL: String?

    /// Sizes and the root are usage errors (64) before anything runs.
    func validate() throws {
        try runReportingErrors {
            if let maxFileSize {
                do { _ = try InputSizeLimit(parsing: maxFileSize) } catch {
                    throw CommandError(code: SysExit.usage, message: "--max-file-size \(error)")
                }
            }
            if let root {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                    throw CommandError(code: SysExit.noInput, message: "--root '\(root)' is not a folder")
                }
            }
            if let docsURL, URL(string: docsURL)?.scheme == nil {
                throw CommandError(code: SysExit.usage, message: "--docs-url '\(docsURL)' is not an absolute URL (https://…/docs/lint.md)")
            }
        }
    }

    func run() throws {
        try runReportingErrors {
            do {
                try lint()
            } catch let error as LintError {
                throw CommandError(code: error.exitCode, message: error.message)
            }
        }
    }

    private func lint() throws {
        var configuration = try loadConfiguration()
        if let maxFileSize { configuration.maximumFileSize = try InputSizeLimit(parsing: maxFileSize).bytes }
        let rootPath = URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let accepted = try baseline.map { path throws(LintError) in try Baseline.load(path: path) }
        let linter = Linter(configuration: configuration, root: rootPath)
        var report = try linter.run(paths.isEmpty ? ["."] : paths)
        if let writeBaseline {
            do {
                try AtomicWriter.standard.write(Baseline.encode(report.findings), to: URL(fileURLWithPath: writeBaseline))
            } catch {
                throw CommandError(code: SysExit.cannotCreate, message: error.description)
            }
            Diagnostics.note("wrote \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") to the baseline \(writeBaseline)")
        }
        if let accepted { report = accepted.filter(report) }
        switch format {
        case .text: StandardOutput.write(report.text())
        case .json: StandardOutput.write(report.json(toolVersion: ReportTool.version))
        case .sarif:
            StandardOutput.write(
                report.sarif(toolVersion: ReportTool.version, root: rootPath, configuration: configuration, documentationURL: docsURL))
        }
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            FileHandle.standardError.write(Data(report.githubAnnotations().utf8))
        }
        Diagnostics.note(report.summary())
        if writeBaseline == nil, let level = failOn.severity, report.hasFinding(atOrAbove: level) {
            throw ExitCode(SysExit.findings)
        }
    }

    /// `--config`, else `.dyntype.yml` in the current folder, else the defaults.
    private func loadConfiguration() throws(LintError) -> LintConfiguration {
        if let config { return try LintConfiguration.load(path: config) }
        let local = LintConfiguration.fileName
        guard FileManager.default.fileExists(atPath: local) else { return LintConfiguration() }
        return try LintConfiguration.load(path: local)
    }
}

/// `dyntype lint --format`.
enum LintOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif
}

/// `dyntype lint --fail-on`: a severity, or never.
enum LintFailLevel: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info, never

    var severity: LintSeverity? { self == .never ? nil : LintSeverity(rawValue: rawValue) }
}

extension LintError {
    /// The sysexits code of each kind.
    var exitCode: Int32 {
        switch kind {
        case .usage: SysExit.usage
        case .badData: SysExit.dataError
        case .missingInput: SysExit.noInput
        case .cannotWrite: SysExit.cannotCreate
        }
    }
}
