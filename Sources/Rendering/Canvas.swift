import DynamicTypeCore
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
package final class Canvas {
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

    /// Draws `image` scaled to fill `rect` (points) at the canvas's scale, source-over, within the clip.
    ///
    /// A large image mostly outside the clip (a 2,000 pt picture below the fold) is sampled only
    /// where it shows, nearest pixel: resampling all of it first cost its whole area in time and
    /// memory (36 million pixels for 2,000 pt at 3×) for a corner that is seen.
    public func draw(_ other: RGBAImage, in rect: Rect) {
        guard other.width > 0, other.height > 0, rect.width > 0, rect.height > 0 else { return }
        let target = pixelBox(covering: rect)
        let visible = target.intersection(clipBox)
        guard !visible.isEmpty else { return }
        let width = max(1, Int((rect.width * scale).rounded())), height = max(1, Int((rect.height * scale).rounded()))
        if visible != target && width * height > Self.largeImagePixels {
            drawSampled(other, width: width, height: height, at: rect.origin, within: visible)
        } else {
            draw(other.resized(toWidth: width, height: height), at: rect.origin)
        }
    }

    /// Destination sizes above which a partly hidden image is sampled instead of resampled whole.
    static let largeImagePixels = 2048 * 2048

    /// `other` scaled to `width × height` pixels at `origin` (points), nearest pixel, drawing only
    /// the pixels in `box`.
    private func drawSampled(_ other: RGBAImage, width: Int, height: Int, at origin: Point, within box: PixelBox) {
        let px = Int((origin.x * scale).rounded()), py = Int((origin.y * scale).rounded())
        let x0 = max(box.x0, px), y0 = max(box.y0, py)
        let x1 = min(box.x1, px + width), y1 = min(box.y1, py + height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = image.width
        image.pixels.withUnsafeMutableBufferPointer { destination in
            other.pixels.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    let sy = min(other.height - 1, (row - py) * other.height / height)
                    for column in x0..<x1 {
                        let sx = min(other.width - 1, (column - px) * other.width / width)
                        let s = (sy * other.width + sx) * 4
                        PixelBlend.over(
                            destination, at: (row * canvasWidth + column) * 4, r: Int(source[s]), g: Int(source[s + 1]),
                            b: Int(source[s + 2]), a: Int(source[s + 3]))
                    }
                }
            }
        }
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
/// so the text looks pressed into the screen", seed 000): the glyph is a recess in the paper, lit
/// from above.
///
/// - **Inner shadow.** The paper's upper lip shades the top of the recess: the band of each glyph
///   along its upper edges is mixed towards ``innerShadow``, fully over the first
///   ``innerShadowDepth`` points and half over the next (a two-step stand-in for the blur of
///   UIKit's inner shadow, which also keeps the band visible when an edge falls mid-pixel).
/// - **Lit lower wall.** The recess's lower wall faces the light: the band along the glyph's lower
///   edges, ``innerHighlightDepth`` points deep, is mixed towards ``innerHighlight``. This is the
///   highlight that shows on white and near-white backgrounds (#F7F7F7, the notes list), where
///   nothing can be lighter than the background.
/// - **Outer highlight.** The paper's lower lip catches the light: the glyph's shape in
///   ``highlight``, moved ``highlightOffset`` points down, is drawn under the glyph (iOS 7's 1 pt
///   white shadow). It shows on darker backgrounds and is invisible on white, as on iOS 7.
/// - **Fill.** Away from those bands the glyph keeps its colour exactly.
///
/// The bands come from the glyph's own coverage mask, with no blur: a pixel's share of the lower
/// wall is the part of its coverage `c` that the glyph moved up by the depth does not cover,
/// `max(0, c − c_below) / c`; its share of the inner shadow is the average of the same with the
/// glyph moved down by one and by two depths (`c_above`, `c_above2`). So bands follow
/// every horizontal or slanted edge — bars, bowls, serifs — with their anti-aliasing, and vertical
/// edges get none. The mix amount is that share × the colour's opacity. All of it is integer
/// arithmetic on one pass over the glyph's bitmap: deterministic and about the cost of a plain glyph.
///
/// Depths and offsets are points × the canvas scale, rounded to whole device pixels, at least 1
/// (0.5 pt: 1 px at 1× and 2×, 2 px at 3×; 1 pt: 1, 2, 3 px). The outer highlights of a whole text
/// are drawn before any glyph, so a neighbour's highlight never covers a glyph; a glyph's bands
/// are computed from its own mask only. Colour glyphs (emoji) keep their colours and get only the
/// outer highlight; decorations (underline, strikethrough) get no effect.
package struct LetterpressStyle: Hashable, Sendable {
    /// What the band along the glyph's upper edges is mixed towards (default black at 35 %).
    public var innerShadow: RGBAColor
    /// Depth of the upper band, in points (default 0.5).
    public var innerShadowDepth: Double
    /// What the band along the glyph's lower edges is mixed towards (default white at 30 %).
    public var innerHighlight: RGBAColor
    /// Depth of the lower band, in points (default 0.5).
    public var innerHighlightDepth: Double
    /// Colour of the outer highlight drawn under the glyph (default white at 80 %).
    public var highlight: RGBAColor
    /// How far down the outer highlight is moved, in points (default 1).
    public var highlightOffset: Double

    /// A style.
    public init(
        innerShadow: RGBAColor, innerShadowDepth: Double, innerHighlight: RGBAColor, innerHighlightDepth: Double,
        highlight: RGBAColor, highlightOffset: Double
    ) {
        self.innerShadow = innerShadow
        self.innerShadowDepth = innerShadowDepth
        self.innerHighlight = innerHighlight
        self.innerHighlightDepth = innerHighlightDepth
        self.highlight = highlight
        self.highlightOffset = highlightOffset
    }

    /// Black 0.35 inner shadow and white 0.3 lower wall, each ½ pt deep (the shadow fading over a
    /// further ½ pt); white 0.8 outer highlight 1 pt down.
    ///
    /// On the seeds' blue (#2D75D4, luminance 108) the top band drops to about 70 and the bottom
    /// band rises to about 152: clearly embossed at 40 pt, and still subtle at the list's 17 pt,
    /// whose strokes are 2–3 px wide at 2×.
    public static let standard = LetterpressStyle(
        innerShadow: RGBAColor(white: 0, alpha: 0.35), innerShadowDepth: 0.5,
        innerHighlight: RGBAColor(white: 1, alpha: 0.3), innerHighlightDepth: 0.5,
        highlight: RGBAColor(white: 1, alpha: 0.8), highlightOffset: 1)

    /// An offset in points as whole device pixels, at least 1.
    static func pixels(_ points: Double, scale: Double) -> Int {
        max(1, Int((points * scale).rounded()))
    }
}
