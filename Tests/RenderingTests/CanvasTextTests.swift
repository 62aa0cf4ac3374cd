import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import Rendering

@Suite("Canvas text")
struct CanvasTextTests {
    static func isInk(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Bool { r < 250 || g < 250 || b < 250 }
    static func isDark(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Bool { max(r, g, b) < 128 }

    @Test("'Hello' in Inter 17 pt at 2×: dark pixels inside the used rect, nothing outside the line box")
    func hello() throws {
        let origin = Point(x: 10, y: 5)
        let (canvas, lines) = try RenderFixtures.render("Hello", origin: origin)
        let line = try #require(lines.first)
        #expect(line.runs.first?.font.familyName == "Inter")
        #expect(canvas.warnings.isEmpty)
        #expect(canvas.skippedGlyphCount == 0)
        let used = pixelBox(line.usedRect.offsetBy(dx: origin.x, dy: origin.y), scale: 2)
        let lineBox = pixelBox(line.rect.offsetBy(dx: origin.x, dy: origin.y), scale: 2)
        let dark = canvas.image.pixels(in: used, where: Self.isDark)
        #expect(dark.count > 200, "dark pixels in the used rect: \(dark.count)")
        let ink = canvas.image.pixels(where: Self.isInk)
        let outside = ink.filter { $0.x < lineBox.x0 || $0.x >= lineBox.x1 || $0.y < lineBox.y0 || $0.y >= lineBox.y1 }
        #expect(outside.isEmpty, "ink outside the line box: \(outside.prefix(5))")
        // Cap height: the ink of "H" starts about capHeight above the baseline.
        let font = try RenderFixtures.body()
        let box = try #require(canvas.image.bounds(where: Self.isDark))
        let baseline = (origin.y + line.baseline) * 2
        #expect(abs(Double(box.y1) - baseline) <= 1.5)
        #expect(abs((baseline - Double(box.y0)) - font.capHeight * 2) <= 2.5)
    }

    @Test("a red foreground colour gives red pixels and no dark ones")
    func red() throws {
        let (canvas, _) = try RenderFixtures.render("Hello", extra: TextAttributes(foregroundColor: .red))
        let red = canvas.image.pixels(where: { r, g, b, _ in r > 230 && g < 40 && b < 40 })
        #expect(red.count > 100)
        #expect(canvas.image.pixels(where: Self.isDark).isEmpty)
    }

    @Test("strikethrough: a horizontal line across the glyphs at about half the x-height")
    func strikethrough() throws {
        let origin = Point(x: 10, y: 5)
        let (plain, lines) = try RenderFixtures.render("Hello", origin: origin)
        let (struck, _) = try RenderFixtures.render("Hello", extra: TextAttributes(strikethrough: .single), origin: origin)
        let line = try #require(lines.first)
        let glyphs = try #require(plain.image.bounds(where: Self.isInk))
        let font = try RenderFixtures.body()
        let baseline = (origin.y + line.baseline) * 2
        // Rows that are dark across (almost) the whole glyph extent.
        func solidRows(_ image: RGBAImage) -> [Int] {
            (glyphs.y0..<glyphs.y1).filter { y in
                let dark = image.pixels(in: (glyphs.x0, y, glyphs.x1, y + 1), where: Self.isDark).count
                return Double(dark) >= 0.95 * Double(glyphs.x1 - glyphs.x0)
            }
        }
        #expect(solidRows(plain.image).isEmpty)
        let rows = solidRows(struck.image)
        #expect(!rows.isEmpty && rows.count <= 4, "struck rows \(rows)")
        let middle = Double(rows.reduce(0, +)) / Double(max(1, rows.count)) + 0.5
        let expected = baseline - font.xHeight * 2 / 2
        #expect(abs(middle - expected) <= 3, "strike at \(middle), half x-height at \(expected)")
        // The line spans the glyph box horizontally (TextKit strikes the advances).
        let strikeRow = try #require(rows.first)
        let ink = struck.image.pixels(in: (0, strikeRow, struck.pixelWidth, strikeRow + 1), where: Self.isDark).map(\.x)
        #expect(ink.min()! <= glyphs.x0 + 1 && ink.max()! >= glyphs.x1 - 2)
    }

    @Test("underline: below the baseline, single thinner than thick, double has two strokes")
    func underline() throws {
        let origin = Point(x: 10, y: 5)
        let (plain, lines) = try RenderFixtures.render("Hello", origin: origin)
        let first = try #require(lines.first)
        let baseline = Int(((origin.y + first.baseline) * 2).rounded())
        func underlineRows(_ style: UnderlineStyle) throws -> [Int] {
            let (canvas, _) = try RenderFixtures.render("Hello", extra: TextAttributes(underline: style), origin: origin)
            return (0..<canvas.pixelHeight).filter { y in
                canvas.image.pixels(in: (0, y, canvas.pixelWidth, y + 1), where: Self.isDark).count
                    > plain.image.pixels(in: (0, y, plain.pixelWidth, y + 1), where: Self.isDark).count + 40
            }
        }
        let single = try underlineRows(.single)
        let thick = try underlineRows(.thick)
        let double = try underlineRows(.double)
        #expect(!single.isEmpty && single.allSatisfy { $0 >= baseline })
        #expect(thick.count > single.count)
        // Double: two runs of rows with a gap.
        let gaps = zip(double, double.dropFirst()).filter { $1 - $0 > 1 }
        #expect(gaps.count == 1, "double underline rows \(double)")
    }

    @Test("letterpress on paper: a white highlight just below the glyphs, shaded top and lit bottom edges, no dark outline")
    func letterpress() throws {
        let paper = RGBAColor(white: 0.8)  // 204
        let origin = Point(x: 10, y: 5)
        // Blue, not black: the inner shadow mixes towards black, which black text would hide.
        let blue = TextAttributes(foregroundColor: .seedTitleBlue)
        let (plain, _) = try RenderFixtures.render("Notes", extra: blue, background: paper, origin: origin)
        var pressedAttributes = blue
        pressedAttributes.textEffect = .letterpress
        let (pressed, _) = try RenderFixtures.render("Notes", extra: pressedAttributes, background: paper, origin: origin)
        let down = LetterpressStyle.pixels(LetterpressStyle.standard.highlightOffset, scale: 2)
        #expect(plain.image.pixels(where: { r, _, _, _ in r > 204 }).isEmpty)
        var lighterThanPaper = 0, highlightBelowGlyph = 0, darker = 0, darkerOutside = 0, lighterInside = 0
        for y in 0..<plain.pixelHeight {
            for x in 0..<plain.pixelWidth {
                let before = plain.image.rgba(x, y).r, after = pressed.image.rgba(x, y).r
                let inGlyph = before != 204
                if after > 204 {
                    lighterThanPaper += 1
                    // The outer highlight is the glyph moved down: glyph ink lies within `down` rows above.
                    if (1...down).contains(where: { y - $0 >= 0 && plain.image.rgba(x, y - $0).r < 204 }) {
                        highlightBelowGlyph += 1
                    }
                }
                if after < before {
                    darker += 1
                    if !inGlyph { darkerOutside += 1 }
                }
                if inGlyph && after > before { lighterInside += 1 }
            }
        }
        #expect(lighterThanPaper > 50, "outer highlight pixels \(lighterThanPaper)")
        #expect(highlightBelowGlyph == lighterThanPaper)
        #expect(darker > 50, "inner shadow pixels \(darker)")
        #expect(darkerOutside == 0, "the paper around the glyphs is never darkened (no outline)")
        #expect(lighterInside > 50, "lit lower-edge pixels \(lighterInside)")
    }

    @Test("an emoji falls back to Noto Color Emoji and draws coloured pixels")
    func emoji() throws {
        let (canvas, lines) = try RenderFixtures.render("😀")
        let run = try #require(lines.first?.runs.first)
        try #require(run.font.face.hasColor, "needs Noto Color Emoji; got \(run.font.familyName)")
        #expect(canvas.warnings.isEmpty, "\(canvas.warnings)")
        let colored = canvas.image.pixels(where: { r, g, b, _ in r != g && g != b && r != b && max(r, g, b) - min(r, g, b) > 60 })
        #expect(colored.count > 100)
        // Scaled from the 109 px strike to about 17 pt × 2: the ink is roughly 34 px tall.
        let box = try #require(canvas.image.bounds(where: Self.isInk))
        #expect(box.y1 - box.y0 >= 28 && box.y1 - box.y0 <= 42, "emoji height \(box.y1 - box.y0)")
    }

    @Test("1×, 2× and 3× give width × scale pixels and text that scales with them", arguments: [1.0, 2.0, 3.0])
    func scales(scale: Double) throws {
        let (canvas, _) = try RenderFixtures.render("Hello", scale: scale)
        #expect(canvas.pixelWidth == Int(200 * scale))
        #expect(canvas.pixelHeight == Int(40 * scale))
        let box = try #require(canvas.image.bounds(where: Self.isInk))
        let (reference, _) = try RenderFixtures.render("Hello", scale: 1)
        let oneX = try #require(reference.image.bounds(where: Self.isInk))
        let ratio = Double(box.x1 - box.x0) / Double(oneX.x1 - oneX.x0)
        #expect(abs(ratio - scale) < 0.1 * scale, "width ratio \(ratio)")
    }

    @Test("background colour fills the run's glyph extent over the line height")
    func background() throws {
        let origin = Point(x: 10, y: 5)
        let (canvas, lines) = try RenderFixtures.render(
            "Hi", extra: TextAttributes(backgroundColor: RGBAColor(red: 1, green: 1, blue: 0)), origin: origin)
        let line = try #require(lines.first)
        let yellow = canvas.image.pixels(where: { r, g, b, _ in r == 255 && g == 255 && b == 0 })
        let ys: [Int] = yellow.map { $0.y }
        let xs: [Int] = yellow.map { $0.x }
        let lineBox = pixelBox(line.rect.offsetBy(dx: origin.x, dy: origin.y), scale: 2)
        #expect(ys.min() == lineBox.y0 && ys.max() == lineBox.y1 - 1)
        let textWidth = line.textWidth * 2
        let span = Double(try #require(xs.max()) - (try #require(xs.min())) + 1)
        #expect(span >= textWidth - 1 && span <= textWidth + 2)
    }

    @Test("clip: nothing is drawn outside the clip rectangle")
    func clip() throws {
        let (storage, _, lines) = try RenderFixtures.layout("Hello world")
        let canvas = Canvas(size: Size(width: 200, height: 40), scale: 2)
        canvas.drawText(lines, storage: storage, origin: Point(x: 10, y: 5), clip: Rect(x: 0, y: 0, width: 40, height: 40))
        let ink = canvas.image.pixels(where: Self.isInk)
        #expect(!ink.isEmpty)
        #expect(ink.allSatisfy { $0.x < 80 })
    }

    @Test("a glyph FreeType cannot load is skipped, counted and reported, not a crash")
    func badGlyph() throws {
        let (storage, _, lines) = try RenderFixtures.layout("Hello")
        var broken = lines
        broken[0].runs[0].glyphs[1].glyphID = 65_000
        let canvas = Canvas(size: Size(width: 200, height: 40), scale: 2)
        canvas.drawText(broken, storage: storage)
        canvas.drawText(broken, storage: storage)
        #expect(canvas.skippedGlyphCount == 2)
        #expect(canvas.warnings.count == 1)
        #expect(canvas.warnings.first?.contains("glyph 65000") == true)
        #expect(canvas.warnings.first?.contains("FT_Load_Glyph") == true)
        #expect(!canvas.image.pixels(where: Self.isDark).isEmpty, "the other glyphs are drawn")
    }

    @Test("text beside a left exclusion is drawn inside its line fragments (glyph x is fragment-relative)")
    func exclusion() throws {
        let block = BezierPath(rect: Rect(x: 0, y: 0, width: 120, height: 60))
        let text = String(repeating: "words flow beside the block ", count: 6)
        let (storage, _, lines) = try RenderFixtures.layout(text, width: 300, exclusions: [block])
        let shifted = lines.filter { $0.rect.minX >= 120 }
        try #require(!shifted.isEmpty)
        let canvas = Canvas(size: Size(width: 300, height: 300), scale: 2)
        canvas.drawText(lines, storage: storage)
        for line in shifted {
            let band = pixelBox(line.rect, scale: 2)
            let left = canvas.image.pixels(in: (0, band.y0, 240, band.y1), where: Self.isInk)
            #expect(left.isEmpty, "ink left of the fragment at y \(line.rect.minY)")
            let used = pixelBox(line.usedRect, scale: 2)
            #expect(!canvas.image.pixels(in: used, where: Self.isDark).isEmpty)
            // The text starts where the used rect starts (not a fragment offset further right).
            let ink = canvas.image.pixels(in: (0, band.y0, canvas.pixelWidth, band.y1), where: Self.isInk).map(\.x)
            #expect(abs(Double(ink.min() ?? -100) - line.usedRect.minX * 2) <= 4, "text starts at \(ink.min() ?? -1) px")
        }
    }

    @Test("rendering is deterministic: same text, same bytes")
    func deterministic() throws {
        let (a, _) = try RenderFixtures.render("Hello 😀 world", extra: TextAttributes(textEffect: .letterpress))
        GlyphCache.shared.removeAll()
        let (b, _) = try RenderFixtures.render("Hello 😀 world", extra: TextAttributes(textEffect: .letterpress))
        #expect(a.image == b.image)
        #expect(try a.pngData() == b.pngData())
    }
}
