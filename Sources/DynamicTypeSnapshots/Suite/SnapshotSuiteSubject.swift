import DynamicTypeAudit
import DynamicTypeCore

/// A view ``SnapshotSuite`` checks: a screen in one locale (``ScreenSnapshot``), or a view of
/// another source that renders through ``ViewSnapshotRendering`` (the notepad's list and editors
/// are `NotepadViews`' `NotepadScreen`), so the suite needs no source's types.
package protocol SnapshotSuiteSubject: Sendable {
    /// The view's folder (its view id).
    var viewName: String { get }
    /// What rendering it costs, roughly, for ``ShardPlan`` (``SourceView/cost``'s scale).
    var estimatedCost: Int { get }
    /// The same view at `category`.
    func at(_ category: ContentSizeCategory) -> Self
    /// The view laid out with its hermetic fonts, with its findings.
    func render() throws -> ViewSnapshotRendering
}

extension ScreenSnapshot: SnapshotSuiteSubject {
    /// A fixed part per image plus its views.
    package var estimatedCost: Int { SourceView.perImageCost + document.screen.views.count * 300 }
}
