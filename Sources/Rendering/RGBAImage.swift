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
        var pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        var index = 0
        while index < pixels.count {
            pixels[index] = fill.r
            pixels[index + 1] = fill.g
            pixels[index + 2] = fill.b
            pixels[index + 3] = fill.a
            index += 4
        }
        self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b, a), or nil outside the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
