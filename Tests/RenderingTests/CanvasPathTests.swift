import DynamicTypeCore
import Foundation
import Testing
import TextStack

@testable import Rendering

@Suite("Canvas shapes")
struct CanvasPathTests {
    /// Σ coverage of black on white, in pixels.
    static func inkArea(_ image: RGBAImage) -> Double {
        var sum = 0.0
        for i in stride(from: 0, to: image.pixels.count, by: 4) { sum += Double(255 - Int(image.pixels[i])) / 255 }
        return sum
    }

    @Test("a filled circle has anti-aliased edges and covers πr² within 2 %", arguments: [1.0, 2.0, 3.0])
    func circle(scale: Double) throws {
        let canvas = Canvas(size: Size(width: 100, height: 100), scale: scale, background: .white)
        canvas.fill(BezierPath(ovalIn: Rect(x: 10.3, y: 10.7, width: 80, height: 80)), color: .black)
        let image = canvas.image
        let partial = image.pixels(where: { r, _, _, _ in r > 0 && r < 255 })
        #expect(partial.count > Int(2 * Double.pi * 40 * scale), "edge pixels should be partially covered")
        let expected = Double.pi * 40 * 40 * scale * scale
        let area = Self.inkArea(image)
        #expect(abs(area - expected) / expected < 0.02, "area \(area) vs πr² \(expected)")
        // Much tighter in practice; keep an eye on regressions of the rasterizer itself.
        #expect(abs(area - expected) / expected < 0.005, "area \(area) vs πr² \(expected)")
        // Inside solid, outside untouched.
        #expect(image.rgba(Int(50 * scale), Int(50 * scale)).r == 0)
        #expect(image.rgba(Int(5 * scale), Int(5 * scale)).r == 255)
    }

    @Test("the arc initializer (the seed's curvePathWithOrigin:) fills like an oval")
    func arcCircle() throws {
        let canvas = Canvas(size: Size(width: 100, height: 100), scale: 2)
        canvas.fill(
            BezierPath(arcCenter: Point(x: 50, y: 50), radius: 30, startAngle: -.pi, endAngle: 2 * .pi, clockwise: true),
            color: .black)
        let expected = Double.pi * 60 * 60
        #expect(abs(Self.inkArea(canvas.image) - expected) / expected < 0.01)
    }

    @Test("even-odd leaves a hole where two nested circles overlap; non-zero does not")
    func fillRules() throws {
        var rings = BezierPath(ovalIn: Rect(x: 10, y: 10, width: 80, height: 80))
        for element in BezierPath(ovalIn: Rect(x: 30, y: 30, width: 40, height: 40)).elements {
            switch element {
            case .move(let p): rings.move(to: p)
            case .line(let p): rings.addLine(to: p)
            case .curve(let p, let c1, let c2): rings.addCurve(to: p, control1: c1, control2: c2)
            case .quadCurve(let p, let c): rings.addQuadCurve(to: p, control: c)
            case .close: rings.close()
            }
        }
        let evenOdd = Canvas(size: Size(width: 100, height: 100), scale: 1)
        evenOdd.fill(rings, color: .black, rule: .evenOdd)
        let nonZero = Canvas(size: Size(width: 100, height: 100), scale: 1)
        nonZero.fill(rings, color: .black, rule: .nonZero)
        #expect(evenOdd.image.rgba(50, 50).r == 255)
        #expect(nonZero.image.rgba(50, 50).r == 0)
        #expect(evenOdd.image.rgba(20, 50).r == 0)
        let ring = Double.pi * (40 * 40 - 20 * 20)
        #expect(abs(Self.inkArea(evenOdd.image) - ring) / ring < 0.01)
    }

    @Test("a stroked circle is a ring of the stroke's width")
    func strokedCircle() throws {
        let canvas = Canvas(size: Size(width: 100, height: 100), scale: 2)
        canvas.stroke(BezierPath(ovalIn: Rect(x: 20, y: 20, width: 60, height: 60)), width: 2, color: .black)
        let expected = 2 * Double.pi * 30 * 2 * 4  // circumference × width, in px² at 2×
        let area = Self.inkArea(canvas.image)
        #expect(abs(area - expected) / expected < 0.02, "ring area \(area) vs \(expected)")
        #expect(canvas.image.rgba(100, 100).r == 255, "centre stays empty")
        #expect(canvas.image.rgba(100, 40).r == 0, "on the stroke: (50, 20) pt")
    }

