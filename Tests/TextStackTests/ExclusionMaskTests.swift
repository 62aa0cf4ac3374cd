import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

/// Exclusions from an image's alpha channel.
@Suite("Exclusion masks")
struct ExclusionMaskTests {
    /// A `pixels`-square alpha mask holding a filled circle (a pixel is opaque when its centre is
    /// inside the circle), drawn at `scale`.
    static func disc(pixels: Int, scale: Double, origin: Point) throws -> ExclusionMask {
        var alpha = [UInt8](repeating: 0, count: pixels * pixels)
        let r = Double(pixels) / 2
        for row in 0..<pixels {
            for column in 0..<pixels {
                let dx = Double(column) + 0.5 - r, dy = Double(row) + 0.5 - r
                if dx * dx + dy * dy <= r * r { alpha[row * pixels + column] = 255 }
            }
        }
        return try ExclusionMask(alpha: alpha, width: pixels, height: pixels, scale: scale, origin: origin)
    }

    @Test("a filled circle in the mask blocks like an oval exclusion of the same size, within a pixel")
    func discMatchesOval() throws {
        let scale = 2.0
        let origin = Point(x: 150, y: 40)
        let mask = try Self.disc(pixels: 200, scale: scale, origin: origin)  // 100 pt across
        #expect(mask.bounds == Rect(x: 150, y: 40, width: 100, height: 100))
        let masked = TextContainer(size: Size(width: 320, height: .infinity))
        masked.exclusionMasks = [mask]
        let oval = TextContainer(size: Size(width: 320, height: .infinity))
        oval.exclusionPaths = [BezierPath(ovalIn: mask.bounds)]
        // Bands on the pixel grid, clear of the poles (where a pixel of height changes the chord
        // by many pixels for any rasterisation).
        var y = 50.0
        while y + 11 <= 130 {
            let a = masked.freeSegments(y: y, height: 11), b = oval.freeSegments(y: y, height: 11)
            #expect(a.count == b.count, "band at \(y)")
            for (s, t) in zip(a, b) {
                #expect(abs(s.minX - t.minX) <= 1 / scale + 1e-6 && abs(s.maxX - t.maxX) <= 1 / scale + 1e-6, "band at \(y): \(s) vs \(t)")
            }
            y += 0.5
        }
        // Above and below it the band is whole; the jump below it lands on its last opaque row.
        #expect(masked.freeSegments(y: 10, height: 20) == [Rect(x: 0, y: 10, width: 320, height: 20)])
        #expect(masked.freeSegments(y: 140, height: 20) == [Rect(x: 0, y: 140, width: 320, height: 20)])
        #expect(masked.bottomOfExclusions(intersecting: 100, height: 20) == 140)

        // Laid out, the lines skip the disc as they skip the oval.
        let text = String(repeating: "Words flow around the picture on the right, as in the seed's image view. ", count: 6)
        let storage = try LayoutFixtures.storage(text)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 320, height: .infinity)])
        containers[0].exclusionMasks = [mask]
        manager.invalidateLayout()
        let maskLines = manager.lineFragments
        let ovalStorage = try LayoutFixtures.storage(text)
        let (ovalManager, ovalContainers) = try LayoutFixtures.layout(ovalStorage, sizes: [Size(width: 320, height: .infinity)])
        ovalContainers[0].exclusionPaths = [BezierPath(ovalIn: mask.bounds)]
        ovalManager.invalidateLayout()
        let ovalLines = ovalManager.lineFragments
        #expect(maskLines.count == ovalLines.count)
        for (m, o) in zip(maskLines, ovalLines) {
            #expect(m.rect.minY == o.rect.minY)
            #expect(abs(m.rect.maxX - o.rect.maxX) <= 1 / scale + 1e-6, "\(m.rect) vs \(o.rect)")
        }
        // No line enters the disc.
        let center = Point(x: 200, y: 90)
        for line in maskLines {
            let nearestX = max(line.rect.minX, min(center.x, line.rect.maxX))
            let nearestY = max(line.rect.minY, min(center.y, line.rect.maxY))
            let distance = ((nearestX - center.x) * (nearestX - center.x) + (nearestY - center.y) * (nearestY - center.y)).squareRoot()
            #expect(distance >= 50 - 1 / scale - 1e-6, "line \(line.rect) enters the disc")
        }
        #expect(maskLines.contains { $0.rect.maxX <= 151 })
    }

    @Test("the threshold decides which pixels block; bad sizes are refused")
    func thresholdAndErrors() throws {
        // 4×1 pixels at scale 1: alphas 0, 100, 200, 0.
        let faint = try ExclusionMask(alpha: [0, 100, 200, 0], width: 4, height: 1, origin: Point(x: 10, y: 0))
        #expect(faint.horizontalExtent(y0: 0, y1: 1)! == (12, 13))  // only alpha 200 > 0.5
        let any = try ExclusionMask(alpha: [0, 100, 200, 0], width: 4, height: 1, origin: Point(x: 10, y: 0), threshold: 0)
        #expect(any.horizontalExtent(y0: 0, y1: 1)! == (11, 13))
        #expect(any.horizontalExtent(y0: 1, y1: 5) == nil)  // a band touching the row's bottom edge only
        #expect(throws: ExclusionMaskError.byteCountMismatch(expected: 4, actual: 3)) {
            try ExclusionMask(alpha: [0, 0, 0], width: 2, height: 2)
        }
        #expect(throws: ExclusionMaskError.invalidSize(width: 0, height: 2)) { try ExclusionMask(alpha: [], width: 0, height: 2) }
        #expect(throws: ExclusionMaskError.invalidScale(0)) { try ExclusionMask(alpha: [0], width: 1, height: 1, scale: 0) }
    }
}
