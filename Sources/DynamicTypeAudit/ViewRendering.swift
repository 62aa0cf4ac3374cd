import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// One view drawn at one category with its findings — the unit `dyntype serve` renders on
/// request: the notes list, a note's editor, or a screen in a locale.
public struct RenderedView {
    /// The image.
    public var image: RGBAImage
    /// The findings at that category (``ReadabilityChecks``).
    public var findings: [Finding]
}

/// Renders single views with an audit's settings (the same drawing and checks as ``NotepadPreview``).
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
        return RenderedView(image: drawn.image, findings: findings)
    }

    /// A note's editor at `category`, with the settings' layout, keyboard, figures and exclusions.
    public static func editor(
        note: Note, settings: AuditSettings, category: ContentSizeCategory, scale: Double, resolver: FontResolver
    ) throws -> RenderedView {
        let editor = try NoteEditor(
            note: note, viewSize: settings.viewSize, setting: settings.setting(category), profile: settings.profile,
            rules: settings.rules, resolver: resolver, layout: settings.editorLayout)
        editor.layoutManager.releasedLinesKeepRuns = false
        editor.figures = settings.figures
        editor.exclusions = settings.exclusions
        if settings.keyboardHeight > 0 {
            let keyboard = KeyboardHub()
            keyboard.observe(editor)
            keyboard.show(height: settings.keyboardHeight)
        }
        let findings = ReadabilityChecks.findings(in: editor, profile: settings.profile)
        return RenderedView(image: NotepadDrawing.render(editor: editor, scale: scale).image, findings: findings)
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
        return RenderedView(image: drawn.image, findings: findings)
    }
}
