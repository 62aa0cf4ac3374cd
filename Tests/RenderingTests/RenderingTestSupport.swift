import DynamicTypeCore
import FontSystem
import Foundation
import Rendering
import TextStack

/// Real fonts and layouts for rendering tests.
enum RenderFixtures {
    static let resolver = try! FontResolver.shared()

    /// iOS body at `category` (Inter 17 pt at large).
    static func body(_ category: ContentSizeCategory = .large) throws -> ResolvedFont {
        try resolver.resolve(FontDescriptor.preferred(for: .body, category: category, profile: .ios))
    }

    /// `text` in body with `extra` attributes on all of it, laid out in a container `width` wide.
    static func layout(
        _ text: String, extra: TextAttributes = .empty, width: Double = 300, padding: Double = 0,
        exclusions: [BezierPath] = []
    ) throws -> (TextStorage, LayoutManager, [LineFragment]) {
        let storage = TextStorage(string: text, attributes: TextAttributes(resolvedFont: try body()).merging(extra))
        let manager = try LayoutManager(resolver: resolver)
        let container = TextContainer(size: Size(width: width, height: .infinity), lineFragmentPadding: padding)
        container.exclusionPaths = exclusions
        manager.addTextContainer(container)
        manager.attach(to: storage)
        return (storage, manager, manager.lineFragments)
    }

    /// `text` drawn at `origin` on a canvas of `size` points.
    static func render(
        _ text: String, extra: TextAttributes = .empty, scale: Double = 2, background: RGBAColor = .white,
        size: Size = Size(width: 200, height: 40), origin: Point = Point(x: 10, y: 5)
    ) throws -> (Canvas, [LineFragment]) {
        let (storage, _, lines) = try layout(text, extra: extra, width: size.width - origin.x)
        let canvas = Canvas(size: size, scale: scale, background: background)
        canvas.drawText(lines, storage: storage, origin: origin)
        return (canvas, lines)
    }
}

/// Pixel queries on images.
extension RGBAImage {
    /// Pixels (x, y) for which `predicate` holds, optionally within a pixel rectangle.
    func pixels(
        in box: (x0: Int, y0: Int, x1: Int, y1: Int)? = nil,
        where predicate: (_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Bool
    ) -> [(x: Int, y: Int)] {
        let b = box ?? (0, 0, width, height)
        var result: [(Int, Int)] = []
        for y in max(0, b.y0)..<min(height, b.y1) {
            for x in max(0, b.x0)..<min(width, b.x1) {
                let i = (y * width + x) * 4
                if predicate(Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3])) {
                    result.append((x, y))
                }
            }
        }
        return result
    }

    /// The bounding box of pixels for which `predicate` holds, or nil.
    func bounds(where predicate: (_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Bool) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let hits = pixels(where: predicate)
        guard let first = hits.first else { return nil }
        var box = (x0: first.x, y0: first.y, x1: first.x + 1, y1: first.y + 1)
        for hit in hits {
            box.x0 = min(box.x0, hit.x)
            box.y0 = min(box.y0, hit.y)
            box.x1 = max(box.x1, hit.x + 1)
            box.y1 = max(box.y1, hit.y + 1)
        }
        return box
    }

    /// The pixel at (x, y) as Ints.
    func rgba(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
    }
}

/// A rectangle in points as a pixel box at `scale` (outward-rounded).
func pixelBox(_ rect: Rect, scale: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
    (
        Int((rect.minX * scale).rounded(.down)), Int((rect.minY * scale).rounded(.down)),
        Int((rect.maxX * scale).rounded(.up)), Int((rect.maxY * scale).rounded(.up))
    )
}
