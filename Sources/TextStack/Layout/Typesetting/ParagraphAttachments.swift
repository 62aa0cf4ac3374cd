import DynamicTypeCore

/// An attachment at a paragraph offset (the offset of its U+FFFC).
struct ParagraphAttachment {
    var offset: Int
    var attachment: TextAttachment
}

extension ParagraphInput {
    /// The text handed to the shaper: each attachment's U+FFFC becomes a space. Fonts rarely have
    /// U+FFFC, so shaping it would pull in a fallback font whose (taller) metrics would size the line,
    /// and report a missing glyph; a space is in every font, shapes alone, and its advance is then
    /// replaced by the attachment's width (``ShapedParagraph/fittingAttachments(_:)``). Breaking
    /// still sees U+FFFC (UAX #14 class CB: a break opportunity on both sides).
    var shapingText: [UInt16] {
        guard !attachments.isEmpty else { return text }
        var copy = text
        for item in attachments { copy[item.offset] = 0x20 }
        return copy
    }

    /// The attachments in `start..<end`, by binary search over the sorted offsets.
    func attachments(in start: Int, _ end: Int) -> ArraySlice<ParagraphAttachment> {
        let lo = ParagraphTypesetter.firstIndex(in: attachments) { $0.offset >= start }
        let hi = ParagraphTypesetter.firstIndex(in: attachments) { $0.offset >= end }
        return attachments[lo..<max(lo, hi)]
    }

    /// The attachment at a paragraph offset, if any.
    func attachment(at offset: Int) -> TextAttachment? {
        let slice = attachments(in: offset, offset + 1)
        return slice.first?.attachment
    }
}

extension ShapedParagraph {
    /// The paragraph with each attachment's glyph given the attachment's width as advance and no
    /// offsets (tracking and kerning do not stretch an attachment).
    func fittingAttachments(_ attachments: [ParagraphAttachment]) -> ShapedParagraph {
        guard !attachments.isEmpty else { return self }
        var widths: [Int: Double] = [:]
        for item in attachments { widths[item.offset] = item.attachment.bounds.width }
        var copy = self
        for runIndex in copy.runs.indices {
            let range = copy.runs[runIndex].range
            guard attachments.contains(where: { range.contains($0.offset) }) else { continue }
            var seen = Set<Int>()
            var width = 0.0
            for glyphIndex in copy.runs[runIndex].glyphs.indices {
                let cluster = copy.runs[runIndex].glyphs[glyphIndex].cluster
                if let attachmentWidth = widths[cluster] {
                    // The first glyph of the cluster carries the whole width.
                    copy.runs[runIndex].glyphs[glyphIndex].advance = seen.insert(cluster).inserted ? attachmentWidth : 0
                    copy.runs[runIndex].glyphs[glyphIndex].xOffset = 0
                    copy.runs[runIndex].glyphs[glyphIndex].yOffset = 0
                }
                width += copy.runs[runIndex].glyphs[glyphIndex].advance
            }
            copy.runs[runIndex].width = width
        }
        return copy
    }
}

extension ParagraphTypesetter {
    /// Where the line's attachments go: each one's glyph position (after alignment and
    /// justification) plus its bounds, standing on the baseline.
    func attachmentPlacements(_ p: MeasuredParagraph, runs: [PositionedRun], lineRect: Rect, baseline: Double)
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
}

extension LineExtent {
    /// Makes the line tall enough for an attachment standing on its baseline (TextKit: the line's
    /// ascent is at least the attachment's height plus its `bounds.origin.y`).
    mutating func include(_ attachment: TextAttachment) {
        include(ascent: attachment.ascent, descent: attachment.descent)
    }
}
