import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens

/// A source that knows how its views are snapshot: screens on their own devices, the notepad's
/// list and editors with their dates pinned. A source that does not conform is snapshot view by
/// view through the renderer every command uses (``SourceViewSnapshot``).
package protocol SnapshotSubjectSource: ViewSource {
    /// The source's views as snapshot subjects on `settings`' device at `scale`.
    func snapshotSubjects(settings: AuditSettings, scale: Double) -> [any SnapshotSuiteSubject]
}

extension SnapshotSuite {
    /// The views of `sources`, in order, at `categories`: each source's own subjects
    /// (``SnapshotSubjectSource``), else each of its views as it is built for preview.
    package init(sources: [any ViewSource], settings: AuditSettings, scale: Double, categories: [ContentSizeCategory]) {
        self.settings = settings
        self.scale = scale
        self.categories = categories
        subjects = sources.flatMap { source -> [any SnapshotSuiteSubject] in
            if let own = source as? any SnapshotSubjectSource { return own.snapshotSubjects(settings: settings, scale: scale) }
            return source.views.map { SourceViewSnapshot(source: source, view: $0, settings: settings, scale: scale) }
        }
    }
}

extension ScreenSource: SnapshotSubjectSource {
    /// Each screen in each locale, on its own device or width (else the settings' device), with
    /// the settings' keyboard, as preview lays it out.
    package func snapshotSubjects(settings: AuditSettings, scale: Double) -> [any SnapshotSuiteSubject] {
        let boldText = settings.legibility == .bold
        return screens.flatMap { document in
            locales.map { locale -> any SnapshotSuiteSubject in
                let own = document.device(for: settings)
                var snapshot = ScreenSnapshot(
                    document: document, locale: locale, strings: strings, width: document.screen.width ?? own.width,
                    height: own.height, boldText: boldText, profile: settings.profile, scale: scale)
                snapshot.keyboardHeight = document.keyboardHeight(for: settings)
                // Its safe area and orientation, as preview lays it out.
                snapshot.device = settings.device
                return snapshot
            }
        }
    }
}

/// Any source's view as a snapshot subject: built through the source at each category with the
/// hermetic font set (and stand-ins for the families the source names).
package struct SourceViewSnapshot: SnapshotSuiteSubject {
    /// The source.
    package var source: any ViewSource
    /// The view.
    package var view: SourceView
    /// The settings it is built with.
    package var settings: AuditSettings
    /// Pixels per point.
    package var scale: Double
    /// The category (nil: the current one).
    package var category: ContentSizeCategory?

    package var viewName: String { view.id }

    package var estimatedCost: Int { view.cost }

    package func at(_ category: ContentSizeCategory) -> SourceViewSnapshot {
        var copy = self
        copy.category = category
        return copy
    }

    package func render() throws -> ViewSnapshotRendering {
        var renderSettings = RenderSettings(
            profile: settings.profile.name, boldText: settings.legibility == .bold, width: settings.device.width,
            height: settings.device.height, rowHeights: nil)
        renderSettings.keyboard = settings.keyboardHeight > 0 ? settings.keyboardHeight : nil
        let fontSet = source.fontFamilies.isEmpty
            ? HermeticFontSet.project : HermeticFontSet.project.includingStandIns(for: source.fontFamilies, resolvedBy: try .shared())
        return try ViewSnapshotRendering(
            view: view, of: source, category: category ?? ContentSizeCategory.current, settings: settings, scale: scale, fontSet: fontSet,
            renderSettings: renderSettings)
    }
}
