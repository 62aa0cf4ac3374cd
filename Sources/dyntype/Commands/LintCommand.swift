import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
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
            excludes paths; Swift files that no target of an Xcode project in the input builds are \
            skipped (--lint-files-in-no-target keeps them), and so are debug screens' files (Debug in the \
            name; --lint-debug-files keeps them); // dyntype:disable:next-line <rule> silences one line. Rules and examples: \
            docs/lint.md.

            Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 64 usage, \
            65 bad config or baseline, 66 input missing or not a regular file, 73 cannot write.

            Examples:
              dyntype lint App/
              dyntype lint App/ --format sarif > dyntype.sarif
              dyntype lint App/ --format gitlab > gl-code-quality-report.json   (also junit, checkstyle)
              dyntype lint . --write-baseline .dyntype-baseline.json
              dyntype lint . --baseline .dyntype-baseline.json --fail-on warning
            """)

    @Argument(help: "Swift, .xib and .storyboard files and folders to lint (default: the current folder).")
    var paths: [String] = []

    @Option(name: .long, help: "Output format: text, json, sarif, junit, gitlab (Code Quality), checkstyle.")
    var format: LintInvocation.Format = .text

    @Option(name: .long, help: "Exit 1 when a finding at or above this severity remains.")
    var failOn: LintInvocation.FailLevel = .error

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

    @Flag(name: .long, help: "Lint Swift files that no target of an Xcode project in the input builds (skipped by default).")
    var lintFilesInNoTarget = false

    @Flag(name: .long, help: "Lint developer screens' files: Debug as a word in the file's or a folder's name (skipped by default).")
    var lintDebugFiles = false

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
            var invocation = LintInvocation()
            (invocation.paths, invocation.format, invocation.failOn) = (paths, format, failOn)
            (invocation.configPath, invocation.baselinePath, invocation.writesBaseline) = (config, baseline, writeBaseline != nil)
            (invocation.root, invocation.maximumFileSize, invocation.documentationURL) = (root, maxFileSize, docsURL)
            invocation.lintsFilesInNoTarget = lintFilesInNoTarget
            invocation.lintsDebugFiles = lintDebugFiles
            let outcome: LintInvocation.Outcome
            do throws(LintError) {
                outcome = try invocation.run(toolVersion: ReportTool.version, environment: ProcessInfo.processInfo.environment)
            } catch {
                throw CommandError(code: SysExit.code(for: error.kind), message: error.message)
            }
            if let writeBaseline, let data = outcome.baseline {
                try Self.refuseInput(writeBaseline, paths: paths, config: config)
                // The folder is created as before (`--write-baseline ci/baseline.json`); what is there must be a regular file or nothing.
                do { try AtomicWriter.standard.write(data, to: URL(fileURLWithPath: writeBaseline)) } catch {
                    throw CommandError(code: SysExit.cannotCreate, message: "\(error)")
                }
                Diagnostics.note("wrote \(outcome.baselineCount) finding\(outcome.baselineCount == 1 ? "" : "s") to the baseline \(writeBaseline)")
            }
            StandardOutput.write(outcome.output)
            FileHandle.standardError.write(Data(outcome.annotations.utf8))
            Diagnostics.note(outcome.summary)
            if outcome.failed { throw ExitCode(SysExit.findings) }
        }
    }
}

extension LintCommand {
    /// Refuses a `--write-baseline` that names a file lint reads (issue 32): the configuration
    /// (`--config` or `./.dyntype.yml`), a file given, or a Swift, storyboard or XIB file inside a
    /// folder given; exit 64.
    static func refuseInput(_ output: String, paths: [String], config: String?) throws {
        func same(_ a: String, _ b: String) -> Bool { ResolvedPath.relation(of: a, to: b) == .same || ResolvedPath.isSameExistingFile(a, b) }
        let read = [config ?? ".dyntype.yml"] + paths
        let linted = ["swift", "storyboard", "xib"].contains((output as NSString).pathExtension.lowercased())
        for input in read where same(output, input) || (linted && ResolvedPath.relation(of: output, to: input) == .inside) {
            throw CommandError(
                code: SysExit.usage,
                message: "--write-baseline '\(output)' is a file lint reads ('\(input)'); writing it would replace an input: give another file")
        }
    }
}

extension LintInvocation.Format: ExpressibleByArgument {}
extension LintInvocation.FailLevel: ExpressibleByArgument {}
