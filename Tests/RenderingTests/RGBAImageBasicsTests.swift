import Testing

@testable import Rendering

@Suite("RGBA image basics")
struct RGBAImageBasicsTests {
    @Test("a filled image reports its fill everywhere and nil outside")
    func fill() {
        let image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 255))
        #expect(image.pixels.count == 3 * 2 * 4)
        #expect(image.pixel(x: 2, y: 1)! == (10, 20, 30, 255))
        #expect(image.pixel(x: 3, y: 0) == nil)
        #expect(image.pixel(x: 0, y: -1) == nil)
        #expect(RGBAImage(width: -4, height: 2).pixels.isEmpty)
    }

    @Test("halvedIfOpaque: each pixel the rounded mean of its 2×2 block, odd edges dropped; nil with transparency")
    func halved() throws {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(7, 5), (8, 4), (2, 2), (33, 9)] {
            var pixels = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
            let image = try RGBAImage(width: width, height: height, pixels: pixels)
            #expect(image.isOpaque)
            let half = try #require(image.halvedIfOpaque())
            #expect(half.width == width / 2 && half.height == height / 2)
            for y in 0..<half.height {
                for x in 0..<half.width {
                    for c in 0..<4 {
                        let at = { (px: Int, py: Int) in Int(pixels[(py * width + px) * 4 + c]) }
                        let sum = at(2 * x, 2 * y) + at(2 * x + 1, 2 * y) + at(2 * x, 2 * y + 1) + at(2 * x + 1, 2 * y + 1)
                        #expect(Int(half.pixels[(y * half.width + x) * 4 + c]) == (sum + 2) / 4)
                    }
                }
            }
            // One pixel with alpha below 255 anywhere (also past the last whole 8-byte word).
            var translucent = pixels
            translucent[pixels.count - 1] = 254
            let seeThrough = try RGBAImage(width: width, height: height, pixels: translucent)
            #expect(!seeThrough.isOpaque)
            #expect(seeThrough.halvedIfOpaque() == nil)
        }
        #expect(RGBAImage(width: 1, height: 9).halvedIfOpaque() == nil)
    }
}
