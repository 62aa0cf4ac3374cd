import Foundation
import Rendering

/// How different two images may be and still match.
///
/// A pixel differs when some channel (R, G, B or A) differs by more than ``channel`` *and*, if
/// ``perceptual`` is set, the two colours (composited over white) are more than ``perceptual``
/// apart in CIE76 ΔE — about 1 is the smallest difference people notice, 2–3 is anti-aliasing
/// noise, a glyph against the background is 50–100. The images match when at most ``pixels`` (a
/// fraction, 0…1) of the pixels differ.
public struct BitmapTolerance: Hashable, Sendable {
    /// Per-channel difference (0…255) still counted as equal.
    public var channel: Int
    /// Fraction of pixels (0…1) allowed to differ.
    public var pixels: Double
    /// ΔE (CIE76, 0…100) under which a pixel counts as equal; 0 turns the perceptual test off.
    public var perceptual: Double

    /// A tolerance; the defaults (all 0) ask for identical pixels.
    public init(channel: Int = 0, pixels: Double = 0, perceptual: Double = 0) {
        self.channel = max(0, channel)
        self.pixels = min(1, max(0, pixels))
        self.perceptual = max(0, perceptual)
    }

    /// Every pixel identical.
    public static let exact = BitmapTolerance()
}

/// The result of comparing a reference image with a new one.
package struct BitmapComparison: Hashable, Sendable {
    /// A rectangle of pixels (inclusive bounds).
    package struct PixelBounds: Hashable, Sendable {
        package var minX: Int
        package var minY: Int
        package var maxX: Int
        package var maxY: Int

        package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }
    }

    package var referenceWidth: Int
    package var referenceHeight: Int
    package var actualWidth: Int
    package var actualHeight: Int
    /// Pixels that differ beyond the tolerance (every pixel when the sizes differ).
    package var differingPixels: Int
    /// Pixels compared (of the larger image when the sizes differ).
    package var totalPixels: Int
    /// The largest channel difference seen (0…255).
    package var maxChannelDifference: Int
    /// The largest ΔE among differing pixels.
    package var maxDeltaE: Double
    /// Where the differing pixels are.
    package var bounds: PixelBounds?
    /// Differing pixels per row (for the likely-cause analysis), top row first.
    package var rowsWithDifferences: Int
    package var tolerance: BitmapTolerance

    package var sizesMatch: Bool { referenceWidth == actualWidth && referenceHeight == actualHeight }

    /// Whether the images match within the tolerance.
    package var passes: Bool {
        guard sizesMatch else { return false }
        guard totalPixels > 0 else { return true }
        return Double(differingPixels) <= tolerance.pixels * Double(totalPixels)
    }

    /// Compares `actual` with `reference`.
    package static func compare(reference: RGBAImage, actual: RGBAImage, tolerance: BitmapTolerance = .exact) -> BitmapComparison {
        var result = BitmapComparison(
            referenceWidth: reference.width, referenceHeight: reference.height, actualWidth: actual.width,
            actualHeight: actual.height, differingPixels: 0, totalPixels: 0, maxChannelDifference: 0, maxDeltaE: 0,
            bounds: nil, rowsWithDifferences: 0, tolerance: tolerance)
        guard result.sizesMatch else {
            result.totalPixels = max(reference.width * reference.height, actual.width * actual.height)
            result.differingPixels = result.totalPixels
            result.maxChannelDifference = 255
            return result
        }
        result.totalPixels = reference.width * reference.height
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        reference.pixels.withUnsafeBufferPointer { old in
            actual.pixels.withUnsafeBufferPointer { new in
                for y in 0..<reference.height {
                    var rowDiffers = false
                    for x in 0..<reference.width {
                        let i = (y * reference.width + x) * 4
                        let delta = max(
                            abs(Int(old[i]) - Int(new[i])), abs(Int(old[i + 1]) - Int(new[i + 1])),
                            abs(Int(old[i + 2]) - Int(new[i + 2])), abs(Int(old[i + 3]) - Int(new[i + 3])))
                        guard delta > tolerance.channel else { continue }
                        let deltaE = Self.deltaE(
                            (old[i], old[i + 1], old[i + 2], old[i + 3]), (new[i], new[i + 1], new[i + 2], new[i + 3]))
                        if tolerance.perceptual > 0, deltaE <= tolerance.perceptual { continue }
                        result.differingPixels += 1
                        result.maxChannelDifference = max(result.maxChannelDifference, delta)
                        result.maxDeltaE = max(result.maxDeltaE, deltaE)
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = max(maxY, y)
                        rowDiffers = true
                    }
                    if rowDiffers { result.rowsWithDifferences += 1 }
                }
            }
        }
        if maxX >= 0 { result.bounds = PixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }
        return result
    }

    /// The largest width or height of a diff image (README, "Snapshot tests"): past it the diff
    /// shows the top-left 16,384 × 16,384 px, so two large images never make a larger allocation
    /// than either of them.
    package static let maximumDiffDimension = 16_384

    /// A picture of the differences: the new image faded to a light grey, differing pixels in red
    /// (where the sizes differ, everything outside the common area is red too); at most
    /// ``maximumDiffDimension`` px per side.
    package static func diffImage(reference: RGBAImage, actual: RGBAImage, tolerance: BitmapTolerance = .exact) -> RGBAImage {
        let width = min(max(reference.width, actual.width), maximumDiffDimension)
        let height = min(max(reference.height, actual.height), maximumDiffDimension)
        var out = RGBAImage(width: max(1, width), height: max(1, height), fill: (255, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * out.width + x) * 4
                guard let new = actual.pixel(x: x, y: y), let old = reference.pixel(x: x, y: y) else { continue }
                let delta = max(
                    abs(Int(old.r) - Int(new.r)), abs(Int(old.g) - Int(new.g)), abs(Int(old.b) - Int(new.b)),
                    abs(Int(old.a) - Int(new.a)))
                var differs = delta > tolerance.channel
                if differs, tolerance.perceptual > 0, deltaE(old, new) <= tolerance.perceptual { differs = false }
                if differs { continue }  // stays red
                let luma = (0.299 * Double(new.r) + 0.587 * Double(new.g) + 0.114 * Double(new.b)) * Double(new.a) / 255
                    + 255 * (1 - Double(new.a) / 255)
                let faded = UInt8(clamping: Int(200 + luma * 55 / 255))
                out.pixels[o] = faded
                out.pixels[o + 1] = faded
                out.pixels[o + 2] = faded
                out.pixels[o + 3] = 255
            }
        }
        return out
    }

    /// What failed, how much, where, and the likely cause.
    package var message: String {
        guard sizesMatch else {
            var text = "image size differs: reference \(referenceWidth)×\(referenceHeight) px, now \(actualWidth)×\(actualHeight) px."
            if referenceWidth != actualWidth {
                text += " Likely cause: the view width or the pixel scale changed."
            } else {
                text += " Likely cause: the content height changed — rows grew or shrank (font metrics, the row-height rule) or the text gained or lost lines."
            }
            return text
        }
        let percent = totalPixels == 0 ? 0 : Double(differingPixels) * 100 / Double(totalPixels)
        var text = "\(differingPixels) of \(totalPixels) pixels differ (\(Self.format(percent)) %, allowed \(Self.format(tolerance.pixels * 100)) %)"
        text += "; largest channel difference \(maxChannelDifference), largest ΔE \(Self.format(maxDeltaE))"
        if let bounds {
            text += "; differences within x \(bounds.minX)…\(bounds.maxX), y \(bounds.minY)…\(bounds.maxY) px"
        }
        text += ". Likely cause: " + likelyCause
        return text
    }

    /// A guess from the shape of the differences.
    package var likelyCause: String {
        guard let bounds else { return "none (the images match)." }
        if maxDeltaE < 6 {
            return "faint colour differences only (ΔE < 6): anti-aliasing or a different rasterizer (FreeType version, hinting); if that is expected, allow it with perceptualTolerance."
        }
        let percent = Double(differingPixels) / Double(max(1, totalPixels))
        if percent > 0.5 {
            return "most of the image changed: a different background or colours, or the whole layout moved (different fonts or metrics)."
        }
        if bounds.maxY >= referenceHeight - 2 && bounds.minY > referenceHeight / 10 {
            return "everything from y \(bounds.minY) px down changed: a line break or a line height changed there and the text below moved (a text edit, a font with other metrics)."
        }
        return "glyphs changed between y \(bounds.minY) and \(bounds.maxY) px: a text edit, another font or weight, or a changed colour there."
    }

    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 0.01 { return "<0.01" }
        return String(format: "%.2f", value)
    }

    // MARK: Colour difference

    /// CIE76 ΔE between two straight-alpha sRGB colours, each composited over white.
    static func deltaE(
        _ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    ) -> Double {
        let la = lab(a), lb = lab(b)
        let dl = la.0 - lb.0, da = la.1 - lb.1, db = la.2 - lb.2
        return (dl * dl + da * da + db * db).squareRoot()
    }

    private static func lab(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (Double, Double, Double) {
        let alpha = Double(c.a) / 255
        func linear(_ v: UInt8) -> Double {
            let s = (Double(v) * alpha + 255 * (1 - alpha)) / 255
            return s <= 0.040_45 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        let r = linear(c.r), g = linear(c.g), b = linear(c.b)
        // sRGB → XYZ (D65), normalised by the white point.
        let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
        let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83
        func f(_ t: Double) -> Double { t > 0.008_856 ? cbrt(t) : 7.787 * t + 16.0 / 116.0 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
