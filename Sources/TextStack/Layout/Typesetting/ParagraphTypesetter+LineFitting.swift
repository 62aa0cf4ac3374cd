import DynamicTypeCore
import Foundation

// Line fitting: how much of a paragraph goes on one line band. Greedy, as TextKit's typesetter:
// each free segment of the band takes the text up to the last break opportunity that fits, and
// hyphenation (ParagraphTypesetter+Hyphenation) or character breaking steps in when that leaves
// the line too empty or holds no whole word.

extension ParagraphTypesetter {
    /// One filled free segment of a line band.
    struct Piece {
        var segment: Rect
        var start: Int
        var end: Int
        var hyphenated: Bool
        var brokeWord: Bool
    }

    /// Fills the free segments of the band at the cursor, left to right, starting at `from`.
    func fillBand(
        _ paragraph: MeasuredParagraph, from: Int, metrics: LineMetrics, cursor: LayoutCursor, container: TextContainer
    ) -> [Piece] {
        let segments = container.freeSegments(y: cursor.y, height: metrics.height)
        let padding = container.lineFragmentPadding
        var pieces: [Piece] = []
        var start = from
        let count = paragraph.count
        for segment in segments {
            let available = segment.width - 2 * padding
            guard available > 0 else { continue }
            if count == 0 {
                return [Piece(segment: segment, start: 0, end: 0, hyphenated: false, brokeWord: false)]
            }
            guard start < count else { break }
            // Skip a segment too narrow for the first grapheme (TextKit leaves such slivers empty),
            // unless it is the only place the text could ever go (full container width).
            let fit = fitLine(
                paragraph, start: start, width: available, allowForcedBreak: container.allowsForcedBreak(in: segment, segmentCount: segments.count))
            guard let fit else { continue }
            pieces.append(Piece(segment: segment, start: start, end: fit.end, hyphenated: fit.hyphenated, brokeWord: fit.brokeWord))
            start = fit.end
            if fit.mandatory { break }
        }
        return pieces
    }

    /// Where a line starting at `start` ends within `width`.
    func fitLine(_ p: MeasuredParagraph, start: Int, width: Double, allowForcedBreak: Bool)
        -> (end: Int, hyphenated: Bool, brokeWord: Bool, mandatory: Bool)?
    {
        let count = p.count
        let settings = p.input.settings
        let epsilon = 1e-6
        if settings.lineBreakMode == .byCharWrapping {
            let end = fitGraphemes(p, start: start, limit: count, width: width)
            if end > start { return (end, false, false, false) }
            return allowForcedBreak ? (nextGrapheme(p, after: start), false, true, false) : nil
        }
        // Greedy over break opportunities.
        var best: Int?
        var bestMandatory = false
        var index = firstBreakIndex(p, after: start)
        while index < p.breaks.count {
            let candidate = p.breaks[index]
            let w = p.width(start, p.trimmedEnd(start, candidate.offset))
            if w <= width + epsilon {
                if delegate != nil, !candidate.isMandatory, !allowsBreak(p, before: candidate.offset) {
                    index += 1
                    continue
                }
                best = candidate.offset
                bestMandatory = candidate.isMandatory
                if candidate.isMandatory { break }
            } else {
                break
            }
            index += 1
        }
        if let best {
            // Hyphenate the next word when the line is too empty (TextKit: fill ratio below the factor).
            if settings.hyphenationFactor > 0, !bestMandatory, best < count, hyphenator != nil {
                let filled = p.width(start, p.trimmedEnd(start, best)) / width
                if filled < settings.hyphenationFactor,
                    let hyphen = hyphenate(p, lineStart: start, wordStart: best, width: width)
                {
                    return (hyphen, true, false, false)
                }
            }
            return (best, false, false, bestMandatory)
        }
        // The first word is wider than the line.
        if settings.hyphenationFactor > 0, hyphenator != nil,
            let hyphen = hyphenate(p, lineStart: start, wordStart: start, width: width)
        {
            return (hyphen, true, false, false)
        }
        guard allowForcedBreak else { return nil }
        if delegate != nil {
            // The "word" the delegate keeps together runs to the next break it allows.
            while index < p.breaks.count, !p.breaks[index].isMandatory, !allowsBreak(p, before: p.breaks[index].offset) { index += 1 }
        }
        let wordEnd = index < p.breaks.count ? p.breaks[index].offset : count
        let end = fitGraphemes(p, start: start, limit: wordEnd, width: width)
        return (end > start ? end : nextGrapheme(p, after: start), false, true, false)
    }

    /// Whether the delegate lets a line end before paragraph offset `offset` (a soft break).
    @inline(__always)
    func allowsBreak(_ p: MeasuredParagraph, before offset: Int) -> Bool {
        guard let delegate, offset < p.count else { return true }
        return delegate.delegate.layoutManager(
            delegate.manager, shouldBreakLineBeforeCharacterAt: delegate.paragraphLocation + p.input.start + offset)
    }

    /// Index of the first break opportunity after `offset` (binary search).
    func firstBreakIndex(_ p: MeasuredParagraph, after offset: Int) -> Int {
        var lo = 0, hi = p.breaks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if p.breaks[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The furthest grapheme boundary in `start…limit` whose text fits `width`.
    func fitGraphemes(_ p: MeasuredParagraph, start: Int, limit: Int, width: Double) -> Int {
        let boundaries = p.graphemeBoundaries
        var lo = 0, hi = boundaries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if boundaries[mid] <= start { lo = mid + 1 } else { hi = mid }
        }
        var end = start
        var index = lo
        while index < boundaries.count, boundaries[index] <= limit {
            if p.width(start, boundaries[index]) <= width + 1e-6 { end = boundaries[index] } else { break }
            index += 1
        }
        return end
    }

    /// The first grapheme boundary after `offset` (a forced break takes at least one grapheme).
    func nextGrapheme(_ p: MeasuredParagraph, after offset: Int) -> Int {
        let boundaries = p.graphemeBoundaries
        let index = Self.firstIndex(in: boundaries) { $0 > offset }
        return index < boundaries.count ? boundaries[index] : p.count
    }

    /// The last grapheme boundary before `offset` (binary search), or `floor` when there is none after it.
    func previousGrapheme(_ p: MeasuredParagraph, before offset: Int, floor: Int) -> Int {
        let boundaries = p.graphemeBoundaries
        let index = Self.firstIndex(in: boundaries) { $0 >= offset }
        return index > 0 ? max(floor, boundaries[index - 1]) : floor
    }
}
