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
    /// - Throws: an error when a dimension is not positive or `pixels` does not hold exactly
    ///   `width × height × 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        try self.init(validatingWidth: width, height: height, pixels: pixels)
    }

    /// ``init(width:height:pixels:)`` with its typed error, for the PNG reader.
    package init(validatingWidth width: Int, height: Int, pixels: [UInt8]) throws(RenderingError) {
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

    /// An opaque image at half its width and height, each pixel the rounded mean of a 2×2 block
    /// (an odd last row or column is dropped), in integers: a cheap first step for thumbnails far
    /// smaller than the image, leaving a quarter of the pixels for the exact resampler. `nil` for
    /// an image with any transparency (averaging straight alpha would darken edges) or under 2 px.
    package func halvedIfOpaque() -> RGBAImage? {
        let newWidth = width / 2, newHeight = height / 2
        guard newWidth > 0, newHeight > 0, isOpaque else { return nil }
        var result = RGBAImage(width: newWidth, height: newHeight)
        let wordsPerRow = width / 2  // two RGBA pixels per 64-bit word
        let evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        result.pixels.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes { source in
                for y in 0..<newHeight {
                    let top = 2 * y * width * 4, bottom = top + width * 4
                    for x in 0..<min(wordsPerRow, newWidth) {
                        // Two pixels of each row as 16-bit lanes: channels 0 and 2 in one word,
                        // 1 and 3 in the other; the two pixels' lanes are then added together.
                        let a = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: top + x * 8, as: UInt64.self))
                        let b = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: bottom + x * 8, as: UInt64.self))
                        let even = (a & evenBytes) + (b & evenBytes)
                        let odd = ((a >> 8) & evenBytes) + ((b >> 8) & evenBytes)
                        let evenSum = (even & 0xFFFF_FFFF) + (even >> 32) + 0x0002_0002
                        let oddSum = (odd & 0xFFFF_FFFF) + (odd >> 32) + 0x0002_0002
                        // Each lane ≤ 4 × 255 + 2 < 2¹⁶; divide by 4 and pack the bytes back.
                        let pixel = ((evenSum >> 2) & 0x00FF_00FF) | (((oddSum >> 2) & 0x00FF_00FF) << 8)
                        out.storeBytes(of: UInt32(truncatingIfNeeded: pixel).littleEndian, toByteOffset: (y * newWidth + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return result
    }

    /// The pixels without their alpha bytes: R, G, B per pixel, rows top to bottom.
    func rgbPixels() -> [UInt8] {
        let count = width * height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            pixels.withUnsafeBufferPointer { source in
                for index in 0..<count {
                    out[3 * index] = source[4 * index]
                    out[3 * index + 1] = source[4 * index + 1]
                    out[3 * index + 2] = source[4 * index + 2]
                }
            }
            initialized = count * 3
        }
    }

    /// Whether every pixel's alpha is 255.
    var isOpaque: Bool {
        // Eight bytes at a time: the AND of every word keeps an alpha byte at 0xFF only if
        // every pixel's is.
        pixels.withUnsafeBytes { bytes in
            let words = bytes.count / 8
            var all: UInt64 = .max
            for index in 0..<words { all &= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) }
            var alpha: UInt8 = UInt8(truncatingIfNeeded: all >> 24) & UInt8(truncatingIfNeeded: all >> 56)
            var i = words * 8 + 3
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
