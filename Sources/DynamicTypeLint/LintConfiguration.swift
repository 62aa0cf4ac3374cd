/// What a lint run checks: rules switched off, severities changed, paths excluded, the largest
/// file read, and whether files in no Xcode target and debug screens are skipped. `.dyntype.yml` is read into one (see docs/lint.md); the default checks everything.
public struct LintConfiguration: Hashable, Sendable {
    /// Rules not run.
    public var disabledRules: Set<LintRule>
    /// Severities that replace a rule's ``LintRule/defaultSeverity``.
    public var severities: [LintRule: LintSeverity]
    /// `.gitignore`-style patterns of paths not linted, relative to the run's root: `Generated/`,
    /// `*.generated.swift`, `App/Legacy/**/*.swift`.
    public var excludedPaths: [String]
    /// The largest file read, in bytes; a larger one is a ``LintRule/unreadableFile`` finding.
    public var maximumFileSize: Int
    /// Whether Swift files that no target of an Xcode project in the input builds are skipped
    /// (``TargetMembership``); on by default, `files-in-no-target: lint` in `.dyntype.yml` or
    /// `--lint-files-in-no-target` turns it off.
    public var skipsFilesInNoTarget: Bool
    /// Whether files of developer screens (``DebugScreens``: `Debug` as a word in the file's or a
    /// folder's name) are skipped; on by default, `debug-files: lint` in `.dyntype.yml` or
    /// `--lint-debug-files` turns it off.
    public var skipsDebugFiles: Bool

    /// 8 MB: far above hand-written source (the largest files in big apps are well under 1 MB),
    /// small enough that a generated monster cannot exhaust memory across parallel workers.
    public static let defaultMaximumFileSize = 8 << 20

    /// A configuration; the defaults check every rule at its default severity.
    public init(
        disabledRules: Set<LintRule> = [], severities: [LintRule: LintSeverity] = [:], excludedPaths: [String] = [],
        maximumFileSize: Int = LintConfiguration.defaultMaximumFileSize, skipsFilesInNoTarget: Bool = true,
        skipsDebugFiles: Bool = true
    ) {
        (self.disabledRules, self.severities, self.excludedPaths) = (disabledRules, severities, excludedPaths)
        self.skipsFilesInNoTarget = skipsFilesInNoTarget
        self.skipsDebugFiles = skipsDebugFiles
        self.maximumFileSize = max(1, maximumFileSize)
    }

    /// The severity `rule` reports at.
    public func severity(of rule: LintRule) -> LintSeverity { severities[rule] ?? rule.defaultSeverity }

    /// Whether `rule` runs.
    public func isEnabled(_ rule: LintRule) -> Bool { !disabledRules.contains(rule) }
}
