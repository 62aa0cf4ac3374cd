/// An 8-bit RGBA raster (straight, non-premultiplied alpha), row-major, top row first.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// An image filled with one colour (components 0…255).
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (255, 255, 255, 255)) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        // Written once, without zero-filling first (a screen is 5 MB at 2×): one 4-byte store per pixel.
        pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            let pattern = UInt32(fill.r) | UInt32(fill.g) << 8 | UInt32(fill.b) << 16 | UInt32(fill.a) << 24
            let raw = UnsafeMutableRawBufferPointer(buffer)
            for pixel in 0..<count { raw.storeBytes(of: pattern.littleEndian, toByteOffset: pixel * 4, as: UInt32.self) }
            initialized = count * 4
        }
    }

    /// The pixel at (x, y) as (r, g, b, a), or nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

extension RGBAImage {
    /// An image from existing pixel bytes.
    ///
    /// - Throws: ``RenderingError/invalidImage(width:height:byteCount:)`` when a dimension is not
    ///   positive or `pixels` does not hold exactly `width × height × 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(RenderingError) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            pixels.count == width * height * 4
        else {
            throw .invalidImage(width: width, height: height, byteCount: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A thumbnail `width` pixels wide with the aspect ratio kept (height rounded, at least 1),
    /// averaged with a box filter over each thumbnail pixel's footprint (in premultiplied alpha,
    /// so transparent pixels do not darken edges). Enlarging interpolates bilinearly.
    ///
    /// ```swift
    /// let thumbnail = preview.scaled(toWidth: 160)   // for the contact sheet
    /// ```
    public func scaled(toWidth newWidth: Int) -> RGBAImage {
        guard width > 0, height > 0, newWidth > 0 else { return RGBAImage(width: max(0, newWidth), height: 0) }
        let newHeight = max(1, Int((Double(height) * Double(newWidth) / Double(width)).rounded()))
        return resized(toWidth: newWidth, height: newHeight)
    }

    /// The image resampled to exactly `newWidth × newHeight` (box filter when shrinking, bilinear
    /// when enlarging, per axis; premultiplied alpha).
    public func resized(toWidth newWidth: Int, height newHeight: Int) -> RGBAImage {
        guard newWidth > 0, newHeight > 0 else { return RGBAImage(width: max(0, newWidth), height: max(0, newHeight)) }
        var result = RGBAImage(width: newWidth, height: newHeight, fill: (0, 0, 0, 0))
        guard width > 0, height > 0 else { return result }
        // Premultiplying leaves opaque pixels as they are: an opaque image (every rendered screen)
        // is resampled as it is, without a premultiplied copy.
        var scaled: [UInt8]
        if isOpaque {
            scaled = Resampler.resample(pixels, width: width, height: height, channels: 4, toWidth: newWidth, toHeight: newHeight)
        } else {
            var premultiplied = pixels
            Resampler.premultiply(&premultiplied)
            scaled = Resampler.resample(
                premultiplied, width: width, height: height, channels: 4, toWidth: newWidth, toHeight: newHeight)
        }
        Resampler.unpremultiply(&scaled)
        result.pixels = scaled
        return result
    }

    /// Whether every pixel's alpha is 255.
    var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            var alpha: UInt8 = 255
            var i = 3
            while i < bytes.count {
                alpha &= bytes[i]
                i += 4
            }
            return alpha == 255
        }
    }

    /// Draws `image` with its top-left pixel at (`x`, `y`), source-over in straight alpha; parts
    /// outside this image are dropped. Used to assemble contact sheets.
    public mutating func draw(_ image: RGBAImage, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        pixels.withUnsafeMutableBufferPointer { destination in
            image.pixels.withUnsafeBufferPointer { source in
                for row in y0..<y1 {
                    for column in x0..<x1 {
                        let s = ((row - y) * image.width + (column - x)) * 4
                        PixelBlend.over(
                            destination, at: (row * width + column) * 4, r: Int(source[s]), g: Int(source[s + 1]),
                            b: Int(source[s + 2]), a: Int(source[s + 3]))
                    }
                }
            }
        }
    }
}

/// Source-over compositing of one straight-alpha source pixel onto a straight-alpha destination,
/// in integers (deterministic on every platform).
enum PixelBlend {
    /// Blends (r, g, b) at opacity `a` (all 0…255) onto the pixel at byte offset `i`.
    @inline(__always)
    static func over(_ p: UnsafeMutableBufferPointer<UInt8>, at i: Int, r: Int, g: Int, b: Int, a: Int) {
        if a <= 0 { return }
        if a >= 255 {
            p[i] = UInt8(r)
            p[i + 1] = UInt8(g)
            p[i + 2] = UInt8(b)
            p[i + 3] = 255
            return
        }
        let da = Int(p[i + 3])
        if da == 255 {
            let ia = 255 - a
            p[i] = UInt8((r * a + Int(p[i]) * ia + 127) / 255)
            p[i + 1] = UInt8((g * a + Int(p[i + 1]) * ia + 127) / 255)
            p[i + 2] = UInt8((b * a + Int(p[i + 2]) * ia + 127) / 255)
            return
        }
        // General case: out_a = a + da(1 − a); out_c = (c·a + d·da(1 − a)) / out_a, all ×255.
        let sw = a * 255
        let dw = da * (255 - a)
        let total = sw + dw
        guard total > 0 else { return }
        p[i] = UInt8((r * sw + Int(p[i]) * dw + total / 2) / total)
        p[i + 1] = UInt8((g * sw + Int(p[i + 1]) * dw + total / 2) / total)
        p[i + 2] = UInt8((b * sw + Int(p[i + 2]) * dw + total / 2) / total)
        p[i + 3] = UInt8((total + 127) / 255)
    }
}
