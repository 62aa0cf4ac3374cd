import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

extension Canvas {
    /// Draws laid-out text: every glyph of `lines` with FreeType at its run's font size × ``scale``,
    /// with the attributes of `storage` (the storage the lines were laid out from).
    ///
    /// - Parameters:
    ///   - lines: Line fragments, e.g. `layoutManager.lineFragments`, in container coordinates.
    ///   - storage: Supplies each glyph's attributes, looked up by `glyph.characterIndex`.
    ///   - origin: Where the container's top-left corner is on the canvas (points).
    ///   - clip: If set, nothing is drawn outside this rectangle (canvas points).
    ///
    /// Drawing order, for the whole text: background colours (each attribute run's glyph extent ×
    /// the line fragment's height), letterpress outer highlights, glyphs (letterpressed ones with
    /// their inner shadow and lit lower edge, see ``LetterpressStyle``), then underlines and
    /// strikethroughs. Glyph colour is the foreground colour (black if unset); colour glyphs
    /// (emoji) keep their own colours. Glyph origins snap to the pixel row and to a quarter pixel
    /// horizontally. `baselineOffset` raises glyphs and their decorations.
    ///
    /// Glyphs that FreeType cannot load or render are skipped and counted in
    /// ``skippedGlyphCount``, with the reason in ``warnings``.
    public func drawText(_ lines: [LineFragment], storage: TextStorage, origin: Point = .zero, clip: Rect? = nil) {
        let saved = clipBox
        if let clip { clipBox = clipBox.intersection(pixelBox(covering: clip)) }
        defer { clipBox = saved }
        guard !clipBox.isEmpty, !lines.isEmpty else { return }
        let plan = layoutPlan(lines, storage: storage, origin: origin)
        for background in plan.backgrounds {
            fillPixels(x0: background.x0, y0: background.y0, x1: background.x1, y1: background.y1, paint: background.paint)
        }
        let highlight = Paint(letterpress.highlight)
        let down = LetterpressStyle.pixels(letterpress.highlightOffset, scale: scale)
        for glyph in plan.glyphs where glyph.letterpress {
            blitMask(glyph.image, x: glyph.x, y: glyph.y + down, paint: highlight, opacity: glyph.paint.alpha)
        }
        let bands = LetterpressBands(style: letterpress, scale: scale)
        for glyph in plan.glyphs {
            if glyph.image.kind == .color {
                blitColor(glyph.image, x: glyph.x, y: glyph.y, opacity: glyph.paint.alpha)
            } else if glyph.letterpress {
                blitLetterpressed(glyph.image, x: glyph.x, y: glyph.y, paint: glyph.paint, bands: bands)
            } else {
                blitMask(glyph.image, x: glyph.x, y: glyph.y, paint: glyph.paint, opacity: 1)
            }
        }
        for line in plan.decorations { drawDecoration(line) }
    }

    // MARK: Planning

    private struct PlacedGlyph {
        var image: GlyphImage
        /// Bitmap top-left in pixels.
        var x: Int
        var y: Int
        var paint: Paint
        var letterpress: Bool
    }

    private struct Background {
        var x0: Double
        var y0: Double
        var x1: Double
        var y1: Double
        var paint: Paint
    }

    /// One underline or strikethrough span, in pixels.
    struct DecorationLine {
        var x0: Double
        var x1: Double
        /// Top of the (first) stroke, whole pixels.
        var top: Int
        /// Stroke thickness, whole pixels.
        var thickness: Int
        var doubled: Bool
        var pattern: UnderlineStyle.Pattern
        var paint: Paint
    }

    private struct Plan {
        var backgrounds: [Background] = []
        var glyphs: [PlacedGlyph] = []
        var decorations: [DecorationLine] = []
    }

    /// A glyph extent sharing one attribute run inside one positioned run.
    private struct Group {
        var runLocation: Int
        var attributes: TextAttributes
        var x0: Double
        var x1: Double
        var baseline: Double
    }

