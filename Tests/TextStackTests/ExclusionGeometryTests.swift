import DynamicTypeCore
import Testing

@testable import TextStack

/// Exclusion-path geometry: free segments of a line band, Bézier flattening.
@Suite("Exclusion geometry")
struct ExclusionGeometryTests {
    @Test("a rectangle in the middle leaves a segment on each side")
    func rectInMiddle() {
        let container = TextContainer(size: Size(width: 300, height: .infinity))
        container.exclusionPaths = [BezierPath(rect: Rect(x: 100, y: 50, width: 100, height: 60))]
        #expect(container.freeSegments(y: 0, height: 20) == [Rect(x: 0, y: 0, width: 300, height: 20)])
        let band = container.freeSegments(y: 60, height: 20)
        #expect(band == [Rect(x: 0, y: 60, width: 100, height: 20), Rect(x: 200, y: 60, width: 100, height: 20)])
        // A band that only grazes the exclusion's top edge is still blocked (it overlaps 40…60 → 50…60).
        #expect(container.freeSegments(y: 40, height: 20).count == 2)
        // Right below the exclusion the band is free again.
        #expect(container.freeSegments(y: 110, height: 20).count == 1)
    }

    @Test("a circle at the top right: the blocked width follows the curve")
    func circleTopRight() {
        let container = TextContainer(size: Size(width: 320, height: .infinity))
        let circle = BezierPath(arcCenter: Point(x: 290, y: 30), radius: 30, startAngle: -.pi, endAngle: 2 * .pi, clockwise: true)
        container.exclusionPaths = [circle]
        let middle = container.freeSegments(y: 25, height: 10)
        #expect(middle.count == 1)
        #expect(abs(middle[0].width - 260) < 0.5)  // the band at the widest part stops at x ≈ 260
        let nearBottom = container.freeSegments(y: 55, height: 4)
        #expect(nearBottom[0].width > 270)  // the curve narrows towards its bottom
        #expect(container.freeSegments(y: 61, height: 10) == [Rect(x: 0, y: 61, width: 320, height: 10)])
    }

    @Test("an exclusion wider than the container leaves nothing, and says where it ends")
    func widerThanContainer() {
        let container = TextContainer(size: Size(width: 200, height: .infinity))
        container.exclusionPaths = [BezierPath(ovalIn: Rect(x: -50, y: 0, width: 300, height: 80))]
        #expect(container.freeSegments(y: 30, height: 20).isEmpty)
        let bottom = container.bottomOfExclusions(intersecting: 30, height: 20)
        #expect(bottom != nil && abs(bottom! - 80) < 0.01)
    }

    @Test("flattening stays within tolerance of a true circle")
    func flattening() {
        let circle = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        let polygon = circle.flattened(tolerance: 0.1)
        #expect(polygon.count == 1)
        for point in polygon[0] {
            let distance = ((point.x - 100) * (point.x - 100) + (point.y - 100) * (point.y - 100)).squareRoot()
            #expect(abs(distance - 100) < 0.2)
        }
        #expect(abs(circle.bounds.width - 200) < 0.01)
        #expect(circle.offsetBy(dx: 10, dy: 5).bounds.minX > 9.9)
    }
}
