import Foundation
import TextStack

/// A raster surface in points: rectangles, lines, filled and stroked paths, and laid-out text,
/// anti-aliased, composited source-over in straight alpha into an ``RGBAImage``.
///
/// Points map to pixels by ``scale`` (1×, 2×, 3×): a 393 × 852 pt canvas at 2× is 786 × 1704
/// pixels. The origin is the top-left corner, y grows downwards (UIKit's coordinates). Drawing
/// is deterministic: the same calls give the same bytes (integer compositing, no threads).
///
/// ```swift
/// let canvas = Canvas(size: Size(width: 393, height: 852), scale: 2, background: .white)
/// canvas.strokeLine(from: Point(x: 16, y: 44), to: Point(x: 393, y: 44), width: 0.5, color: separatorGray)
/// canvas.fill(BezierPath(ovalIn: indicatorFrame), color: .red)
/// canvas.drawText(layoutManager.lineFragments, storage: storage, origin: Point(x: 0, y: 64))
/// try PNGEncoder.write(canvas.image, to: "preview.png")
/// ```
///
/// A canvas is used by one thread at a time (it is not `Sendable`); the glyph cache it draws from
/// is shared by canvases on many threads.
public final class Canvas {
    /// Size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The pixels drawn so far.
    public internal(set) var image: RGBAImage
    /// Problems met while drawing (each distinct message once), e.g. a glyph FreeType could not load.
    public private(set) var warnings: [String] = []
    /// Glyphs skipped because they could not be rasterized (every occurrence counts).
    public private(set) var skippedGlyphCount = 0
    /// How ``TextEffect/letterpress`` text is drawn.
    public var letterpress: LetterpressStyle = .standard
    /// The glyph cache this canvas draws from.
    package let glyphCache: GlyphCache

    /// Current clip in pixels (intersection of the image and any active clip rectangles).
    var clipBox: PixelBox
    private var warningSet: Set<String> = []

    /// A canvas of `size` points at `scale`, filled with `background`.
    ///
    /// The pixel size is `size × scale`, rounded to whole pixels.
    ///
    /// - Precondition: `scale` is finite and positive; `size` is finite and not negative; neither
    ///   side exceeds ``PNGEncoder/maximumDimension`` pixels (programmer errors, like an
    ///   out-of-range `NSRange`; validate user input before).
    public convenience init(size: Size, scale: Double = 2, background: RGBAColor = .white) {
        self.init(size: size, scale: scale, background: background, glyphCache: .shared)
    }

    /// A canvas drawing from its own glyph cache (tests that time cold rasterizing).
    package init(size: Size, scale: Double = 2, background: RGBAColor = .white, glyphCache: GlyphCache) {
        precondition(scale.isFinite && scale > 0, "Canvas scale must be finite and positive, got \(scale)")
        precondition(
            size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
            "Canvas size must be finite and not negative, got \(size)")
        precondition(
            size.width * scale <= Double(PNGEncoder.maximumDimension)
                && size.height * scale <= Double(PNGEncoder.maximumDimension),
            "Canvas of \(size) pt at \(scale)× exceeds \(PNGEncoder.maximumDimension) pixels per side")
        self.size = size
        self.scale = scale
        self.glyphCache = glyphCache
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        let paint = Paint(background)
        image = RGBAImage(
            width: width, height: height,
            fill: (UInt8(paint.r), UInt8(paint.g), UInt8(paint.b), UInt8((paint.alpha * 255).rounded())))
        clipBox = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
    }

    /// Width in pixels.
    public var pixelWidth: Int { image.width }
    /// Height in pixels.
    public var pixelHeight: Int { image.height }

    /// The image as PNG bytes (see ``PNGEncoder/encode(_:)``).
    public func pngData() throws(RenderingError) -> Data { try PNGEncoder.encode(image) }

    // MARK: Clipping

    /// Runs `body` with drawing restricted to `rect` (points) within the current clip.
    public func withClip<R>(_ rect: Rect, _ body: () throws -> R) rethrows -> R {
        let saved = clipBox
        clipBox = clipBox.intersection(pixelBox(covering: rect))
        defer { clipBox = saved }
        return try body()
    }

