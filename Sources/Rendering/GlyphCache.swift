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

/// Rasterized glyphs cached per (face, pixel size, glyph id, subpixel phase), shared by canvases.
///
/// FreeType does the rasterizing, through ``FontFace``'s package methods (the FreeType calls are
/// all in FontSystem's `C/FreeTypeCalls.swift`); this cache scales colour strikes and small bitmap
/// strikes to the requested size. A glyph that cannot be loaded or rendered is cached as a failure
/// (with FreeType's message) so that it is not retried, and the canvas skips it and records a warning.
///
/// Outline glyphs are rasterized unhinted at the run's size × scale, at one of ``subpixelPhases``
/// horizontal phases. Colour bitmap faces (Noto Color Emoji) have fixed strikes: the nearest strike
/// is scaled to the requested size (area averaging when shrinking, bilinear when enlarging).
///
/// Thread-safe: lookups go through a mutex, FreeType work happens under the face's own lock.
/// Package API: canvases use ``shared`` unless a test gives them their own.
package final class GlyphCache: Sendable {
    /// The process-wide cache canvases use by default.
    package static let shared = GlyphCache()

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
    package init(capacity: Int = 50_000) {
        self.capacity = max(1, capacity)
    }

    /// Number of cached glyphs (including cached failures).
    package var count: Int { state.withLock { $0.glyphs.count } }

    /// Lookups answered from the cache and lookups that rasterized, since creation.
    package var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// Drops every cached glyph.
    package func removeAll() { state.withLock { $0.glyphs.removeAll() } }

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
        let made = Self.rasterize(face, key: key)
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
        let metrics = face.decorationMetrics()
        state.withLock { $0.metrics[face] = metrics }
        return metrics
    }

    // MARK: Rasterizing

    private static func rasterize(_ face: FontFace, key: Key) -> Result<GlyphImage, GlyphError> {
        // Outlines are shifted right by phase/4 pixel (26.6 units) before rendering.
        let shift = key.phase * 64 / subpixelPhases
        switch face.rasterizeGlyph(key.glyphID, size26_6: key.size26_6, shift26_6: shift) {
        case .failure(let error):
            return .failure(GlyphError(error, key: key))
        case .success(let bitmap):
            guard bitmap.width > 0, bitmap.height > 0 else { return .success(.empty) }
            switch bitmap.kind {
            case .premultipliedRGBA:
                return .success(
                    colorGlyph(
                        bitmap.pixels, width: bitmap.width, height: bitmap.height, left: bitmap.left, top: bitmap.top,
                        scale: bitmap.strikeScale))
            case .coverage:
                var image = GlyphImage(
                    kind: .coverage, width: bitmap.width, height: bitmap.height, left: bitmap.left, top: bitmap.top,
                    pixels: bitmap.pixels)
                if bitmap.strikeScale != 1 { image = scaledCoverage(image, scale: bitmap.strikeScale) }
                return .success(image)
            }
        }
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
}

/// Why a glyph could not be rasterized: the FreeType call that failed, and which glyph it was.
struct GlyphError: Error, Hashable, Sendable, CustomStringConvertible {
    var failure: GlyphRasterError
    var fontFile: String
    var glyphID: UInt32
    var pixelSize: Double

    init(_ failure: GlyphRasterError, key: GlyphCache.Key) {
        self.failure = failure
        self.fontFile = (key.face.path as NSString).lastPathComponent
        self.glyphID = key.glyphID
        self.pixelSize = Double(key.size26_6) / 64
    }

    var description: String {
        let code = failure.code
        let reason = failure.detail.map { "\($0) (FT_Error \(code))" } ?? "FT_Error \(code)"
        return "glyph \(glyphID) of \(fontFile) at \(pixelSize) px skipped: \(failure.call) failed: \(reason)"
    }
}
