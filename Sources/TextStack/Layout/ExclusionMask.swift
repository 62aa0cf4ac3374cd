import DynamicTypeCore

/// An exclusion made from an image's alpha channel (CSS `shape-outside: url(image)`; TextKit needs
/// a hand-traced `UIBezierPath` for it): text wraps around the image's opaque pixels, not its
/// bounding rectangle.
///
/// The mask takes raw alpha bytes, one per pixel, row by row from the top; decoding an image file
/// is the caller's business. A pixel blocks text when its alpha is above ``threshold``. The mask is
/// placed at ``origin`` and drawn at ``scale`` pixels per point (2 for an @2x image), so
/// `width / scale` × `height / scale` points.
///
/// Like an exclusion path, a mask blocks, in each line band, one x-range: from the leftmost to
/// the rightmost opaque pixel of the rows the band touches (text does not flow into holes).
///
/// ```swift
/// let mask = try ExclusionMask(alpha: bytes, width: 80, height: 80, scale: 2, origin: Point(x: 200, y: 10))
/// container.exclusionMasks = [mask]
/// ```
public struct ExclusionMask: Hashable, Sendable {
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double
    /// Top-left corner in container coordinates (points).
    public var origin: Point
    /// A pixel blocks text when its alpha, 0…1, is above this (0: any visible pixel blocks).
    public let threshold: Double
    /// Per pixel row, the first and last blocking column, or nil for a row with none. Kept instead
    /// of the bytes: a band needs only these, and they are a fraction of the image's size.
    private let rowExtents: [ClosedRange<Int>?]

    /// A mask from alpha bytes.
    ///
    /// - Parameters:
    ///   - alpha: One byte per pixel (0 transparent … 255 opaque), `width × height` of them, rows
    ///     top to bottom.
    ///   - width: Pixels per row.
    ///   - height: Rows.
    ///   - scale: Pixels per point (1, 2, 3 as UIKit's image scale).
    ///   - origin: Where the image's top-left corner is, in container coordinates.
    ///   - threshold: Alpha (0…1) above which a pixel blocks; 0.5 by default.
    /// - Throws: ``ExclusionMaskError`` when the sizes do not match the bytes or are not positive.
    public init(alpha: [UInt8], width: Int, height: Int, scale: Double = 1, origin: Point = .zero, threshold: Double = 0.5)
        throws
    {
        guard width > 0, height > 0 else { throw ExclusionMaskError.invalidSize(width: width, height: height) }
        guard scale > 0, scale.isFinite else { throw ExclusionMaskError.invalidScale(scale) }
        guard alpha.count == width * height else {
            throw ExclusionMaskError.byteCountMismatch(expected: width * height, actual: alpha.count)
        }
        pixelWidth = width
        pixelHeight = height
        self.scale = scale
        self.origin = origin
        self.threshold = threshold
        // A byte blocks when byte / 255 > threshold.
        let cut = Int((max(0, min(1, threshold)) * 255).rounded(.down))
        var extents: [ClosedRange<Int>?] = []
        extents.reserveCapacity(height)
        for row in 0..<height {
            let base = row * width
            var first = -1, last = -1
            for column in 0..<width where Int(alpha[base + column]) > cut {
                if first < 0 { first = column }
                last = column
            }
            extents.append(first >= 0 ? first...last : nil)
        }
        rowExtents = extents
    }

    /// The mask's rectangle in container coordinates.
    public var bounds: Rect {
        Rect(x: origin.x, y: origin.y, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }

    /// The x-range (container coordinates) the opaque pixels cover in the rows the band
    /// `y0 ..< y1` touches, or nil when none of them has an opaque pixel.
    public func horizontalExtent(y0: Double, y1: Double) -> (Double, Double)? {
        // Rows whose pixel squares overlap the band (a row touching it only at an edge does not).
        let firstRow = max(0, Int(((y0 - origin.y) * scale).rounded(.down)))
        let endRow = min(pixelHeight, Int(((y1 - origin.y) * scale).rounded(.up)))
        guard firstRow < endRow else { return nil }
        var lo = Int.max, hi = Int.min
        for row in firstRow..<endRow {
            guard let extent = rowExtents[row] else { continue }
            lo = min(lo, extent.lowerBound)
            hi = max(hi, extent.upperBound)
        }
        guard lo <= hi else { return nil }
        return (origin.x + Double(lo) / scale, origin.x + Double(hi + 1) / scale)
    }

    /// The bottom (container y) of the lowest opaque row.
    var opaqueBottom: Double? {
        guard let last = rowExtents.lastIndex(where: { $0 != nil }) else { return nil }
        return origin.y + Double(last + 1) / scale
    }
}

/// Why alpha bytes could not make an ``ExclusionMask``.
package enum ExclusionMaskError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Width or height is zero or negative.
    case invalidSize(width: Int, height: Int)
    /// The scale is zero, negative or not finite.
    case invalidScale(Double)
    /// The byte count is not width × height.
    case byteCountMismatch(expected: Int, actual: Int)

    /// What is wrong and what to pass instead.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "invalid exclusion mask size \(width)×\(height) pixels: both must be positive"
        case .invalidScale(let scale):
            "invalid exclusion mask scale \(scale): use a positive number of pixels per point"
        case .byteCountMismatch(let expected, let actual):
            "exclusion mask has \(actual) alpha bytes, expected \(expected) (width × height)"
        }
    }
}
