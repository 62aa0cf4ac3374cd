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
}
