import FontSystem
import Foundation

/// One paragraph to typeset: its text (without the separator), its font spans and settings.
struct ParagraphInput {
    /// The paragraph's characters, without the paragraph separator.
    var text: [UInt16]
    /// UTF-16 length of the separator that ends the paragraph (0 for the last paragraph).
    var separatorLength: Int
    /// Offset added to character indices in the lines produced (0: lines are paragraph-relative).
    var start: Int
    /// Font spans covering `text` (paragraph-relative).
    var spans: [FontSpan]
    /// The font for an empty paragraph's line height and for inserted hyphens/ellipses.
    var defaultFont: ResolvedFont
    var settings: ParagraphStyle
    /// Attachments on the paragraph's U+FFFC characters, by ascending offset (usually none).
    var attachments: [ParagraphAttachment] = []
}

extension ParagraphInput {
    /// The part `range` of the paragraph as a paragraph of its own: spans clipped and shifted,
    /// the separator only on the last part, line offsets still relative to the whole paragraph.
    func window(_ range: Range<Int>, baseDirection: BaseWritingDirection) -> ParagraphInput {
        var spans: [FontSpan] = []
        for span in self.spans where span.range.upperBound > range.lowerBound && span.range.lowerBound < range.upperBound {
            var clipped = span
            clipped.range = (max(span.range.lowerBound, range.lowerBound) - range.lowerBound)..<(min(span.range.upperBound, range.upperBound) - range.lowerBound)
            spans.append(clipped)
        }
        var settings = self.settings
        settings.baseWritingDirection = baseDirection
        let attachments = self.attachments(in: range.lowerBound, range.upperBound).map {
            ParagraphAttachment(offset: $0.offset - range.lowerBound, attachment: $0.attachment)
        }
        return ParagraphInput(
            text: Array(text[range]), separatorLength: range.upperBound == text.count ? separatorLength : 0,
            start: start + range.lowerBound, spans: spans, defaultFont: defaultFont, settings: settings,
            attachments: attachments)
    }
}

/// Where the next line goes: container index and y inside it.
struct LayoutCursor: Hashable, Sendable {
    var containerIndex: Int
    var y: Double
    /// Lines placed so far in the current container (for `maximumNumberOfLines`).
    var linesInContainer: Int
}

/// The measured (shaped) form of a paragraph, independent of where it is placed: glyph advances per
/// UTF-16 offset and break opportunities. Reused when a paragraph only moves.
final class MeasuredParagraph {
    let input: ParagraphInput
    let shaped: ShapedParagraph
    /// `prefix[i]` = width of text[0..<i] in logical order (cluster advances credited to the
    /// cluster's first code unit).
    let prefix: [Double]
    /// Offsets after which a line may end (soft), and mandatory ones (U+2028 inside a paragraph).
    let breaks: [LineBreakOpportunity]
    private var graphemeBoundaryCache: [Int]?

    init(input: ParagraphInput, shaped: ShapedParagraph, breaks: [LineBreakOpportunity]) {
        self.input = input
        self.shaped = shaped
        self.breaks = breaks
        let count = input.text.count
        var advances = [Double](repeating: 0, count: count + 1)
        for run in shaped.runs {
            for glyph in run.glyphs where glyph.cluster >= 0 && glyph.cluster < count {
                advances[glyph.cluster] += glyph.advance
            }
        }
        var prefix = [Double](repeating: 0, count: count + 1)
        var total = 0.0
        for index in 0..<count {
            prefix[index] = total
            total += advances[index]
        }
        prefix[count] = total
        self.prefix = prefix
    }

    var count: Int { input.text.count }

    /// Width of text[a..<b].
    @inline(__always) func width(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }

    /// Grapheme-cluster boundaries (UTF-16 offsets, ascending, including 0 and count).
    var graphemeBoundaries: [Int] {
        if let graphemeBoundaryCache { return graphemeBoundaryCache }
        var boundaries = [0]
        var offset = 0
        for character in String(decoding: input.text, as: UTF16.self) {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        graphemeBoundaryCache = boundaries
        return boundaries
    }

    /// Whether the code unit is whitespace that may hang past the line end.
    @inline(__always) func isHangingSpace(_ index: Int) -> Bool { Self.isHangingSpace(input.text[index]) }

    /// Whether a code unit is whitespace that hangs past a line's end (space, tab, ideographic space).
    @inline(__always) static func isHangingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000
    }