    private func layoutPlan(_ lines: [LineFragment], storage: TextStorage, origin: Point) -> Plan {
        var plan = Plan()
        var cursor = AttributeCursor(storage: storage)
        let clipTop = Double(clipBox.y0) / scale, clipBottom = Double(clipBox.y1) / scale
        for line in lines {
            // Glyphs may overhang their line box (tall accents, Zapfino); allow one line height.
            let top = origin.y + line.rect.minY, bottom = origin.y + line.rect.maxY
            let margin = max(line.rect.height, 1)
            if bottom + margin < clipTop || top - margin > clipBottom { continue }
            // Glyph x is measured from the line fragment's left edge (LineFragment's contract).
            let lineX = origin.x + line.rect.minX
            let baseline = origin.y + line.baseline
            for run in line.runs {
                let font = run.font
                let pixelSize = font.pointSize * scale
                var group: Group?
                var wordGroup: Group?  // underline/strikethrough by word: broken at white space
                func flush(_ g: Group?, byWord: Bool) {
                    guard let g else { return }
                    if !byWord, let color = g.attributes.backgroundColor {
                        plan.backgrounds.append(
                            Background(
                                x0: g.x0 * scale, y0: top * scale, x1: g.x1 * scale, y1: bottom * scale, paint: Paint(color)))
                    }
                    let foreground = g.attributes.foregroundColor ?? .black
                    for (style, isUnderline) in [(g.attributes.underline, true), (g.attributes.strikethrough, false)] {
                        guard let style, style.byWord == byWord else { continue }
                        plan.decorations.append(
                            decorationLine(
                                style, underline: isUnderline, font: font, x0: g.x0, x1: g.x1, baseline: g.baseline,
                                color: style.color ?? foreground))
                    }
                }
                for glyph in run.glyphs {
                    let (attributes, runLocation) = cursor.attributes(at: glyph.characterIndex)
                    let glyphBaseline = baseline - (attributes.baselineOffset ?? 0)
                    let left = lineX + glyph.x, right = left + glyph.advance
                    if group?.runLocation != runLocation {
                        flush(group, byWord: false)
                        flush(wordGroup, byWord: true)
                        group = nil
                        wordGroup = nil
                    }
                    if group == nil {
                        group = Group(runLocation: runLocation, attributes: attributes, x0: left, x1: right, baseline: glyphBaseline)
                    } else {
                        group!.x0 = min(group!.x0, left)
                        group!.x1 = max(group!.x1, right)
                    }
                    if attributes.underline?.byWord == true || attributes.strikethrough?.byWord == true {
                        if cursor.isWhitespace(glyph.characterIndex) {
                            flush(wordGroup, byWord: true)
                            wordGroup = nil
                        } else if wordGroup == nil {
                            wordGroup = Group(
                                runLocation: runLocation, attributes: attributes, x0: left, x1: right, baseline: glyphBaseline)
                        } else {
                            wordGroup!.x0 = min(wordGroup!.x0, left)
                            wordGroup!.x1 = max(wordGroup!.x1, right)
                        }
                    }
                    let penX = left * scale
                    var column = Int(penX.rounded(.down))
                    var phase = Int(((penX - Double(column)) * Double(GlyphCache.subpixelPhases)).rounded())
                    if phase == GlyphCache.subpixelPhases {
                        column += 1
                        phase = 0
                    }
                    let row = Int(((glyphBaseline + glyph.yOffset) * scale).rounded())
                    switch glyphCache.glyph(face: font.face, pixelSize: pixelSize, glyphID: glyph.glyphID, phase: phase) {
                    case .success(let image):
                        guard image.width > 0 && image.height > 0 else { continue }
                        plan.glyphs.append(
                            PlacedGlyph(
                                image: image, x: column + image.left, y: row - image.top,
                                paint: Paint(attributes.foregroundColor ?? .black),
                                letterpress: attributes.textEffect == .letterpress))
                    case .failure(let error):
                        skipGlyph(error.description)
                    }
                }
                flush(group, byWord: false)
                flush(wordGroup, byWord: true)
            }
        }
        return plan
    }

    /// Where an underline or strikethrough of `font` goes, snapped to whole pixels.
    private func decorationLine(
        _ style: UnderlineStyle, underline: Bool, font: ResolvedFont, x0: Double, x1: Double, baseline: Double,
        color: RGBAColor
    ) -> DecorationLine {
        let metrics = glyphCache.decorationMetrics(of: font.face)
        let unit = font.pointSize / metrics.unitsPerEm
        let rawThickness = (underline ? metrics.underlineThickness : metrics.strikeoutThickness) * unit
        let thickness = max(1, Int((rawThickness * (style.line == .thick ? 2 : 1) * scale).rounded()))
        // Centre of the stroke, y down, in pixels.
        let centre: Double
        if underline {
            centre = (baseline - metrics.underlinePosition * unit) * scale
        } else {
            centre = (baseline - (metrics.strikeoutPosition - metrics.strikeoutThickness / 2) * unit) * scale
        }
        var top = Int((centre - Double(thickness) / 2).rounded())
        if style.line == .double && !underline {
            // Two strokes with a one-stroke gap, centred on the strikeout position.
            top = Int((centre - Double(thickness) * 1.5).rounded())
        }
        return DecorationLine(
            x0: x0 * scale, x1: x1 * scale, top: top, thickness: thickness, doubled: style.line == .double,
            pattern: style.pattern, paint: Paint(color))
    }

