import Foundation

/// A closed or open path of lines and Bézier curves (UIKit `UIBezierPath`), used for exclusion
/// paths such as the seeds' time-indicator circle and image rectangles.
///
/// Curves are flattened into polygons (``flattened(tolerance:)``) for the line-fragment geometry.
public struct BezierPath: Hashable, Sendable {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight line to a point.
        case line(to: Point)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve to a point.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the subpath with a line back to its start.
        case close
    }

    /// The commands in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A rectangle (UIKit `init(rect:)`).
    public init(rect: Rect) {
        move(to: rect.origin)
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A closed polygon through `points` (an exclusion drawn point by point); empty for none.
    public init(polygon points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
        close()
    }

    /// An ellipse inscribed in `rect` (UIKit `init(ovalIn:)`), as four cubic arcs.
    public init(ovalIn rect: Rect) {
        // The standard cubic approximation of a quarter circle: control distance κ = 4(√2 − 1)/3.
        let kappa = 0.5522847498307936
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        move(to: Point(x: cx + rx, y: cy))
        addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ry * kappa), control2: Point(x: cx + rx * kappa, y: cy + ry))
        addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - rx * kappa, y: cy + ry), control2: Point(x: cx - rx, y: cy + ry * kappa))
        addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ry * kappa), control2: Point(x: cx - rx * kappa, y: cy - ry))
        addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + rx * kappa, y: cy - ry), control2: Point(x: cx + rx, y: cy - ry * kappa))
        close()
    }

    /// A circular arc (UIKit `init(arcCenter:radius:startAngle:endAngle:clockwise:)`); angles in
    /// radians, measured in the flipped (y-down) coordinate system as UIKit does. The seed's
    /// `curvePathWithOrigin:` is a full circle: start −π, end 2π, clockwise.
    public init(arcCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi }
        } else if sweep > 0 {
            sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) - 2 * .pi
        }
        sweep = max(-2 * .pi, min(2 * .pi, sweep))
        let segments = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let start = Point(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        move(to: start)
        var angle = startAngle
        for _ in 0..<segments {
            // Cubic approximation of an arc of `step` radians.
            let k = 4.0 / 3.0 * tan(step / 4)
            let a0 = angle, a1 = angle + step
            let p0 = Point(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p3 = Point(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            let c1 = Point(x: p0.x - k * radius * sin(a0), y: p0.y + k * radius * cos(a0))
            let c2 = Point(x: p3.x + k * radius * sin(a1), y: p3.y - k * radius * cos(a1))
            addCurve(to: p3, control1: c1, control2: c2)
            angle = a1
        }
    }

    /// Starts a new subpath.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }
    /// Adds a straight segment.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }
    /// Adds a quadratic Bézier segment.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }
    /// Adds a cubic Bézier segment.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    /// Closes the current subpath.
    public mutating func close() { elements.append(.close) }

    /// The path moved by `dx`, `dy` (UIKit `apply(CGAffineTransform(translationX:y:))`).
    public func offsetBy(dx: Double, dy: Double) -> BezierPath {
        func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        var copy = BezierPath()
        copy.elements = elements.map { element in
            switch element {
            case .move(let p): .move(to: move(p))
            case .line(let p): .line(to: move(p))
            case .quadCurve(let p, let c): .quadCurve(to: move(p), control: move(c))
            case .curve(let p, let c1, let c2): .curve(to: move(p), control1: move(c1), control2: move(c2))
            case .close: .close
            }
        }
        return copy
    }

    /// The subpaths as polygons, curves subdivided until no point strays more than `tolerance`
    /// points from the curve. Every subpath is treated as closed (exclusion paths are areas).
    public func flattened(tolerance: Double = 0.25) -> [[Point]] {
        var polygons: [[Point]] = []
        var current: [Point] = []
        var last = Point.zero
        func finish() {
            if current.count >= 2 { polygons.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                current = [p]
                last = p
            case .line(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .quadCurve(let p, let c):
                if current.isEmpty { current = [last] }
                // Elevate to cubic so one subdivision routine serves both.
                let c1 = Point(x: last.x + 2.0 / 3.0 * (c.x - last.x), y: last.y + 2.0 / 3.0 * (c.y - last.y))
                let c2 = Point(x: p.x + 2.0 / 3.0 * (c.x - p.x), y: p.y + 2.0 / 3.0 * (c.y - p.y))
                Self.flattenCubic(last, c1, c2, p, tolerance: tolerance, into: &current)
                last = p
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                Self.flattenCubic(last, c1, c2, p, tolerance: tolerance, into: &current)
                last = p
            case .close:
                if let first = current.first { last = first }
                finish()
            }
        }
        finish()
        return polygons
    }

    /// Uniform subdivision with a segment count from the control polygon's length; robust and
    /// bounded (at most 256 segments per curve).
    private static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, into out: inout [Point]) {
        let dd = max(
            hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
            hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        // Max deviation of a uniform n-segment flattening ≤ 3/4 · dd / n² (Wang's formula, squared form).
        let segments = min(256, max(1, Int(sqrt(0.75 * dd / max(tolerance, 1e-3)).rounded(.up))))
        for i in 1...segments {
            let t = Double(i) / Double(segments), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            out.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }

    /// The bounding box of the flattened path.
    public var bounds: Rect {
        let points = flattened().flatMap { $0 }
        guard let first = points.first else { return .zero }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in points {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