    /// `end` moved back over trailing hanging spaces (not before `start`).
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && (isHangingSpace(e - 1) || input.text[e - 1] == 0x2028) { e -= 1 }
        return e
    }
}

/// Which part of a paragraph a ``ParagraphTypesetter/place`` call lays out.
struct ParagraphWindow: Hashable, Sendable {
    /// The piece continues a paragraph placed by earlier calls.
    var isContinuation: Bool
    /// More of the paragraph follows the piece.
    var hasMoreText: Bool

    /// The whole paragraph at once.
    static let whole = ParagraphWindow(isContinuation: false, hasMoreText: false)
}

/// The fonts drawn on a line: their tallest leading and glyph extents.
struct LineExtent {
    private(set) var isEmpty = true
    private var leading = 0.0, ascent = 0.0, descent = 0.0

    mutating func include(_ font: ResolvedFont) {
        isEmpty = false
        leading = max(leading, font.rampLeading)
        ascent = max(ascent, font.ascender)
        descent = max(descent, -font.descender)
    }

    /// Glyph extents that are no font's (attachments); they add no leading.
    mutating func include(ascent extraAscent: Double, descent extraDescent: Double) {
        ascent = max(ascent, extraAscent)
        descent = max(descent, extraDescent)
    }

    /// The line's height and baseline under `settings`.
    func metrics(_ settings: ParagraphStyle) -> LineMetrics {
        var height = leading
        if settings.lineHeightMultiple > 0 { height *= settings.lineHeightMultiple }
        if settings.minimumLineHeight > 0 { height = max(height, settings.minimumLineHeight) }
        if settings.maximumLineHeight > 0 { height = min(height, settings.maximumLineHeight) }
        let natural = ascent + descent
        // Never clip: a line is at least as tall as its tallest glyph extent (fallback fonts such as
        // emoji can be taller than the style's leading).
        if settings.maximumLineHeight <= 0 { height = max(height, natural) }
        // Spread the leading evenly above and below the glyphs.
        let baseline = (height - natural) / 2 + ascent
        return LineMetrics(height: height, baselineFromTop: baseline)
    }
}

/// Vertical metrics of one line.
struct LineMetrics {
    var height: Double
    var baselineFromTop: Double
}

/// Breaks a measured paragraph into lines and places them (TextKit's typesetter): greedy filling
/// of the free segments the container offers at each line band, UAX #14 break opportunities,
/// hyphenation when the paragraph's hyphenation factor asks for it, character breaking of words
/// wider than the line, truncation with "…".
struct ParagraphTypesetter {
    let shaper: Shaper
    let hyphenator: Hyphenator?
    /// Hyphen and ellipsis glyphs per font, shaped once.
    let decorations: DecorationCache
    /// The layout manager's delegate for the paragraph being placed; nil (the common case) asks
    /// nothing and costs one nil check per break opportunity and per line.
    var delegate: LayoutDelegateContext?

    /// This typesetter asking `delegate` about the paragraph at storage offset `location`.
    func asking(_ delegate: (any LayoutManagerDelegate)?, of manager: LayoutManager, paragraphAt location: Int) -> ParagraphTypesetter {
        guard let delegate else { return self }
        var copy = self
        copy.delegate = LayoutDelegateContext(manager: manager, delegate: delegate, paragraphLocation: location)
        return copy
    }