    func drawDecoration(_ line: DecorationLine) {
        // Dash lengths in units of max(stroke, 1 pt), after NSUnderlineStyle's patterns.
        let unit = max(Double(line.thickness), scale)
        let dashes: [Double]
        switch line.pattern {
        case .solid: dashes = []
        case .dot: dashes = [1, 1]
        case .dash: dashes = [4, 2]
        case .dashDot: dashes = [4, 2, 1, 2]
        case .dashDotDot: dashes = [4, 2, 1, 2, 1, 2]
        }
        let strokes = line.doubled ? [line.top, line.top + 2 * line.thickness] : [line.top]
        for top in strokes {
            let y0 = Double(top), y1 = Double(top + line.thickness)
            if dashes.isEmpty {
                fillPixels(x0: line.x0, y0: y0, x1: line.x1, y1: y1, paint: line.paint)
                continue
            }
            var x = line.x0, index = 0
            while x < line.x1 {
                let length = dashes[index % dashes.count] * unit
                if index % 2 == 0 { fillPixels(x0: x, y0: y0, x1: min(x + length, line.x1), y1: y1, paint: line.paint) }
                x += length
                index += 1
            }
        }
    }

    // MARK: Compositing

    /// Draws a glyph's shape (coverage, or a colour glyph's alpha) in `paint` × `opacity`.
    private func blitMask(_ glyph: GlyphImage, x: Int, y: Int, paint: Paint, opacity: Double) {
        let clip = clipBox
        let x0 = max(clip.x0, x), x1 = min(clip.x1, x + glyph.width)
        let y0 = max(clip.y0, y), y1 = min(clip.y1, y + glyph.height)
        guard x0 < x1, y0 < y1 else { return }
        let alpha = Int((paint.alpha * opacity * 255).rounded())
        guard alpha > 0 else { return }
        let width = image.width
        let stride = glyph.kind == .color ? 4 : 1
        let alphaOffset = glyph.kind == .color ? 3 : 0
        image.pixels.withUnsafeMutableBufferPointer { p in
            glyph.pixels.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    let sourceRow = (row - y) * glyph.width
                    for column in x0..<x1 {
                        let coverage = Int(source[(sourceRow + column - x) * stride + alphaOffset])
                        if coverage == 0 { continue }
                        PixelBlend.over(
                            p, at: (row * width + column) * 4, r: paint.r, g: paint.g, b: paint.b,
                            a: (coverage * alpha + 127) / 255)
                    }
                }
            }
        }
    }

    /// The inner bands of ``LetterpressStyle`` in device pixels and 0…255 channels.
    private struct LetterpressBands {
        /// Rows of the upper (shadow) and lower (lit wall) bands.
        var shadowDepth: Int
        var highlightDepth: Int
        var shadow: Paint
        var highlight: Paint

        init(style: LetterpressStyle, scale: Double) {
            shadowDepth = LetterpressStyle.pixels(style.innerShadowDepth, scale: scale)
            highlightDepth = LetterpressStyle.pixels(style.innerHighlightDepth, scale: scale)
            shadow = Paint(style.innerShadow)
            highlight = Paint(style.innerHighlight)
        }
    }

    /// Draws a coverage glyph in `paint` with ``LetterpressStyle``'s inner shadow and lit lower
    /// wall: each pixel's colour is mixed towards the shadow by the share of its coverage that the
    /// glyph moved down by one and by two shadow depths leaves uncovered (averaged, so the shadow
    /// fades), then towards the highlight by the share the glyph moved up by the highlight depth
    /// leaves uncovered (see the style's model).
    private func blitLetterpressed(_ glyph: GlyphImage, x: Int, y: Int, paint: Paint, bands: LetterpressBands) {
        let clip = clipBox
        let x0 = max(clip.x0, x), x1 = min(clip.x1, x + glyph.width)
        let y0 = max(clip.y0, y), y1 = min(clip.y1, y + glyph.height)
        guard x0 < x1, y0 < y1 else { return }
        let alpha = paint.alphaByte
        guard alpha > 0 else { return }
        let shadowAlpha = bands.shadow.alphaByte, highlightAlpha = bands.highlight.alphaByte
        let up = bands.shadowDepth, down = bands.highlightDepth
        let width = image.width, glyphWidth = glyph.width, glyphHeight = glyph.height
        // Mixes one channel towards `target` by `amount` (0…255), rounded.
        @inline(__always) func mix(_ value: Int, _ target: Int, _ amount: Int) -> Int {
            (value * (255 - amount) + target * amount + 127) / 255
        }
        image.pixels.withUnsafeMutableBufferPointer { p in
            glyph.pixels.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    let glyphRow = row - y
                    for column in x0..<x1 {
                        let glyphColumn = column - x
                        let coverage = Int(source[glyphRow * glyphWidth + glyphColumn])
                        if coverage == 0 { continue }
                        // Coverage of the pixels `up` and `2 × up` rows above and `down` rows below
                        // (0 off the bitmap).
                        let above = glyphRow >= up ? Int(source[(glyphRow - up) * glyphWidth + glyphColumn]) : 0
                        let farAbove =
                            glyphRow >= 2 * up ? Int(source[(glyphRow - 2 * up) * glyphWidth + glyphColumn]) : 0
                        let below =
                            glyphRow + down < glyphHeight ? Int(source[(glyphRow + down) * glyphWidth + glyphColumn]) : 0
                        var r = paint.r, g = paint.g, b = paint.b
                        // farAbove ≤ above on a stroke's top edge; `max` keeps odd shapes (a dot
                        // above a stem) from cancelling the near band.
                        let shaded = max(0, coverage - above) + max(0, coverage - farAbove)
                        if shaded > 0 && shadowAlpha > 0 {
                            let amount = shaded * shadowAlpha / (2 * coverage)
                            r = mix(r, bands.shadow.r, amount)
                            g = mix(g, bands.shadow.g, amount)
                            b = mix(b, bands.shadow.b, amount)
                        }
                        if coverage > below && highlightAlpha > 0 {
                            let amount = (coverage - below) * highlightAlpha / coverage
                            r = mix(r, bands.highlight.r, amount)
                            g = mix(g, bands.highlight.g, amount)
                            b = mix(b, bands.highlight.b, amount)
                        }
                        PixelBlend.over(p, at: (row * width + column) * 4, r: r, g: g, b: b, a: (coverage * alpha + 127) / 255)
                    }
                }
            }
        }
    }

    /// Draws a colour glyph as is, its alpha × `opacity`.
    private func blitColor(_ glyph: GlyphImage, x: Int, y: Int, opacity: Double) {
        let clip = clipBox
        let x0 = max(clip.x0, x), x1 = min(clip.x1, x + glyph.width)
        let y0 = max(clip.y0, y), y1 = min(clip.y1, y + glyph.height)
        guard x0 < x1, y0 < y1 else { return }
        let alpha = Int((opacity * 255).rounded())
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            glyph.pixels.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    for column in x0..<x1 {
                        let s = ((row - y) * glyph.width + column - x) * 4
                        let a = (Int(source[s + 3]) * alpha + 127) / 255
                        if a == 0 { continue }
                        PixelBlend.over(
                            p, at: (row * width + column) * 4, r: Int(source[s]), g: Int(source[s + 1]),
                            b: Int(source[s + 2]), a: a)
                    }
                }
            }
        }
    }
}

/// Attribute lookup that remembers the current attribute run, so consecutive glyphs of one run
/// cost a range check instead of a binary search.
struct AttributeCursor {
    let storage: TextStorage
    private var range = NSRange(location: 0, length: 0)
    private var current = TextAttributes.empty
    private let length: Int

    init(storage: TextStorage) {
        self.storage = storage
        self.length = storage.length
    }

    /// The attributes at `index` and the start of their run (an identity for grouping). Indices
    /// outside the storage (a stale layout) get the last attributes seen.
    mutating func attributes(at index: Int) -> (TextAttributes, Int) {
        if index >= range.location && index < range.location + range.length { return (current, range.location) }
        guard index >= 0, index < length else { return (current, range.length > 0 ? range.location : -1) }
        current = storage.attributes(at: index, effectiveRange: &range)
        return (current, range.location)
    }

    /// Whether the character at `index` is white space (for by-word decorations).
    func isWhitespace(_ index: Int) -> Bool {
        guard index >= 0, index < length else { return false }
        switch storage.character(at: index) {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000:
            return true
        default:
            return false
        }
    }
}
