import FontSystem

/// One span of a paragraph with uniform font and spacing, in UTF-16 offsets relative to the paragraph.
///
/// The layout manager passes one span per run of equal font attributes; adjacent spans with the
/// same font and spacing are shaped together, so splitting a span (say, for a colour change) never
/// changes the glyphs or kerning.
///
/// ```swift
/// let body = try resolver.resolve(descriptor)
/// let span = FontSpan(range: 0..<text.utf16.count, font: body, trackingPoints: body.trackingPoints)
/// ```
package struct FontSpan: Hashable, Sendable {
    /// The UTF-16 offsets this span covers, relative to the paragraph.
    public var range: Range<Int>
    /// The font asked for; characters it lacks fall back to other fonts.
    public var font: ResolvedFont
    /// The kerning attribute (TextKit `NSAttributedString.Key.kern`): `nil` = the font's kerning,
    /// `0` = kerning off (the `kern` feature disabled), any other value = points added after each
    /// character cluster, with the font's kerning left on.
    public var kerning: Double?
    /// Tracking in points added after each character cluster (the type ramp's tracking, as
    /// ``ResolvedFont/trackingPoints``). Like a text style's built-in tracking on Apple platforms it
    /// keeps ligatures on (only the `tracking` attribute disables them there).
    public var trackingPoints: Double

    /// A span of `font` over `range`.
    ///
    /// - Parameters:
    ///   - range: UTF-16 offsets in the paragraph.
    ///   - font: The font asked for.
    ///   - kerning: `nil` for the font's kerning, `0` to turn it off, else extra points per cluster.
    ///   - trackingPoints: Extra points per cluster from the type ramp (usually `font.trackingPoints`).
    public init(range: Range<Int>, font: ResolvedFont, kerning: Double? = nil, trackingPoints: Double = 0) {
        self.range = range
        self.font = font
        self.kerning = kerning
        self.trackingPoints = trackingPoints
    }
}

/// The paragraph's base writing direction (TextKit `NSWritingDirection`).
public enum BaseWritingDirection: Hashable, Sendable, CaseIterable {
    /// From the first strong character (UAX #9 rules P2–P3); left to right when there is none.
    case natural
    /// Left to right (paragraph level 0).
    case leftToRight
    /// Right to left (paragraph level 1).
    case rightToLeft
}
