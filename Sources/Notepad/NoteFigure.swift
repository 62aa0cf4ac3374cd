import DynamicTypeCore
import Foundation
import TextStack

/// An image placed in the editor's text view, text flowing around its opaque pixels — seed 004's
/// image view inside the text view, with its shape as the exclusion path. It scrolls with the text.
package struct NoteFigure: Hashable, Sendable {
    /// What it shows (its file name, for reports).
    public var name: String
    /// Where it is in the text view, in points (before scrolling).
    public var frame: Rect
    /// The pixels, RGBA, row by row.
    public let rgba: [UInt8]
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// A figure of `pixelWidth × pixelHeight` RGBA pixels drawn into `frame`.
    public init(name: String, frame: Rect, rgba: [UInt8], pixelWidth: Int, pixelHeight: Int) throws {
        guard pixelWidth > 0, pixelHeight > 0, rgba.count == pixelWidth * pixelHeight * 4 else {
            throw ExclusionMaskError.byteCountMismatch(expected: max(0, pixelWidth * pixelHeight * 4), actual: rgba.count)
        }
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else {
            throw LayoutError.invalidWidth(frame.width)
        }
        self.name = name
        self.frame = frame
        self.rgba = rgba
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The exclusion its alpha makes, with `origin` the text container's top-left in the view.
    public func exclusionMask(containerOrigin origin: Point) throws -> ExclusionMask {
        var alpha = [UInt8](repeating: 0, count: pixelWidth * pixelHeight)
        for index in alpha.indices { alpha[index] = rgba[index * 4 + 3] }
        // Pixels per point along x; the mask keeps the aspect of the frame.
        let scale = Double(pixelWidth) / frame.width
        return try ExclusionMask(
            alpha: alpha, width: pixelWidth, height: pixelHeight, scale: scale,
            origin: Point(x: frame.minX - origin.x, y: frame.minY - origin.y))
    }
}
