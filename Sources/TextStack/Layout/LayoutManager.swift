import DynamicTypeCore
import FontSystem
import Foundation

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
    public private(set) var lastLayoutStatistics = LayoutStatistics()

    let resolver: FontResolver
    private let shaper: Shaper
    private let typesetter: ParagraphTypesetter
    private let wordCache: WordShapingCache
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

    private var slots: [ParagraphSlot] = []
    /// Index of the first slot whose placement may be stale; slots before it are final.
    private var firstDirtySlot = 0
    /// ``lineFragments`` in storage coordinates, built on first use after each layout change
    /// (findings, drawing and dumps all ask for them; each copy shifts every glyph's offset).
    private var absoluteLineCache: [LineFragment]?
    private var overflowStart: Int?

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
        rebuildSlots()
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
        absoluteLineCache = nil
        for index in slots.indices { slots[index].placement = nil }
        firstDirtySlot = 0
    }

    /// Forgets shaping and placement of the paragraphs holding `range`.
    public func invalidateLayout(forCharacterRange range: NSRange) {
        absoluteLineCache = nil
        // An empty paragraph right after the range takes its font from the range's last character.
        let end = range.location + range.length
        for index in slots.indices where NSIntersectionRange(slots[index].range, range).length > 0
            || slots[index].range.location == range.location
            || (slots[index].range.length == 0 && slots[index].range.location == end)
        {
            slots[index].measured = nil
            slots[index].placement = nil
            firstDirtySlot = min(firstDirtySlot, index)
        }
    }

    // MARK: TextStorageLayoutObserver

    /// Invalidates the layout of the edited paragraphs (called by the storage after each edit).
    public func textStorage(
        _ storage: TextStorage, processedEdit mask: TextStorage.EditMask, range: NSRange, changeInLength: Int,
        invalidatedRange: NSRange
    ) {
        if textStorage !== storage { textStorage = storage }
        absoluteLineCache = nil
        guard !slots.isEmpty else {
            rebuildSlots()
            return
        }
        // The paragraphs the edit really touched: those holding the edited range, plus the one after
        // it only when the edit ends with a paragraph separator (typing a newline splits a paragraph).
        // The storage's invalidated range always adds the next paragraph; reshaping it on every
        // keystroke would double the work for nothing.
        var affected = storage.paragraphRange(for: range)
        let editEnd = range.location + range.length
        if range.length > 0, editEnd < storage.length, TextStorage.isParagraphSeparator(storage.character(at: editEnd - 1)) {
            affected = NSUnionRange(affected, storage.paragraphRange(for: NSRange(location: editEnd, length: 0)))
        }
        // The same paragraphs in old coordinates.
        let oldStart = affected.location
        let oldEnd = affected.location + affected.length - changeInLength
        var first = slots.count, last = -1
        for index in slotIndices(overlapping: oldStart, oldEnd) {
            first = min(first, index)
            last = max(last, index)
        }
        if first > last {
            rebuildSlots()
            return
        }
        // Replace those slots with fresh ones for the new paragraphs; shift the rest.
        let replacedStart = slots[first].range.location
        let replacedEnd = slots[last].range.location + slots[last].range.length + changeInLength
        let fresh = paragraphRanges(storage, from: replacedStart, to: replacedEnd).map { ParagraphSlot(range: $0) }
        if changeInLength != 0 {
            for index in (last + 1)..<slots.count { slots[index].range.location += changeInLength }
        }
        slots.replaceSubrange(first...last, with: fresh)
        // The trailing empty paragraph (after a final separator) may now exist twice — once from
        // the fresh ranges, once left over after them. Empty paragraphs are only valid last (or as
        // the only paragraph of an empty text): drop any other.
        var index = max(0, first + fresh.count - 1)
        while index < slots.count - 1 {
            if slots[index].range.length == 0 {
                // Two empty paragraphs at the end: the fresh one and the old one after it. Keep the
                // fresh one — the old one was shaped in the font before the edit.
                slots.remove(at: index + 1 == slots.count - 1 && slots[index + 1].range.length == 0 ? index + 1 : index)
            } else if slots[index + 1].range.length == 0 && index + 1 < slots.count - 1 {
                slots.remove(at: index + 1)
            } else {
                index += 1
            }
        }
        firstDirtySlot = min(firstDirtySlot, first)
    }

    /// Slot indices whose ranges intersect `start..<end` (or contain `start` when the range is empty).
    private func slotIndices(overlapping start: Int, _ end: Int) -> [Int] {
        var lo = 0, hi = slots.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if slots[mid].range.location + slots[mid].range.length <= start { lo = mid + 1 } else { hi = mid }
        }
        var result: [Int] = []
        var index = lo
        while index < slots.count {
            let slot = slots[index].range
            guard slot.location < end || (slot.location == start && start == end) else { break }
            result.append(index)
            index += 1
        }
        if result.isEmpty, !slots.isEmpty {
            // An empty region at the very end: the last paragraph (possibly the empty trailing one).
            result.append(slots.count - 1)
        }
        return result
    }

    private func rebuildSlots() {
        absoluteLineCache = nil
        guard let storage = textStorage else {
            slots = []
            return
        }
        slots = paragraphRanges(storage, from: 0, to: storage.length).map { ParagraphSlot(range: $0) }
        firstDirtySlot = 0
    }

    /// Paragraph ranges covering `start..<end`; always at least one (possibly empty) paragraph, and a
    /// trailing empty paragraph after a final separator (where the caret's empty last line goes).
    private func paragraphRanges(_ storage: TextStorage, from start: Int, to end: Int) -> [NSRange] {
        var ranges = storage.paragraphRanges(in: NSRange(location: start, length: end - start))
        if ranges.isEmpty { ranges = [NSRange(location: start, length: 0)] }
        if let lastRange = ranges.last, lastRange.location + lastRange.length == storage.length,
            lastRange.length > 0, end == storage.length,
            TextStorage.isParagraphSeparator(storage.character(at: storage.length - 1))
        {
            ranges.append(NSRange(location: storage.length, length: 0))
        }
        return ranges
    }

    // MARK: Layout

    /// Lays out everything not yet laid out, incrementally (see the type's documentation).
    public func ensureLayout() {
        guard let storage = textStorage else { return }
        if slots.isEmpty { rebuildSlots() }
        // Nothing invalidated: keep the statistics of the last pass that did work.
        guard firstDirtySlot < slots.count else { return }
        absoluteLineCache = nil
        var statistics = LayoutStatistics()
        var cursor = firstDirtySlot == 0
            ? LayoutCursor(containerIndex: 0, y: 0, linesInContainer: 0)
            : slots[firstDirtySlot - 1].placement?.end ?? LayoutCursor(containerIndex: 0, y: 0, linesInContainer: 0)
        overflowStart = nil
        var index = firstDirtySlot
        var overflowed = firstDirtySlot > 0 && slots[firstDirtySlot - 1].placement?.overflowed == true
        while index < slots.count {
            if overflowed {
                overflowStart = overflowStart ?? slots[index].range.location
                slots[index].placement = nil
                index += 1
                continue
            }
            if let placement = slots[index].placement, placement.start == cursor,
                slots[(index + 1)...].allSatisfy({ $0.placement != nil })
            {
                // Same place as before, and everything after was laid out against it: done.
                statistics.paragraphsKept += slots.count - index
                cursor = slots[slots.count - 1].placement?.end ?? placement.end
                overflowStart = slots.last { $0.placement?.overflowed == true }.map { $0.range.location + $0.range.length }
                break
            }
            if let placement = slots[index].placement, canMove(placement, to: cursor) {
                slots[index].placement = placement.moved(to: cursor)
                cursor = slots[index].placement!.end
                statistics.paragraphsMoved += 1
                index += 1
                continue
            }
            var end = cursor
            let result = place(storage, slot: index, cursor: &end, statistics: &statistics)
            slots[index].placement = Placement(
                start: cursor, end: end, lines: result.lines, overflowed: result.overflowed,
                positionDependent: isPositionDependent(result.lines, from: cursor, to: end))
            statistics.paragraphsPlaced += 1
            if result.overflowed {
                overflowed = true
                let laidOut = result.lines.last.map { $0.characterRange.location + $0.characterRange.length } ?? 0
                if laidOut < slots[index].range.length { overflowStart = slots[index].range.location + laidOut }
            }
            cursor = end
            index += 1
        }
        firstDirtySlot = slots.count
        lastLayoutStatistics = statistics
    }

    /// Shapes (if needed) and places the paragraph of slot `index` from `cursor`: whole, or in
    /// windows when it is long; keeps its shaping only when all its glyphs are retained.
    private func place(
        _ storage: TextStorage, slot index: Int, cursor: inout LayoutCursor, statistics: inout LayoutStatistics
    ) -> (lines: [LineFragment], overflowed: Bool) {
        let range = slots[index].range
        var isFirstLine = true
        if slots[index].measured == nil && range.length > paragraphWindowLength {
            let input = paragraphInput(storage, range)
            statistics.paragraphsShaped += 1
            return placeInWindows(input, slot: index, cursor: &cursor)
        }
        let measured: MeasuredParagraph
        if let kept = slots[index].measured {
            measured = kept
        } else {
            measured = measure(paragraphInput(storage, range))
            slots[index].fallbacks = ParagraphFallbacks(measured.shaped)
            statistics.paragraphsShaped += 1
        }
        var result = typesetter.asking(delegate, of: self, paragraphAt: range.location).place(
            measured, cursor: &cursor, containers: textContainers, isFirstParagraph: index == 0, isFirstLine: &isFirstLine, geometryOnlyBelow: geometryOnlyBelow)
        releaseGlyphs(in: &result.lines)
        let lines = Self.trimmed(result.lines)
        // Keep the shaping for incremental relayout only while every glyph of it is kept.
        slots[index].measured = lines.contains(where: \.glyphsReleased) ? nil : measured
        return (lines, result.overflowed)
    }

    /// Places a long paragraph window by window: each window is shaped, broken and placed, and
    /// the line band reaching its end is laid out again by the next window, which starts at that
    /// line's start. A line longer than a window (an unbounded width) takes the rest of the
    /// paragraph in one piece.
    private func placeInWindows(_ input: ParagraphInput, slot index: Int, cursor: inout LayoutCursor)
        -> (lines: [LineFragment], overflowed: Bool)
    {
        var lines: [LineFragment] = []
        var reserved = false
        let typesetter = typesetter.asking(delegate, of: self, paragraphAt: slots[index].range.location)
        var fallbacks = ParagraphFallbacks()
        var windowStart = 0
        var isFirstLine = true
        var direction = input.settings.baseWritingDirection
        let count = input.text.count
        while true {
            var windowEnd = windowEndOffset(input.text, from: windowStart)
            var piece = input.window(windowStart..<windowEnd, baseDirection: direction)
            var measured = measure(piece)
            var window = ParagraphWindow(isContinuation: windowStart > 0, hasMoreText: windowEnd < count)
            var result = typesetter.place(
                measured, cursor: &cursor, containers: textContainers, isFirstParagraph: index == 0 && windowStart == 0,
                window: window, isFirstLine: &isFirstLine, geometryOnlyBelow: geometryOnlyBelow)
            if let resume = result.resumeAt, resume == 0, result.lines.isEmpty {
                // Not one whole line fits in the window: lay out the rest at once.
                windowEnd = count
                piece = input.window(windowStart..<windowEnd, baseDirection: direction)
                measured = measure(piece)
                window.hasMoreText = false
                result = typesetter.place(
                    measured, cursor: &cursor, containers: textContainers,
                    isFirstParagraph: index == 0 && windowStart == 0, window: window, isFirstLine: &isFirstLine, geometryOnlyBelow: geometryOnlyBelow)
            }
            if windowStart == 0, direction == .natural {
                // Later windows keep the direction the paragraph's first strong character gave.
                direction = measured.shaped.isRightToLeft ? .rightToLeft : .leftToRight
            }
            fallbacks.append(measured.shaped, upTo: windowStart + (result.resumeAt ?? measured.count), offset: windowStart)
            releaseGlyphs(in: &result.lines)
            if windowStart > 0, !reserved {
                // Sized once from the first window's lines per character (and a little more):
                // growing a million-line array by doubling held two copies at each step.
                reserved = true
                lines.reserveCapacity(lines.count * count / windowStart * 21 / 20 + result.lines.count + 16)
            }
            lines += result.lines
            guard let resume = result.resumeAt, !result.overflowed else {
                slots[index].fallbacks = fallbacks
                slots[index].measured = nil
                return (Self.trimmed(lines), result.overflowed)
            }
            windowStart += resume
        }
    }

    /// Where a window starting at `start` ends: about ``paragraphWindowLength`` units on, just
    /// after a space when one comes soon (so no word is cut), never inside a surrogate pair.
    private func windowEndOffset(_ text: [UInt16], from start: Int) -> Int {
        let count = text.count
        var end = start + paragraphWindowLength
        guard end < count else { return count }
        let limit = min(count, end + 1_024)
        var probe = end
        while probe < limit, !MeasuredParagraph.isHangingSpace(text[probe - 1]) { probe += 1 }
        if probe < limit { end = probe }
        if UTF16.isLeadSurrogate(text[end - 1]) { end += 1 }
        return min(end, count)
    }

    /// Where lines start being made without runs: the retention height when released lines keep
    /// no runs, else nowhere.
    private var geometryOnlyBelow: Double { releasedLinesKeepRuns ? .infinity : glyphRetentionHeight }

    /// `lines` in a buffer of its own size: appending leaves up to twice the room needed, and a
    /// placement keeps its lines for as long as the layout lives (1.3 million lines of a 16 MB note
    /// in 285,000 paragraphs took 275 MB in their arrays, 190 MB once trimmed). Only small arrays
    /// are copied: the unused end of a large one (a long paragraph's) is memory the system maps but
    /// never touches, and copying it would hold it twice for a moment.
    private static func trimmed(_ lines: [LineFragment]) -> [LineFragment] {
        guard lines.capacity > lines.count + lines.count / 16 + 1,
            lines.capacity * MemoryLayout<LineFragment>.stride < 1 << 20
        else { return lines }
        // Not `Array(lines[...])`: a slice of the whole array hands back the same buffer.
        var exact: [LineFragment] = []
        exact.reserveCapacity(lines.count)
        exact.append(contentsOf: lines)
        return exact
    }

    /// Releases the glyph runs of the lines at or below ``glyphRetentionHeight``, in place (a
    /// mapped copy would hold a long paragraph's lines twice).
    private func releaseGlyphs(in lines: inout [LineFragment]) {
        guard glyphRetentionHeight.isFinite else { return }
        for index in lines.indices
        where LineFragment.isBelowRetention(containerIndex: lines[index].containerIndex, top: lines[index].rect.minY, height: glyphRetentionHeight) {
            lines[index].releaseGlyphs(keepingRuns: releasedLinesKeepRuns)
        }
    }

    /// A paragraph's text, font spans and style, ready to shape.
    private func paragraphInput(_ storage: TextStorage, _ range: NSRange) -> ParagraphInput {
        var contentLength = range.length
        var separator = 0
        if contentLength > 0 {
            let lastUnit = storage.character(at: range.location + contentLength - 1)
            if TextStorage.isParagraphSeparator(lastUnit) {
                separator = 1
                if lastUnit == 0x0A, contentLength >= 2, storage.character(at: range.location + contentLength - 2) == 0x0D {
                    separator = 2
                }
                contentLength -= separator
            }
        }
        let contentRange = NSRange(location: range.location, length: contentLength)
        let text = storage.utf16Characters(in: contentRange)
        var spans: [FontSpan] = []
        var style = ParagraphStyle.default
        let runs =
            range.length > 0
            ? storage.attributeRuns(in: range)
            : storage.length > 0 ? [storage.attributeRun(at: max(0, min(range.location, storage.length) - 1))] : []
        if let first = runs.first(where: { range.length == 0 || NSLocationInRange(range.location, $0.range) }) ?? runs.last,
            let paragraphStyle = first.attributes.paragraphStyle
        {
            style = paragraphStyle
        }
        var lastFont = defaultFont
        var attachments: [ParagraphAttachment] = []
        if contentLength > 0 {
            for run in runs {
                let lo = max(run.range.location, contentRange.location) - range.location
                let hi = min(run.range.location + run.range.length, contentRange.location + contentLength) - range.location
                guard lo < hi else { continue }
                if let attachment = run.attributes.attachment {
                    for offset in lo..<hi where text[offset] == 0xFFFC {
                        attachments.append(ParagraphAttachment(offset: offset, attachment: attachment))
                    }
                }
                let font = font(for: run.attributes)
                lastFont = font
                spans.append(
                    FontSpan(range: lo..<hi, font: font, kerning: run.attributes.kerning, trackingPoints: font.trackingPoints))
            }
        } else if let run = runs.last {
            lastFont = font(for: run.attributes)
        }
        return ParagraphInput(
            text: text, separatorLength: separator, start: 0, spans: spans, defaultFont: lastFont, settings: style,
            attachments: attachments)
    }

    /// Shapes a paragraph (or a window of one) and finds its break opportunities.
    private func measure(_ input: ParagraphInput) -> MeasuredParagraph {
        let text = input.shapingText, spans = input.spans, style = input.settings
        var shaped: ShapedParagraph
        do {
            if usesWordShapingCache, let fast = wordCache.shape(text, spans: spans, baseDirection: style.baseWritingDirection) {
                shaped = fast
            } else {
                shaped = try shaper.shape(text, spans: spans, baseDirection: style.baseWritingDirection)
            }
        } catch {
            // HarfBuzz could not read a font (damaged file): lay the paragraph out as empty rather
            // than crash, and report it as missing glyphs.
            shaped = ShapedParagraph(
                runs: [], fallbacks: [], missingGlyphs: [], baseLevel: 0, utf16Count: text.count)
        }
        shaped = shaped.fittingAttachments(input.attachments)
        // Break opportunities come from the real text (U+FFFC, not the space it was shaped as).
        var breaks = (try? LineBreakIterator.shared?.breaks(in: input.text, strategy: input.settings.lineBreakStrategy)) ?? []
        // Without ICU (it failed to start) every line still ends at the paragraph end, and long
        // lines break between characters.
        if breaks.last?.offset != text.count { breaks.append(LineBreakOpportunity(offset: text.count, isMandatory: true)) }
        return MeasuredParagraph(input: input, shaped: shaped, breaks: breaks)
    }

    /// The font drawn for an attribute set: its resolved font, else its descriptor resolved, else the default.
    private func font(for attributes: TextAttributes) -> ResolvedFont {
        if let resolved = attributes.resolvedFont { return resolved }
        if let descriptor = attributes.font {
            let sized = descriptor.size > 0 ? descriptor : descriptor.withSize(defaultFont.pointSize)
            if let resolved = try? resolver.resolve(sized) { return resolved }
        }
        return defaultFont
    }

    /// Whether a paragraph's lines depend on where it sits (exclusions, container edges, limits).
    private func isPositionDependent(_ lines: [LineFragment], from start: LayoutCursor, to end: LayoutCursor) -> Bool {
        guard start.containerIndex == end.containerIndex, start.containerIndex < textContainers.count else { return true }
        let container = textContainers[start.containerIndex]
        if container.maximumNumberOfLines > 0 || lines.contains(where: \.isTruncated) { return true }
        if lines.contains(where: { $0.containerIndex != start.containerIndex }) { return true }
        return container.hasExclusion(y: start.y, height: max(0, end.y - start.y))
    }

    /// Whether a placed paragraph can move to `cursor` unchanged.
    private func canMove(_ placement: Placement, to cursor: LayoutCursor) -> Bool {
        guard !placement.positionDependent, !placement.overflowed, cursor.containerIndex == placement.start.containerIndex,
            cursor.containerIndex < textContainers.count
        else { return false }
        let container = textContainers[cursor.containerIndex]
        let height = placement.end.y - placement.start.y
        guard cursor.y + height <= container.size.height + 1e-6 else { return false }
        return !container.hasExclusion(y: cursor.y, height: height)
    }

    // MARK: Queries

    /// Each laid-out paragraph's lines (paragraph-relative character offsets) with its top and bottom y.
    func forEachPlacement(_ body: ([LineFragment], Double, Double) -> Void) {
        for slot in slots {
            guard let placement = slot.placement else { continue }
            body(placement.lines, placement.start.y, placement.lines.last?.rect.maxY ?? placement.end.y)
        }
    }

    /// Every line fragment in layout order (containers in order, top to bottom).
    public var lineFragments: [LineFragment] {
        ensureLayout()
        if let absoluteLineCache { return absoluteLineCache }
        // One paragraph at offset 0 (a one-paragraph note, a label) is already in storage
        // coordinates: its lines are shared, not copied.
        let placed = slots.filter { $0.placement != nil }
        if placed.count == 1, placed[0].range.location == 0, let lines = placed[0].placement?.lines {
            absoluteLineCache = lines
            return lines
        }
        // Sized once: growing by doubling held up to three copies' worth of lines at its peak.
        var result: [LineFragment] = []
        result.reserveCapacity(placed.reduce(0) { $0 + ($1.placement?.lines.count ?? 0) })
        for slot in placed {
            guard let placement = slot.placement else { continue }
            result += placement.absoluteLines(paragraphStart: slot.range.location)
        }
        absoluteLineCache = result
        return result
    }

    /// Every line fragment in layout order, in storage coordinates, made one at a time as the
    /// sequence is walked — no array of all lines is built (``lineFragments`` builds and keeps one).
    /// For one pass over a long text: counts, flags, the lines of the first screen.
    public var lazyLineFragments: LineFragmentSequence {
        ensureLayout()
        return LineFragmentSequence(slots: slots)
    }

    /// Every line as its paragraph's placement keeps it, with the paragraph's start: no offset is
    /// moved, so no run is copied (``lazyLineFragments`` gives storage coordinates).
    package var placedLineFragments: PlacedLineSequence { PlacedLineSequence(lines: lazyLineFragments) }

    /// Calls `body` with every glyph run of every line in layout order, as the placements keep
    /// them (character offsets relative to their paragraph): for what does not need offsets, such
    /// as the fonts a layout draws with, without copying a line.
    package func forEachRun(_ body: (PositionedRun) -> Void) {
        ensureLayout()
        for slot in slots {
            for line in slot.placement?.lines ?? [] {
                for run in line.runs { body(run) }
            }
        }
    }

    /// The line fragments in container `index`.
    public func lineFragments(inContainer index: Int) -> [LineFragment] {
        lineFragments.filter { $0.containerIndex == index }
    }

    /// Number of line fragments (a line split by an exclusion counts once per fragment).
    public var numberOfLineFragments: Int {
        ensureLayout()
        return slots.reduce(0) { $0 + ($1.placement?.lines.count ?? 0) }
    }

    /// Number of lines: fragments sharing a band (text on both sides of an exclusion) count as one line.
    public var numberOfLines: Int {
        ensureLayout()
        var count = 0
        for slot in slots {
            guard let lines = slot.placement?.lines else { continue }
            var lastBand: (Int, Double)?
            for line in lines where lastBand.map({ $0.0 != line.containerIndex || $0.1 != line.rect.minY }) ?? true {
                count += 1
                lastBand = (line.containerIndex, line.rect.minY)
            }
        }
        return count
    }

    /// The area the text uses in container `index` (TextKit `usedRect(for:)`).
    public func usedRect(forContainer index: Int = 0) -> Rect {
        ensureLayout()
        // Straight from the placements: geometry does not depend on storage offsets, so no line
        // is copied.
        var used = Rect.zero
        for slot in slots {
            for line in slot.placement?.lines ?? [] where line.containerIndex == index { used = used.union(line.usedRect) }
        }
        return used
    }

    /// The characters that did not fit in any container, if any.
    public var overflowRange: NSRange? {
        ensureLayout()
        guard let overflowStart, let storage = textStorage, overflowStart < storage.length else { return nil }
        return NSRange(location: overflowStart, length: storage.length - overflowStart)
    }

    /// Font fallbacks and characters no font can draw, in storage coordinates.
    public var fallbacks: [LayoutFallback] {
        ensureLayout()
        var result: [LayoutFallback] = []
        for slot in slots {
            guard let shaped = slot.fallbacks else { continue }
            let base = slot.range.location
            for event in shaped.fallbacks {
                result.append(
                    LayoutFallback(
                        range: NSRange(location: base + event.range.lowerBound, length: event.range.count),
                        requestedFamily: event.requestedFamily, usedFamily: event.usedFamily))
            }
            for missing in shaped.missingGlyphs {
                result.append(
                    LayoutFallback(
                        range: NSRange(location: base + missing.offset, length: missing.scalar.utf16.count),
                        requestedFamily: missing.font.familyName, usedFamily: nil))
            }
        }
        return result
    }

    /// The union of the fragments' rects covering `range` (TextKit `boundingRect(forGlyphRange:in:)`,
    /// by character), in container coordinates of the first container involved.
    public func boundingRect(forCharacterRange range: NSRange) -> Rect {
        var result: Rect?
        for line in lineFragments {
            let overlap = NSIntersectionRange(line.characterRange, range)
            guard overlap.length > 0 || (range.length == 0 && NSLocationInRange(range.location, line.characterRange)) else {
                continue
            }
            var minX = Double.infinity, maxX = -Double.infinity
            for run in line.runs {
                for glyph in run.glyphs where NSLocationInRange(glyph.characterIndex, range)
                    || (range.length == 0 && glyph.characterIndex == range.location)
                {
                    // Glyph x is relative to the fragment's left edge.
                    minX = min(minX, line.rect.minX + glyph.x)
                    maxX = max(maxX, line.rect.minX + glyph.x + glyph.advance)
                }
            }
            if minX > maxX {
                minX = line.usedRect.minX
                maxX = line.usedRect.minX
            }
            let rect = Rect(x: minX, y: line.rect.minY, width: maxX - minX, height: line.rect.height)
            result = result.map { $0.union(rect) } ?? rect
        }
        return result ?? .zero
    }

    /// The character under `point` in container `containerIndex` (TextKit
    /// `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`): the nearest line, then
    /// the glyph whose box holds x (its left half → that character, right half → the next).
    public func characterIndex(at point: Point, inContainer containerIndex: Int = 0) -> Int {
        let lines = lineFragments(inContainer: containerIndex)
        guard !lines.isEmpty else { return 0 }
        let line =
            lines.first { point.y >= $0.rect.minY && point.y < $0.rect.maxY && point.x >= $0.rect.minX && point.x < $0.rect.maxX }
            ?? lines.first { point.y >= $0.rect.minY && point.y < $0.rect.maxY }
            ?? (point.y < lines[0].rect.minY ? lines[0] : lines[lines.count - 1])
        var best = line.characterRange.location
        var bestDistance = Double.infinity
        // Glyph x is relative to the fragment's left edge; work in fragment coordinates.
        let x = point.x - line.rect.minX
        for run in line.runs {
            for glyph in run.glyphs {
                let mid = glyph.x + glyph.advance / 2
                if x >= glyph.x && x < glyph.x + glyph.advance {
                    let after = run.isRightToLeft ? x < mid : x >= mid
                    return after ? min(glyph.characterIndex + 1, line.characterRange.location + line.characterRange.length) : glyph.characterIndex
                }
                let distance = abs(x - mid)
                if distance < bestDistance {
                    bestDistance = distance
                    best = x > mid && !run.isRightToLeft ? glyph.characterIndex + 1 : glyph.characterIndex
                }
            }
        }
        return min(best, line.characterRange.location + line.characterRange.length)
    }

    /// The size the text needs at `width` with unlimited height (UIKit `sizeThatFits`, the seeds'
    /// `sizeToFit`): widest used rect and the total height, line-fragment padding included.
    public static func sizeThatFits(
        _ storage: TextStorage, width: Double, lineFragmentPadding: Double = 5, resolver: FontResolver? = nil
    ) throws -> Size {
        guard width > 0, width.isFinite || width == .infinity else { throw LayoutError.invalidWidth(width) }
        let manager = try LayoutManager(resolver: resolver)
        let container = TextContainer(size: Size(width: width, height: .infinity), lineFragmentPadding: lineFragmentPadding)
        manager.addTextContainer(container)
        manager.attach(to: storage)
        defer { storage.removeLayoutManager(manager) }
        let used = manager.usedRect()
        return Size(width: used.width, height: used.maxY)
    }
}

