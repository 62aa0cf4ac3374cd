import DynamicTypeCore
import FontSystem
import Foundation

// Line building: a fitted piece of a paragraph becomes a line fragment — its glyphs in visual
// order, a hyphen or "…" at the visual end, aligned in its segment, attachments placed.

extension ParagraphTypesetter {
    /// Builds the line fragment for one piece: glyph runs in visual order, alignment, hyphen or
    /// ellipsis.
    func makeLine(
        _ p: MeasuredParagraph, piece: Piece, metrics: LineMetrics, cursor: LayoutCursor, container: TextContainer,
        truncate: Bool, ellipsis: Bool, isLastLineOfParagraph: Bool, geometryOnly requested: Bool
    ) -> LineFragment {
        let geometryOnly = buildsGeometryOnly(p, piece: piece, requested: requested)
        let padding = container.lineFragmentPadding
        let available = piece.segment.width - 2 * padding
        var visibleEnd = p.trimmedEnd(piece.start, piece.end)
        var ellipsisGlyph: DecorationGlyph?
        if truncate && ellipsis {
            (visibleEnd, ellipsisGlyph) = truncation(p, piece: piece, visibleEnd: visibleEnd, available: available)
        }
        var builder = LineRunBuilder(
            paragraphStart: p.input.start, geometryOnly: geometryOnly, isRightToLeftParagraph: p.shaped.isRightToLeft)
        appendVisualRuns(p, from: piece.start, to: visibleEnd, into: &builder)
        // Inserted hyphen or ellipsis, on the text's last character.
        let decorated = max(piece.start, visibleEnd - 1)
        if piece.hyphenated { builder.appendDecoration(decorations.hyphen(for: fontAt(p, decorated)), characterOffset: decorated) }
        if ellipsisGlyph != nil { builder.appendDecoration(ellipsisGlyph, characterOffset: decorated) }
        let textWidth = builder.x
        let alignment = resolvedAlignment(p)
        let offset = align(
            &builder.runs, p: p, alignment: alignment, textWidth: textWidth, available: available,
            isLastLineOfParagraph: isLastLineOfParagraph, truncate: truncate)
        let originX = piece.segment.minX + padding + offset
        if !geometryOnly { builder.runs = builder.runs.map { $0.shifted(by: originX - piece.segment.minX) } }
        // A justified line uses its whole width, except the paragraph's last (natural) line.
        let usedWidth = alignment == .justified && !isLastLineOfParagraph && available.isFinite ? available : textWidth
        var line = lineFragment(
            p, piece: piece, metrics: metrics, cursor: cursor, runs: builder.runs,
            usedX: piece.segment.minX + (alignment == .justified ? 0 : offset), usedWidth: usedWidth + 2 * padding,
            truncate: truncate)
        if !p.input.attachments.isEmpty {
            line.attachments = attachmentPlacements(p, runs: line.runs, lineRect: line.rect, baseline: line.baseline)
        }
        if geometryOnly {
            // The same width a released line computes from its runs (summed in their order).
            line.releasedTextWidth = builder.runWidths.reduce(0, +)
            line.glyphsReleased = true
        }
        return line
    }

    /// Whether a line asked to be kept without runs can skip building them. It needs its width,
    /// not its glyphs — except a justified line (its spaces are spread glyph by glyph) and a line
    /// holding attachments (they are placed from their glyphs), which take the full path.
    private func buildsGeometryOnly(_ p: MeasuredParagraph, piece: Piece, requested: Bool) -> Bool {
        requested && p.input.settings.alignment != .justified
            && (p.input.attachments.isEmpty || p.input.attachments(in: piece.start, piece.end).isEmpty)
    }

    /// Appends the glyphs of `start..<end` to `builder` in visual order: the runs overlapping the
    /// range, sliced by cluster, reordered by their bidi levels.
    private func appendVisualRuns(_ p: MeasuredParagraph, from start: Int, to end: Int, into builder: inout LineRunBuilder) {
        var slices: [LineRunBuilder.Slice] = []
        for runIndex in runIndices(p, overlapping: start, end) {
            let run = p.shaped.runs[runIndex]
            let glyphs = run.glyphs[Self.glyphRange(of: run, clusters: start, end)]
            if !glyphs.isEmpty { slices.append(LineRunBuilder.Slice(run: run, glyphs: glyphs)) }
        }
        for index in BidiReordering.visualOrder(levels: slices.map(\.run.bidiLevel)) {
            builder.append(slices[index], visibleEnd: end)
        }
    }

