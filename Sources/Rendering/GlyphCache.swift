import CFreeType
import FontSystem
import Foundation
import Synchronization

/// A rasterized glyph in device pixels, ready to composite.
///
/// Coverage glyphs (outlines) hold one 8-bit coverage value per pixel; colour glyphs (emoji
/// bitmaps) hold straight-alpha RGBA, already scaled to the requested size.
struct GlyphImage: Sendable {
    enum Kind: Sendable {
        /// One byte per pixel: anti-aliased coverage, drawn in the text colour.
        case coverage
        /// Four bytes per pixel: straight-alpha RGBA, drawn as is.
        case color
    }

    var kind: Kind
    var width: Int
    var height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    var top: Int
    var pixels: [UInt8]

    static let empty = GlyphImage(kind: .coverage, width: 0, height: 0, left: 0, top: 0, pixels: [])
}

/// Underline and strikethrough geometry of a face, in font units (positive = above the baseline).
struct DecorationMetrics: Sendable {
    /// Centre of the underline stroke (FreeType's `underline_position`, negative: below the baseline).
    var underlinePosition: Double
    var underlineThickness: Double
    /// Top of the strikeout stroke (OS/2 `yStrikeoutPosition`).
    var strikeoutPosition: Double
    var strikeoutThickness: Double
    var unitsPerEm: Double
}

/// Rasterized glyphs cached per (face, pixel size, glyph id, subpixel phase), shared by canvases.
///
/// This file is the only place Rendering calls FreeType. Every call's error is checked; a glyph
/// that cannot be loaded or rendered is cached as a failure (with FreeType's message) so that it
/// is not retried, and the canvas skips it and records a warning.
///
/// Outline glyphs are loaded unhinted (`FT_LOAD_NO_HINTING`: like Core Text, and the advances the
/// shaper used are unhinted too) at the run's size × scale (`FT_Set_Char_Size`, 26.6 at 72 dpi),
/// at one of ``subpixelPhases`` horizontal phases, and rendered with `FT_RENDER_MODE_NORMAL`.
/// Colour bitmap faces (Noto Color Emoji) have fixed strikes: the nearest strike is selected
/// with `FT_Select_Size`, loaded with `FT_LOAD_COLOR` (premultiplied BGRA) and scaled to the
/// requested size (area averaging when shrinking, bilinear when enlarging).
///
/// Thread-safe: lookups go through a mutex, FreeType work happens under the face's own lock.
public final class GlyphCache: Sendable {
    /// The process-wide cache canvases use by default.
    public static let shared = GlyphCache()

    /// Horizontal subpixel positions per pixel for outline glyphs (quarter pixels).
    static let subpixelPhases = 4

    struct Key: Hashable, Sendable {
        var face: FontFace
        /// Pixel size in 26.6 fixed point.
        var size26_6: Int
        var glyphID: UInt32
        var phase: Int
    }

    private struct State: ~Copyable {
        var glyphs: [Key: Result<GlyphImage, GlyphError>] = [:]
        var metrics: [FontFace: DecorationMetrics] = [:]
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    /// Entries kept before the cache is emptied (a crude bound; a screen of text needs a few hundred).
    private let capacity: Int

    /// A cache holding at most `capacity` glyph images (emptied when full).
    public init(capacity: Int = 50_000) {
        self.capacity = max(1, capacity)
    }

    /// Number of cached glyphs (including cached failures).
    public var count: Int { state.withLock { $0.glyphs.count } }

    /// Lookups answered from the cache and lookups that rasterized, since creation.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Drops every cached glyph.
    public func removeAll() { state.withLock { $0.glyphs.removeAll() } }

    /// The glyph rasterized at `pixelSize` pixels per em and the given subpixel phase.
    func glyph(face: FontFace, pixelSize: Double, glyphID: UInt32, phase: Int) -> Result<GlyphImage, GlyphError> {
        let size26_6 = Int((pixelSize * 64).rounded())
        let key = Key(face: face, size26_6: size26_6, glyphID: glyphID, phase: face.isScalable ? phase : 0)
        if let cached = state.withLock({ state -> Result<GlyphImage, GlyphError>? in
            let found = state.glyphs[key]
            if found != nil { state.hits += 1 }
            return found
        }) {
            return cached
        }
        let made = face.withFace { ftFace in
            Self.rasterize(ftFace, key: key)
        }
        state.withLock { state in
            state.misses += 1
            if state.glyphs.count >= capacity { state.glyphs.removeAll(keepingCapacity: true) }
            state.glyphs[key] = made
        }
        return made
    }

    /// Underline/strikeout metrics of `face`, read once.
    func decorationMetrics(of face: FontFace) -> DecorationMetrics {
        if let cached = state.withLock({ $0.metrics[face] }) { return cached }
        let metrics = face.withFace { Self.readDecorationMetrics($0, face: face) }
        state.withLock { $0.metrics[face] = metrics }
        return metrics
    }

