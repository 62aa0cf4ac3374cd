import DynamicTypeCore
import FontSystem
import Foundation
import Testing
import TextStack

@testable import Rendering

@Suite("Render timing")
struct RenderTimingTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("a full screen of body text (393 × 852 pt at 2×) renders and encodes within a second")
    func fullScreen() throws {
        let paragraph = "The quick brown fox jumps over the lazy dog. Dynamic Type lets people choose the size of "
            + "text, and TextKit lays it out again: line fragments, exclusion paths and letterpress titles. "
        let (storage, _, all) = try RenderFixtures.layout(String(repeating: paragraph, count: 12), width: 393, padding: 5)
        let lines = all.filter { $0.rect.maxY <= 852 }
        #expect(lines.count >= 35)
        let glyphCount = lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
        let cache = GlyphCache()
        var canvas = Canvas(size: Size(width: 393, height: 852), scale: 2, glyphCache: cache)
        let cold = Self.seconds { canvas.drawText(lines, storage: storage, origin: .zero) }
        canvas = Canvas(size: Size(width: 393, height: 852), scale: 2, glyphCache: cache)
        let warm = Self.seconds { canvas.drawText(lines, storage: storage, origin: .zero) }
        var png = Data()
        let encode = try Self.seconds { png = try canvas.pngData() }
        print(
            "render timing 786×1704 px, \(lines.count) lines, \(glyphCount) glyphs: cold \(Int(cold * 1000)) ms, "
                + "warm \(Int(warm * 1000)) ms, PNG \(Int(encode * 1000)) ms (\(png.count) bytes)")
        #expect(canvas.warnings.isEmpty)
        #expect(cold + encode < 5, "debug builds are slow, but not this slow")
    }
}