    /// The fragment for a built line: its rectangle is the whole free segment at the cursor, its
    /// used rectangle the text's (plus padding), its characters the piece's (with the paragraph
    /// separator on the paragraph's last line).
    private func lineFragment(
        _ p: MeasuredParagraph, piece: Piece, metrics: LineMetrics, cursor: LayoutCursor, runs: [PositionedRun], usedX: Double,
        usedWidth: Double, truncate: Bool
    ) -> LineFragment {
        let lineRect = Rect(x: piece.segment.minX, y: cursor.y, width: piece.segment.width, height: metrics.height)
        var end = piece.end
        if end == p.count { end += p.input.separatorLength }
        return LineFragment(
            rect: lineRect,
            usedRect: Rect(x: usedX, y: cursor.y, width: usedWidth, height: metrics.height),
            characterRange: NSRange(location: p.input.start + piece.start, length: end - piece.start),
            baseline: cursor.y + metrics.baselineFromTop, containerIndex: cursor.containerIndex, runs: runs,
            isHyphenated: piece.hyphenated, isTruncated: truncate, brokeWord: piece.brokeWord)
    }
}

/// A line's glyph runs laid left to right from x = 0 as they are appended in visual order, or,
/// for a line kept without runs (`geometryOnly`), only the widths those runs would have.
struct LineRunBuilder {
    /// The glyphs of one shaped run that fall on the line.
    struct Slice {
        var run: ShapedRun
        var glyphs: ArraySlice<ShapedGlyph>
    }

    /// Offset added to glyph clusters to make storage offsets (the paragraph's or window's start).
    let paragraphStart: Int
    /// Whether only widths are kept (no runs are made).
    let geometryOnly: Bool
    /// Whether decorations go at the left (a right-to-left paragraph's visual end).
    let isRightToLeftParagraph: Bool
    /// The runs so far, left to right.
    var runs: [PositionedRun] = []
    /// The pen position: the width of everything appended so far.
    private(set) var x = 0.0
    /// With `geometryOnly`, the widths the runs would have, in the order they would have them.
    private(set) var runWidths: [Double] = []

    /// Appends a slice's glyphs at the pen; its character range ends at `visibleEnd` at the most.
    mutating func append(_ slice: Slice, visibleEnd: Int) {
        if geometryOnly {
            let runX = x
            for glyph in slice.glyphs { x += glyph.advance }
            runWidths.append(x - runX)
            return
        }
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(slice.glyphs.count)
        let runX = x
        var lo = Int.max, hi = Int.min
        for glyph in slice.glyphs {
            glyphs.append(
                PositionedGlyph(
                    glyphID: glyph.glyphID, characterIndex: paragraphStart + glyph.cluster, x: x + glyph.xOffset,
                    yOffset: -glyph.yOffset, advance: glyph.advance))
            x += glyph.advance
            lo = min(lo, glyph.cluster)
            hi = max(hi, glyph.cluster)
        }
        let rangeEnd = min(visibleEnd, max(hi + 1, slice.run.range.upperBound > visibleEnd ? visibleEnd : slice.run.range.upperBound))
        runs.append(
            PositionedRun(
                font: slice.run.font, glyphs: glyphs,
                characterRange: NSRange(location: paragraphStart + lo, length: max(0, rangeEnd - lo)),
                isRightToLeft: slice.run.isRightToLeft, x: runX, width: x - runX))
    }

    /// Appends an inserted hyphen or ellipsis at the visual end (right for left-to-right
    /// paragraphs; left for right-to-left ones, moving the text right), drawn for the character at
    /// paragraph offset `characterOffset`. Nothing when the font had no such glyph.
    mutating func appendDecoration(_ glyph: DecorationGlyph?, characterOffset: Int) {
        guard let glyph else { return }
        if geometryOnly {
            if isRightToLeftParagraph { runWidths.insert(glyph.advance, at: 0) } else { runWidths.append(glyph.advance) }
            x += glyph.advance
            return
        }
        let positioned = PositionedGlyph(
            glyphID: glyph.glyphID, characterIndex: paragraphStart + characterOffset, x: 0, yOffset: 0, advance: glyph.advance)
        let run = PositionedRun(
            font: glyph.font, glyphs: [positioned], characterRange: NSRange(location: paragraphStart + characterOffset, length: 0),
            isRightToLeft: false, x: 0, width: glyph.advance)
        if isRightToLeftParagraph {
            runs = [run] + runs.map { $0.shifted(by: glyph.advance) }
        } else {
            var placed = run
            placed.x = x
            placed.glyphs[0].x = x
            runs.append(placed)
        }
        x += glyph.advance
    }
}

extension PositionedRun {
    /// The run moved right by `dx`, its glyphs with it.
    func shifted(by dx: Double) -> PositionedRun {
        var copy = self
        copy.x += dx
        for index in copy.glyphs.indices { copy.glyphs[index].x += dx }
        return copy
    }
}
