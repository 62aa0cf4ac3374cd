/// One glyph as FreeType rendered it, before any scaling (for the renderer's glyph cache).
package struct GlyphBitmap: Sendable {
    package enum Kind: Sendable {
        /// One byte per pixel: anti-aliased coverage.
        case coverage
        /// Four bytes per pixel: premultiplied RGBA (colour bitmap strikes).
        case premultipliedRGBA
    }

    package var kind: Kind
    package var width: Int
    package var height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    package var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    package var top: Int
    package var pixels: [UInt8]
    /// Requested size ÷ strike size for fixed bitmap strikes (1 for outlines): the caller scales by it.
    package var strikeScale: Double

    /// No pixels (a space, or size 0).
    package static let empty = GlyphBitmap(
        kind: .coverage, width: 0, height: 0, left: 0, top: 0, pixels: [], strikeScale: 1)
}

/// A FreeType call that failed while rasterizing a glyph.
package struct GlyphRasterError: Error, Hashable, Sendable {
    /// The FreeType function, e.g. `FT_Load_Glyph`.
    package var call: String
    /// Its `FT_Error` (0 when the failure was detected after a successful call).
    package var code: Int32
    /// FreeType's message for the code, or what was wrong.
    package var detail: String?

    package init(call: String, code: Int32, detail: String?) {
        self.call = call
        self.code = code
        self.detail = detail
    }
}

/// Underline and strikethrough geometry of a face, in font units (positive = above the baseline).
package struct DecorationMetrics: Sendable {
    /// Centre of the underline stroke (FreeType's `underline_position`, negative: below the baseline).
    package var underlinePosition: Double
    package var underlineThickness: Double
    /// Top of the strikeout stroke (OS/2 `yStrikeoutPosition`).
    package var strikeoutPosition: Double
    package var strikeoutThickness: Double
    package var unitsPerEm: Double
}

extension FontFace {
    /// Renders glyph `glyphID` at `size26_6` pixels per em (26.6 fixed point), the outline shifted
    /// right by `shift26_6` (1/64 pixel), under the face's lock.
    package func rasterizeGlyph(_ glyphID: UInt32, size26_6: Int, shift26_6: Int) -> Result<GlyphBitmap, GlyphRasterError> {
        withHandle { $0.rasterize(glyphID: glyphID, size26_6: size26_6, shift26_6: shift26_6) }
    }

    /// The face's underline and strikeout geometry (read from its tables each call; callers cache it).
    package func decorationMetrics() -> DecorationMetrics {
        withHandle { $0.decorationMetrics(unitsPerEm: unitsPerEm, xHeight: xHeight) }
    }
}