    @Test("an open stroked path is not closed")
    func openStroke() throws {
        var path = BezierPath()
        path.move(to: Point(x: 10, y: 10))
        path.addLine(to: Point(x: 90, y: 10))
        path.addLine(to: Point(x: 90, y: 90))
        let canvas = Canvas(size: Size(width: 100, height: 100), scale: 1)
        canvas.stroke(path, width: 2, color: .black)
        #expect(canvas.image.rgba(50, 10).r < 10)
        #expect(canvas.image.rgba(90, 50).r < 10)
        #expect(canvas.image.rgba(50, 50).r == 255, "no closing diagonal")
    }

    @Test("hairline separators are exactly one device pixel, crisp", arguments: [1.0, 2.0, 3.0])
    func hairline(scale: Double) throws {
        let gray = RGBAColor(white: 0.78)
        let canvas = Canvas(size: Size(width: 50, height: 20), scale: scale)
        canvas.strokeLine(from: Point(x: 15, y: 10), to: Point(x: 50, y: 10), width: 1 / scale, color: gray)
        let touched = canvas.image.pixels(where: { r, _, _, _ in r != 255 })
        let rows = Set(touched.map(\.y))
        #expect(rows.count == 1, "rows \(rows.sorted())")
        #expect(touched.count == Int(35 * scale))
        #expect(touched.allSatisfy { canvas.image.rgba($0.x, $0.y).r == 199 })
        // A vertical one too.
        canvas.strokeLine(from: Point(x: 5, y: 0), to: Point(x: 5, y: 20), width: 1 / scale, color: gray)
        #expect(Set(canvas.image.pixels(in: (0, 0, Int(12 * scale), Int(20 * scale)), where: { r, _, _, _ in r != 255 }).map(\.x)).count == 1)
    }

    @Test("rectangles: exact coverage at fractional edges, alpha blends, clip restricts")
    func rectangles() throws {
        let canvas = Canvas(size: Size(width: 10, height: 10), scale: 1, background: .white)
        canvas.fill(Rect(x: 2.5, y: 2, width: 3, height: 1), color: .black)
        #expect(canvas.image.rgba(2, 2).r == 128 || canvas.image.rgba(2, 2).r == 127)
        #expect(canvas.image.rgba(3, 2).r == 0)
        #expect(canvas.image.rgba(5, 2).r >= 127 && canvas.image.rgba(5, 2).r <= 128)
        canvas.fill(Rect(x: 0, y: 5, width: 10, height: 1), color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        // Opacity 0.5 is 128/255; white × (1 − 128/255) = 127.
        #expect(canvas.image.rgba(0, 5) == (255, 127, 127, 255))
        canvas.withClip(Rect(x: 0, y: 7, width: 5, height: 3)) {
            canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .blue)
        }
        #expect(canvas.image.rgba(4, 8) == (0, 0, 255, 255))
        #expect(canvas.image.rgba(6, 8) == (255, 255, 255, 255))
        #expect(canvas.image.rgba(4, 6) == (255, 255, 255, 255))
    }

    @Test("a transparent background composites correctly (straight alpha)")
    func transparentBackground() throws {
        let canvas = Canvas(size: Size(width: 4, height: 4), scale: 1, background: .clear)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(canvas.image.rgba(1, 1) == (255, 0, 0, 128))
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), color: RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        let p = canvas.image.rgba(1, 1)
        #expect(p.a == 192)  // 128/255 + 128/255 × 127/255 ≈ 0.752
        #expect(abs(p.r - 85) <= 1 && abs(p.b - 170) <= 1 && p.g == 0)
    }

    @Test("canvas pixel size is points × scale", arguments: [1.0, 2.0, 3.0])
    func pixelSize(scale: Double) throws {
        let canvas = Canvas(size: Size(width: 393, height: 852), scale: scale)
        #expect(canvas.pixelWidth == Int(393 * scale))
        #expect(canvas.pixelHeight == Int(852 * scale))
        #expect(canvas.image.pixels.count == canvas.pixelWidth * canvas.pixelHeight * 4)
    }

    @Test("drawing an image composites it at the point, clipped")
    func drawImage() throws {
        let canvas = Canvas(size: Size(width: 10, height: 10), scale: 1)
        let red = RGBAImage(width: 3, height: 3, fill: (255, 0, 0, 255))
        canvas.draw(red, at: Point(x: 8, y: 8))
        #expect(canvas.image.rgba(9, 9) == (255, 0, 0, 255))
        #expect(canvas.image.rgba(7, 7) == (255, 255, 255, 255))
    }
}
