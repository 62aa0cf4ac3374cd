import DynamicTypeCore
import Foundation
import TextStack

/// Which areas of a self-overlapping path are inside.
package enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the path winds around a point a non-zero number of times (UIKit's default).
    case nonZero
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd
}

extension Canvas {
    /// Fills `path` (points) with `color`, anti-aliased: each pixel's coverage is measured on 16
    /// sub-scanlines with exact horizontal span coverage, so edges are smooth (the time
    /// indicator's circle) and a circle's covered area matches πr² closely. Curves are flattened
    /// to within 0.1 device pixel. Every subpath is treated as closed.
    public func fill(_ path: BezierPath, color: RGBAColor, rule: FillRule = .nonZero) {
        let paint = Paint(color)
        guard paint.alpha > 0 else { return }
        let polygons = PathFlattener.subpaths(of: path, scale: scale).map(\.points)
        fillPolygons(polygons, rule: rule, paint: paint)
    }

    /// Strokes `path` (points) with a line `width` points wide, centred on the path: butt caps,
    /// bevel joins (curves are flattened finely, so joins along a curve are invisible). Open
    /// subpaths stay open; subpaths ending in `close()` are joined back to their start.
    public func stroke(_ path: BezierPath, width: Double, color: RGBAColor) {
        let paint = Paint(color)
        guard paint.alpha > 0, width > 0, width.isFinite else { return }
        var polygons: [[Point]] = []
        for subpath in PathFlattener.subpaths(of: path, scale: scale) {
            polygons += StrokeOutliner.outline(subpath.points, closed: subpath.closed, halfWidth: width * scale / 2)
        }
        // Every piece is oriented the same way, so the non-zero rule gives their union.
        fillPolygons(polygons, rule: .nonZero, paint: paint)
    }

    /// Draws a straight line `width` points wide from `start` to `end`, with butt caps.
    ///
    /// Horizontal and vertical lines (table separators) are snapped to the pixel grid so that they
    /// stay crisp: their thickness is `width × scale` rounded to whole pixels, at least one (a
    /// hairline of `1 / scale` points is exactly one device pixel, as UIKit's separators are), and
    /// they cover the pixel rows (columns) starting at the one that holds the line's edge. Other
    /// lines are anti-aliased polygons.
    public func strokeLine(from start: Point, to end: Point, width: Double, color: RGBAColor) {
        let paint = Paint(color)
        guard paint.alpha > 0, width > 0, width.isFinite else { return }
        let thickness = Double(max(1, Int((width * scale).rounded())))
        if start.y == end.y {
            let top = ((start.y * scale) - thickness / 2 + 0.5).rounded(.down)
            fillPixels(
                x0: min(start.x, end.x) * scale, y0: top, x1: max(start.x, end.x) * scale, y1: top + thickness,
                paint: paint)
        } else if start.x == end.x {
            let left = ((start.x * scale) - thickness / 2 + 0.5).rounded(.down)
            fillPixels(
                x0: left, y0: min(start.y, end.y) * scale, x1: left + thickness, y1: max(start.y, end.y) * scale,
                paint: paint)
        } else {
            let a = Point(x: start.x * scale, y: start.y * scale), b = Point(x: end.x * scale, y: end.y * scale)
            fillPolygons(StrokeOutliner.outline([a, b], closed: false, halfWidth: width * scale / 2), rule: .nonZero, paint: paint)
        }
    }

    /// Fills polygons given in pixel coordinates.
    func fillPolygons(_ polygons: [[Point]], rule: FillRule, paint: Paint) {
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            PolygonRasterizer.rasterize(polygons, rule: rule, clip: clipBox) { y, x0, coverage, range in
                let row = y * width
                for i in range {
                    let a = Int((min(1, max(0, coverage[i])) * paint.alpha * 255).rounded())
                    PixelBlend.over(p, at: (row + x0 + i) * 4, r: paint.r, g: paint.g, b: paint.b, a: a)
                }
            }
        }
    }
}

/// Turns a ``BezierPath`` into polylines in pixel space.
enum PathFlattener {
    struct Subpath {
        var points: [Point]
        var closed: Bool
    }

