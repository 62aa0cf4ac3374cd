import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Rendering

/// A view laid out for a snapshot — the notes list, a note's editor, a screen, any source's view —
/// through ``ViewRenderer`` with a hermetic font set: its findings, text dump, image and the
/// environment it was made in. The same findings and pixels `preview` reports for the view.
public struct ViewSnapshotRendering {
    /// The view, laid out.
    public let live: any LiveView
    /// The category it was laid out at.
    public let category: ContentSizeCategory
    /// The type ramp.
    public let profile: TypeRampProfile
    /// Pixels per point of the image.
    public let scale: Double
    /// The resolver the fonts came from.
    public let resolver: FontResolver
    /// The only fonts the view may use.
    public let fontSet: HermeticFontSet
    /// The settings recorded in fingerprints.
    public let renderSettings: RenderSettings

    /// `view` of `source` laid out at `category` with the hermetic resolver of `fontSet`.
    public init(
        view: SourceView, of source: any ViewSource, category: ContentSizeCategory, settings: AuditSettings, scale: Double,
        fontSet: HermeticFontSet, renderSettings: RenderSettings
    ) throws {
        resolver = try fontSet.resolver()
        live = try ViewRenderer.build(view, of: source, category: category, settings: settings, resolver: resolver)
        self.category = category
        profile = settings.profile
        self.scale = scale
        self.fontSet = fontSet
        self.renderSettings = renderSettings
    }

    /// Findings at the category: what every command reports for the view.
    public var findings: [Finding] { ViewRenderer.findings(of: live, profile: profile, scale: scale, category: category) }

    /// Every font the text is drawn with (fallbacks included), one per font file.
    public var fontsUsed: [ResolvedFont] { live.fontsUsed }

    /// The readable text dump: lines with their ranges, boxes, baselines and text, fonts, findings.
    public func layoutDump() -> String { live.layoutDump(profile: profile, findings: findings) }

    /// The view drawn at the scale.
    public func image() -> RGBAImage { live.draw(scale: scale).image }

    /// The environment fingerprint of this rendering; `includingScale` for image references.
    public func fingerprint(includingScale: Bool) throws -> EnvironmentFingerprint {
        try EnvironmentFingerprint.current(
            fonts: fontsUsed, resolver: resolver, fontSet: fontSet, scale: includingScale ? scale : nil, settings: renderSettings)
    }
}