    // MARK: FreeType

    private static func rasterize(_ face: FT_Face, key: Key) -> Result<GlyphImage, GlyphError> {
        let flags = Int(face.pointee.face_flags)
        let scalable = flags & Int(FT_FACE_FLAG_SCALABLE) != 0
        let pixelSize = Double(key.size26_6) / 64
        guard key.size26_6 > 0 else { return .success(.empty) }
        var bitmapScale = 1.0
        var loadFlags = Int(FT_LOAD_COLOR)
        if scalable {
            let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(key.size26_6), 72, 72)
            guard error == 0 else { return .failure(GlyphError(call: "FT_Set_Char_Size", code: error, key: key)) }
            loadFlags |= Int(FT_LOAD_NO_HINTING) | Int(FT_LOAD_NO_BITMAP)
        } else {
            guard let strike = bestStrike(face, pixelSize: pixelSize) else {
                return .failure(GlyphError(call: "FT_Select_Size", code: 0x17, key: key, detail: "face has no bitmap strikes"))
            }
            let error = FT_Select_Size(face, FT_Int(strike.index))
            guard error == 0 else { return .failure(GlyphError(call: "FT_Select_Size", code: error, key: key)) }
            bitmapScale = pixelSize / strike.ppem
        }
        var error = FT_Load_Glyph(face, FT_UInt(key.glyphID), FT_Int32(loadFlags))
        guard error == 0 else { return .failure(GlyphError(call: "FT_Load_Glyph", code: error, key: key)) }
        guard let slot = face.pointee.glyph else {
            return .failure(GlyphError(call: "FT_Load_Glyph", code: 0, key: key, detail: "no glyph slot"))
        }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            if key.phase != 0 && slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                // Shift the outline right by phase/4 pixel (26.6 units) before rendering.
                FT_Outline_Translate(&slot.pointee.outline, FT_Pos(key.phase * 64 / subpixelPhases), 0)
            }
            error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
            guard error == 0 else { return .failure(GlyphError(call: "FT_Render_Glyph", code: error, key: key)) }
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        guard width > 0, rows > 0 else { return .success(.empty) }
        guard let buffer = bitmap.buffer else {
            return .failure(GlyphError(call: "FT_Render_Glyph", code: 0, key: key, detail: "empty bitmap buffer"))
        }
        let pitch = Int(bitmap.pitch)
        func row(_ r: Int) -> UnsafeMutablePointer<UInt8> {
            // A negative pitch means the buffer starts with the bottom row.
            pitch >= 0 ? buffer + r * pitch : buffer + (rows - 1 - r) * -pitch
        }
        let mode = UInt32(bitmap.pixel_mode)
        switch mode {
        case FT_PIXEL_MODE_BGRA.rawValue:
            var premultiplied = [UInt8](repeating: 0, count: width * rows * 4)
            for r in 0..<rows {
                let source = row(r)
                for c in 0..<width {
                    let s = c * 4, d = (r * width + c) * 4
                    premultiplied[d] = source[s + 2]
                    premultiplied[d + 1] = source[s + 1]
                    premultiplied[d + 2] = source[s]
                    premultiplied[d + 3] = source[s + 3]
                }
            }
            return .success(colorGlyph(premultiplied, width: width, height: rows, left: left, top: top, scale: bitmapScale))
        case FT_PIXEL_MODE_GRAY.rawValue, FT_PIXEL_MODE_MONO.rawValue, FT_PIXEL_MODE_GRAY2.rawValue,
            FT_PIXEL_MODE_GRAY4.rawValue:
            var coverage = [UInt8](repeating: 0, count: width * rows)
            let grays = max(2, Int(bitmap.num_grays))
            for r in 0..<rows {
                let source = row(r)
                for c in 0..<width {
                    let value: Int
                    switch mode {
                    case FT_PIXEL_MODE_MONO.rawValue: value = (Int(source[c >> 3]) >> (7 - (c & 7))) & 1 == 1 ? 255 : 0
                    case FT_PIXEL_MODE_GRAY2.rawValue: value = ((Int(source[c >> 2]) >> (6 - 2 * (c & 3))) & 3) * 255 / 3
                    case FT_PIXEL_MODE_GRAY4.rawValue: value = ((Int(source[c >> 1]) >> (4 - 4 * (c & 1))) & 15) * 255 / 15
                    default: value = grays == 256 ? Int(source[c]) : Int(source[c]) * 255 / (grays - 1)
                    }
                    coverage[r * width + c] = UInt8(min(255, value))
                }
            }
            var image = GlyphImage(kind: .coverage, width: width, height: rows, left: left, top: top, pixels: coverage)
            if bitmapScale != 1 { image = scaledCoverage(image, scale: bitmapScale) }
            return .success(image)
        default:
            return .failure(
                GlyphError(call: "FT_Render_Glyph", code: 0, key: key, detail: "unsupported pixel mode \(mode)"))
        }
    }

    /// The strike to draw `pixelSize` from: the smallest one at least that big, else the biggest.
    private static func bestStrike(_ face: FT_Face, pixelSize: Double) -> (index: Int, ppem: Double)? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        var best: (index: Int, ppem: Double)?
        var largest: (index: Int, ppem: Double)?
        for index in 0..<count {
            let ppem = Double(sizes[index].y_ppem) / 64
            guard ppem > 0 else { continue }
            if largest.map({ ppem > $0.ppem }) ?? true { largest = (index, ppem) }
            if ppem >= pixelSize && (best.map { ppem < $0.ppem } ?? true) { best = (index, ppem) }
        }
        return best ?? largest
    }

    private static func colorGlyph(
        _ premultiplied: [UInt8], width: Int, height: Int, left: Int, top: Int, scale: Double
    ) -> GlyphImage {
        var pixels = premultiplied, w = width, h = height
        var scaledLeft = left, scaledTop = top
        if scale != 1 {
            w = max(1, Int((Double(width) * scale).rounded()))
            h = max(1, Int((Double(height) * scale).rounded()))
            pixels = Resampler.resample(premultiplied, width: width, height: height, channels: 4, toWidth: w, toHeight: h)
            scaledLeft = Int((Double(left) * scale).rounded())
            scaledTop = Int((Double(top) * scale).rounded())
        }
        Resampler.unpremultiply(&pixels)
        return GlyphImage(kind: .color, width: w, height: h, left: scaledLeft, top: scaledTop, pixels: pixels)
    }

    private static func scaledCoverage(_ image: GlyphImage, scale: Double) -> GlyphImage {
        let w = max(1, Int((Double(image.width) * scale).rounded()))
        let h = max(1, Int((Double(image.height) * scale).rounded()))
        let pixels = Resampler.resample(
            image.pixels, width: image.width, height: image.height, channels: 1, toWidth: w, toHeight: h)
        return GlyphImage(
            kind: .coverage, width: w, height: h, left: Int((Double(image.left) * scale).rounded()),
            top: Int((Double(image.top) * scale).rounded()), pixels: pixels)
    }

    private static func readDecorationMetrics(_ face: FT_Face, face font: FontFace) -> DecorationMetrics {
        let rec = face.pointee
        let scalable = Int(rec.face_flags) & Int(FT_FACE_FLAG_SCALABLE) != 0
        // Bitmap-only faces report metrics in strike pixels; FontFace exposes them as "units per em".
        let upem = scalable && rec.units_per_EM > 0 ? Double(rec.units_per_EM) : font.unitsPerEm
        // Fallbacks (no `post`/OS/2 values): a stroke of 1/14 em, the underline 1/10 em below the
        // baseline, the strikeout centred on half the x-height.
        let fallbackThickness = upem / 14
        var underlinePosition = -upem / 10
        var underlineThickness = fallbackThickness
        if scalable && rec.underline_thickness > 0 {
            underlinePosition = Double(rec.underline_position)
            underlineThickness = Double(rec.underline_thickness)
        }
        var strikeoutThickness = underlineThickness
        let xHeight = font.xHeight > 0 ? font.xHeight : upem * 0.5
        var strikeoutPosition = xHeight / 2 + strikeoutThickness / 2
        if scalable, let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.yStrikeoutSize > 0 && os2.yStrikeoutPosition > 0 {
                strikeoutPosition = Double(os2.yStrikeoutPosition)
                strikeoutThickness = Double(os2.yStrikeoutSize)
            }
        }
        return DecorationMetrics(
            underlinePosition: underlinePosition, underlineThickness: underlineThickness,
            strikeoutPosition: strikeoutPosition, strikeoutThickness: strikeoutThickness, unitsPerEm: upem)
    }
}

/// Why a glyph could not be rasterized.
struct GlyphError: Error, Hashable, Sendable, CustomStringConvertible {
    var call: String
    var code: Int32
    var fontFile: String
    var glyphID: UInt32
    var pixelSize: Double
    var detail: String?

    init(call: String, code: FT_Error, key: GlyphCache.Key, detail: String? = nil) {
        self.call = call
        self.code = Int32(code)
        self.fontFile = (key.face.path as NSString).lastPathComponent
        self.glyphID = key.glyphID
        self.pixelSize = Double(key.size26_6) / 64
        self.detail = detail ?? FT_Error_String(code).map { String(cString: $0) }
    }

    var description: String {
        let reason = detail.map { "\($0) (FT_Error \(code))" } ?? "FT_Error \(code)"
        return "glyph \(glyphID) of \(fontFile) at \(pixelSize) px skipped: \(call) failed: \(reason)"
    }
}
