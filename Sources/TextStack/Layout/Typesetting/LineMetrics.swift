import FontSystem

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

extension ParagraphTypesetter {
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
}
