import DynamicTypeCore
import Foundation

/// Lints Swift and Interface Builder files for Dynamic Type mistakes.
///
/// ```swift
/// import DynamicTypeLint
///
/// let linter = Linter(configuration: LintConfiguration(disabledRules: [.singleLineText]))
/// let report = try linter.lint(["Sources/App"])
/// for finding in report.findings { print(finding) }   // Sources/App/Cell.swift:12:20: error: …
/// ```
public struct Linter: Sendable {
    /// What is checked.
    public var configuration: LintConfiguration
    /// The folder report paths and excluded patterns are relative to (the current one by default).
    public var root: String

    /// A linter with `configuration`, reporting paths relative to `root`.
    public init(configuration: LintConfiguration = LintConfiguration(), root: String = FileManager.default.currentDirectoryPath) {
        self.configuration = configuration
        self.root = root
    }

    /// Lints the files and folders at `paths` (folders walked), files in parallel.
    ///
    /// - Throws: when a path is missing, not a regular file or folder, or a file of another kind.
    public func lint(_ paths: [String]) throws -> LintReport {
        try run(paths)
    }

    /// ``lint(_:)`` with its typed error, for the CLI.
    package func run(_ paths: [String]) throws(LintError) -> LintReport {
        let walker = FileWalker(root: root, excluded: configuration.excludedPaths.map(GlobPattern.init))
        let configuration = self.configuration
        let (walked, walkFindings, manifests) = try walker.inputs(paths) { path, message in
            Self.unreadable(path: path, line: 1, message: message, configuration: configuration)
        }
        // Swift files no target builds never run in the app: not read (the count is reported).
        var inputs = walked
        var projectFindings: [LintFinding] = []
        if configuration.skipsFilesInNoTarget, !manifests.projectFiles.isEmpty {
            let membership = TargetMembership(
                manifests: manifests, limit: InputSizeLimit(bytes: max(configuration.maximumFileSize, TargetMembership.minimumProjectFileLimit)))
            inputs = walked.filter { $0.kind != .swift || !membership.isInNoTarget($0.path) }
            projectFindings = membership.problems.map {
                Self.unreadable(path: walker.displayPath($0.path), line: $0.line, message: $0.message, configuration: configuration)
            }
        }
        // Developer screens (a debug menu) are read by the team, not by users (the count is reported).
        let beforeDebug = inputs.count
        if configuration.skipsDebugFiles {
            // Only names below the folder given count: a checkout under `~/Debug/` is no debug
            // screen, nor is every file when the build plugin passes absolute paths.
            let folders = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            inputs = inputs.filter { input in
                let path = URL(fileURLWithPath: input.path).standardizedFileURL.path
                let folder = folders.filter { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }.max { $0.count < $1.count }
                return !DebugScreens.isDebugPath(path, below: folder ?? URL(fileURLWithPath: path).deletingLastPathComponent().path)
            }
        }
        let debugFiles = beforeDebug - inputs.count
        let results = Self.parallelMap(inputs) { Self.check($0, configuration: configuration) }
        // Second step: what each file's findings need from the others (fonts scaled elsewhere,
        // constants, code that restyles an Interface Builder view), judged over every file.
        var project = ProjectFacts()
        for result in results { project.merge(result) }
        var findings = (walkFindings + projectFindings).filter { configuration.isEnabled($0.rule) }
        for result in results { findings += Self.standing(result, project: project) }
        return LintReport(
            findings: findings, filesChecked: inputs.count,
            platformSkipped: PlatformSkipCount(
                files: results.filter(\.skippedAsNotIOS).count, blocks: results.reduce(0) { $0 + $1.skippedBlocks }),
            filesInNoTarget: walked.count - beforeDebug, debugFiles: debugFiles)
    }

    /// The findings of `result` whose conditions hold over `project`.
    private static func standing(_ result: SwiftFileResult, project: ProjectFacts) -> [LintFinding] {
        result.findings.filter { _, conditions in conditions.allSatisfy { project.stands($0, local: result.constants) } }.map(\.finding)
    }

    /// One file's findings (package API for tests and the fuzz target).
    package static func check(_ input: LintInput, configuration: LintConfiguration) -> SwiftFileResult {
        let limit = InputSizeLimit(
            bytes: configuration.maximumFileSize, howToRaise: "raise --max-file-size or exclude the file in .dyntype.yml")
        let data: Data
        do {
            data = try InputFile.read(atPath: input.path, limit: limit)
        } catch {
            let finding = unreadable(path: input.displayPath, line: 1, message: error.reasonWithoutPath, configuration: configuration)
            return SwiftFileResult(findings: [(finding, [])])
        }
        switch input.kind {
        case .swift:
            return SwiftFileChecker.check(String(decoding: data, as: UTF8.self), displayPath: input.displayPath, configuration: configuration)
        case .interfaceBuilder:
            return InterfaceBuilderChecker.checkWithConditions(data, displayPath: input.displayPath, configuration: configuration)
        }
    }

    /// The Swift findings in `source` as if it were the file `path` (package API for tests), names
    /// scaled within the source applied.
    package static func check(swift source: String, path: String = "Test.swift", configuration: LintConfiguration = LintConfiguration()) -> [LintFinding] {
        let result = SwiftFileChecker.check(source, displayPath: path, configuration: configuration)
        var project = ProjectFacts()
        project.merge(result)
        return standing(result, project: project).sorted(by: LintFinding.ordered)
    }

    /// The findings in the Interface Builder document `data` as if it were the file `path`,
    /// judged with what the Swift files `swift` do to its views (package API for tests and the
    /// rules' examples).
    package static func check(
        interfaceBuilder data: Data, path: String = "Test.xib", withSwift swift: [String], configuration: LintConfiguration = LintConfiguration()
    ) -> [LintFinding] {
        let result = InterfaceBuilderChecker.checkWithConditions(data, displayPath: path, configuration: configuration)
        var project = ProjectFacts()
        for (index, source) in swift.enumerated() {
            project.merge(SwiftFileChecker.check(source, displayPath: "Test\(index).swift", configuration: configuration))
        }
        project.merge(result)
        return standing(result, project: project).sorted(by: LintFinding.ordered)
    }

    private static func unreadable(path: String, line: Int, message: String, configuration: LintConfiguration) -> LintFinding {
        LintFinding(
            rule: .unreadableFile, severity: configuration.severity(of: .unreadableFile), path: path, line: line, column: 1,
            message: "file not checked: \(message)", fingerprint: SourceLines.fingerprint(""))
    }

    /// `transform` over `items` on every core, results in the items' order.
    private static func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let results = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values()
    }
}

/// One slot per file, filled from the worker threads under a lock (a file's work dwarfs the lock).
private final class ResultSlots<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [R?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) { lock.withLock { slots[index] = value } }

    func values() -> [R] { lock.withLock { slots.compactMap { $0 } } }
}