    /// The pixels a rectangle in points touches (partially covered pixels included).
    func pixelBox(covering rect: Rect) -> PixelBox {
        guard !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite else { return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) }
        func clamp(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v))) }
        return PixelBox(
            x0: clamp((rect.minX * scale).rounded(.down)), y0: clamp((rect.minY * scale).rounded(.down)),
            x1: clamp((rect.maxX * scale).rounded(.up)), y1: clamp((rect.maxY * scale).rounded(.up)))
    }

    // MARK: Rectangles

    /// Fills `rect` (points) with `color`; partially covered edge pixels get partial coverage.
    public func fill(_ rect: Rect, color: RGBAColor) {
        guard !rect.isEmpty else { return }
        fillPixels(
            x0: rect.minX * scale, y0: rect.minY * scale, x1: rect.maxX * scale, y1: rect.maxY * scale,
            paint: Paint(color))
    }

    /// Fills the pixel-space rectangle [x0, x1) × [y0, y1) with exact area coverage.
    func fillPixels(x0: Double, y0: Double, x1: Double, y1: Double, paint: Paint) {
        guard paint.alpha > 0, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
        let clip = clipBox
        let left = max(x0, Double(clip.x0)), right = min(x1, Double(clip.x1))
        let top = max(y0, Double(clip.y0)), bottom = min(y1, Double(clip.y1))
        guard left < right, top < bottom else { return }
        let colStart = Int(left.rounded(.down)), colEnd = Int(right.rounded(.up))
        let rowStart = Int(top.rounded(.down)), rowEnd = Int(bottom.rounded(.up))
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in rowStart..<rowEnd {
                let vertical = min(Double(y + 1), bottom) - max(Double(y), top)
                for x in colStart..<colEnd {
                    let horizontal = min(Double(x + 1), right) - max(Double(x), left)
                    let a = Int((vertical * horizontal * paint.alpha * 255).rounded())
                    PixelBlend.over(p, at: (y * width + x) * 4, r: paint.r, g: paint.g, b: paint.b, a: a)
                }
            }
        }
    }

    /// Records a warning once.
    func warn(_ message: String) {
        if warningSet.insert(message).inserted { warnings.append(message) }
    }

    /// Counts a skipped glyph and records why.
    func skipGlyph(_ reason: String) {
        skippedGlyphCount += 1
        warn(reason)
    }

    /// Draws `image` (pixels, unscaled) with its top-left corner at `point` (points, rounded to the
    /// pixel grid), source-over, within the clip.
    public func draw(_ other: RGBAImage, at point: Point) {
        let px = Int((point.x * scale).rounded()), py = Int((point.y * scale).rounded())
        let clip = clipBox
        let x0 = max(clip.x0, px), y0 = max(clip.y0, py)
        let x1 = min(clip.x1, px + other.width), y1 = min(clip.y1, py + other.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { destination in
            other.pixels.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    for column in x0..<x1 {
                        let s = ((row - py) * other.width + (column - px)) * 4
                        PixelBlend.over(
                            destination, at: (row * width + column) * 4, r: Int(source[s]), g: Int(source[s + 1]),
                            b: Int(source[s + 2]), a: Int(source[s + 3]))
                    }
                }
            }
        }
    }
}

/// A half-open rectangle of pixels.
struct PixelBox: Hashable, Sendable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }
}

/// A colour as 0…255 channels plus its opacity 0…1.
struct Paint: Hashable, Sendable {
    var r: Int
    var g: Int
    var b: Int
    var alpha: Double

    init(_ color: RGBAColor) {
        // RGBAColor's fields are settable without clamping; never let a byte overflow.
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
        r = Int((unit(color.red) * 255).rounded())
        g = Int((unit(color.green) * 255).rounded())
        b = Int((unit(color.blue) * 255).rounded())
        alpha = unit(color.alpha)
    }

    /// The opacity as 0…255.
    var alphaByte: Int { Int((alpha * 255).rounded()) }
}

/// How letterpress text (`NSTextEffectLetterpressStyle`) is drawn.
///
/// Apple's recipe is private; this one imitates what iOS 7 shows ("a subtle shadow and highlight
/// so the text looks pressed into the screen", seed 000): light falls from above, so a recessed
/// glyph casts a **shadow** along its upper edges and catches a **highlight** along its lower
/// edges. Each glyph is drawn three times: its shape in ``highlight`` moved ``highlightOffset``
/// points down, its shape in ``shadow`` moved ``shadowOffset`` points up, then the glyph itself in
/// its colour on top. Offsets are rounded to whole device pixels, at least 1 (1 px at 1× and 2×,
/// 2 px at 3×). The effects of a whole text are drawn before any glyph, so a neighbour's highlight
/// never covers a glyph. Decorations (underline, strikethrough) get no effect.
public struct LetterpressStyle: Hashable, Sendable {
    /// Colour of the lower-edge highlight (default white at 70 % opacity).
    public var highlight: RGBAColor
    /// How far down the highlight is moved, in points (default 0.5).
    public var highlightOffset: Double
    /// Colour of the upper-edge shadow (default black at 35 % opacity).
    public var shadow: RGBAColor
    /// How far up the shadow is moved, in points (default 0.5).
    public var shadowOffset: Double

    /// A style.
    public init(highlight: RGBAColor, highlightOffset: Double, shadow: RGBAColor, shadowOffset: Double) {
        self.highlight = highlight
        self.highlightOffset = highlightOffset
        self.shadow = shadow
        self.shadowOffset = shadowOffset
    }

    /// White 0.7 highlight ½ pt down, black 0.35 shadow ½ pt up.
    public static let standard = LetterpressStyle(
        highlight: RGBAColor(white: 1, alpha: 0.7), highlightOffset: 0.5,
        shadow: RGBAColor(white: 0, alpha: 0.35), shadowOffset: 0.5)

    /// An offset in points as whole device pixels, at least 1.
    static func pixels(_ points: Double, scale: Double) -> Int {
        max(1, Int((points * scale).rounded()))
    }
}
