import DynamicTypeCore
import TextStack

/// An image a screen shows (a text view's image exclusion): RGBA pixels, row by row.
package struct ScreenImage: Hashable, Sendable {
    /// The pixels, RGBA.
    public var rgba: [UInt8]
    public var width: Int
    public var height: Int

    /// An image of `width × height` RGBA pixels.
    public init(rgba: [UInt8], width: Int, height: Int) {
        self.rgba = rgba
        self.width = width
        self.height = height
    }

    /// The alpha channel.
    public var alpha: [UInt8] { stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] } }
}

/// Reads the images screens name (the screen module decodes no image format itself;
/// `DynamicTypeAudit` gives one that reads PNGs).
package protocol ScreenImageLoader: Sendable {
    /// The image at `path` (absolute, already resolved against the screen's folder).
    func image(atPath path: String) throws -> ScreenImage
}

/// An image placed in a laid-out screen.
package struct PlacedImage: Hashable, Sendable {
    /// Where it is drawn, in screen points.
    public var frame: Rect
    /// The pixels.
    public var image: ScreenImage
}
