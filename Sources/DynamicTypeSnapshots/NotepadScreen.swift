import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// What a snapshot shows: the notes list or one note's editor, with the profile, Bold Text, pixel
/// scale and the fonts it may use. The content-size category usually comes from the sweep
/// (``at(_:)``); left nil it is `ContentSizeCategory.current`, so the `.contentSizeCategory` test
/// trait applies.
///
/// ```swift
/// let screen = NotepadScreen.editor(note: note, viewSize: Size(width: 320, height: 568))
/// let text = try screen.at(.accessibility3).render().layoutDump()
/// ```
public struct NotepadScreen: Sendable {
    /// The view shown.
    public enum Content: Sendable {
        /// The notes list `width` points wide, rows sized by `rule`; the image is as tall as the rows.
        case list(notes: [Note], width: Double, rule: RowHeightRule)
        /// One note's editor in a view of `viewSize`; the image is the first screen.
        case editor(note: Note, viewSize: Size)
    }

    public var content: Content
    /// The category, or nil for `ContentSizeCategory.current`.
    public var category: ContentSizeCategory?
    /// Bold Text (legibility weight bold).
    public var boldText: Bool
    public var profile: TypeRampProfile
    /// Highlight rules of the editor.
    public var rules: HighlightRuleSet
    /// Pixels per point of images.
    public var scale: Double
    /// The only fonts the screen may use (hermetic fontconfig configuration).
    public var fontSet: HermeticFontSet
    /// The keyboard's height for an editor (0: hidden).
    public var keyboardHeight: Double = 0
    /// How an editor lays out its note.
    public var editorLayout: EditorLayout = .scrolling
    /// Pictures in an editor, text flowing around them.
    public var figures: [NoteFigure] = []
    /// Shapes an editor's text flows around (view coordinates).
    public var exclusions: [BezierPath] = []

    public init(
        content: Content, category: ContentSizeCategory? = nil, boldText: Bool = false, profile: TypeRampProfile = .ios,
        rules: HighlightRuleSet = .seeds, scale: Double = 1, fontSet: HermeticFontSet = .project
    ) {
        self.content = content
        self.category = category
        self.boldText = boldText
        self.profile = profile
        self.rules = rules
        self.scale = scale
        self.fontSet = fontSet
    }

    /// The notes list.
    public static func list(
        notes: [Note], width: Double, rule: RowHeightRule = .seed, profile: TypeRampProfile = .ios, boldText: Bool = false,
        scale: Double = 1, fontSet: HermeticFontSet = .project
    ) -> NotepadScreen {
        NotepadScreen(
            content: .list(notes: notes, width: width, rule: rule), boldText: boldText, profile: profile, scale: scale,
            fontSet: fontSet)
    }

    /// A note's editor.
    public static func editor(
        note: Note, viewSize: Size, profile: TypeRampProfile = .ios, boldText: Bool = false, rules: HighlightRuleSet = .seeds,
        scale: Double = 1, fontSet: HermeticFontSet = .project
    ) -> NotepadScreen {
        NotepadScreen(
            content: .editor(note: note, viewSize: viewSize), boldText: boldText, profile: profile, rules: rules,
            scale: scale, fontSet: fontSet)
    }

    /// The same screen at `category`.
    public func at(_ category: ContentSizeCategory) -> NotepadScreen {
        var copy = self
        copy.category = category
        return copy
    }

    /// The setting the screen is laid out for.
    public var setting: TextSizeSetting {
        TextSizeSetting(category: category ?? ContentSizeCategory.current, legibilityWeight: boldText ? .bold : .regular)
    }

    /// The settings recorded in fingerprints (profile, Bold Text, view size, row-height rule).
    public var renderSettings: RenderSettings {
        switch content {
        case .list(_, let width, let rule):
            RenderSettings(profile: profile.name, boldText: boldText, width: width, height: nil, rowHeights: rule.rawValue)
        case .editor(_, let viewSize):
            {
                var settings = RenderSettings(
                    profile: profile.name, boldText: boldText, width: viewSize.width, height: viewSize.height, rowHeights: nil)
                settings.keyboard = keyboardHeight > 0 ? keyboardHeight : nil
                settings.editorLayout = editorLayout == .scrolling ? nil : editorLayout.name
                let shapes = figures.map { "figure \($0.name) \($0.frame)" } + exclusions.map { "exclusion \($0.bounds)" }
                settings.shapes = shapes.isEmpty ? nil : shapes
                return settings
            }()
        }
    }

