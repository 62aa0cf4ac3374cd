import DynamicTypeCore
import FontSystem
import Foundation

// The coordinator. This file owns the settings, the containers and the incremental pass
// (``LayoutManager/ensureLayout()``): which paragraphs to keep, move or place again. The roles it
// coordinates have files of their own: the per-paragraph lines (ParagraphLineStore), shaping a
// paragraph (+Measuring), long paragraphs in windows (+LongParagraphs), what is kept of lines
// below the retention height (+GlyphRetention), the answers (+Queries), and breaking and placing
// lines (Typesetting/).

/// Lays out a ``TextStorage`` into one or more ``TextContainer``s (TextKit `NSLayoutManager`).
///
/// Text is shaped with HarfBuzz (with per-character font fallback and bidi), broken at UAX #14
/// opportunities (ICU), hyphenated with libhyphen when a paragraph's hyphenation factor asks for it,
/// and placed into the free segments of each container around its exclusion paths. When one
/// container is full, text continues in the next (pages, columns); text that fits in none is
/// reported by ``overflowRange``.
///
/// **Incremental.** The manager observes its storage. An edit or restyle invalidates only the
/// paragraphs it touches: they are reshaped and re-placed; paragraphs before them are untouched,
/// and paragraphs after them keep their shaping and line breaks and are only moved when their
/// vertical position changes (re-placed when an exclusion or a container edge is involved).
/// ``lastLayoutStatistics`` tells what the last pass did.
///
/// Like TextKit, layout is lazy: queries call ``ensureLayout()``. Confine a layout manager, its
/// storage and containers to one thread at a time.
///
/// ```swift
/// let storage = TextStorage(string: "Hello, world", attributes: TextAttributes(resolvedFont: body))
/// let layout = try LayoutManager()
/// layout.addTextContainer(TextContainer(size: Size(width: 343, height: .infinity)))
/// storage.addLayoutManager(layout)
/// layout.numberOfLines   // 1
/// ```
public final class LayoutManager: TextStorageLayoutObserver {
    /// The storage laid out (held weakly: the storage owns its layout managers in TextKit's model,
    /// here the caller owns both).
    public private(set) weak var textStorage: TextStorage?
    /// The containers, filled in order.
    public private(set) var textContainers: [TextContainer] = []
    /// The font for text without a font attribute (body at large, iOS profile, by default).
    public var defaultFont: ResolvedFont {
        // Text without a font attribute (and the empty last paragraph) is shaped in it: reshape.
        didSet { invalidateLayout(forCharacterRange: NSRange(location: 0, length: textStorage?.length ?? 0)) }
    }
    /// Adjusts line breaks and spacing (TextKit `NSLayoutManager.delegate`); held weakly. Setting it
    /// lays everything out again.
    public weak var delegate: (any LayoutManagerDelegate)? {
        didSet { invalidateLayout() }
    }
    /// What the last ``ensureLayout()`` pass that had work to do did.
    package private(set) var lastLayoutStatistics = LayoutStatistics()

    let resolver: FontResolver
    let shaper: Shaper
    let typesetter: ParagraphTypesetter
    let wordCache: WordShapingCache
    /// Whether Latin paragraphs are shaped word by word through a cache (see ``WordShapingCache``);
    /// on by default, off to shape every paragraph whole.
    public var usesWordShapingCache = true {
        didSet { invalidateLayout(forCharacterRange: NSRange(location: 0, length: textStorage?.length ?? 0)) }
    }
    /// Line fragments whose top lies at or below this y in the first container, and every
    /// fragment in a later container, keep their geometry, character range, flags and runs (font,
    /// range, direction, width) but not the runs' glyphs, and the shaping of paragraphs reaching
    /// below it is not kept.
    ///
    /// `.infinity` (the default) keeps everything. Set it to the height that is drawn (a preview
    /// draws one screen) to keep memory in proportion to what is drawn, while line counts, heights
    /// and the flags findings use still cover the whole text. Queries that need glyphs
    /// (``boundingRect(forCharacterRange:)``, ``characterIndex(at:inContainer:)``) only see the
    /// retained lines' glyphs.
    public var glyphRetentionHeight: Double = .infinity {
        didSet {
            guard glyphRetentionHeight != oldValue else { return }
            invalidateLayout(forCharacterRange: NSRange(location: 0, length: textStorage?.length ?? 0))
        }
    }

