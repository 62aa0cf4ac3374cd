import FontSystem

// Decorations: the glyphs a line gets that are not in the text — the hyphen after a hyphenated
// word and the "…" of a truncated line — and where truncation cuts the text to make room for "…".

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

    /// The hyphen (U+2010, else "-") in `font`; nil when the font has neither.
    func hyphen(for font: ResolvedFont) -> DecorationGlyph? {
        if let cached = hyphens[font] { return cached }
        let glyph = shapeSingle(0x2010, fallback: 0x2D, font: font)
        hyphens[font] = glyph
        return glyph
    }

    /// The ellipsis (U+2026, else ".") in `font`; nil when the font has neither.
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

extension ParagraphTypesetter {
    /// A truncated line's text end and its "…": the text is cut at the last grapheme boundary
    /// where text + "…" still fits `available` (TextKit's tail truncation), then trailing spaces
    /// are dropped. `visibleEnd` is the line's end without trailing spaces.
    func truncation(_ p: MeasuredParagraph, piece: Piece, visibleEnd: Int, available: Double)
        -> (visibleEnd: Int, ellipsis: DecorationGlyph?)
    {
        let font = fontAt(p, max(piece.start, visibleEnd - 1))
        let ellipsisGlyph = decorations.ellipsis(for: font)
        let ellipsisWidth = ellipsisGlyph?.advance ?? 0
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
        return (p.trimmedEnd(piece.start, cut), ellipsisGlyph)
    }
}