    /// `list` or the note's slug.
    public var viewName: String {
        switch content {
        case .list: "list"
        case .editor(let note, _): note.slug
        }
    }

    /// Lays the screen out with the hermetic resolver of ``fontSet`` — for an editor, the set plus
    /// the stand-ins of the families its rules name, as the machine's resolver (preview's) picks
    /// them (``HermeticFontSet/includingStandIns(for:resolvedBy:)``).
    ///
    /// - Throws: ``HermeticFontError`` when fonts of the set are missing (naming the Debian
    ///   package), layout and profile errors.
    public func render() throws -> NotepadRendering {
        let setting = self.setting
        switch content {
        case .list(let notes, let width, let rule):
            let resolver = try fontSet.resolver()
            let list = try NotesList(
                notes: notes, width: width, rule: rule, setting: setting, profile: profile, resolver: resolver)
            return NotepadRendering(screen: self, setting: setting, resolver: resolver, fontSet: fontSet, view: .list(list))
        case .editor(let note, let viewSize):
            let fontSet = self.fontSet.includingStandIns(for: rules.families, resolvedBy: try FontResolver.shared())
            let resolver = try fontSet.resolver()
            let editor = try NoteEditor(
                note: note, viewSize: viewSize, setting: setting, profile: profile, rules: rules, resolver: resolver,
                layout: editorLayout)
            editor.figures = figures
            editor.exclusions = exclusions
            if keyboardHeight > 0 { editor.showKeyboard(height: keyboardHeight) }
            return NotepadRendering(screen: self, setting: setting, resolver: resolver, fontSet: fontSet, view: .editor(editor))
        }
    }
}

/// A laid-out ``NotepadScreen``: its text dump, its image, its findings and the fonts it used.
public struct NotepadRendering {
    /// The list or editor, laid out.
    public enum View {
        case list(NotesList)
        case editor(NoteEditor)
    }

    public let screen: NotepadScreen
    public let setting: TextSizeSetting
    public let resolver: FontResolver
    /// The fonts the rendering could use: the screen's set, plus its rules' stand-ins for an editor.
    public let fontSet: HermeticFontSet
    public let view: View

    /// Findings at the setting: the same checks every command runs (``ReadabilityChecks``).
    public var findings: [Finding] {
        switch view {
        case .list(let list): ReadabilityChecks.findings(in: list, profile: screen.profile)
        case .editor(let editor): ReadabilityChecks.findings(in: editor, profile: screen.profile)
        }
    }

    /// Every font the text is drawn with (fallbacks included).
    public var fontsUsed: [ResolvedFont] {
        // One entry per font file, in the order first drawn (a long note has tens of thousands of runs).
        var fonts: [ResolvedFont] = []
        var files = Set<String>()
        func add(_ font: ResolvedFont) { if files.insert(font.filePath).inserted { fonts.append(font) } }
        func add(_ lines: [LineFragment]) { for line in lines { for run in line.runs { add(run.font) } } }
        switch view {
        case .list(let list):
            add(list.headline)
            for row in list.rows { add(row.lines) }
        case .editor(let editor):
            add(editor.textStorage.highlighter.bodyFont)
            add(editor.timeIndicator.font)
            add(editor.timeIndicator.lines)
            editor.layoutManager.forEachRun { add($0.font) }
        }
        return fonts
    }

    /// The readable text dump: lines with their ranges, boxes, baselines and text, fonts, row heights, findings.
    public func layoutDump() -> String {
        switch view {
        case .list(let list): LayoutDump.list(list, screen: screen, findings: findings)
        case .editor(let editor): LayoutDump.editor(editor, screen: screen, findings: findings)
        }
    }

    /// The screen drawn at the screen's scale.
    public func image() -> RGBAImage {
        switch view {
        case .list(let list): NotepadDrawing.draw(list: list, scale: screen.scale)
        case .editor(let editor): NotepadDrawing.draw(editor: editor, scale: screen.scale)
        }
    }

    /// The environment fingerprint of this rendering; `includingScale` for image references.
    public func fingerprint(includingScale: Bool) throws -> EnvironmentFingerprint {
        try EnvironmentFingerprint.current(
            fonts: fontsUsed, resolver: resolver, fontSet: fontSet, scale: includingScale ? screen.scale : nil,
            settings: screen.renderSettings)
    }
}
