/// Separable image resampling for 8-bit channels: area averaging (a box filter over each output
/// pixel's footprint) along an axis that shrinks, bilinear interpolation along one that grows.
///
/// Colour images must be premultiplied when resampled, so that transparent pixels do not bleed
/// their (meaningless) colour into the edges; ``unpremultiply(_:)`` converts back.
enum Resampler {
    /// The filter of one axis: output sample `j` is Σ source[`first[j]` + k] × `weights[offset[j]` + k]
    /// for k < `count[j]` (weights sum to 1). Flat arrays keep the inner loops cheap, even unoptimized.
    private struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [Double] = []

        mutating func append(first: Int, weights taps: [Double]) {
            self.first.append(first)
            count.append(taps.count)
            offset.append(weights.count)
            weights += taps
        }
    }

    /// Resamples `pixels` (`width × height × channels`, row-major) to `toWidth × toHeight`.
    static func resample(
        _ pixels: [UInt8], width: Int, height: Int, channels: Int, toWidth: Int, toHeight: Int
    ) -> [UInt8] {
        guard width > 0, height > 0, toWidth > 0, toHeight > 0, pixels.count == width * height * channels else {
            return [UInt8](repeating: 0, count: max(0, toWidth) * max(0, toHeight) * channels)
        }
        if width == toWidth && height == toHeight { return pixels }
        let xTaps = taps(from: width, to: toWidth)
        let yTaps = taps(from: height, to: toHeight)
        // Per output row: the vertical pass into one row of `width` doubles, then the horizontal
        // pass out of it (a row at a time, so no whole intermediate image is allocated).
        let rowIn = width * channels, rowOut = toWidth * channels
        var middle = [Double](repeating: 0, count: rowIn)
        return [UInt8](unsafeUninitializedCapacity: toHeight * rowOut) { result, initialized in
            pixels.withUnsafeBufferPointer { source in
                middle.withUnsafeMutableBufferPointer { middle in
                    yTaps.weights.withUnsafeBufferPointer { yWeights in
                        xTaps.weights.withUnsafeBufferPointer { xWeights in
                            for y in 0..<toHeight {
                                let first = yTaps.first[y], count = yTaps.count[y], offset = yTaps.offset[y]
                                let sums = middle.baseAddress!
                                sums.update(repeating: 0, count: rowIn)
                                for k in 0..<count {
                                    let weight = yWeights[offset + k]
                                    let row = source.baseAddress! + (first + k) * rowIn
                                    for i in 0..<rowIn { sums[i] += Double(row[i]) * weight }
                                }
                                let outStart = y * rowOut
                                for x in 0..<toWidth {
                                    let first = xTaps.first[x], count = xTaps.count[x], offset = xTaps.offset[x]
                                    for c in 0..<channels {
                                        var sum = 0.0
                                        for k in 0..<count { sum += middle[(first + k) * channels + c] * xWeights[offset + k] }
                                        result[outStart + x * channels + c] = UInt8(max(0, min(255, sum.rounded())))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = toHeight * rowOut
        }
    }

    /// The taps mapping `n` source samples onto `m` output samples.
    private static func taps(from n: Int, to m: Int) -> Taps {
        let ratio = Double(n) / Double(m)
        var result = Taps()
        if m < n {
            // Shrinking: output j covers source [j·ratio, (j+1)·ratio); weight each source pixel by overlap.
            for j in 0..<m {
                let start = Double(j) * ratio, end = Double(j + 1) * ratio
                let first = Int(start.rounded(.down)), last = min(n - 1, Int(end.rounded(.up)) - 1)
                var weights: [Double] = []
                for i in first...max(first, last) {
                    let overlap = min(end, Double(i + 1)) - max(start, Double(i))
                    weights.append(max(0, overlap) / ratio)
                }
                result.append(first: first, weights: weights)
            }
        } else {
            // Growing: sample centres map back to source coordinates; interpolate the two neighbours.
            for j in 0..<m {
                let u = (Double(j) + 0.5) * ratio - 0.5
                let clamped = max(0, min(Double(n - 1), u))
                let i0 = min(n - 1, Int(clamped.rounded(.down)))
                let t = clamped - Double(i0)
                if i0 + 1 < n && t > 0 {
                    result.append(first: i0, weights: [1 - t, t])
                } else {
                    result.append(first: i0, weights: [1])
                }
            }
        }
        return result
    }

    /// Premultiplies RGBA bytes in place (colour × alpha / 255, rounded).
    static func premultiply(_ pixels: inout [UInt8]) {
        var i = 0
        while i + 3 < pixels.count {
            let a = Int(pixels[i + 3])
            if a < 255 {
                pixels[i] = UInt8((Int(pixels[i]) * a + 127) / 255)
                pixels[i + 1] = UInt8((Int(pixels[i + 1]) * a + 127) / 255)
                pixels[i + 2] = UInt8((Int(pixels[i + 2]) * a + 127) / 255)
            }
            i += 4
        }
    }

    /// Converts premultiplied RGBA bytes to straight alpha in place (colour × 255 / alpha, rounded).
    static func unpremultiply(_ pixels: inout [UInt8]) {
        var i = 0
        while i + 3 < pixels.count {
            let a = Int(pixels[i + 3])
            if a == 0 {
                pixels[i] = 0
                pixels[i + 1] = 0
                pixels[i + 2] = 0
            } else if a < 255 {
                pixels[i] = UInt8(min(255, (Int(pixels[i]) * 255 + a / 2) / a))
                pixels[i + 1] = UInt8(min(255, (Int(pixels[i + 1]) * 255 + a / 2) / a))
                pixels[i + 2] = UInt8(min(255, (Int(pixels[i + 2]) * 255 + a / 2) / a))
            }
            i += 4
        }
    }
}
