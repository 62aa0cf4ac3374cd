import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
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

    /// The list or the editor shown.
    public var content: Content
    /// The category, or nil for `ContentSizeCategory.current`.
    public var category: ContentSizeCategory?
    /// Bold Text (legibility weight bold).
    public var boldText: Bool
    /// The type ramp.
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
    package var editorLayout: EditorLayout = .scrolling
    /// Pictures in an editor, text flowing around them.
    package var figures: [NoteFigure] = []
    /// Shapes an editor's text flows around (view coordinates).
    public var exclusions: [BezierPath] = []
    /// The device, with its safe area and orientation (nil: one of the content's size). With a
    /// device the list is drawn at least a screen tall, as `preview` draws it; `dyntype snapshot`
    /// sets it.
    public var device: Device?

    /// A screen of `content`; ``list(notes:width:rule:profile:boldText:scale:fontSet:)`` and
    /// ``editor(note:viewSize:profile:boldText:rules:scale:fontSet:)`` are shorter.
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

    /// The notepad settings the screen is built with: its row-height rule, highlight rules,
    /// editor layout, figures and exclusions.
    package var notepadSettings: NotepadSettings {
        var settings = NotepadSettings(rules: rules, editorLayout: editorLayout, figures: figures, exclusions: exclusions)
        if case .list(_, _, let rule) = content { settings.rule = rule }
        return settings
    }

    /// The audit settings the screen is built with (one device of the view's size).
    public var auditSettings: AuditSettings {
        let size: Size
        switch content {
        case .list(_, let width, _): size = Size(width: width, height: 0)
        case .editor(_, let viewSize): size = viewSize
        }
        var settings = AuditSettings(
            profile: profile, device: device ?? Device(id: "snapshot", name: "snapshot", width: size.width, height: size.height, scale: scale),
            legibility: boldText ? .bold : .regular, keyboard: keyboardHeight > 0 ? .height(keyboardHeight) : .hidden)
        // The dump lists every line's runs.
        settings.keepsEveryRun = true
        return settings
    }

    /// Lays the screen out with the hermetic resolver of ``fontSet``, through the renderer every
    /// command uses (``ViewRenderer``) — for an editor, the set plus the stand-ins of the families
    /// its rules name, as the machine's resolver (preview's) picks them
    /// (``HermeticFontSet/includingStandIns(for:resolvedBy:)``).
    ///
    /// - Throws: ``HermeticFontError`` when fonts of the set are missing (naming the Debian
    ///   package), layout and profile errors.
    public func render() throws -> ViewSnapshotRendering {
        let source: NotepadSource
        let view: SourceView?
        var fontSet = self.fontSet
        switch content {
        case .list(let notes, _, _):
            source = NotepadSource(notes: notes, openNotes: [], settings: notepadSettings)
            view = source.views.first
        case .editor(let note, _):
            source = NotepadSource(notes: [note], settings: notepadSettings)
            view = source.views.last
            fontSet = fontSet.includingStandIns(for: rules.families, resolvedBy: try FontResolver.shared())
        }
        guard let view else { throw ViewSourceError.unknownView(viewName) }
        return try ViewSnapshotRendering(
            view: view, of: source, category: setting.category, settings: auditSettings, scale: scale, fontSet: fontSet,
            renderSettings: renderSettings)
    }
}

extension NotepadScreen: LayoutSnapshotSubject {}

extension NotepadScreen: SnapshotSuiteSubject {
    /// What rendering it costs, roughly, for a shard plan: an editor its text, the list its rows
    /// (plus a fixed part per image).
    package var estimatedCost: Int {
        switch content {
        case .list(let notes, _, _): SourceView.perImageCost + notes.count * 200
        case .editor(let note, _): SourceView.perImageCost + note.contents.utf8.count
        }
    }
}

extension SnapshotSuite {
    /// The views of `notes` — the notes list, then each note's editor, built with `notepad` — and
    /// of `screens` (in every locale of `locales`) at `categories`. Notes are dated 3 July 2014
    /// (the sample notes' date): the time indicator shows the date, and a checkout's modification
    /// times must not change the snapshots.
    package init(
        notes: [Note], notepad: NotepadSettings, screens: [ScreenDocument], locales: [String?], strings: StringTable,
        settings: AuditSettings, scale: Double, categories: [ContentSizeCategory]
    ) {
        self.init(
            subjects: NotepadScreen.suiteSubjects(notes: notes, notepad: notepad, settings: settings, scale: scale), screens: screens,
            locales: locales, strings: strings, settings: settings, scale: scale, categories: categories)
    }
}

extension NotepadSource: SnapshotSubjectSource {
    /// The notes list and each note's editor on `settings`' device, as `dyntype snapshot` checks them.
    package func snapshotSubjects(settings: AuditSettings, scale: Double) -> [any SnapshotSuiteSubject] {
        NotepadScreen.suiteSubjects(notes: notes, notepad: self.settings, settings: settings, scale: scale)
    }
}

extension NotepadScreen {
    /// The notes list and each note's editor on `settings`' device, as `dyntype snapshot` checks
    /// them (dated 3 July 2014; none without notes).
    static func suiteSubjects(notes: [Note], notepad: NotepadSettings, settings: AuditSettings, scale: Double) -> [any SnapshotSuiteSubject] {
        let profile = settings.profile, device = settings.device
        let boldText = settings.legibility == .bold
        let dated = notes.map { note in
            var copy = note
            copy.timestamp = NoteLoader.sampleDate
            return copy
        }
        guard !dated.isEmpty else { return [] }
        var list = NotepadScreen.list(notes: dated, width: device.width, rule: notepad.rule, profile: profile, boldText: boldText, scale: scale)
        // On the device, as preview draws it (a screen tall at least).
        list.device = device
        return [list]
            + dated.map {
                var editor = NotepadScreen.editor(
                    note: $0, viewSize: Size(width: device.width, height: device.height), profile: profile, boldText: boldText,
                    rules: notepad.rules, scale: scale)
                editor.keyboardHeight = settings.keyboardHeight
                editor.editorLayout = notepad.editorLayout
                editor.figures = notepad.figures
                editor.exclusions = notepad.exclusions
                editor.device = device
                return editor
            }
    }
}
