import FontSystem

/// One positioned glyph from HarfBuzz, in points.
package struct ShapedGlyph: Hashable, Sendable {
    /// Glyph index in the run's font (0 is .notdef).
    public var glyphID: UInt32
    /// UTF-16 offset in the paragraph of the first character of the glyph's cluster.
    public var cluster: Int
    /// Horizontal advance in points, including tracking and extra kerning on a cluster's last glyph.
    public var advance: Double
    /// Horizontal offset from the pen position, in points.
    public var xOffset: Double
    /// Vertical offset from the baseline, in points, y up.
    public var yOffset: Double
    /// Whether breaking the text at this glyph's cluster start would change the shaping on either
    /// side (HarfBuzz `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`): a line break there needs reshaping.
    public var isUnsafeToBreak: Bool

    /// A glyph.
    public init(
        glyphID: UInt32, cluster: Int, advance: Double, xOffset: Double = 0, yOffset: Double = 0,
        isUnsafeToBreak: Bool = false
    ) {
        self.glyphID = glyphID
        self.cluster = cluster
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.isUnsafeToBreak = isUnsafeToBreak
    }
}

/// A run of one font, script and bidi level, shaped by HarfBuzz.
package struct ShapedRun: Hashable, Sendable {
    /// The UTF-16 offsets in the paragraph this run covers (logical order).
    public var range: Range<Int>
    /// The font the glyphs are from (after per-character fallback).
    public var font: ResolvedFont
    /// The glyphs in visual order (left to right), as HarfBuzz returns them: an RTL run's
    /// clusters decrease along the array.
    public var glyphs: [ShapedGlyph]
    /// The UAX #9 embedding level (even = left to right).
    public var bidiLevel: UInt8
    /// The ISO 15924 script tag the run was shaped with, e.g. `Latn`, `Hebr`, `Zyyy` (only
    /// common characters).
    public var script: String
    /// Sum of the glyph advances, in points.
    public var width: Double

    /// A shaped run.
    public init(
        range: Range<Int>, font: ResolvedFont, glyphs: [ShapedGlyph], bidiLevel: UInt8, script: String, width: Double
    ) {
        self.range = range
        self.font = font
        self.glyphs = glyphs
        self.bidiLevel = bidiLevel
        self.script = script
        self.width = width
    }

    /// Whether the run is right to left (odd level).
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// The total advance of the glyphs whose clusters start inside `utf16Range` (the width of that
    /// part of the run, as a line breaker measures a candidate line).
    public func width(of utf16Range: Range<Int>) -> Double {
        var total = 0.0
        for glyph in glyphs where utf16Range.contains(glyph.cluster) { total += glyph.advance }
        return total
    }

    /// Whether the run can be cut at `offset` without reshaping: the offset starts a cluster and
    /// HarfBuzz did not mark it unsafe to break. The run's own ends are always safe.
    public func isSafeToBreak(atUTF16Offset offset: Int) -> Bool {
        if offset <= range.lowerBound || offset >= range.upperBound { return true }
        var found = false
        for glyph in glyphs where glyph.cluster == offset {
            if glyph.isUnsafeToBreak { return false }
            found = true
        }
        return found
    }
}

/// A character drawn with another font than its span's, because the span's font lacks it.
package struct FontFallbackEvent: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-16 offsets in the paragraph drawn with the fallback font (adjacent characters with
    /// the same fallback are reported once).
    public var range: Range<Int>
    /// The family of the span's font.
    public var requestedFamily: String
    /// The family actually used.
    public var usedFamily: String
    /// The font actually used.
    public var usedFont: ResolvedFont

    /// A fallback event.
    public init(range: Range<Int>, requestedFamily: String, usedFamily: String, usedFont: ResolvedFont) {
        self.range = range
        self.requestedFamily = requestedFamily
        self.usedFamily = usedFamily
        self.usedFont = usedFont
    }

    /// `6..<8: Inter → WenQuanYi Micro Hei`.
    public var description: String { "\(range.lowerBound)..<\(range.upperBound): \(requestedFamily) → \(usedFamily)" }
}

/// A character drawn as .notdef (tofu): no installed font could draw it in its cluster.
public struct MissingGlyph: Hashable, Sendable, CustomStringConvertible {
    /// UTF-16 offset of the character in the paragraph.
    public var offset: Int
    /// The character.
    public var scalar: Unicode.Scalar
    /// The font whose .notdef is drawn.
    public var font: ResolvedFont

    /// A missing glyph.
    public init(offset: Int, scalar: Unicode.Scalar, font: ResolvedFont) {
        self.offset = offset
        self.scalar = scalar
        self.font = font
    }

    /// `U+10FFFD at 1 (Inter)`.
    public var description: String {
        "U+\(String(scalar.value, radix: 16, uppercase: true)) at \(offset) (\(font.familyName))"
    }
}

/// One paragraph itemized and shaped: runs in logical order plus what fell back or is missing.
package struct ShapedParagraph: Hashable, Sendable {
    /// The runs in logical order; together they cover the paragraph. Reorder one line's runs with
    /// ``BidiReordering/visualOrder(levels:)``.
    public var runs: [ShapedRun]
    /// Characters drawn with a fallback font.
    public var fallbacks: [FontFallbackEvent]
    /// Characters no installed font could draw (shown as .notdef).
    public var missingGlyphs: [MissingGlyph]
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    public var baseLevel: UInt8
    /// Number of UTF-16 units shaped.
    public var utf16Count: Int

    /// A shaped paragraph.
    public init(
        runs: [ShapedRun], fallbacks: [FontFallbackEvent], missingGlyphs: [MissingGlyph], baseLevel: UInt8,
        utf16Count: Int
    ) {
        self.runs = runs
        self.fallbacks = fallbacks
        self.missingGlyphs = missingGlyphs
        self.baseLevel = baseLevel
        self.utf16Count = utf16Count
    }

    /// Whether the paragraph direction is right to left.
    public var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// The total advance of all runs, in points (the paragraph's width on one unbroken line).
    public var width: Double { runs.reduce(0) { $0 + $1.width } }
}
