import DynamicTypeCore
import FontSystem
import Foundation

/// Breaks a measured paragraph into lines and places them (TextKit's typesetter): greedy filling
/// of the free segments the container offers at each line band, UAX #14 break opportunities,
/// hyphenation when the paragraph's hyphenation factor asks for it, character breaking of words
/// wider than the line, truncation with "…".
///
/// This file walks the paragraph band by band and moves the cursor (spacing, containers, line
/// limits); the steps are in files of their own: line fitting (`+LineFitting`), hyphenation
/// (`+Hyphenation`), line building (`+LineBuilding`), alignment and justification
/// (`Justification`), hyphen and ellipsis glyphs and truncation (`LineDecorations`), attachment
/// placement (`ParagraphAttachments`) and line heights (`LineMetrics`).
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
        if !isFirstParagraph && !window.isContinuation { addSpacingBefore(paragraph, cursor: &cursor, containers: containers) }
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
                cursor.moveToNextContainer()
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
                    cursor.moveToNextContainer()
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
                cursor.moveToNextContainer()
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
            let mustTruncate =
                moreTextFollows
                && mustTruncateBand(
                    paragraph, metrics: metrics, cursor: cursor, container: container, isLastAllowedLine: isLastAllowedLine,
                    isLastContainer: cursor.containerIndex == containers.count - 1)
            appendLines(
                for: placed, of: paragraph, to: &lines, metrics: metrics, cursor: cursor, container: container,
                mustTruncate: mustTruncate, moreTextFollows: moreTextFollows, geometryOnlyBelow: geometryOnlyBelow)
            cursor.y += metrics.height
            cursor.linesInContainer += 1
            if delegate != nil { addSpacingAfterBand(placed, of: paragraph, metrics: metrics, end: lastEnd, cursor: &cursor) }
            if mustTruncate {
                return (lines, true, nil)
            }
            if isLastAllowedLine && moreTextFollows {
                return (lines, true, nil)
            }
            if isLastAllowedLine {
                // Container's line budget used up: later text goes to the next container.
                cursor.moveToNextContainer()
            }
            start = lastEnd
            if count == 0 { break }
        }
        if window.hasMoreText { return (lines, false, count) }
        addSpacingAfter(paragraph, lines: lines, cursor: &cursor, containers: containers)
        return (lines, false, nil)
    }

    /// Whether the band at the cursor, with more text after it, is the last that fits (the
    /// container's last allowed line, or no room for another line in the last container) and the
    /// line break mode truncates or clips there.
    private func mustTruncateBand(
        _ paragraph: MeasuredParagraph, metrics: LineMetrics, cursor: LayoutCursor, container: TextContainer,
        isLastAllowedLine: Bool, isLastContainer: Bool
    ) -> Bool {
        let settings = paragraph.input.settings
        let containerFullAfter = cursor.y + metrics.height * 2 + settings.lineSpacing > container.size.height + 1e-6
            && isLastContainer
        return (isLastAllowedLine || containerFullAfter)
            && (container.lineBreakMode == .byTruncatingTail || container.lineBreakMode == .byClipping
                || settings.lineBreakMode == .byTruncatingTail || settings.lineBreakMode == .byClipping)
    }

    /// Makes one line fragment per filled segment of a band; only the band's last segment is
    /// truncated, and only it can be the paragraph's last line.
    private func appendLines(
        for placed: [Piece], of paragraph: MeasuredParagraph, to lines: inout [LineFragment], metrics: LineMetrics,
        cursor: LayoutCursor, container: TextContainer, mustTruncate: Bool, moreTextFollows: Bool, geometryOnlyBelow: Double
    ) {
        let settings = paragraph.input.settings
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
    }

    // MARK: Spacing

    /// Moves the cursor down by the spacing before a paragraph: the style's, plus what the
    /// delegate adds (TextKit `paragraphSpacingBeforeGlyphAt`).
    private func addSpacingBefore(_ paragraph: MeasuredParagraph, cursor: inout LayoutCursor, containers: [TextContainer]) {
        cursor.y += paragraph.input.settings.paragraphSpacingBefore
        if let delegate, cursor.containerIndex < containers.count {
            let band = Rect(
                x: 0, y: cursor.y, width: containers[cursor.containerIndex].size.width,
                height: lineMetrics(paragraph, 0, min(paragraph.count, 1)).height)
            cursor.y += delegate.delegate.layoutManager(
                delegate.manager, paragraphSpacingBeforeCharacterAt: delegate.paragraphLocation + paragraph.input.start,
                withProposedLineFragmentRect: band)
        }
    }

    /// Moves the cursor down by the delegate's spacing after a band ending at paragraph offset
    /// `end` (TextKit `lineSpacingAfterGlyphAt`); the band is the segments' span.
    private func addSpacingAfterBand(
        _ placed: [Piece], of paragraph: MeasuredParagraph, metrics: LineMetrics, end: Int, cursor: inout LayoutCursor
    ) {
        guard let delegate else { return }
        let first = placed[0].segment, last = placed[placed.count - 1].segment
        let band = Rect(x: first.minX, y: cursor.y - metrics.height, width: last.maxX - first.minX, height: metrics.height)
        cursor.y += delegate.delegate.layoutManager(
            delegate.manager, lineSpacingAfterCharacterAt: storageIndex(ofLastCharacterBefore: end, in: paragraph),
            withProposedLineFragmentRect: band)
    }

    /// Moves the cursor down by the spacing after a paragraph: the style's, plus what the delegate
    /// adds (TextKit `paragraphSpacingAfterGlyphAt`).
    private func addSpacingAfter(
        _ paragraph: MeasuredParagraph, lines: [LineFragment], cursor: inout LayoutCursor, containers: [TextContainer]
    ) {
        cursor.y += paragraph.input.settings.paragraphSpacing
        if let delegate, let last = lines.last {
            cursor.y += delegate.delegate.layoutManager(
                delegate.manager, paragraphSpacingAfterCharacterAt: storageIndex(ofLastCharacterBefore: paragraph.count, in: paragraph),
                withProposedLineFragmentRect: Rect(x: 0, y: last.rect.minY, width: containers[last.containerIndex].size.width, height: last.rect.height))
        }
    }

    /// The storage index of the last character before paragraph offset `end`, counting the
    /// paragraph separator when `end` is the paragraph's end (TextKit asks about a line's last glyph).
    private func storageIndex(ofLastCharacterBefore end: Int, in paragraph: MeasuredParagraph) -> Int {
        let withSeparator = end == paragraph.count ? end + paragraph.input.separatorLength : end
        return (delegate?.paragraphLocation ?? 0) + paragraph.input.start + max(0, withSeparator - 1)
    }
}
