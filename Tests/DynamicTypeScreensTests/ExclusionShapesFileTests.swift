import DynamicTypeCore
import Foundation
import Testing
import TextStack

@testable import DynamicTypeScreens

/// Polygon and image exclusions of text views in screen files: decoded, written back, refused when malformed.
@Suite("Screen files: polygon and image exclusions")
struct ExclusionShapesFileTests {
    static func decode(_ exclusions: String) throws -> Screen {
        let text = #"{"schemaVersion": 1, "name": "T", "views": [{"kind": "textView", "id": "t", "text": "x", "exclusions": [\#(exclusions)]}]}"#
        return try ScreenFile.decode(Data(text.utf8), origin: "t.screen.json", format: .json)
    }

    static func message(_ exclusions: String) -> String {
        do {
            _ = try decode(exclusions)
            return ""
        } catch { return "\(error)" }
    }

    @Test("a polygon and an image decode, and round-trip through the writer")
    func decodes() throws {
        let screen = try Self.decode(
            #"{"shape": "polygon", "points": [[0, 0], [40, 0], [20, 30]]}, {"shape": "image", "file": "leaf.png", "x": 4, "y": 8, "width": 90}"#)
        guard case .textView(let spec) = screen.views[0] else {
            Issue.record("not a text view")
            return
        }
        #expect(spec.exclusions == [
            .polygon(points: [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 20, y: 30)]),
            .image(file: "leaf.png", x: 4, y: 8, width: 90),
        ])
        let again = try ScreenFile.decode(try ScreenFile.encode(screen), origin: "again", format: .json)
        #expect(again == screen)
    }

    @Test("malformed exclusions name the path and what is allowed")
    func errors() {
        #expect(Self.message(#"{"shape": "polygon", "points": [[0, 0], [1, 1]]}"#)
            == "t.screen.json: $.views[0].exclusions[0].points: a polygon needs at least 3 points, found 2")
        #expect(Self.message(#"{"shape": "polygon", "points": [[0, 0], [1], [2, 2]]}"#).contains("point 1 must be [x, y]"))
        #expect(Self.message(#"{"shape": "polygon"}"#).contains("missing required field 'points'"))
        #expect(Self.message(#"{"shape": "image", "file": "a.png", "x": 0, "y": 0, "width": 10, "height": 5}"#)
            .contains("its height follows the image"))
        #expect(Self.message(#"{"shape": "rect", "x": 0, "y": 0, "width": 1, "height": 1, "points": []}"#)
            .contains("'points' belongs to polygon and image exclusions"))
        #expect(Self.message(#"{"shape": "triangle", "x": 0, "y": 0, "width": 1, "height": 1}"#)
            .contains("allowed: rect, ellipse, polygon, image"))
    }
}

@Suite("Screen files: text view columns")
struct TextViewColumnsFileTests {
    @Test("columns decode with a height, round-trip, and are refused without one or out of range")
    func columns() throws {
        func decode(_ body: String) throws -> Screen {
            let text = #"{"schemaVersion": 1, "name": "T", "views": [{"kind": "textView", "id": "t", "text": "x", \#(body)}]}"#
            return try ScreenFile.decode(Data(text.utf8), origin: "t.screen.json", format: .json)
        }
        let screen = try decode(#""columns": 3, "height": 120"#)
        guard case .textView(let spec) = screen.views[0] else { return }
        #expect(spec.columns == 3)
        #expect(try ScreenFile.decode(try ScreenFile.encode(screen), origin: "again", format: .json) == screen)
        #expect(throws: ScreenFileError.self) { try decode(#""columns": 2"#) }
        #expect(throws: ScreenFileError.self) { try decode(#""columns": 20, "height": 100"#) }
    }
}
