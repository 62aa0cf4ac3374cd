import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import Rendering

@Test func scratchPreview() throws {
    for scale in [1.0, 2.0, 3.0] {
        let canvas = Canvas(size: Size(width: 320, height: 260), scale: scale, background: RGBAColor(white: 0.93))
        var y = 5.0
        for (text, extra) in [
            ("Letterpress Notes Title", TextAttributes(foregroundColor: .seedTitleBlue, textEffect: .letterpress)),
            ("Plain Notes Title", TextAttributes(foregroundColor: .seedTitleBlue)),
            ("Struck through text", TextAttributes(strikethrough: .single)),
            ("Underlined double gyp", TextAttributes(underline: .double)),
            ("Dashed by word under", TextAttributes(underline: UnderlineStyle(.single, pattern: .dash, byWord: true))),
            ("Emoji 😀👍🏽 and 中文 text", TextAttributes()),
            ("RED ALERT", TextAttributes(foregroundColor: .red, backgroundColor: RGBAColor(red: 1, green: 1, blue: 0.6))),
        ] {
            let (storage, _, lines) = try RenderFixtures.layout(text, extra: extra, width: 300)
            canvas.drawText(lines, storage: storage, origin: Point(x: 10, y: y))
            y += 26
        }
        canvas.fill(BezierPath(arcCenter: Point(x: 270, y: 220), radius: 30, startAngle: -.pi, endAngle: 2 * .pi, clockwise: true), color: .seedTitleBlue)
        canvas.stroke(BezierPath(ovalIn: Rect(x: 170, y: 195, width: 50, height: 50)), width: 1.5, color: .red)
        canvas.strokeLine(from: Point(x: 10, y: 190), to: Point(x: 320, y: 190), width: 1 / scale, color: RGBAColor(white: 0.6))
        canvas.strokeLine(from: Point(x: 10, y: 200), to: Point(x: 150, y: 250), width: 1, color: .black)
        print("warnings", canvas.warnings)
        try PNGEncoder.write(canvas.image, to: "/tmp/render-scratch-\(Int(scale))x.png")
    }
}

@Test func scratchZoom() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: "/tmp/render-scratch-2x.png"))
    let image = try PNGDecoder.decode(data)
    let (x0, y0, w, h, k) = (20, 8, 200, 90, 4)
    var out = RGBAImage(width: w * k, height: h * k)
    for y in 0..<(h * k) {
        for x in 0..<(w * k) {
            let s = ((y0 + y / k) * image.width + x0 + x / k) * 4, d = (y * w * k + x) * 4
            for c in 0..<4 { out.pixels[d + c] = image.pixels[s + c] }
        }
    }
    try PNGEncoder.write(out, to: "/tmp/render-zoom.png")
}
