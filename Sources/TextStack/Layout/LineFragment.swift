import DynamicTypeCore
import FontSystem
import Foundation

/// One glyph placed on a line, relative to the line fragment's baseline origin.
public struct PositionedGlyph: Hashable, Sendable {
    /// Glyph id in its run's font.
    public var glyphID: UInt32
    /// UTF-16 offset of the glyph's cluster in the storage.
    public var characterIndex: Int
    /// x of the glyph origin from the line fragment's left edge (points).
    public var x: Double
    /// Vertical offset from the baseline (points, y down).
    public var yOffset: Double
    /// Advance (points), including tracking and extra kerning.
    public var advance: Double
}

/// Glyphs of one font and direction on a line, in visual (left-to-right) order.
public struct PositionedRun: Hashable, Sendable {
    /// The font the glyphs are drawn with (after fallback).
    public var font: ResolvedFont
    /// The glyphs, left to right.
    public var glyphs: [PositionedGlyph]
    /// Storage characters this run covers (UTF-16).
    public var characterRange: NSRange
    /// Whether the run is right-to-left.
    public var isRightToLeft: Bool
    /// x of the run's left edge from the fragment's left edge.
    public var x: Double
    /// Width of the run.
    public var width: Double
}

/// Where an inline ``TextAttachment`` is drawn (TextKit asks `attachmentBounds(for:…)` and draws
/// the attachment's image there).
package struct AttachmentPlacement: Hashable, Sendable {
    /// UTF-16 offset of the attachment's U+FFFC in the storage.
    public var characterIndex: Int
    /// The attachment's rectangle in container coordinates: its pen position plus
    /// `bounds.origin.x`, its bottom `bounds.origin.y` above the baseline.
    public var rect: Rect
    /// The attachment (its ``TextAttachment/name`` says what to draw).
    public var attachment: TextAttachment
}

/// A laid-out line (TextKit's line fragment): where it is, what it holds.
public struct LineFragment: Hashable, Sendable {
    /// The fragment rectangle in its container (the free part of the line band, including padding).
    public var rect: Rect
    /// The part the glyphs use, including the line-fragment padding on each side (TextKit's used rect).
    public var usedRect: Rect
    /// Storage characters on this fragment (UTF-16; includes trailing spaces and the paragraph
    /// separator when it ends the line).
    public var characterRange: NSRange
    /// Baseline y in container coordinates.
    public var baseline: Double
    /// Index of the container the fragment is in.
    public var containerIndex: Int
    /// Glyph runs in visual order (their `glyphs` are empty when ``glyphsReleased``; no runs at
    /// all when the layout manager keeps geometry only, see ``LayoutManager/releasedLinesKeepRuns``).
    public var runs: [PositionedRun]
    /// The line ends with an inserted hyphen.
    public var isHyphenated: Bool
    /// The line was cut and ends with "…" (or was clipped) because of a line limit or a full container.
    public var isTruncated: Bool
    /// A word did not fit the line and was broken between characters.
    public var brokeWord: Bool
    /// The inline attachments on the line, by character index: where a renderer draws them. Kept
    /// when the glyphs are released.
    package var attachments: [AttachmentPlacement] = []
    /// The runs' glyphs were not kept (``LayoutManager/glyphRetentionHeight``); geometry, flags and
    /// ``textWidth`` are still exact.
    public internal(set) var glyphsReleased = false
    /// The text width when the runs themselves were not kept.
    var releasedTextWidth: Double?

    /// Text width (without padding).
    public var textWidth: Double { releasedTextWidth ?? runs.reduce(0) { $0 + $1.width } }

    /// Whether a line at `top` in container `containerIndex` lies at or below a finite retention
    /// height (every line of a later container does; nothing does when the height is infinite):
    /// the one rule for which lines keep their glyphs.
    static func isBelowRetention(containerIndex: Int, top: Double, height: Double) -> Bool {
        height.isFinite && (containerIndex > 0 || top >= height)
    }

    /// Drops the runs' glyphs (keeping each run's font, range, direction, x and width), or the
    /// runs altogether (keeping the width).
    mutating func releaseGlyphs(keepingRuns: Bool) {
        guard !glyphsReleased else { return }
        if keepingRuns {
            for index in runs.indices { runs[index].glyphs = [] }
        } else {
            releasedTextWidth = textWidth
            runs = []
        }
        glyphsReleased = true
    }
}

/// A text span whose characters no installed font can draw, or drew with a fallback font.
public struct LayoutFallback: Hashable, Sendable {
    /// Storage range (UTF-16).
    public var range: NSRange
    /// The family the text asked for.
    public var requestedFamily: String
    /// The family used, or nil when no installed font has the character.
    public var usedFamily: String?
}