/// What one ``LayoutManager/ensureLayout()`` pass did (for incremental-layout tests and benchmarks).
public struct LayoutStatistics: Hashable, Sendable {
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
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A container or measuring width that is zero, negative or not a number.
    case invalidWidth(Double)

    public var description: String {
        switch self {
        case .invalidWidth(let width):
            "invalid layout width \(width) pt: the width must be a positive number of points"
        }
    }
}

/// One paragraph's layout state.
struct ParagraphSlot {
    var range: NSRange
    /// The shaping, kept for relayout while all of the paragraph's glyphs are retained.
    var measured: MeasuredParagraph?
    /// Fallbacks and missing glyphs found when the paragraph was last shaped.
    var fallbacks: ParagraphFallbacks?
    var placement: Placement?

    init(range: NSRange) { self.range = range }
}

/// A paragraph's fallbacks and missing glyphs (paragraph-relative), kept when its shaping is not.
struct ParagraphFallbacks {
    var fallbacks: [FontFallbackEvent] = []
    var missingGlyphs: [MissingGlyph] = []

    init() {}

    init(_ shaped: ShapedParagraph) {
        fallbacks = shaped.fallbacks
        missingGlyphs = shaped.missingGlyphs
    }

    /// Adds a window's findings before `end` (paragraph offsets), shifted by the window's `offset`:
    /// the text after `end` is shaped again by the next window.
    mutating func append(_ shaped: ShapedParagraph, upTo end: Int, offset: Int) {
        for var event in shaped.fallbacks where event.range.lowerBound + offset < end {
            event.range = (event.range.lowerBound + offset)..<min(event.range.upperBound + offset, end)
            fallbacks.append(event)
        }
        for var missing in shaped.missingGlyphs where missing.offset + offset < end {
            missing.offset += offset
            missingGlyphs.append(missing)
        }
    }
}