    /// Whether lines below ``glyphRetentionHeight`` keep their runs (font, range, direction, width —
    /// what a layout dump lists) without glyphs (`true`, the default), or only their geometry,
    /// flags and text width (`false`: the least memory, for a picture of the first screen).
    public var releasedLinesKeepRuns = true {
        didSet {
            guard releasedLinesKeepRuns != oldValue else { return }
            invalidateLayout(forCharacterRange: NSRange(location: 0, length: textStorage?.length ?? 0))
        }
    }

    /// Paragraphs longer than this many UTF-16 units are shaped and broken in windows of about this
    /// size, so memory for shaping stays bounded however long a paragraph is (a 1 MB paragraph
    /// would otherwise hold every glyph at once). Lines are the same as whole-paragraph layout in
    /// Latin text; a window starts at a line start, so only context that reaches back across a
    /// whole line (explicit bidi embeddings) could differ.
    var paragraphWindowLength = 16_384

    /// The paragraphs' ranges, shaping and placed lines (see ``ParagraphLineStore``).
    var lineStore = ParagraphLineStore()
    /// Where the text that fits in no container starts (storage offset), found by the last pass.
    var overflowStart: Int?

    /// A layout manager resolving fonts and fallbacks through `resolver`.
    ///
    /// - Parameters:
    ///   - resolver: Font resolver (the shared system one by default).
    ///   - defaultFont: Font for text without a font attribute; body at `large` from the iOS
    ///     profile when nil.
    ///   - hyphenationLocale: Dictionary used for paragraphs with a hyphenation factor.
    public init(resolver: FontResolver? = nil, defaultFont: ResolvedFont? = nil, hyphenationLocale: String = "en_US") throws {
        let resolver = try resolver ?? FontResolver.shared()
        self.resolver = resolver
        self.shaper = Shaper(resolver: resolver)
        if let defaultFont {
            self.defaultFont = defaultFont
        } else {
            self.defaultFont = try resolver.resolve(
                FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
        }
        self.wordCache = WordShapingCache(shaper: shaper)
        let hyphenator = Hyphenator.cached(locale: hyphenationLocale)
        self.typesetter = ParagraphTypesetter(
            shaper: shaper, hyphenator: hyphenator, decorations: DecorationCache(shaper: shaper))
    }

    // MARK: Storage and containers

    /// Lays out `storage` from now on: registers with it (``TextStorage/addLayoutManager(_:)``) and
    /// starts from a fresh layout. A storage can have several layout managers (two views of one note).
    public func attach(to storage: TextStorage) {
        textStorage?.removeLayoutManager(self)
        textStorage = storage
        storage.addLayoutManager(self)
        lineStore.rebuild(for: textStorage)
    }

    /// Adds a container after the existing ones.
    public func addTextContainer(_ container: TextContainer) {
        textContainers.append(container)
        invalidateLayout()
    }

    /// Inserts a container at `index`.
    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        textContainers.insert(container, at: index)
        invalidateLayout()
    }

    /// Removes the container at `index`.
    public func removeTextContainer(at index: Int) {
        textContainers.remove(at: index)
        invalidateLayout()
    }

    /// Forgets all placement (after a container's size or exclusion paths changed); shaping is kept.
    public func invalidateLayout() {
        lineStore.invalidatePlacements()
    }

    /// Forgets shaping and placement of the paragraphs holding `range`.
    public func invalidateLayout(forCharacterRange range: NSRange) {
        lineStore.invalidate(characterRange: range)
    }

    // MARK: TextStorageLayoutObserver

    /// Invalidates the layout of the edited paragraphs (called by the storage after each edit).
    public func textStorage(
        _ storage: TextStorage, processedEdit mask: TextStorage.EditMask, range: NSRange, changeInLength: Int,
        invalidatedRange: NSRange
    ) {
        if textStorage !== storage { textStorage = storage }
        lineStore.applyEdit(of: storage, range: range, changeInLength: changeInLength)
    }

    // MARK: Layout

