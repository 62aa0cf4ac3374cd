import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

/// `dyntype measure`'s measurer: what a text needs, as `boundingRect(with:options:)` says it.
@Suite("TextMeasurer")
struct TextMeasurerTests {
    /// TextKit lays out an extra line fragment after a final paragraph separator only to hold the
    /// insertion point (`NSLayoutManager.extraLineFragmentRect`: "used when the text backing ends
    /// with a hard line break … to display the insertion point"); a measured text does not grow by
    /// it. Issue 21: "hello world\n" at AX1 measured 68 pt, one line is 34.
    @Test("a final newline (LF, CRLF, U+2029) adds neither a line nor height", arguments: ["\n", "\r\n", "\u{2029}"])
    func finalSeparator(separator: String) throws {
        let font = try LayoutFixtures.body(.accessibility1)
        let measurer = try TextMeasurer(font: font, resolver: LayoutFixtures.resolver)
        let plain = try measurer.measure("hello world", width: 343)
        let ended = try measurer.measure("hello world" + separator, width: 343)
        #expect(plain.lines == 1 && plain.height == 34)
        #expect(ended.lines == 1)
        #expect(ended.paragraphs.count == 1)
        #expect(ended.height == plain.height)
    }

    @Test("an empty line before the final newline still counts; an empty text is one line")
    func emptyLines() throws {
        let measurer = try TextMeasurer(font: try LayoutFixtures.body(.accessibility1), resolver: LayoutFixtures.resolver)
        let twoLines = try measurer.measure("hello world\n\n", width: 343)
        #expect(twoLines.lines == 2)
        #expect(twoLines.height == 68)
        let empty = try measurer.measure("", width: 343)
        #expect(empty.lines == 1 && empty.height == 34)
    }
}