    /// The subpaths scaled by `scale`, curves subdivided until they stray at most `tolerance` pixels.
    static func subpaths(of path: BezierPath, scale: Double, tolerance: Double = 0.1) -> [Subpath] {
        var result: [Subpath] = []
        var current: [Point] = []
        var last = Point.zero
        var start = Point.zero
        func px(_ p: Point) -> Point { Point(x: p.x * scale, y: p.y * scale) }
        func finish(closed: Bool) {
            if current.count >= 2 { result.append(Subpath(points: current, closed: closed)) }
            current = []
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                last = px(p)
                start = last
                current = [last]
            case .line(let p):
                if current.isEmpty { current = [last] }
                last = px(p)
                current.append(last)
            case .quadCurve(let p, let c):
                if current.isEmpty { current = [last] }
                let to = px(p), control = px(c)
                let c1 = Point(x: last.x + 2.0 / 3.0 * (control.x - last.x), y: last.y + 2.0 / 3.0 * (control.y - last.y))
                let c2 = Point(x: to.x + 2.0 / 3.0 * (control.x - to.x), y: to.y + 2.0 / 3.0 * (control.y - to.y))
                cubic(last, c1, c2, to, tolerance: tolerance, into: &current)
                last = to
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                let to = px(p)
                cubic(last, px(c1), px(c2), to, tolerance: tolerance, into: &current)
                last = to
            case .close:
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
        return result
    }

    /// Uniform subdivision with the segment count from Wang's formula (bounded to 1…1024).
    private static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, into out: inout [Point]) {
        let dd = max(
            hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
            hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        let estimate = sqrt(0.75 * dd / tolerance)
        let segments = estimate.isFinite ? min(1024, max(1, Int(estimate.rounded(.up)))) : 1
        for i in 1...segments {
            let t = Double(i) / Double(segments), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            out.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }
}

/// Outlines a stroked polyline as polygons all oriented the same way (for a non-zero union):
/// one quadrilateral per segment, bevel triangles at the joins.
enum StrokeOutliner {
    static func outline(_ input: [Point], closed: Bool, halfWidth: Double) -> [[Point]] {
        var points: [Point] = []
        for p in input where p.x.isFinite && p.y.isFinite && points.last.map({ $0 != p }) ?? true { points.append(p) }
        if closed, points.count > 2, points.first == points.last { points.removeLast() }
        guard points.count >= 2 else { return [] }
        let segmentCount = closed && points.count > 2 ? points.count : points.count - 1
        var polygons: [[Point]] = []
        var normals: [Point] = []
        for i in 0..<segmentCount {
            let a = points[i], b = points[(i + 1) % points.count]
            let length = hypot(b.x - a.x, b.y - a.y)
            let n = Point(x: -(b.y - a.y) / length * halfWidth, y: (b.x - a.x) / length * halfWidth)
            normals.append(n)
            polygons.append(oriented([
                Point(x: a.x + n.x, y: a.y + n.y), Point(x: b.x + n.x, y: b.y + n.y),
                Point(x: b.x - n.x, y: b.y - n.y), Point(x: a.x - n.x, y: a.y - n.y),
            ]))
        }
        // Joins: vertex i joins segment i−1 and segment i.
        let joins = closed && points.count > 2 ? Array(0..<segmentCount) : Array(1..<segmentCount)
        for i in joins {
            let v = points[i]
            let before = normals[(i - 1 + segmentCount) % segmentCount], after = normals[i]
            for sign in [1.0, -1.0] {
                let triangle = [
                    v, Point(x: v.x + sign * before.x, y: v.y + sign * before.y),
                    Point(x: v.x + sign * after.x, y: v.y + sign * after.y),
                ]
                if abs(signedArea(triangle)) > 1e-9 { polygons.append(oriented(triangle)) }
            }
        }
        return polygons
    }

    static func signedArea(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    private static func oriented(_ polygon: [Point]) -> [Point] {
        signedArea(polygon) < 0 ? polygon.reversed() : polygon
    }
}

/// Scanline polygon rasterizer with anti-aliasing: 16 sub-scanlines per pixel row, and on each
/// the exact horizontal coverage of every inside span (fractional at the span's ends).
enum PolygonRasterizer {
    static let subsamples = 16

    private struct Edge {
        var x0: Double
        var y0: Double
        var y1: Double
        var dxdy: Double
        var winding: Int
    }

    /// Calls `emit(y, x0, coverage, range)` for each pixel row with coverage: pixel `x0 + i` has
    /// coverage `coverage[i]` (0…1) for `i` in `range`.
    static func rasterize(
        _ polygons: [[Point]], rule: FillRule, clip: PixelBox,
        _ emit: (Int, Int, UnsafeMutableBufferPointer<Double>, ClosedRange<Int>) -> Void
    ) {
        var edges: [Edge] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for polygon in polygons where polygon.count >= 3 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { continue }
                minX = min(minX, a.x)
                maxX = max(maxX, a.x)
                minY = min(minY, a.y)
                maxY = max(maxY, a.y)
                if a.y == b.y { continue }
                let (top, bottom, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                edges.append(
                    Edge(x0: top.x, y0: top.y, y1: bottom.y, dxdy: (bottom.x - top.x) / (bottom.y - top.y), winding: winding))
            }
        }
        guard !edges.isEmpty else { return }
        let x0 = max(clip.x0, Int(max(-1e9, minX.rounded(.down)))), x1 = min(clip.x1, Int(min(1e9, maxX.rounded(.up))))
        let y0 = max(clip.y0, Int(max(-1e9, minY.rounded(.down)))), y1 = min(clip.y1, Int(min(1e9, maxY.rounded(.up))))
        guard x0 < x1, y0 < y1 else { return }
        edges.sort { $0.y0 < $1.y0 }
        let width = x1 - x0
        let weight = 1.0 / Double(subsamples)
        var cover = [Double](repeating: 0, count: width + 2)
        var delta = [Double](repeating: 0, count: width + 2)
        var active: [Int] = []
        var crossings: [(x: Double, winding: Int)] = []
        var next = 0
        func inside(_ winding: Int) -> Bool { rule == .nonZero ? winding != 0 : winding & 1 != 0 }
        cover.withUnsafeMutableBufferPointer { cover in
            delta.withUnsafeMutableBufferPointer { delta in
                for y in y0..<y1 {
                    let top = Double(y), bottom = top + 1
                    while next < edges.count && edges[next].y0 < bottom {
                        active.append(next)
                        next += 1
                    }
                    active.removeAll { edges[$0].y1 <= top }
                    if active.count < 2 { continue }
                    var lo = Int.max, hi = Int.min
                    func addSpan(_ xa: Double, _ xb: Double) {
                        let ua = max(0, xa - Double(x0)), ub = min(Double(width), xb - Double(x0))
                        guard ub > ua else { return }
                        let ia = Int(ua), ib = Int(ub)
                        if ia == ib {
                            cover[ia] += (ub - ua) * weight
                        } else {
                            cover[ia] += (Double(ia + 1) - ua) * weight
                            delta[ia + 1] += weight
                            delta[ib] -= weight
                            cover[ib] += (ub - Double(ib)) * weight
                        }
                        lo = min(lo, ia)
                        hi = max(hi, ib)
                    }
                    for s in 0..<subsamples {
                        let sy = top + (Double(s) + 0.5) * weight
                        crossings.removeAll(keepingCapacity: true)
                        for index in active {
                            let e = edges[index]
                            if sy >= e.y0 && sy < e.y1 { crossings.append((e.x0 + (sy - e.y0) * e.dxdy, e.winding)) }
                        }
                        if crossings.count < 2 { continue }
                        crossings.sort { $0.x < $1.x }
                        var winding = 0
                        var spanStart = 0.0
                        for crossing in crossings {
                            let wasInside = inside(winding)
                            winding += crossing.winding
                            let isInside = inside(winding)
                            if !wasInside && isInside {
                                spanStart = crossing.x
                            } else if wasInside && !isInside {
                                addSpan(spanStart, crossing.x)
                            }
                        }
                    }
                    guard lo <= hi else { continue }
                    var running = 0.0
                    for i in lo...hi {
                        running += delta[i]
                        delta[i] = 0
                        cover[i] += running
                    }
                    delta[hi + 1] = 0
                    let last = min(hi, width - 1)
                    if lo <= last { emit(y, x0, cover, lo...last) }
                    for i in lo...hi { cover[i] = 0 }
                }
            }
        }
    }
}