    /// Lines for `paragraph`, placed from `cursor` onwards through `containers`. Returns the lines
    /// and moves the cursor below the paragraph (including paragraph spacing). Stops early when the
    /// containers are full (the rest of the text overflows and is not laid out).
    ///
    /// A long paragraph can be placed in windows (see ``LayoutManager``): `window` says whether this
    /// piece continues an earlier one (no spacing before it; `isFirstLine` carries on) and whether
    /// more text follows it. A window that is not the last stops before the line band that reaches
    /// its end — that line may continue past it — and reports in `resumeAt` where the next window
    /// must start, with the cursor and `isFirstLine` as they were before that line. Lines at or below
    /// `geometryOnlyBelow` (or in a later container) are made without runs (see
    /// ``LayoutManager/releasedLinesKeepRuns``).
    func place(
        _ paragraph: MeasuredParagraph, cursor: inout LayoutCursor, containers: [TextContainer], isFirstParagraph: Bool,
        window: ParagraphWindow = .whole, isFirstLine startsWithFirstLine: inout Bool, geometryOnlyBelow: Double = .infinity
    ) -> (lines: [LineFragment], overflowed: Bool, resumeAt: Int?) {
        var lines: [LineFragment] = []
        let settings = paragraph.input.settings
        let count = paragraph.count
        if !isFirstParagraph && !window.isContinuation {
            cursor.y += settings.paragraphSpacingBefore
            if let delegate, cursor.containerIndex < containers.count {
                let band = Rect(
                    x: 0, y: cursor.y, width: containers[cursor.containerIndex].size.width,
                    height: lineMetrics(paragraph, 0, min(count, 1)).height)
                cursor.y += delegate.delegate.layoutManager(
                    delegate.manager, paragraphSpacingBeforeCharacterAt: delegate.paragraphLocation + paragraph.input.start,
                    withProposedLineFragmentRect: band)
            }
        }
        var start = 0
        var isFirstLine = startsWithFirstLine
        defer { startsWithFirstLine = isFirstLine }
        var guardCounter = 0
        while start < count || (start == 0 && count == 0 && lines.isEmpty) {
            let cursorBeforeLine = cursor
            let wasFirstLine = isFirstLine
            guardCounter += 1
            // Every pass places a line or moves down or on; the guard only stops a container
            // geometry that would never make progress (it grows with the paragraph, so long
            // paragraphs are never cut short).
            guard cursor.containerIndex < containers.count, guardCounter < 4 * count + 100_000 else { return (lines, true, nil) }
            let container = containers[cursor.containerIndex]
            if !isFirstLine { cursor.y += settings.lineSpacing }
            isFirstLine = false
            // Line height from the fonts at the start of the line; refined once the range is known.
            var metrics = lineMetrics(paragraph, start, min(count, start + 1))
            if cursor.y + metrics.height > container.size.height + 1e-6 {
                // Container full: move to the next one (overflow), or stop.
                cursor.containerIndex += 1
                cursor.y = 0
                cursor.linesInContainer = 0
                continue
            }
            let limit = container.maximumNumberOfLines
            let isLastAllowedLine = limit > 0 && cursor.linesInContainer == limit - 1
            var placed = fillBand(paragraph, from: start, metrics: metrics, cursor: cursor, container: container)
            if placed.isEmpty {
                guard let next = container.nextTop(afterFullBandAt: cursor.y, height: metrics.height) else {
                    // No exclusion in the way and still no room (the container is narrower than
                    // its padding, or the band is past its shape's bottom). Nothing can go here;
                    // continue in the next container.
                    cursor.containerIndex += 1
                    cursor.y = 0
                    cursor.linesInContainer = 0
                    continue
                }
                // No free segment wide enough at this height: jump below the exclusion in the way
                // (or probe lower down the container's shape).
                cursor.y = next
                isFirstLine = true
                continue
            }
            let end = placed.last!.end
            let refined = lineMetrics(paragraph, start, max(end, min(count, start + 1)))
            if refined.height > metrics.height + 1e-9 && container.hasExclusion(y: cursor.y, height: refined.height) {
                // Taller fonts on this line: re-ask the container with the real height.
                metrics = refined
                let retry = fillBand(paragraph, from: start, metrics: metrics, cursor: cursor, container: container)
                if !retry.isEmpty { placed = retry }
            } else {
                metrics = refined
            }
            if cursor.y + metrics.height > container.size.height + 1e-6 && cursor.linesInContainer > 0 {
                cursor.containerIndex += 1
                cursor.y = 0
                cursor.linesInContainer = 0
                isFirstLine = true
                continue
            }
            let lastEnd = placed.last!.end
            if window.hasMoreText && lastEnd >= count {
                // This band reaches the window's end, where the paragraph does not end: the next
                // window lays it out again with the text after it.
                cursor = cursorBeforeLine
                isFirstLine = wasFirstLine
                return (lines, false, start)
            }
            let moreTextFollows = lastEnd < count || window.hasMoreText
            let containerFullAfter = cursor.y + metrics.height * 2 + settings.lineSpacing > container.size.height + 1e-6
                && cursor.containerIndex == containers.count - 1
            let mustTruncate =
                moreTextFollows && (isLastAllowedLine || containerFullAfter)
                && (container.lineBreakMode == .byTruncatingTail || container.lineBreakMode == .byClipping
                    || settings.lineBreakMode == .byTruncatingTail || settings.lineBreakMode == .byClipping)
            for (index, piece) in placed.enumerated() {
                let truncate = mustTruncate && index == placed.count - 1
                lines.append(
                    makeLine(
                        paragraph, piece: piece, metrics: metrics, cursor: cursor, container: container,
                        truncate: truncate,
                        ellipsis: truncate
                            && (container.lineBreakMode == .byTruncatingTail || settings.lineBreakMode == .byTruncatingTail),
                        isLastLineOfParagraph: !moreTextFollows && index == placed.count - 1,
                        geometryOnly: LineFragment.isBelowRetention(
                            containerIndex: cursor.containerIndex, top: cursor.y, height: geometryOnlyBelow)))
            }
            cursor.y += metrics.height
            cursor.linesInContainer += 1
            if let delegate {
                let first = placed[0].segment, last = placed[placed.count - 1].segment
                let band = Rect(x: first.minX, y: cursor.y - metrics.height, width: last.maxX - first.minX, height: metrics.height)
                cursor.y += delegate.delegate.layoutManager(
                    delegate.manager, lineSpacingAfterCharacterAt: storageIndex(ofLastCharacterBefore: lastEnd, in: paragraph),
                    withProposedLineFragmentRect: band)
            }
            if mustTruncate {
                return (lines, true, nil)
            }
            if isLastAllowedLine && moreTextFollows {
                return (lines, true, nil)
            }
            if isLastAllowedLine {
                // Container's line budget used up: later text goes to the next container.
                cursor.containerIndex += 1
                cursor.y = 0
                cursor.linesInContainer = 0
            }
            start = lastEnd
            if count == 0 { break }
        }
        if window.hasMoreText { return (lines, false, count) }
        cursor.y += settings.paragraphSpacing
        if let delegate, let last = lines.last {
            cursor.y += delegate.delegate.layoutManager(
                delegate.manager, paragraphSpacingAfterCharacterAt: storageIndex(ofLastCharacterBefore: count, in: paragraph),
                withProposedLineFragmentRect: Rect(x: 0, y: last.rect.minY, width: containers[last.containerIndex].size.width, height: last.rect.height))
        }
        return (lines, false, nil)
    }

