/// The result of a lint run: its findings in report order (path, line, column, rule) and what was read.
public struct LintReport: Hashable, Sendable {
    /// The findings, sorted.
    public var findings: [LintFinding]
    /// How many files were read (Swift and Interface Builder).
    public var filesChecked: Int
    /// Findings left out because the baseline lists them.
    public var baselined: Int
    /// Code skipped because no iOS build compiles it (macOS-only files, `#if os(macOS)` blocks).
    package var platformSkipped = PlatformSkipCount()
    /// Swift files not read because no target of an Xcode project in the input builds them into
    /// the app (none does, or only test bundles do; ``TargetMembership``).
    package var filesInNoTarget = 0
    /// Files not read because they hold developer screens (``DebugScreens``).
    package var debugFiles = 0

    /// A report of `findings` (sorted here) over `filesChecked` files.
    public init(findings: [LintFinding], filesChecked: Int, baselined: Int = 0) {
        self.findings = findings.sorted(by: LintFinding.ordered)
        self.filesChecked = filesChecked
        self.baselined = baselined
    }

    /// A report that also says what was skipped as not compiled for iOS, and how many files were
    /// skipped as in no target.
    package init(
        findings: [LintFinding], filesChecked: Int, baselined: Int = 0, platformSkipped: PlatformSkipCount, filesInNoTarget: Int = 0,
        debugFiles: Int = 0
    ) {
        self.init(findings: findings, filesChecked: filesChecked, baselined: baselined)
        self.platformSkipped = platformSkipped
        self.filesInNoTarget = filesInNoTarget
        self.debugFiles = debugFiles
    }

    /// The summary's words for the files in no app target: `3 files in no app target skipped (not
    /// built, or built only by tests)`, nil for none.
    package var noTargetSummary: String? {
        filesInNoTarget > 0
            ? "\(filesInNoTarget) file\(filesInNoTarget == 1 ? "" : "s") in no app target skipped (not built, or built only by tests)" : nil
    }

    /// The summary's words for the debug-screen files: `2 debug-screen files skipped (Debug in the
    /// name; --lint-debug-files reads them)`, nil for none.
    package var debugSummary: String? {
        debugFiles > 0
            ? "\(debugFiles) debug-screen file\(debugFiles == 1 ? "" : "s") skipped (Debug in the name; --lint-debug-files reads them)" : nil
    }

    /// How many findings each rule has (rules without any are left out).
    public var countsByRule: [LintRule: Int] {
        findings.reduce(into: [:]) { $0[$1.rule, default: 0] += 1 }
    }

    /// Whether a finding is at or above `severity` (what `--fail-on` checks).
    public func hasFinding(atOrAbove severity: LintSeverity) -> Bool {
        findings.contains { $0.severity >= severity }
    }
}

/// Code a lint run skipped because no iOS build compiles it: macOS has no Dynamic Type, and Mac
/// Catalyst code (`#if targetEnvironment(macCatalyst)`) never runs on an iPhone.
package struct PlatformSkipCount: Hashable, Sendable, Codable {
    /// Whole files: Swift files that import AppKit (or Cocoa) and not UIKit, and macOS Interface
    /// Builder documents.
    package var files: Int
    /// `#if` clauses in the files checked (`os(macOS)`, `targetEnvironment(macCatalyst)`,
    /// `canImport(AppKit)`, the `#else` of `os(iOS)`).
    package var blocks: Int

    /// `files` files and `blocks` blocks skipped.
    package init(files: Int = 0, blocks: Int = 0) {
        self.files = files
        self.blocks = blocks
    }

    /// The summary's words: `2 files and 3 #if blocks skipped (not compiled for iOS)`, nil for none.
    package var summary: String? {
        guard files > 0 || blocks > 0 else { return nil }
        var parts: [String] = []
        if files > 0 { parts.append("\(files) file\(files == 1 ? "" : "s")") }
        if blocks > 0 { parts.append("\(blocks) #if block\(blocks == 1 ? "" : "s")") }
        return parts.joined(separator: " and ") + " skipped (not compiled for iOS: macOS, Mac Catalyst)"
    }
}
