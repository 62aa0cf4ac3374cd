import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// How an editor lays out its note (seed 004: one storage flowing through several text views).
package enum EditorLayout: Hashable, Sendable {
    /// One text view that scrolls: the seed's editor.
    case scrolling
    /// `N` columns side by side, each a text container the view's height; text that does not fit
    /// in the last one overflows.
    case columns(Int)
    /// Pages of the view's size, one text container each, as many as the text needs (up to
    /// ``NoteEditor/maximumPages``), drawn side by side as a paging scroll view shows them.
    case pages

    /// `scrolling`, `2 columns`, `pages`.
    public var name: String {
        switch self {
        case .scrolling: "scrolling"
        case .columns(let count): "\(count) columns"
        case .pages: "pages"
        }
    }
}

/// The seed's note editor (`NoteEditorViewController`): the note in a syntax-highlighting
/// storage, laid out at the device width in a container of unbounded height, with the time
/// indicator's circle as an exclusion path. On a size change the storage restyles, the indicator
/// resizes, the exclusion path moves and the text relayouts.
public final class NoteEditor: ContentSizeObserver, KeyboardObserver, ViewTransitionObserver {
    /// UITextView's default `textContainerInset` (8 pt top and bottom).
    public static let textContainerInset = 8.0

    /// The note edited.
    public let note: Note
    /// View size in points (the device screen).
    public private(set) var viewSize: Size
    /// The highlighting storage.
    public let textStorage: SyntaxHighlightTextStorage
    /// The layout manager.
    public let layoutManager: LayoutManager
    /// The text container (view width, unbounded height).
    public let textContainer: TextContainer
    /// The time indicator at the current setting.
    package private(set) var timeIndicator: TimeIndicator
    /// The setting the editor is styled for.
    public private(set) var setting: TextSizeSetting

    private let resolver: FontResolver
    private let profile: TypeRampProfile

    /// An editor for `note` in a view of `viewSize`, styled for `setting`.
    /// The space between columns, in points.
    public static let columnGap = 16.0
    /// The most pages a paged editor makes; text beyond them overflows.
    public static let maximumPages = 64

    /// How the note is laid out.
    package let layout: EditorLayout

    /// The seeds' editor of `note`: one scrolling text view filling `viewSize`, laid out for
    /// `setting` with `profile`'s type ramp and the highlight `rules`.
    public convenience init(
        note: Note, viewSize: Size, setting: TextSizeSetting, profile: TypeRampProfile = .ios, rules: HighlightRuleSet = .seeds,
        resolver: FontResolver
    ) throws {
        try self.init(note: note, viewSize: viewSize, setting: setting, profile: profile, rules: rules, resolver: resolver, layout: .scrolling)
    }

