import DynamicTypeCore

/// A text container shaped as one or more polygons (even–odd: a polygon inside another is a hole),
/// for page layouts such as a trapezoid, an L or a diamond. Curved outlines come in through
/// ``init(path:tolerance:)``, flattened like exclusion paths.
///
/// A band's inside pieces are exact: an x at which no edge passes through the band is inside or
/// outside for the band's whole height, so the pieces are the gaps between the edges' extents in
/// the band that test inside at the band's middle.
public struct PolygonContainerShape: TextContainerShape, Hashable, Sendable {
    /// The outlines, in container coordinates; each is closed implicitly.
    public let polygons: [[Point]]
    /// Their bounding box.
    public let boundingBox: Rect

    /// A shape from outlines in container coordinates (each at least three points).
    public init(polygons: [[Point]]) {
        self.polygons = polygons.filter { $0.count >= 3 }
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        for point in self.polygons.joined() {
            x0 = min(x0, point.x)
            x1 = max(x1, point.x)
            y0 = min(y0, point.y)
            y1 = max(y1, point.y)
        }
        boundingBox = x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// A shape from a single outline.
    public init(points: [Point]) { self.init(polygons: [points]) }

    /// A shape from a path, its subpaths flattened to within `tolerance` points.
    public init(path: BezierPath, tolerance: Double = 0.25) { self.init(polygons: path.flattened(tolerance: tolerance)) }

    /// The pieces of the band inside the polygons over its whole height.
    public func segments(in band: Rect, containerSize: Size) -> [Rect] {
        let y0 = band.minY, y1 = band.maxY
        guard boundingBox.minY <= y0, boundingBox.maxY >= y1 else { return [] }
        // x-extents of the edges where they pass through the band. An edge that only touches the
        // band's top or bottom line leaves the band's inside alone (the outline is inside).
        var blocked: [(Double, Double)] = []
        for polygon in polygons {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                if a.y == b.y {
                    if a.y > y0 && a.y < y1 { blocked.append((min(a.x, b.x), max(a.x, b.x))) }
                    continue
                }
                let top = max(min(a.y, b.y), y0), bottom = min(max(a.y, b.y), y1)
                guard top < bottom else { continue }
                let xTop = a.x + (b.x - a.x) * (top - a.y) / (b.y - a.y)
                let xBottom = a.x + (b.x - a.x) * (bottom - a.y) / (b.y - a.y)
                blocked.append((min(xTop, xBottom), max(xTop, xBottom)))
            }
        }
        blocked.sort { $0.0 < $1.0 }
        let left = max(band.minX, boundingBox.minX), right = min(band.maxX, boundingBox.maxX)
        var gaps: [(Double, Double)] = []
        var cursor = left
        for (start, end) in blocked {
            if start > cursor { gaps.append((cursor, min(start, right))) }
            cursor = max(cursor, end)
            if cursor >= right { break }
        }
        if cursor < right { gaps.append((cursor, right)) }
        let middle = (y0 + y1) / 2
        return gaps.compactMap { gap in
            guard gap.1 - gap.0 > 1e-9, contains(Point(x: (gap.0 + gap.1) / 2, y: middle)) else { return nil }
            return Rect(x: gap.0, y: y0, width: gap.1 - gap.0, height: band.height)
        }
    }

    /// The polygons' bounding box.
    public func bounds(containerSize: Size) -> Rect { boundingBox }

    /// Whether `point` is inside (even–odd rule over all outlines).
    public func contains(_ point: Point) -> Bool {
        var inside = false
        for polygon in polygons {
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[i], b = polygon[j]
                if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
                    inside.toggle()
                }
                j = i
            }
        }
        return inside
    }
}
