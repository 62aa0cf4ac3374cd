import DynamicTypeCore

/// A circular text container (the seeds' `NSTextContainer` subclass that overrides
/// `lineFragmentRectForProposedRect:…` to keep every line inside a circle).
///
/// Each line gets the chord of the circle that is inside it over the line's whole height: the chord
/// at the band edge farther from the centre. A band that reaches above or below the circle gets
/// nothing, so the typesetter moves down until the first word fits.
public struct CircularContainerShape: TextContainerShape, Hashable, Sendable {
    /// The centre in container coordinates; nil = the container's centre.
    public var center: Point?
    /// The radius in points; nil = half the container's shorter side (the inscribed circle, as in
    /// the seed).
    public var radius: Double?

    /// A circle; by default the one inscribed in the container.
    public init(center: Point? = nil, radius: Double? = nil) {
        self.center = center
        self.radius = radius
    }

    /// The circle's centre and radius in a container of `size`.
    public func circle(in size: Size) -> (center: Point, radius: Double) {
        let c = center ?? Point(x: size.width / 2, y: size.height / 2)
        return (c, radius ?? min(size.width, size.height) / 2)
    }

    /// The chord inside the circle over the whole band.
    public func segments(in band: Rect, containerSize: Size) -> [Rect] {
        let (c, r) = circle(in: containerSize)
        guard band.minY >= c.y - r, band.maxY <= c.y + r else { return [] }
        // The narrowest chord in the band is at the edge farther from the centre.
        let farthest = max(abs(band.minY - c.y), abs(band.maxY - c.y))
        let half = (r * r - farthest * farthest).squareRoot()
        let x0 = max(band.minX, c.x - half), x1 = min(band.maxX, c.x + half)
        guard x1 > x0 else { return [] }
        return [Rect(x: x0, y: band.minY, width: x1 - x0, height: band.height)]
    }

    /// The circle's bounding square.
    public func bounds(containerSize: Size) -> Rect {
        let (c, r) = circle(in: containerSize)
        return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
    }
}
