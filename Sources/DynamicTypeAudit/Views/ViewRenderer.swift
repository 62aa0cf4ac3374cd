import DynamicTypeCore
import FontSystem
import Rendering

/// One view rendered at one category: everything a command needs of it.
public struct RenderedView {
    /// The view.
    public var view: SourceView
    /// The category.
    public var category: ContentSizeCategory
    /// The image.
    public var image: RGBAImage
    /// The findings at that category, named by the view's id.
    public var findings: [Finding]
    /// The canvas's warnings (glyphs that failed to load).
    public var warnings: [String]
    /// Every font the view's text is drawn with, fallbacks included.
    public var fonts: [ResolvedFont]
    /// The height of the view's first screen in points (thumbnails show it).
    public var viewHeight: Double
    /// The view's numbers (lines, row heights, containers, content height).
    public var state: ViewState
}

/// The one renderer: builds a source's view at a category, checks it and draws it. Preview,
/// serve, snapshot and the switch's sweep all go through it, so they report the same findings
/// (view, category, kind) and draw the same pixels.
public enum ViewRenderer {
    /// `view` of `source` built at `category` with `settings`.
    public static func build(
        _ view: SourceView, of source: any ViewSource, category: ContentSizeCategory, settings: AuditSettings, resolver: FontResolver
    ) throws -> any LiveView {
        try source.build(view, setting: settings.setting(category), settings: settings, resolver: resolver)
    }

    /// The findings of a live view at its current setting, as every command reports them: the
    /// view's checks plus where its image at `scale` is cut, each named by the view's id (and
    /// locale). Views a change left stale say so in the switch, not here.
    public static func findings(of live: any LiveView, profile: TypeRampProfile, scale: Double, category: ContentSizeCategory) -> [Finding] {
        var findings = live.findings(profile: profile)
        if let cut = live.imageCut(scale: scale) {
            findings.append(
                Finding(kind: .imageCut, severity: .info, element: live.view.title, category: category, message: cut, locale: live.view.locale))
        }
        return named(findings, by: live.view)
    }

    /// `findings` named by `view`'s id (and locale, for findings of a view checked per locale).
    public static func named(_ findings: [Finding], by view: SourceView) -> [Finding] {
        findings.map { finding in
            var named = finding
            named.view = view.id
            if named.locale == nil { named.locale = view.locale }
            return named
        }
    }

    /// `view` of `source` rendered at `category`: built, checked and drawn at `scale`. The view
    /// (a long note's storage and lines) is released before this returns, so a caller compressing
    /// the image never holds both.
    public static func render(
        _ view: SourceView, of source: any ViewSource, category: ContentSizeCategory, settings: AuditSettings, scale: Double,
        resolver: FontResolver
    ) throws -> RenderedView {
        let live = try build(view, of: source, category: category, settings: settings, resolver: resolver)
        return render(live, category: category, profile: settings.profile, scale: scale)
    }

    /// A live view rendered as it stands.
    public static func render(_ live: any LiveView, category: ContentSizeCategory, profile: TypeRampProfile, scale: Double) -> RenderedView {
        let drawn = live.draw(scale: scale)
        return RenderedView(
            view: live.view, category: category, image: drawn.image,
            findings: findings(of: live, profile: profile, scale: scale, category: category), warnings: drawn.warnings,
            fonts: live.fontsUsed, viewHeight: drawn.viewHeight, state: live.state)
    }
}
