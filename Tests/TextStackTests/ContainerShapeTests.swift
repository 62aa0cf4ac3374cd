import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

/// Custom container shapes: the seed's circular container, polygons.
@Suite("Container shapes")
struct ContainerShapeTests {
    static let prose = String(
        repeating: "Text Kit lays text out in a container of any shape; here every line must stay inside the outline. ",
        count: 8)

    @Test("seed 004's circular container: every line fragment lies inside the circle, top and bottom")
    func circle() throws {
        let storage = try LayoutFixtures.storage(Self.prose)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: 300)], padding: 5)
        containers[0].shape = CircularContainerShape()
        manager.invalidateLayout()
        let lines = manager.lineFragments
        #expect(lines.count > 8)
        // The text is longer than the circle holds.
        #expect(manager.overflowRange != nil)
        let center = Point(x: 150, y: 150), radius = 150.0
        for line in lines {
            for rect in [line.rect, line.usedRect] {
                for y in [rect.minY, rect.maxY] {
                    for x in [rect.minX, rect.maxX] {
                        let distance = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
                        #expect(distance <= radius + 1e-6, "line \(line.characterRange) corner (\(x), \(y)) at \(distance)")
                    }
                }
            }
            #expect(line.textWidth <= line.rect.width - 10 + 1e-6)
            #expect(!line.brokeWord)
        }
        // Lines are widest near the middle and narrow towards the top and the bottom.
        let widest = try #require(lines.max { $0.rect.width < $1.rect.width })
        #expect(abs(widest.rect.midY - 150) < 25)
        #expect(lines[0].rect.width < widest.rect.width - 50)
        // Text reads on in order, without gaps.
        var next = 0
        for line in lines {
            #expect(line.characterRange.location == next)
            next = line.characterRange.location + line.characterRange.length
        }
    }

    @Test("a circle with explicit centre and radius, and its TextKit single-rect form")
    func circleGeometry() {
        let shape = CircularContainerShape(center: Point(x: 100, y: 100), radius: 50)
        let size = Size(width: 400, height: 400)
        #expect(shape.bounds(containerSize: size) == Rect(x: 50, y: 50, width: 100, height: 100))
        // A band straddling the centre gets the chord at its farther edge.
        let band = shape.segments(in: Rect(x: 0, y: 90, width: 400, height: 30), containerSize: size)
        let half = (50.0 * 50 - 20 * 20).squareRoot()
        #expect(band.count == 1)
        #expect(abs(band[0].minX - (100 - half)) < 1e-9 && abs(band[0].maxX - (100 + half)) < 1e-9)
        // Bands reaching outside the circle get nothing.
        #expect(shape.segments(in: Rect(x: 0, y: 40, width: 400, height: 20), containerSize: size).isEmpty)
        let single = shape.lineFragmentRect(forProposedRect: Rect(x: 100, y: 90, width: 300, height: 30), containerSize: size)
        #expect(abs(single.rect.minX - 100) < 1e-9 && abs(single.rect.maxX - (100 + half)) < 1e-9)
        #expect(single.remaining == nil)
    }

    @Test("a trapezoid polygon: every line's ends lie on or inside the slanted sides")
    func trapezoid() throws {
        // 300 pt wide at the top, 100 pt at the bottom: the sides are x = y/3 and x = 300 − y/3.
        let shape = PolygonContainerShape(points: [
            Point(x: 0, y: 0), Point(x: 300, y: 0), Point(x: 200, y: 300), Point(x: 100, y: 300),
        ])
        let storage = try LayoutFixtures.storage(Self.prose)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: 400)])
        containers[0].shape = shape
        manager.invalidateLayout()
        let lines = manager.lineFragments
        #expect(lines.count > 8)
        for line in lines {
            #expect(line.rect.maxY <= 300 + 1e-6)
            for y in [line.rect.minY, line.rect.maxY] {
                #expect(line.rect.minX >= y / 3 - 1e-6)
                #expect(line.rect.maxX <= 300 - y / 3 + 1e-6)
            }
            #expect(line.textWidth <= line.rect.width + 1e-6)
        }
        // The first line starts at the top: the top edge does not block the band touching it.
        #expect(lines[0].rect.minY == 0)
        #expect(lines[1].rect.width < lines[0].rect.width)
    }

    @Test("a U-shaped polygon: a band through both arms gets two pieces, and text flows through both")
    func uShape() throws {
        let shape = PolygonContainerShape(points: [
            Point(x: 0, y: 0), Point(x: 120, y: 0), Point(x: 120, y: 100), Point(x: 180, y: 100), Point(x: 180, y: 0),
            Point(x: 300, y: 0), Point(x: 300, y: 200), Point(x: 0, y: 200),
        ])
        let size = Size(width: 300, height: 200)
        let arms = shape.segments(in: Rect(x: 0, y: 20, width: 300, height: 22), containerSize: size)
        #expect(arms == [Rect(x: 0, y: 20, width: 120, height: 22), Rect(x: 180, y: 20, width: 120, height: 22)])
        // A band crossing the notch's bottom edge is blocked under the notch only.
        let crossing = shape.segments(in: Rect(x: 0, y: 90, width: 300, height: 22), containerSize: size)
        #expect(crossing.count == 2)
        #expect(shape.segments(in: Rect(x: 0, y: 120, width: 300, height: 22), containerSize: size) == [
            Rect(x: 0, y: 120, width: 300, height: 22)
        ])
        let storage = try LayoutFixtures.storage(Self.prose)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [size])
        containers[0].shape = shape
        manager.invalidateLayout()
        let top = manager.lineFragments.filter { $0.rect.minY == 0 }
        #expect(top.count == 2)
        #expect(manager.numberOfLines < manager.numberOfLineFragments)
        #expect(!containers[0].isSimpleRectangularTextContainer)
    }

    @Test("a shape and an exclusion together: the exclusion is cut out of the shape's pieces")
    func shapeWithExclusion() {
        let container = TextContainer(size: Size(width: 300, height: 300))
        container.shape = CircularContainerShape()
        container.exclusionPaths = [BezierPath(rect: Rect(x: 140, y: 0, width: 20, height: 300))]
        let pieces = container.freeSegments(y: 140, height: 20)
        #expect(pieces.count == 2)
        #expect(pieces[0].maxX == 140 && pieces[1].minX == 160)
        #expect(pieces[0].minX > 0 && pieces[1].maxX < 300)
        let single = container.lineFragmentRect(forProposedRect: Rect(x: 0, y: 140, width: 300, height: 20))
        #expect(single.rect == pieces[0])
        #expect(single.remaining == pieces[1])
    }
}
