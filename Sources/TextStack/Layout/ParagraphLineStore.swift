import DynamicTypeCore
import Foundation

/// The line store: one slot per paragraph of the storage, each with the paragraph's range, its
/// shaping (kept while all its glyphs are), its fallbacks and its placed lines (Runestone keeps a
/// line manager of the same kind; Pango's layout keeps its lines per paragraph too).
///
/// The store is what makes layout incremental: an edit replaces only the slots of the paragraphs
/// it touched and shifts the ranges of the rest, so the ``LayoutManager`` reshapes only those and
/// moves (or keeps) every other paragraph's lines. Lines are stored paragraph-relative (character
/// offsets from the paragraph start) so that an edit before a paragraph does not touch them;
/// storage coordinates are made when asked (``absoluteLines()``).
struct ParagraphLineStore {
    /// One slot per paragraph, in storage order; a trailing empty paragraph after a final
    /// separator has a slot of its own (where the caret's empty last line goes).
    var slots: [ParagraphSlot] = []
    /// Index of the first slot whose placement may be stale; slots before it are final.
    var firstDirtySlot = 0
    /// ``LayoutManager/lineFragments`` in storage coordinates, built on first use after each layout
    /// change (findings, drawing and dumps all ask for them; each copy shifts every glyph's offset).
    var absoluteLineCache: [LineFragment]?

    // MARK: Slots

    /// One fresh slot per paragraph of `storage`, all to lay out; no slots without a storage.
    mutating func rebuild(for storage: TextStorage?) {
        absoluteLineCache = nil
        guard let storage else {
            slots = []
            return
        }
        slots = Self.paragraphRanges(storage, from: 0, to: storage.length).map { ParagraphSlot(range: $0) }
        firstDirtySlot = 0
    }

    /// Forgets all placement (after a container's size or exclusion paths changed); shaping is kept.
    mutating func invalidatePlacements() {
        absoluteLineCache = nil
        for index in slots.indices { slots[index].placement = nil }
        firstDirtySlot = 0
    }

    /// Forgets shaping and placement of the paragraphs holding `range`.
    mutating func invalidate(characterRange range: NSRange) {
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

    /// Replaces the slots of the paragraphs an edit of `storage` touched (`range` in new
    /// coordinates, `changeInLength` units added) with fresh ones, and shifts the ranges after them.
    mutating func applyEdit(of storage: TextStorage, range: NSRange, changeInLength: Int) {
        absoluteLineCache = nil
        guard !slots.isEmpty else {
            rebuild(for: storage)
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
            rebuild(for: storage)
            return
        }
        // Replace those slots with fresh ones for the new paragraphs; shift the rest.
        let replacedStart = slots[first].range.location
        let replacedEnd = slots[last].range.location + slots[last].range.length + changeInLength
        let fresh = Self.paragraphRanges(storage, from: replacedStart, to: replacedEnd).map { ParagraphSlot(range: $0) }
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

    /// Paragraph ranges covering `start..<end`; always at least one (possibly empty) paragraph, and a
    /// trailing empty paragraph after a final separator (where the caret's empty last line goes).
    private static func paragraphRanges(_ storage: TextStorage, from start: Int, to end: Int) -> [NSRange] {
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

    // MARK: Lines

    /// Every stored line in layout order, in storage coordinates; kept until the next change.
    mutating func absoluteLines() -> [LineFragment] {
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

    /// A placement whose lines `place` made from `start` to `end` in `containers`.
    init(start: LayoutCursor, end: LayoutCursor, lines: [LineFragment], overflowed: Bool, containers: [TextContainer]) {
        self.start = start
        self.end = end
        self.lines = lines
        self.overflowed = overflowed
        self.positionDependent = Self.isPositionDependent(lines, from: start, to: end, containers: containers)
    }

    /// Whether a paragraph's lines depend on where it sits (exclusions, container edges, limits).
    private static func isPositionDependent(
        _ lines: [LineFragment], from start: LayoutCursor, to end: LayoutCursor, containers: [TextContainer]
    ) -> Bool {
        guard start.containerIndex == end.containerIndex, start.containerIndex < containers.count else { return true }
        let container = containers[start.containerIndex]
        if container.maximumNumberOfLines > 0 || lines.contains(where: \.isTruncated) { return true }
        if lines.contains(where: { $0.containerIndex != start.containerIndex }) { return true }
        return container.hasExclusion(y: start.y, height: max(0, end.y - start.y))
    }

    /// Whether the paragraph can move to `cursor` with its lines unchanged: nothing about them
    /// depended on where they were, and nothing at the new place would change them.
    func canMove(to cursor: LayoutCursor, in containers: [TextContainer]) -> Bool {
        guard !positionDependent, !overflowed, cursor.containerIndex == start.containerIndex,
            cursor.containerIndex < containers.count
        else { return false }
        let container = containers[cursor.containerIndex]
        let height = end.y - start.y
        guard cursor.y + height <= container.size.height + 1e-6 else { return false }
        return !container.hasExclusion(y: cursor.y, height: height)
    }

    /// The placement moved down (or up) to start at `cursor`: every line, baseline and attachment
    /// by the same distance.
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

    /// The lines with their character offsets in storage coordinates.
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
