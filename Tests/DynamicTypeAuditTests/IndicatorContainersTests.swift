import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import NotepadViews
import Rendering
import Testing
import TextStack

/// Issue 21: the date circle sits at the top-right of the editor's view (seed 000 adds it to the
/// view), so in columns it is over the rightmost column — and over the column to its left when it
/// is wide enough — and in pages over the first page. Text in every container it overlaps goes
/// around it, and the check looks there.
@Suite("Time indicator over columns and pages")
struct IndicatorContainersTests {
    static let resolver = try! FontResolver.shared()
    static let viewSize = Size(width: 320, height: 568)

    static func note() -> Note {
        let body = (1...60).map { "Paragraph \($0): the quick brown fox jumps over the lazy dog again and again." }
        return Note(slug: "n", contents: "Title\n" + body.joined(separator: "\n"), timestamp: Date(timeIntervalSince1970: 0), source: "test")
    }

    static func editor(_ layout: EditorLayout, _ category: ContentSizeCategory) throws -> NoteEditor {
        try NoteEditor(
            note: note(), viewSize: viewSize, setting: TextSizeSetting(category: category), resolver: resolver, layout: layout)
    }

    /// Pixels of the drawn circle (inside its rim, outside the date label) that are not the
    /// circle's blue: text drawn over it. Only the part inside the view (x below the view's width).
    static func coveredCirclePixels(_ editor: NoteEditor) -> Int {
        let image = NotepadDrawing.draw(editor: editor, scale: 1)
        let indicator = editor.timeIndicator
        let blue = NotepadDrawing.indicatorColor
        let expected = [blue.red, blue.green, blue.blue].map { Int(($0 * 255).rounded()) }
        let label = indicator.labelFrame.insetBy(dx: -3, dy: -3)
        var covered = 0
        // (The grey line between pages, at the view's last pixels, is not text: left out.)
        for y in 0..<image.height {
            for x in 0..<min(image.width, Int(viewSize.width) - 2) {
                let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let dx = point.x - indicator.center.x, dy = point.y - indicator.center.y
                guard (dx * dx + dy * dy).squareRoot() < indicator.radius - 2, !label.contains(point),
                    let pixel = image.pixel(x: x, y: y)
                else { continue }
                if zip([pixel.r, pixel.g, pixel.b].map(Int.init), expected).contains(where: { abs($0 - $1) > 3 }) { covered += 1 }
            }
        }
        return covered
    }

    /// The smallest category at which the circle reaches into the first of two columns.
    static func wideCircleCategory() throws -> ContentSizeCategory {
        let categories: [ContentSizeCategory] = [.accessibility1, .accessibility2, .accessibility3, .accessibility4, .accessibility5]
        return try #require(
            try categories.first { category in
                let editor = try editor(.columns(2), category)
                return editor.timeIndicator.center.x - editor.timeIndicator.radius < editor.textContainer.size.width
            })
    }

    @Test("two columns: a wide circle reaches the first column too; no text is drawn over it, no finding")
    func columns() throws {
        let editor = try Self.editor(.columns(2), try Self.wideCircleCategory())
        #expect(editor.indicatorContainers == [0, 1])
        #expect(editor.layoutManager.textContainers.allSatisfy { $0.exclusionPaths.count == 1 })
        #expect(Self.coveredCirclePixels(editor) == 0)
        #expect(!ReadabilityChecks.findings(in: editor, profile: .ios).contains { $0.kind == .underIndicator })
    }

    @Test("two columns, forced: text under the circle in the first column is an underIndicator finding")
    func columnsForced() throws {
        let editor = try Self.editor(.columns(2), try Self.wideCircleCategory())
        // Only the first column loses the exclusion: the second stays clear of the circle.
        editor.layoutManager.textContainers[0].exclusionPaths = []
        editor.layoutManager.invalidateLayout()
        #expect(Self.coveredCirclePixels(editor) > 0)
        let finding = try #require(ReadabilityChecks.findings(in: editor, profile: .ios).first { $0.kind == .underIndicator })
        #expect(finding.message.hasSuffix("glyphs are under the time indicator"))
    }

    @Test("pages: the circle is on the first page only, cut at the view's edge; no text over it")
    func pages() throws {
        for category in [ContentSizeCategory.large, .accessibility2] {
            let editor = try Self.editor(.pages, category)
            #expect(editor.layoutManager.textContainers.count > 1)
            #expect(editor.indicatorContainers == [0])
            #expect(Self.coveredCirclePixels(editor) == 0)
            #expect(!ReadabilityChecks.findings(in: editor, profile: .ios).contains { $0.kind == .underIndicator })
            // The 15 pt the circle reaches past the view's right edge are not painted on page 2.
            let image = NotepadDrawing.draw(editor: editor, scale: 1)
            let indicator = editor.timeIndicator
            let y = Int(indicator.center.y)
            for x in Int(Self.viewSize.width) + 2..<Int(indicator.center.x + indicator.radius) {
                let pixel = try #require(image.pixel(x: x, y: y))
                #expect(pixel.b < 200 || pixel.r > 100, "page 2 at x \(x) is painted with the circle's blue")
            }
            // Forced: without the exclusion, the first page's text under the circle is a finding.
            editor.layoutManager.textContainers[0].exclusionPaths = []
            editor.layoutManager.invalidateLayout()
            #expect(Self.coveredCirclePixels(editor) > 0)
            #expect(ReadabilityChecks.findings(in: editor, profile: .ios).contains { $0.kind == .underIndicator })
        }
    }
}