    /// Lays out everything not yet laid out, incrementally (see the type's documentation).
    public func ensureLayout() {
        guard let storage = textStorage else { return }
        if lineStore.slots.isEmpty { lineStore.rebuild(for: textStorage) }
        // Nothing invalidated: keep the statistics of the last pass that did work.
        guard lineStore.firstDirtySlot < lineStore.slots.count else { return }
        lineStore.absoluteLineCache = nil
        var statistics = LayoutStatistics()
        let firstDirtySlot = lineStore.firstDirtySlot
        var cursor = firstDirtySlot == 0
            ? LayoutCursor(containerIndex: 0, y: 0, linesInContainer: 0)
            : lineStore.slots[firstDirtySlot - 1].placement?.end ?? LayoutCursor(containerIndex: 0, y: 0, linesInContainer: 0)
        overflowStart = nil
        var index = firstDirtySlot
        var overflowed = firstDirtySlot > 0 && lineStore.slots[firstDirtySlot - 1].placement?.overflowed == true
        let count = lineStore.slots.count
        while index < count {
            if overflowed {
                overflowStart = overflowStart ?? lineStore.slots[index].range.location
                lineStore.slots[index].placement = nil
                index += 1
                continue
            }
            if let placement = lineStore.slots[index].placement, placement.start == cursor,
                lineStore.slots[(index + 1)...].allSatisfy({ $0.placement != nil })
            {
                // Same place as before, and everything after was laid out against it: done.
                statistics.paragraphsKept += count - index
                cursor = lineStore.slots[count - 1].placement?.end ?? placement.end
                overflowStart = lineStore.slots.last { $0.placement?.overflowed == true }.map { $0.range.location + $0.range.length }
                break
            }
            if let placement = lineStore.slots[index].placement, placement.canMove(to: cursor, in: textContainers) {
                // Nothing about its lines depends on where they are: move them, keep them.
                lineStore.slots[index].placement = placement.moved(to: cursor)
                cursor = lineStore.slots[index].placement!.end
                statistics.paragraphsMoved += 1
                index += 1
                continue
            }
            var end = cursor
            let result = place(storage, slot: index, cursor: &end, statistics: &statistics)
            lineStore.slots[index].placement = Placement(
                start: cursor, end: end, lines: result.lines, overflowed: result.overflowed, containers: textContainers)
            statistics.paragraphsPlaced += 1
            if result.overflowed {
                overflowed = true
                let laidOut = result.lines.last.map { $0.characterRange.location + $0.characterRange.length } ?? 0
                if laidOut < lineStore.slots[index].range.length { overflowStart = lineStore.slots[index].range.location + laidOut }
            }
            cursor = end
            index += 1
        }
        lineStore.firstDirtySlot = count
        lastLayoutStatistics = statistics
    }

    /// Shapes (if needed) and places the paragraph of slot `index` from `cursor`: whole, or in
    /// windows when it is long; keeps its shaping only when all its glyphs are retained.
    private func place(
        _ storage: TextStorage, slot index: Int, cursor: inout LayoutCursor, statistics: inout LayoutStatistics
    ) -> (lines: [LineFragment], overflowed: Bool) {
        let range = lineStore.slots[index].range
        var isFirstLine = true
        if lineStore.slots[index].measured == nil && range.length > paragraphWindowLength {
            let input = paragraphInput(storage, range)
            statistics.paragraphsShaped += 1
            return placeInWindows(input, slot: index, cursor: &cursor)
        }
        let measured: MeasuredParagraph
        if let kept = lineStore.slots[index].measured {
            measured = kept
        } else {
            measured = measure(paragraphInput(storage, range))
            lineStore.slots[index].fallbacks = ParagraphFallbacks(measured.shaped)
            statistics.paragraphsShaped += 1
        }
        var result = typesetter.asking(delegate, of: self, paragraphAt: range.location).place(
            measured, cursor: &cursor, containers: textContainers, isFirstParagraph: index == 0, isFirstLine: &isFirstLine, geometryOnlyBelow: geometryOnlyBelow)
        releaseGlyphs(in: &result.lines)
        let lines = Self.trimmed(result.lines)
        // Keep the shaping for incremental relayout only while every glyph of it is kept.
        lineStore.slots[index].measured = lines.contains(where: \.glyphsReleased) ? nil : measured
        return (lines, result.overflowed)
    }
}

/// What one ``LayoutManager/ensureLayout()`` pass did (for incremental-layout tests and benchmarks).
package struct LayoutStatistics: Hashable, Sendable {
    /// Paragraphs shaped (HarfBuzz + break opportunities).
    public var paragraphsShaped = 0
    /// Paragraphs broken into lines and placed.
    public var paragraphsPlaced = 0
    /// Paragraphs kept with their lines and only moved vertically.
    public var paragraphsMoved = 0
    /// Paragraphs left exactly as they were.
    public var paragraphsKept = 0
}

/// Invalid layout requests.
package enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A container or measuring width that is zero, negative or not a number.
    case invalidWidth(Double)

    /// The problem, with the width asked for.
    public var description: String {
        switch self {
        case .invalidWidth(let width):
            "invalid layout width \(width) pt: the width must be a positive number of points"
        }
    }
}