    /// The storage index of the last character before paragraph offset `end`, counting the
    /// paragraph separator when `end` is the paragraph's end (TextKit asks about a line's last glyph).
    private func storageIndex(ofLastCharacterBefore end: Int, in paragraph: MeasuredParagraph) -> Int {
        let withSeparator = end == paragraph.count ? end + paragraph.input.separatorLength : end
        return (delegate?.paragraphLocation ?? 0) + paragraph.input.start + max(0, withSeparator - 1)
    }

    /// Whether the delegate lets a line end before paragraph offset `offset` (a soft break).
    @inline(__always)
    private func allowsBreak(_ p: MeasuredParagraph, before offset: Int) -> Bool {
        guard let delegate, offset < p.count else { return true }
        return delegate.delegate.layoutManager(
            delegate.manager, shouldBreakLineBeforeCharacterAt: delegate.paragraphLocation + p.input.start + offset)
    }

    /// One filled free segment of a line band.
    struct Piece {
        var segment: Rect
        var start: Int
        var end: Int
        var hyphenated: Bool
        var brokeWord: Bool
    }

    /// Fills the free segments of the band at the cursor, left to right, starting at `from`.
    private func fillBand(
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
    private func fitLine(_ p: MeasuredParagraph, start: Int, width: Double, allowForcedBreak: Bool)
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

    /// Index of the first break opportunity after `offset` (binary search).
    private func firstBreakIndex(_ p: MeasuredParagraph, after offset: Int) -> Int {
        var lo = 0, hi = p.breaks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if p.breaks[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The furthest grapheme boundary in `start…limit` whose text fits `width`.
    private func fitGraphemes(_ p: MeasuredParagraph, start: Int, limit: Int, width: Double) -> Int {
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

    private func nextGrapheme(_ p: MeasuredParagraph, after offset: Int) -> Int {
        let boundaries = p.graphemeBoundaries
        let index = Self.firstIndex(in: boundaries) { $0 > offset }
        return index < boundaries.count ? boundaries[index] : p.count
    }

    /// The last grapheme boundary before `offset` (binary search), or `floor` when there is none after it.
    private func previousGrapheme(_ p: MeasuredParagraph, before offset: Int, floor: Int) -> Int {
        let boundaries = p.graphemeBoundaries
        let index = Self.firstIndex(in: boundaries) { $0 >= offset }
        return index > 0 ? max(floor, boundaries[index - 1]) : floor
    }

    /// The first index of a sorted collection whose element satisfies a predicate that is false
    /// then true along it (a partition point), found by binary search.
    @inline(__always)
    static func firstIndex<C: RandomAccessCollection>(in elements: C, where isPast: (C.Element) -> Bool) -> Int
    where C.Index == Int {
        var lo = elements.startIndex, hi = elements.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if isPast(elements[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Indices of the shaped runs overlapping `start..<end` (runs are in logical order and
    /// contiguous, so this is a binary search plus the overlap itself: per line, work in
    /// proportion to the line, not to the paragraph).
    func runIndices(_ p: MeasuredParagraph, overlapping start: Int, _ end: Int) -> Range<Int> {
        let runs = p.shaped.runs
        let first = Self.firstIndex(in: runs) { $0.range.upperBound > start }
        var last = first
        while last < runs.count, runs[last].range.lowerBound < end { last += 1 }
        return first..<last
    }

    /// The glyphs of `run` whose clusters lie in `start..<end`. Clusters are monotone along a
    /// run (increasing left to right, decreasing for right-to-left runs: HarfBuzz's default
    /// cluster level), so the glyphs form one contiguous block found by binary search.
    static func glyphRange(of run: ShapedRun, clusters start: Int, _ end: Int) -> Range<Int> {
        let glyphs = run.glyphs
        if run.isRightToLeft {
            let lo = firstIndex(in: glyphs) { $0.cluster < end }
            let hi = firstIndex(in: glyphs) { $0.cluster < start }
            return lo..<max(lo, hi)
        }
        let lo = firstIndex(in: glyphs) { $0.cluster >= start }
        let hi = firstIndex(in: glyphs) { $0.cluster >= end }
        return lo..<max(lo, hi)
    }

    /// The largest hyphenation point of the word at `wordStart` such that the line
    /// `lineStart..<point` plus a hyphen fits `width`.
    private func hyphenate(_ p: MeasuredParagraph, lineStart: Int, wordStart: Int, width: Double) -> Int? {
        guard let hyphenator else { return nil }
        var wordEnd = wordStart
        while wordEnd < p.count, !p.isHangingSpace(wordEnd), p.input.text[wordEnd] != 0x2028 { wordEnd += 1 }
        // Hyphenate the letters only (leading/trailing punctuation stays attached).
        var letterStart = wordStart
        while letterStart < wordEnd, !Self.isLetter(p.input.text[letterStart]) { letterStart += 1 }
        var letterEnd = wordEnd
        while letterEnd > letterStart, !Self.isLetter(p.input.text[letterEnd - 1]) { letterEnd -= 1 }
        guard letterEnd - letterStart >= 4 else { return nil }
        let word = String(decoding: p.input.text[letterStart..<letterEnd], as: UTF16.self)
        let points = hyphenator.hyphenationPoints(in: word)
        let font = fontAt(p, max(lineStart, letterStart))
        let hyphenWidth = decorations.hyphen(for: font)?.advance ?? font.pointSize * 0.3
        for point in points.reversed() {
            let offset = letterStart + point
            guard offset > lineStart, offset < letterEnd else { continue }
            if p.width(lineStart, offset) + hyphenWidth <= width + 1e-6 {
                if let delegate,
                    !delegate.delegate.layoutManager(
                        delegate.manager,
                        shouldBreakLineByHyphenatingBeforeCharacterAt: delegate.paragraphLocation + p.input.start + offset)
                {
                    continue
                }
                return offset
            }
        }
        return nil
    }

    private static func isLetter(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return true }  // surrogates: part of a letter
        return scalar.properties.isAlphabetic
    }

    /// The span font at a paragraph offset.
    func fontAt(_ p: MeasuredParagraph, _ offset: Int) -> ResolvedFont {
        // Spans are sorted and do not overlap: the first whose end is past `offset`.
        let spans = p.input.spans
        let index = Self.firstIndex(in: spans) { $0.range.upperBound > offset }
        if index < spans.count, spans[index].range.contains(offset) { return spans[index].font }
        return spans.last?.font ?? p.input.defaultFont
    }

    /// Line height and baseline from every font used on `start..<end` (after fallback).
    func lineMetrics(_ p: MeasuredParagraph, _ start: Int, _ end: Int) -> LineMetrics {
        var extent = LineExtent()
        if start < end {
            for index in runIndices(p, overlapping: start, end) { extent.include(p.shaped.runs[index].font) }
        }
        if extent.isEmpty { extent.include(start < p.count ? fontAt(p, start) : (p.input.spans.last?.font ?? p.input.defaultFont)) }
        if !p.input.attachments.isEmpty {
            for item in p.input.attachments(in: start, end) { extent.include(item.attachment) }
        }
        return extent.metrics(p.input.settings)
    }

    /// Builds the line fragment for one piece: glyph runs in visual order, alignment, hyphen or
    /// ellipsis.
    private func makeLine(
        _ p: MeasuredParagraph, piece: Piece, metrics: LineMetrics, cursor: LayoutCursor, container: TextContainer,
        truncate: Bool, ellipsis: Bool, isLastLineOfParagraph: Bool, geometryOnly requested: Bool
    ) -> LineFragment {
        // A line kept without runs needs its width, not its glyphs: skip building them (justified
        // lines spread their spaces glyph by glyph, so they take the full path).
        // Attachments are placed from their glyphs, so lines holding any take the full path too.
        let geometryOnly = requested && p.input.settings.alignment != .justified
            && (p.input.attachments.isEmpty || p.input.attachments(in: piece.start, piece.end).isEmpty)
        let padding = container.lineFragmentPadding
        let available = piece.segment.width - 2 * padding
        var visibleEnd = p.trimmedEnd(piece.start, piece.end)
        var ellipsisGlyph: DecorationGlyph?
        if truncate && ellipsis {
            let font = fontAt(p, max(piece.start, visibleEnd - 1))
            ellipsisGlyph = decorations.ellipsis(for: font)
            let ellipsisWidth = ellipsisGlyph?.advance ?? 0
            // Cut at a grapheme boundary so that text + "…" fits.
            var cut = visibleEnd
            if p.width(piece.start, cut) + ellipsisWidth > available + 1e-6 {
                // Widths grow with the end offset: binary search the grapheme boundaries of the
                // line for the last one where text + "…" still fits.
                let boundaries = p.graphemeBoundaries
                var lo = Self.firstIndex(in: boundaries) { $0 > piece.start }
                var hi = Self.firstIndex(in: boundaries) { $0 >= cut }
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if p.width(piece.start, boundaries[mid]) + ellipsisWidth > available + 1e-6 { hi = mid } else { lo = mid + 1 }
                }
                cut = previousGrapheme(p, before: lo < boundaries.count ? boundaries[lo] : p.count, floor: piece.start)
                if p.width(piece.start, cut) + ellipsisWidth > available + 1e-6 { cut = piece.start }
            }
            visibleEnd = p.trimmedEnd(piece.start, cut)
        }
        // Runs overlapping the visible range, sliced by cluster, in logical order.
        var slices: [(run: ShapedRun, glyphs: ArraySlice<ShapedGlyph>, level: UInt8)] = []
        for runIndex in runIndices(p, overlapping: piece.start, visibleEnd) {
            let run = p.shaped.runs[runIndex]
            let glyphs = run.glyphs[Self.glyphRange(of: run, clusters: piece.start, visibleEnd)]
            if !glyphs.isEmpty { slices.append((run, glyphs, run.bidiLevel)) }
        }
        let order = BidiReordering.visualOrder(levels: slices.map(\.level))
        let globalStart = p.input.start
        var runs: [PositionedRun] = []
        var x = 0.0
        // With `geometryOnly`, the widths the runs would have, in the order they would have them.
        var runWidths: [Double] = []
        for index in order {
            let slice = slices[index]
            if geometryOnly {
                let runX = x
                for glyph in slice.glyphs { x += glyph.advance }
                runWidths.append(x - runX)
                continue
            }
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(slice.glyphs.count)
            let runX = x
            var lo = Int.max, hi = Int.min
            for glyph in slice.glyphs {
                glyphs.append(
                    PositionedGlyph(
                        glyphID: glyph.glyphID, characterIndex: globalStart + glyph.cluster, x: x + glyph.xOffset,
                        yOffset: -glyph.yOffset, advance: glyph.advance))
                x += glyph.advance
                lo = min(lo, glyph.cluster)
                hi = max(hi, glyph.cluster)
            }
            let rangeEnd = min(visibleEnd, max(hi + 1, slice.run.range.upperBound > visibleEnd ? visibleEnd : slice.run.range.upperBound))
            runs.append(
                PositionedRun(
                    font: slice.run.font, glyphs: glyphs,
                    characterRange: NSRange(location: globalStart + lo, length: max(0, rangeEnd - lo)),
                    isRightToLeft: slice.run.isRightToLeft, x: runX, width: x - runX))
        }
        // Inserted hyphen or ellipsis at the visual end (right for LTR paragraphs, left for RTL).
        let rtlParagraph = p.shaped.isRightToLeft
        func appendDecoration(_ glyph: DecorationGlyph?) {
            guard let glyph else { return }
            if geometryOnly {
                if rtlParagraph { runWidths.insert(glyph.advance, at: 0) } else { runWidths.append(glyph.advance) }
                x += glyph.advance
                return
            }
            let positioned = PositionedGlyph(
                glyphID: glyph.glyphID, characterIndex: globalStart + max(piece.start, visibleEnd - 1), x: 0, yOffset: 0,
                advance: glyph.advance)
            let run = PositionedRun(
                font: glyph.font, glyphs: [positioned],
                characterRange: NSRange(location: globalStart + max(piece.start, visibleEnd - 1), length: 0),
                isRightToLeft: false, x: 0, width: glyph.advance)
            if rtlParagraph {
                runs = [run] + runs.map { shifted($0, by: glyph.advance) }
            } else {
                var placed = run
                placed.x = x
                placed.glyphs[0].x = x
                runs.append(placed)
            }
            x += glyph.advance
        }
        if piece.hyphenated { appendDecoration(decorations.hyphen(for: fontAt(p, max(piece.start, visibleEnd - 1)))) }
        if ellipsisGlyph != nil { appendDecoration(ellipsisGlyph) }
        let textWidth = x
        // Alignment inside the fragment.
        var offset = 0.0
        let settings = p.input.settings
        let alignment: TextAlignment
        switch settings.alignment {
        case .natural: alignment = rtlParagraph ? .right : .left
        default: alignment = settings.alignment
        }
        // An unbounded line (sizing a label) has no right edge to align to.
        switch available.isFinite ? alignment : .left {
        case .right: offset = max(0, available - textWidth)
        case .center: offset = max(0, (available - textWidth) / 2)
        case .justified where !isLastLineOfParagraph && !truncate:
            runs = justify(runs, p: p, extra: available - textWidth)
        default: break
        }
        let originX = piece.segment.minX + padding + offset
        if !geometryOnly { runs = runs.map { shifted($0, by: originX - piece.segment.minX) } }
        let usedWidth = alignment == .justified && !isLastLineOfParagraph && available.isFinite ? available : textWidth
        let lineRect = Rect(x: piece.segment.minX, y: cursor.y, width: piece.segment.width, height: metrics.height)
        let usedX = piece.segment.minX + (alignment == .justified ? 0 : offset)
        var end = piece.end
        if end == p.count { end += p.input.separatorLength }
        var line = LineFragment(
            rect: lineRect,
            usedRect: Rect(x: usedX, y: cursor.y, width: usedWidth + 2 * padding, height: metrics.height),
            characterRange: NSRange(location: globalStart + piece.start, length: end - piece.start),
            baseline: cursor.y + metrics.baselineFromTop, containerIndex: cursor.containerIndex, runs: runs,
            isHyphenated: piece.hyphenated, isTruncated: truncate, brokeWord: piece.brokeWord)
        if !p.input.attachments.isEmpty {
            line.attachments = attachmentPlacements(p, runs: runs, lineRect: lineRect, baseline: line.baseline)
        }
        if geometryOnly {
            // The same width a released line computes from its runs (summed in their order).
            line.releasedTextWidth = runWidths.reduce(0, +)
            line.glyphsReleased = true
        }
        return line
    }

    /// Where the line's attachments go: each one's glyph position (after alignment and
    /// justification) plus its bounds, standing on the baseline.
    private func attachmentPlacements(_ p: MeasuredParagraph, runs: [PositionedRun], lineRect: Rect, baseline: Double)
        -> [AttachmentPlacement]
    {
        let start = p.input.start
        var placements: [AttachmentPlacement] = []
        for run in runs {
            for glyph in run.glyphs where glyph.advance > 0 {
                guard let attachment = p.input.attachment(at: glyph.characterIndex - start) else { continue }
                let bounds = attachment.bounds
                let rect = Rect(
                    x: lineRect.minX + glyph.x + bounds.minX, y: baseline - bounds.minY - bounds.height, width: bounds.width,
                    height: bounds.height)
                placements.append(AttachmentPlacement(characterIndex: glyph.characterIndex, rect: rect, attachment: attachment))
            }
        }
        return placements.sorted { $0.characterIndex < $1.characterIndex }
    }

    private func shifted(_ run: PositionedRun, by dx: Double) -> PositionedRun {
        var copy = run
        copy.x += dx
        for index in copy.glyphs.indices { copy.glyphs[index].x += dx }
        return copy
    }

    /// Spreads `extra` width over the spaces of the line (full justification).
    private func justify(_ runs: [PositionedRun], p: MeasuredParagraph, extra: Double) -> [PositionedRun] {
        guard extra > 0 else { return runs }
        let start = p.input.start
        let spaces = runs.reduce(0) { total, run in
            total + run.glyphs.filter { p.input.text[$0.characterIndex - start] == 0x20 }.count
        }
        guard spaces > 0 else { return runs }
        let perSpace = extra / Double(spaces)
        var shift = 0.0
        return runs.map { run in
            var copy = run
            copy.x += shift
            for index in copy.glyphs.indices {
                copy.glyphs[index].x += shift
                if p.input.text[copy.glyphs[index].characterIndex - start] == 0x20 {
                    copy.glyphs[index].advance += perSpace
                    shift += perSpace
                }
            }
            copy.width = copy.glyphs.reduce(0) { $0 + $1.advance }
            return copy
        }
    }
}

/// Horizontal alignment of lines (TextKit `NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    case left
    case right
    case center
    /// Both edges flush; the last line of a paragraph is natural.
    case justified
}

/// A single shaped glyph used as a decoration (hyphen, ellipsis).
struct DecorationGlyph {
    var font: ResolvedFont
    var glyphID: UInt32
    var advance: Double
}

/// Hyphen and ellipsis glyphs per font, shaped once per font.
final class DecorationCache {
    private let shaper: Shaper
    private var hyphens: [ResolvedFont: DecorationGlyph?] = [:]
    private var ellipses: [ResolvedFont: DecorationGlyph?] = [:]

    init(shaper: Shaper) { self.shaper = shaper }

    func hyphen(for font: ResolvedFont) -> DecorationGlyph? {
        if let cached = hyphens[font] { return cached }
        let glyph = shapeSingle(0x2010, fallback: 0x2D, font: font)
        hyphens[font] = glyph
        return glyph
    }

    func ellipsis(for font: ResolvedFont) -> DecorationGlyph? {
        if let cached = ellipses[font] { return cached }
        let glyph = shapeSingle(0x2026, fallback: 0x2E, font: font)
        ellipses[font] = glyph
        return glyph
    }

    /// Shapes one character with `font` (falling back to another code point when the font lacks it).
    private func shapeSingle(_ unit: UInt16, fallback: UInt16, font: ResolvedFont) -> DecorationGlyph? {
        for candidate in [unit, fallback] {
            guard let scalar = Unicode.Scalar(candidate), font.face.hasGlyph(for: scalar) else { continue }
            guard
                let shaped = try? shaper.shape(
                    [candidate], spans: [FontSpan(range: 0..<1, font: font)], baseDirection: .leftToRight),
                let run = shaped.runs.first, let glyph = run.glyphs.first else { continue }
            return DecorationGlyph(font: run.font, glyphID: glyph.glyphID, advance: glyph.advance)
        }
        return nil
    }
}
