import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// The seed's note editor (`NoteEditorViewController`): the note in a syntax-highlighting
/// storage, laid out at the device width in a container of unbounded height, with the time
/// indicator's circle as an exclusion path. On a size change the storage restyles, the indicator
/// resizes, the exclusion path moves and the text relayouts.
public final class NoteEditor: ContentSizeObserver {
    /// UITextView's default `textContainerInset` (8 pt top and bottom).
    public static let textContainerInset = 8.0

    /// The note edited.
    public let note: Note
    /// View size in points (the device screen).
    public let viewSize: Size
    /// The highlighting storage.
    public let textStorage: SyntaxHighlightTextStorage
    /// The layout manager.
    public let layoutManager: LayoutManager
    /// The text container (view width, unbounded height).
    public let textContainer: TextContainer
    /// The time indicator at the current setting.
    public private(set) var timeIndicator: TimeIndicator
    /// The setting the editor is styled for.
    public private(set) var setting: TextSizeSetting

    private let resolver: FontResolver
    private let profile: TypeRampProfile

    /// An editor for `note` in a view of `viewSize`, styled for `setting`.
    public init(
        note: Note, viewSize: Size, setting: TextSizeSetting, profile: TypeRampProfile = .ios, rules: HighlightRuleSet = .seeds,
        resolver: FontResolver
    ) throws {
        guard viewSize.width > 0, viewSize.width.isFinite else { throw LayoutError.invalidWidth(viewSize.width) }
        self.note = note
        self.viewSize = viewSize
        self.setting = setting
        self.profile = profile
        self.resolver = resolver
        textStorage = try SyntaxHighlightTextStorage(
            string: note.contents, resolver: resolver, profile: profile, category: setting.category,
            legibilityWeight: setting.legibilityWeight, rules: rules)
        layoutManager = try LayoutManager(resolver: resolver, defaultFont: textStorage.highlighter.bodyFont)
        // The editor shows one screen: glyphs are kept for it alone, so a long note costs memory
        // in proportion to what is drawn; line geometry, runs and flags still cover the whole note
        // (set it to .infinity to keep every glyph).
        layoutManager.glyphRetentionHeight = viewSize.height
        textContainer = TextContainer(size: Size(width: viewSize.width, height: .infinity))
        textContainer.widthTracksTextView = true
        layoutManager.addTextContainer(textContainer)
        layoutManager.attach(to: textStorage.storage)
        timeIndicator = try TimeIndicator.make(
            date: note.timestamp, viewWidth: viewSize.width, setting: setting, profile: profile, resolver: resolver)
        updateExclusionPath()
    }

    /// The seed's `preferredContentSizeChanged:`: `textStorage.update()` then `updateTimeIndicatorFrame`.
    public func update(to setting: TextSizeSetting) throws {
        self.setting = setting
        try textStorage.update(to: setting)
        layoutManager.defaultFont = textStorage.highlighter.bodyFont
        timeIndicator = try TimeIndicator.make(
            date: note.timestamp, viewWidth: viewSize.width, setting: setting, profile: profile, resolver: resolver)
        updateExclusionPath()
    }

    /// Moves the exclusion path to the indicator (in text-container coordinates: the view's minus
    /// the container inset; the seed passes view coordinates, which puts the path 8 pt low).
    private func updateExclusionPath() {
        textContainer.exclusionPaths = [timeIndicator.exclusionPath.offsetBy(dx: 0, dy: -Self.textContainerInset)]
        layoutManager.invalidateLayout()
    }

    /// The seed's `preferredContentSizeChanged:` on each change of a hub the editor is registered
    /// with (`hub.observe(editor)`; the hub holds it weakly).
    public func contentSizeDidChange(_ change: ContentSizeChange) throws {
        try update(to: change.new)
    }

    /// Total text height in the view (container inset included).
    public var contentHeight: Double {
        layoutManager.usedRect().maxY + 2 * Self.textContainerInset
    }

    /// The seed's keyboard case: with a keyboard `keyboardHeight` tall, what stays visible.
    public func visibleText(keyboardHeight: Double) -> VisibleText {
        let visibleHeight = max(0, viewSize.height - keyboardHeight) - Self.textContainerInset
        let lines = layoutManager.lineFragments
        let visible = lines.filter { $0.rect.maxY <= visibleHeight + 1e-6 }
        let end = visible.last.map { $0.characterRange.location + $0.characterRange.length } ?? 0
        return VisibleText(
            visibleHeight: visibleHeight + Self.textContainerInset, visibleLines: visible.count, totalLines: lines.count,
            visibleCharacters: NSRange(location: 0, length: end))
    }
}

/// What the editor shows above the keyboard.
public struct VisibleText: Hashable, Sendable {
    /// Height of the visible text area in points.
    public var visibleHeight: Double
    /// Line fragments entirely visible.
    public var visibleLines: Int
    /// All line fragments.
    public var totalLines: Int
    /// The characters on the visible lines.
    public var visibleCharacters: NSRange
}
