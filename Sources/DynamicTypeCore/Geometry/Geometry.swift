// Plane geometry in points (UIKit's flipped coordinates): what layout, drawing, screens and device
// catalogs share. Here in the core, which has no C, so that no layer needs TextStack for a rectangle.

/// A point in points, y growing downwards (UIKit's flipped coordinates).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position, growing rightwards.
    public var x: Double
    /// Vertical position, growing downwards.
    public var y: Double
    /// A point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    /// `(x, y)` with compact numbers.
    public var description: String { "(\(fmt(x)), \(fmt(y)))" }
}

/// A size in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points (`.infinity` for an unbounded container).
    public var height: Double
    /// A size; `height` may be `.infinity` for an unbounded container.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)
    /// `width×height`, numbers compact (`inf` for an unbounded height).
    public var description: String { "\(fmt(width))×\(fmt(height))" }
}

/// A rectangle in points (origin top-left, y down).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// Width and height.
    public var size: Size

    /// A rectangle from origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge.
    public var minX: Double { origin.x }
    /// Top edge.
    public var minY: Double { origin.y }
    /// Right edge.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// Horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// Width in points.
    public var width: Double { size.width }
    /// Height in points.
    public var height: Double { size.height }
    /// Whether the rectangle has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The smallest rectangle containing both (an empty rectangle contributes nothing).
    public func union(_ other: Rect) -> Rect {
        if isEmpty && origin == .zero { return other }
        if other.isEmpty && other.origin == .zero { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Whether the rectangles overlap with positive area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The overlap of the two rectangles (zero size, at the nearer corner, when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, other.maxX) - x0), height: max(0, min(maxY, other.maxY) - y0))
    }

    /// Whether `point` lies inside (min edges inclusive).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle grown by `dx` on the left and right and `dy` on top and bottom (negative shrinks).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// `{(x, y), width×height}`.
    public var description: String { "{\(origin), \(size)}" }
}

/// Compact number text for the descriptions above: `17`, `16.5`, `3.142`.
private func fmt(_ value: Double) -> String {
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(.towardZero) && abs(rounded) < 1e12 { return String(Int(rounded)) }
    return String(rounded)
}
