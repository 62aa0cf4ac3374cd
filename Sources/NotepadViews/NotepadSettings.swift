import DynamicTypeAudit
import DynamicTypeCore
import Notepad
import TextStack

/// What only the notepad's views use — the list's row-height rule, the editors' highlight rules,
/// layout, figures and exclusions — held by ``NotepadSource`` (the settings every kind of view
/// shares are `AuditSettings`). They are part of the source's fingerprint, and reports show the
/// row heights and editor layout as `rowHeights` and `editorLayout`.
package struct NotepadSettings: Hashable, Sendable {
    /// How list rows get their height.
    public var rule: RowHeightRule
    /// The editors' highlight rules.
    public var rules: HighlightRuleSet
    /// How editors lay out their text: one scrolling column, N columns or pages.
    public var editorLayout: EditorLayout
    /// Images placed in every editor, text flowing around them (seed 004).
    public var figures: [NoteFigure]
    /// Shapes every editor's text flows around (view coordinates, points).
    public var exclusions: [BezierPath]

    /// The seed app's settings: the seed's row heights, the seeds' highlight rules, one scrolling
    /// column, no figures or exclusions.
    public init(
        rule: RowHeightRule = .seed, rules: HighlightRuleSet = .seeds, editorLayout: EditorLayout = .scrolling,
        figures: [NoteFigure] = [], exclusions: [BezierPath] = []
    ) {
        self.rule = rule
        self.rules = rules
        self.editorLayout = editorLayout
        self.figures = figures
        self.exclusions = exclusions
    }

    /// The report fields these settings fill (`rowHeights`, `editorLayout`).
    var reportSettings: [String: String] { ["rowHeights": rule.rawValue, "editorLayout": editorLayout.name] }

    /// What a fingerprint of runs and caches takes from these settings.
    var fingerprintParts: [String] {
        ["rows \(rule.rawValue)", "layout \(editorLayout.name)", "rules \(rules.description)"]
            + figures.map { "figure \($0.name) \($0.frame)" } + exclusions.map { "exclusion \($0.bounds)" }
    }
}