/// Where a paragraph was placed and its lines, relative to the paragraph start and its top.
struct Placement {
    var start: LayoutCursor
    var end: LayoutCursor
    /// Lines with paragraph-relative character offsets and absolute container coordinates as placed at `start`.
    var lines: [LineFragment]
    var overflowed: Bool
    var positionDependent: Bool

    func moved(to cursor: LayoutCursor) -> Placement {
        let dy = cursor.y - start.y
        var copy = self
        copy.start = cursor
        copy.end = LayoutCursor(containerIndex: cursor.containerIndex, y: end.y + dy, linesInContainer: cursor.linesInContainer + (end.linesInContainer - start.linesInContainer))
        copy.lines = lines.map { line in
            var moved = line
            moved.rect.origin.y += dy
            moved.usedRect.origin.y += dy
            moved.baseline += dy
            for index in moved.attachments.indices { moved.attachments[index].rect.origin.y += dy }
            return moved
        }
        return copy
    }

    func absoluteLines(paragraphStart: Int) -> [LineFragment] {
        guard paragraphStart != 0 else { return lines }
        return lines.map { Self.absolute($0, paragraphStart: paragraphStart) }
    }

    /// `line` with its character offsets moved from paragraph to storage coordinates.
    static func absolute(_ line: LineFragment, paragraphStart: Int) -> LineFragment {
        guard paragraphStart != 0 else { return line }
        var copy = line
        copy.characterRange.location += paragraphStart
        if !line.runs.isEmpty {
            copy.runs = line.runs.map { run in
                var moved = run
                moved.characterRange.location += paragraphStart
                for index in moved.glyphs.indices { moved.glyphs[index].characterIndex += paragraphStart }
                return moved
            }
        }
        for index in copy.attachments.indices { copy.attachments[index].characterIndex += paragraphStart }
        return copy
    }
}

extension LineBreakIterator {
    /// One iterator per thread: ICU break iterators are not thread-safe, layout managers are
    /// confined to a thread, and creating an iterator costs far more than reusing one.
    static var shared: LineBreakIterator? {
        let key = "DynamicTypeSimulator.LineBreakIterator"
        if let existing = Thread.current.threadDictionary[key] as? LineBreakIterator { return existing }
        // Root locale: deterministic, and what the conformance test checks.
        guard let made = try? LineBreakIterator(locale: "") else { return nil }
        Thread.current.threadDictionary[key] = made
        return made
    }
}

extension Hyphenator {
    private static let cache = LockedDictionary<String, Hyphenator?>()

    /// One dictionary per locale for the whole process: loading `hyph_en_US.dic` takes milliseconds
    /// and every label, row and editor has its own layout manager. Nil when no dictionary is installed
    /// (paragraphs then break words between characters, as without hyphenation).
    static func cached(locale: String) -> Hyphenator? {
        cache.value(for: locale) { try? Hyphenator(locale: locale) } ?? nil
    }
}