    /// An editor in another layout: columns or pages (several text containers).
    package init(
        note: Note, viewSize: Size, setting: TextSizeSetting, profile: TypeRampProfile = .ios, rules: HighlightRuleSet = .seeds,
        resolver: FontResolver, layout: EditorLayout
    ) throws {
        if case .columns(let count) = layout, !(1...12).contains(count) { throw LayoutError.invalidWidth(viewSize.width / Double(max(count, 1))) }
        self.layout = layout
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
        let pageHeight = max(1, viewSize.height - 2 * Self.textContainerInset)
        switch layout {
        case .scrolling:
            textContainer = TextContainer(size: Size(width: viewSize.width, height: .infinity))
            textContainer.widthTracksTextView = true
            layoutManager.addTextContainer(textContainer)
        case .columns(let count):
            // Every column is drawn, so every glyph is kept.
            layoutManager.glyphRetentionHeight = .infinity
            let width = (viewSize.width - Self.columnGap * Double(count - 1)) / Double(count)
            guard width > 2 * 5 else { throw LayoutError.invalidWidth(width) }
            textContainer = TextContainer(size: Size(width: width, height: pageHeight))
            layoutManager.addTextContainer(textContainer)
            for _ in 1..<count { layoutManager.addTextContainer(TextContainer(size: Size(width: width, height: pageHeight))) }
        case .pages:
            layoutManager.glyphRetentionHeight = .infinity
            textContainer = TextContainer(size: Size(width: viewSize.width, height: pageHeight))
            layoutManager.addTextContainer(textContainer)
        }
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
    /// Where each text container's top-left corner is in the view (columns side by side, pages
    /// one view-width apart).
    public func containerOrigin(_ index: Int) -> Point {
        switch layout {
        case .scrolling: Point(x: 0, y: Self.textContainerInset)
        case .columns: Point(x: Double(index) * (textContainer.size.width + Self.columnGap), y: Self.textContainerInset)
        case .pages: Point(x: Double(index) * viewSize.width, y: Self.textContainerInset)
        }
    }

    /// The containers the time indicator's circle overlaps, in order; each flows its text around
    /// the circle. The indicator is a subview of the editor's view at its top-right corner
    /// (seed 000: `[self.view addSubview:_timeView]`), cut at the view's edges: in columns the
    /// rightmost column and every column to its left that the circle reaches; in pages the first
    /// page (the view's first screen; the 15 pt the circle reaches past the view's right edge are
    /// off screen, not on the next page); a scrolling editor's one container.
    public var indicatorContainers: [Int] {
        let view = Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        return layoutManager.textContainers.indices.filter { index in
            let origin = containerOrigin(index), size = layoutManager.textContainers[index].size
            let frame = Rect(x: origin.x, y: origin.y, width: size.width, height: min(size.height, viewSize.height))
            return timeIndicator.overlaps(frame.intersection(view))
        }
    }

    /// Images in the text view with text flowing around their opaque pixels (seed 004), in the
    /// first container.
    package var figures: [NoteFigure] = [] {
        didSet { updateExclusionPath() }
    }

    /// More shapes the text flows around, in the text view's coordinates (points), in the first
    /// container — rectangles, ellipses, polygons (`BezierPath`).
    public var exclusions: [BezierPath] = [] {
        didSet { updateExclusionPath() }
    }

    private func updateExclusionPath() {
        for container in layoutManager.textContainers {
            container.exclusionPaths = []
            container.exclusionMasks = []
        }
        for index in indicatorContainers {
            let origin = containerOrigin(index)
            layoutManager.textContainers[index].exclusionPaths = [timeIndicator.exclusionPath.offsetBy(dx: -origin.x, dy: -origin.y)]
        }
        // A figure's pixels were checked when it was made; its mask cannot fail.
        let first = containerOrigin(0)
        layoutManager.textContainers[0].exclusionPaths += exclusions.map { $0.offsetBy(dx: -first.x, dy: -first.y) }
        layoutManager.textContainers[0].exclusionMasks = figures.compactMap { try? $0.exclusionMask(containerOrigin: containerOrigin(0)) }
        layoutManager.invalidateLayout()
        if layout == .pages { addPagesUntilTheTextFits() }
    }

    /// Pages: doubles the page count until nothing overflows (or ``maximumPages``), then drops
    /// empty pages at the end — a few layouts, not one per page.
    private func addPagesUntilTheTextFits() {
        let size = textContainer.size
        while layoutManager.overflowRange != nil, layoutManager.textContainers.count < Self.maximumPages {
            let add = min(layoutManager.textContainers.count, Self.maximumPages - layoutManager.textContainers.count)
            for _ in 0..<add { layoutManager.addTextContainer(TextContainer(size: size)) }
        }
        let used = (layoutManager.lineFragments.last?.containerIndex ?? 0) + 1
        while layoutManager.textContainers.count > max(1, used) { layoutManager.removeTextContainer(at: layoutManager.textContainers.count - 1) }
    }

    /// Each container's share of the note: its name (`column 2`, `page 3`), UTF-16 range and lines.
    package var containerUsage: [ContainerUsage] {
        // One pass over the lines (no array of them): each container's first and last line and count.
        var first = [Int?](repeating: nil, count: layoutManager.textContainers.count)
        var end = [Int](repeating: 0, count: first.count)
        var counts = [Int](repeating: 0, count: first.count)
        for placed in layoutManager.placedLineFragments where placed.line.containerIndex < first.count {
            let container = placed.line.containerIndex, range = placed.characterRange
            if first[container] == nil { first[container] = range.location }
            end[container] = range.location + range.length
            counts[container] += 1
        }
        return layoutManager.textContainers.indices.map { index in
            let start = first[index] ?? 0
            let name: String
            switch layout {
            case .scrolling: name = "text view"
            case .columns: name = "column \(index + 1)"
            case .pages: name = "page \(index + 1)"
            }
            return ContainerUsage(name: name, characters: counts[index] == 0 ? "none" : "\(start)..<\(end[index])", lines: counts[index])
        }
    }

    /// The seed's `preferredContentSizeChanged:` on each change of a hub the editor is registered
    /// with (`hub.observe(editor)`; the hub holds it weakly).
    public func contentSizeDidChange(_ change: ContentSizeChange) throws {
        try update(to: change.new)
        scrollToCaret()
    }

    // MARK: Rotation

    /// A rotation: the text containers take the new width (columns and pages their new share),
    /// the time indicator moves to the new top-right corner, and the caret's line stays visible.
    public func viewWillTransition(to size: Size) throws {
        guard size.width > 0, size.width.isFinite, size.height > 0 else { throw LayoutError.invalidWidth(size.width) }
        viewSize = size
        let pageHeight = max(1, size.height - 2 * Self.textContainerInset)
        switch layout {
        case .scrolling:
            textContainer.size = Size(width: size.width, height: .infinity)
            if layoutManager.glyphRetentionHeight.isFinite { layoutManager.glyphRetentionHeight = size.height }
        case .columns(let count):
            let width = (size.width - Self.columnGap * Double(count - 1)) / Double(count)
            for container in layoutManager.textContainers { container.size = Size(width: width, height: pageHeight) }
        case .pages:
            for container in layoutManager.textContainers { container.size = Size(width: size.width, height: pageHeight) }
        }
        timeIndicator = try TimeIndicator.make(
            date: note.timestamp, viewWidth: size.width, setting: setting, profile: profile, resolver: resolver)
        updateExclusionPath()
        scrollToCaret()
    }

    // MARK: Keyboard (seed 001: keyboardDidShow: / keyboardDidHide:)

    /// The keyboard's height while it is up (0 when hidden).
    public private(set) var keyboardHeight: Double = 0

    /// Where the caret is (UTF-16 offset into the note): the text view scrolls to keep its line
    /// visible, as `UITextView` does when its frame shrinks under the keyboard.
    public var caretLocation: Int = 0 {
        didSet { scrollToCaret() }
    }

    /// How far the text view is scrolled, in points.
    public private(set) var contentOffset: Double = 0

    /// The text view's height: the view's, minus the keyboard's while it is up — the seed's
    /// `updateTextViewSizeForKeyboardHeight:` (`textView.frame.size.height = view.height - keyboardHeight`).
    public var textViewHeight: Double { max(0, viewSize.height - keyboardHeight) }

    /// The seed's keyboard observer: on did-show the text view shrinks to the space above the
    /// keyboard, on did-hide it gets the whole view back; either way the caret's line stays visible.
    public func keyboardDidChange(_ event: KeyboardEvent) throws {
        switch event.phase {
        case .didShow, .didHide:
            keyboardHeight = event.height
            scrollToCaret()
        case .willShow, .willHide:
            break
        }
    }

    /// Brings the keyboard up for this editor alone, as a ``KeyboardHub`` would post it
    /// (will-show, then did-show) — a preview or snapshot of the editor with the keyboard up.
    public func showKeyboard(height: Double) {
        let hub = KeyboardHub()
        hub.observe(self)
        hub.show(height: height)
    }

    /// Scrolls as little as possible so that the caret's line is inside the text view.
    private func scrollToCaret() {
        let caret = min(max(0, caretLocation), textStorage.storage.length)
        // The last line starting at or before the caret holds it (one pass, no array of the lines).
        var holder: LineFragment?
        for placed in layoutManager.placedLineFragments {
            guard holder == nil || placed.characterRange.location <= caret else { break }
            holder = placed.line
        }
        guard let line = holder else {
            contentOffset = 0
            return
        }
        // Scrolling up shows the line with the container inset above it, as at the top of the note.
        let top = line.rect.minY, bottom = line.rect.maxY + Self.textContainerInset
        var offset = contentOffset
        if bottom - offset > textViewHeight { offset = bottom - textViewHeight }
        if top < offset { offset = top }
        contentOffset = max(0, offset)
    }

    /// The lines wholly inside the scrolled text view (above the keyboard), by index.
    public var visibleLineRange: Range<Int> {
        let top = contentOffset - Self.textContainerInset, bottom = contentOffset + textViewHeight - Self.textContainerInset
        var first: Int?
        var end = 0
        for (index, line) in layoutManager.placedLineFragments.lazy.map(\.line).enumerated() {
            if first == nil {
                guard line.rect.minY >= top - 1e-6 else { continue }
                first = index
                end = index
            }
            guard line.rect.maxY <= bottom + 1e-6 else { break }
            end = index + 1
        }
        guard let first else { return layoutManager.numberOfLineFragments..<layoutManager.numberOfLineFragments }
        return first..<end
    }

    /// Total text height in the view (container inset included).
    public var contentHeight: Double {
        layoutManager.usedRect().maxY + 2 * Self.textContainerInset
    }

    /// The seed's keyboard case: with a keyboard `keyboardHeight` tall, what stays visible.
    package func visibleText(keyboardHeight: Double) -> VisibleText {
        let visibleHeight = max(0, viewSize.height - keyboardHeight) - Self.textContainerInset
        // One pass, no array of the lines: a long note has a million of them at AX5.
        var visibleLines = 0, totalLines = 0, end = 0
        for placed in layoutManager.placedLineFragments {
            totalLines += 1
            guard placed.line.rect.maxY <= visibleHeight + 1e-6 else { continue }
            visibleLines += 1
            end = placed.characterRange.location + placed.characterRange.length
        }
        return VisibleText(
            visibleHeight: visibleHeight + Self.textContainerInset, visibleLines: visibleLines, totalLines: totalLines,
            visibleCharacters: NSRange(location: 0, length: end))
    }
}

/// What the editor shows above the keyboard.
package struct VisibleText: Hashable, Sendable {
    /// Height of the visible text area in points.
    public var visibleHeight: Double
    /// Line fragments entirely visible.
    public var visibleLines: Int
    /// All line fragments.
    public var totalLines: Int
    /// The characters on the visible lines.
    public var visibleCharacters: NSRange
}
