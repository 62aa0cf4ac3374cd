import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import Rendering

/// Pixel tests of the letterpress look (``LetterpressStyle``) on a large "H": the left stem's top
/// edge (a flat, horizontal edge in every sans), its middle and its bottom edge on the baseline.
///
/// The stem is found in the plain rendering (its fully covered pixels are exactly the text colour),
/// then the same pixels are read in the letterpressed rendering: letterpress never moves a glyph,
/// so the geometry is shared. An edge can fall mid-pixel (the H's top does at 1× and 2×), so the
/// edge probes are the outermost pixels at least half covered, read as the glyph's own colour
/// there: the background's share, known from the plain rendering's coverage, taken out.
@Suite("Letterpress")
struct LetterpressTests {
    /// The seeds' title blue, #2D75D4.
    static let blue = RGBAColor.seedTitleBlue
    /// The notes list's background, #F7F7F7.
    static let listGrey = RGBAColor(red: 247 / 255, green: 247 / 255, blue: 247 / 255)
    /// A mid grey on which a white highlight outside the glyph can show (iOS 7's paper).
    static let paper = RGBAColor(white: 0.8)

    /// Rec. 709 luminance of 0…255 channels.
    static func luminance(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Double {
        0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
    }

    /// "H" at 40 pt in the seeds' blue on `background`, with or without letterpress.
    static func renderH(letterpress: Bool, background: RGBAColor, scale: Double) throws -> Canvas {
        let font = try RenderFixtures.resolver.resolve(FontDescriptor(family: FontDescriptor.systemFamily, size: 40))
        var extra = TextAttributes(resolvedFont: font)
        extra.foregroundColor = blue
        extra.textEffect = letterpress ? .letterpress : nil
        let (canvas, _) = try RenderFixtures.render(
            "H", extra: extra, scale: scale, background: background, size: Size(width: 60, height: 60),
            origin: Point(x: 10, y: 5))
        return canvas
    }

    /// Where to look: the stem's centre column, its first and last rows at least half covered,
    /// and the nearest rows above and below it that the glyph does not touch.
    struct Stem {
        var column: Int
        var top: Int
        /// The first fully covered row (the same as `top` when the edge is on the pixel grid).
        var firstFull: Int
        var bottom: Int
        var clearAbove: Int
        var clearBelow: Int
    }

    /// The left stem of the "H" in a plain (not letterpressed) rendering.
    static func stem(in image: RGBAImage, background: (r: Int, g: Int, b: Int, a: Int)) throws -> Stem {
        let text = Paint(blue)
        func full(_ x: Int, _ y: Int) -> Bool {
            let p = image.rgba(x, y)
            return abs(p.r - text.r) <= 2 && abs(p.g - text.g) <= 2 && abs(p.b - text.b) <= 2
        }
        func inked(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Bool {
            let difference: Int = max(abs(r - background.r), abs(g - background.g), abs(b - background.b))
            return difference > 8
        }
        let ink = try #require(image.bounds(where: inked))
        // A quarter of the way down the ink: above the crossbar, only the two stems are inked.
        let probeRow = ink.y0 + (ink.y1 - ink.y0) / 4
        let start = try #require((ink.x0..<ink.x1).first { full($0, probeRow) })
        let end = (start..<ink.x1).first { !full($0, probeRow) } ?? ink.x1
        let column = (start + end) / 2
        func halfCovered(_ y: Int) -> Bool {
            2 * (background.r - image.rgba(column, y).r) >= background.r - text.r
        }
        let top = try #require((ink.y0..<ink.y1).first(where: halfCovered))
        let bottom = try #require((ink.y0..<ink.y1).reversed().first(where: halfCovered))
        let clearBelow = try #require((bottom + 1..<image.height).first { image.rgba(column, $0) == background })
        let clearAbove = try #require((0..<top).reversed().first { image.rgba(column, $0) == background })
        let firstFull = try #require((ink.y0..<ink.y1).first { full(column, $0) })
        return Stem(
            column: column, top: top, firstFull: firstFull, bottom: bottom, clearAbove: clearAbove,
            clearBelow: clearBelow)
    }

    /// Luminances at the stem's probes in one rendering.
    struct Reading: CustomStringConvertible {
        /// The glyph's colour just inside the top edge.
        var top: Double
        /// The first fully covered row, as drawn.
        var firstFull: Double
        /// Halfway down the stem.
        var middle: Double
        /// The glyph's colour just inside the bottom edge.
        var bottom: Double
        /// The first row below the bottom edge that the glyph does not touch.
        var below: Double
        /// The last row above the top edge that the glyph does not touch.
        var above: Double
        /// The background (the canvas's bottom row).
        var background: Double
        /// The stem's middle pixel.
        var middlePixel: (r: Int, g: Int, b: Int, a: Int)

        /// Top inside edge darker than the middle, in luminance.
        var topShadow: Double { middle - top }
        /// Bottom inside edge lighter than the middle, in luminance.
        var bottomLift: Double { bottom - middle }
        /// Just below the edge lighter than the background, in luminance.
        var belowLift: Double { below - background }
        /// Just above the top edge darker than the background, in luminance (an outline).
        var aboveShade: Double { background - above }

        var description: String {
            "top shadow \(Int(topShadow.rounded())) (first full row \(Int((middle - firstFull).rounded()))), bottom-edge lift \(Int(bottomLift.rounded())), "
                + "below-edge lift \(Int(belowLift.rounded())), above-edge shade \(Int(aboveShade.rounded())), "
                + "middle \(middlePixel)"
        }
    }

    /// Luminance of the glyph's own colour at (x, y) of `image`: the pixel with the background's
    /// share taken out, the share being the plain rendering's uncovered part (from the red channel,
    /// where the blue differs most from light backgrounds).
    static func inkLuminance(_ image: RGBAImage, plain: RGBAImage, _ x: Int, _ y: Int) -> Double {
        let background = plain.rgba(0, 0), text = Paint(blue)
        let coverage = Double(background.r - plain.rgba(x, y).r) / Double(background.r - text.r)
        let pixel = image.rgba(x, y)
        func unmix(_ value: Int, _ under: Int) -> Int {
            Int(((Double(value) - (1 - coverage) * Double(under)) / coverage).rounded())
        }
        return luminance(
            (unmix(pixel.r, background.r), unmix(pixel.g, background.g), unmix(pixel.b, background.b), 255))
    }

    static func read(_ image: RGBAImage, plain: RGBAImage, at stem: Stem) -> Reading {
        let middle = (stem.top + stem.bottom) / 2
        return Reading(
            top: inkLuminance(image, plain: plain, stem.column, stem.top),
            firstFull: luminance(image.rgba(stem.column, stem.firstFull)),
            middle: luminance(image.rgba(stem.column, middle)),
            bottom: inkLuminance(image, plain: plain, stem.column, stem.bottom),
            below: luminance(image.rgba(stem.column, stem.clearBelow)),
            above: luminance(image.rgba(stem.column, stem.clearAbove)),
            background: luminance(image.rgba(stem.column, image.height - 1)), middlePixel: image.rgba(stem.column, middle))
    }

    static let backgrounds: [(name: String, color: RGBAColor)] = [("white", .white), ("#F7F7F7", listGrey), ("paper", paper)]

    @Test(
        "a 40 pt H: darker just inside its top edge, lighter just inside its bottom edge, the text colour in the middle",
        arguments: [1.0, 2.0, 3.0], 0..<3)
    func embossedStem(scale: Double, backgroundIndex: Int) throws {
        let (name, background) = Self.backgrounds[backgroundIndex]
        let plain = try Self.renderH(letterpress: false, background: background, scale: scale)
        let pressed = try Self.renderH(letterpress: true, background: background, scale: scale)
        let backgroundPixel = plain.image.rgba(0, 0)
        let stem = try Self.stem(in: plain.image, background: backgroundPixel)
        let before = Self.read(plain.image, plain: plain.image, at: stem)
        let after = Self.read(pressed.image, plain: plain.image, at: stem)
        let context = "\(name) at \(Int(scale))×: plain \(before); letterpress \(after)"
        if ProcessInfo.processInfo.environment["LETTERPRESS_REPORT"] != nil { print("letterpress H —", context) }

        // Without letterpress the stem is one flat colour.
        #expect(abs(before.topShadow) < 3, "\(context)")
        #expect(abs(before.bottomLift) < 3, "\(context)")

        // The inner shadow along the top edge: a clear step darker than the stroke.
        #expect(after.topShadow >= 25, "\(context)")
        // The lit lower wall: the bottom edge is a clear step lighter than the stroke, on any
        // background (a highlight outside the glyph cannot be lighter than white).
        #expect(after.bottomLift >= 12, "\(context)")
        // The middle keeps the text colour.
        let text = Paint(Self.blue), middle = after.middlePixel
        #expect(abs(middle.r - text.r) <= 3 && abs(middle.g - text.g) <= 3 && abs(middle.b - text.b) <= 3, "\(context)")
        // Around the glyph nothing darkens the background (no grey outline)...
        #expect(after.below >= before.below - 0.5, "\(context)")
        #expect(after.above >= before.above - 0.5, "\(context)")
        #expect(after.background == before.background, "\(context)")
        // ...and where the background leaves room for it, the outer highlight shows.
        if before.background <= 230 {
            #expect(after.belowLift >= 12, "\(context)")
        }
    }

    @Test("letterpress offsets and depths are whole device pixels, at least one", arguments: [1.0, 2.0, 3.0])
    func pixelOffsets(scale: Double) {
        #expect(LetterpressStyle.pixels(0.5, scale: scale) == max(1, Int((0.5 * scale).rounded())))
        #expect(LetterpressStyle.pixels(0.1, scale: scale) == 1)
        #expect(LetterpressStyle.pixels(1, scale: scale) == Int(scale))
    }

    @Test("letterpress only changes pixels near the glyph's horizontal edges and below it")
    func confinedToEdges() throws {
        let plain = try Self.renderH(letterpress: false, background: Self.listGrey, scale: 2)
        let pressed = try Self.renderH(letterpress: true, background: Self.listGrey, scale: 2)
        let background = plain.image.rgba(0, 0)
        let stem = try Self.stem(in: plain.image, background: background)
        // Well inside the stem (more than the bands' depths away from its edges) nothing changes.
        for y in (stem.top + 4)...(stem.bottom - 3) {
            #expect(pressed.image.rgba(stem.column, y) == plain.image.rgba(stem.column, y), "row \(y)")
        }
        // Far from the glyph nothing changes.
        for y in 0..<pressed.pixelHeight {
            #expect(pressed.image.rgba(pressed.pixelWidth - 1, y) == background)
        }
    }
}
