import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// One view drawn at one category with its findings and what reports say about it — the unit
/// ``NotepadPreview`` renders for each view and `dyntype serve` renders on request: the notes
/// list, a note's editor, or a screen in a locale.
public struct RenderedView {
    /// The image.
    public var image: RGBAImage
    /// The findings at that category (``ReadabilityChecks``).
    public var findings: [Finding]
    /// The canvas's warnings (glyphs that failed to load).
    public var warnings: [String] = []
    /// The fonts the view's text is set in (for the report's environment).
    public var fonts: [ResolvedFont] = []
    /// The height of the first screen, in points (thumbnails show it).
    public var viewHeight: Double
    /// The list's row heights.
    public var rowHeights: [Double]? = nil
    /// An editor's line count.
    public var lines: Int? = nil
    /// An editor's text containers when there are several (columns, pages).
    public var containers: [ContainerUsage]? = nil
    /// A screen's content height.
    public var contentHeight: Double? = nil
}

/// Renders single views with an audit's settings: the one place the notepad's views and screens
/// are built, drawn and checked for a preview.
public enum ViewRendering {
    /// The notes list at `category`, at least a screen tall.
    public static func list(
        notes: [Note], settings: AuditSettings, category: ContentSizeCategory, scale: Double, resolver: FontResolver
    ) throws -> RenderedView {
        let list = try NotesList(
            notes: notes, width: settings.device.width, rule: settings.rule, setting: settings.setting(category),
            profile: settings.profile, resolver: resolver)
        let drawn = NotepadDrawing.render(list: list, scale: scale, minimumHeight: settings.viewSize.height)
        var findings = ReadabilityChecks.findings(in: list, profile: settings.profile)
        if let cut = drawn.cut {
            findings.append(Finding(kind: .imageCut, severity: .info, element: "notes list", category: category, message: cut))
        }
        return RenderedView(
            image: drawn.image, findings: findings, warnings: drawn.warnings, fonts: [list.headline],
            viewHeight: settings.viewSize.height, rowHeights: list.rows.map(\.height))
    }

    /// A note's editor at `category`, with the settings' layout, figures, exclusions and keyboard.
    /// The editor (a long note's storage and lines) is released before the caller compresses the
    /// image, so the two never hold memory at the same time.
    public static func editor(
        note: Note, settings: AuditSettings, category: ContentSizeCategory, scale: Double, resolver: FontResolver
    ) throws -> RenderedView {
        let editor = try NoteEditor(
            note: note, viewSize: settings.viewSize, setting: settings.setting(category), profile: settings.profile,
            rules: settings.rules, resolver: resolver, layout: settings.editorLayout)
        // Only the first screen is drawn and nothing lists the runs below it.
        editor.layoutManager.releasedLinesKeepRuns = false
        editor.figures = settings.figures
        editor.exclusions = settings.exclusions
        if settings.keyboardHeight > 0 { editor.showKeyboard(height: settings.keyboardHeight) }
        let drawn = NotepadDrawing.render(editor: editor, scale: scale)
        return RenderedView(
            image: drawn.image, findings: ReadabilityChecks.findings(in: editor, profile: settings.profile), warnings: drawn.warnings,
            fonts: [editor.textStorage.highlighter.bodyFont], viewHeight: settings.viewSize.height,
            lines: editor.layoutManager.numberOfLines, containers: editor.layout == .scrolling ? nil : editor.containerUsage)
    }

    /// A screen in `locale` at `category`.
    public static func screen(
        _ document: ScreenDocument, locale: String?, strings: StringTable, settings: AuditSettings, category: ContentSizeCategory,
        scale: Double, resolver: FontResolver
    ) throws -> RenderedView {
        let laidOut = try document.layout(
            category: category, texts: LocalizedTexts(table: strings, locale: locale), settings: settings, resolver: resolver)
        var findings = ReadabilityChecks.findings(in: laidOut, profile: settings.profile)
        let drawn = ScreenDrawing.render(laidOut, scale: scale)
        if let cut = drawn.cut {
            findings.append(
                Finding(kind: .imageCut, severity: .info, element: document.screen.name, category: category, message: cut, locale: locale))
        }
        return RenderedView(
            image: drawn.image, findings: findings, warnings: drawn.warnings, fonts: laidOut.views.compactMap(\.text?.font),
            viewHeight: laidOut.foldHeight, contentHeight: laidOut.contentHeight)
    }
}
