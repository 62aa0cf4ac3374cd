import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

/// `NSParagraphStyle.LineBreakStrategy.hangulWordPriority`: iOS keeps Korean words whole and
/// breaks at the spaces between them; UAX #14 alone allows a break between any two syllables.
@Suite("Line-break strategy: Hangul words")
struct LineBreakStrategyTests {
    /// `|` marks each soft break the text should have.
    static func marked(_ source: String) -> (text: [UInt16], breaks: [Int]) {
        var text: [UInt16] = []
        var breaks: [Int] = []
        for character in source {
            if character == "|" { breaks.append(text.count) } else { text += character.utf16 }
        }
        return (text, breaks)
    }

    @Test(
        "Korean breaks only at spaces; a word with Latin letters or digits stays whole",
        arguments: [
            "대한민국의 |수도는 |서울입니다. |한국어 |문장은 |띄어쓰기로 |단어를 |구분합니다.|",
            "iOS에서 |3개의 |앱을 |설치했습니다.|",
            "(참고) |다음 |페이지를 |보세요!|",
        ])
    func koreanKeepsWords(_ source: String) throws {
        let (text, expected) = Self.marked(source)
        let iterator = try LineBreakIterator()
        let raw = try iterator.breaks(in: text).map(\.offset)
        #expect(raw.count > expected.count, "UAX #14 alone breaks between syllables: \(raw)")
        #expect(try iterator.breaks(in: text, strategy: .standard).map(\.offset) == expected)
        #expect(try iterator.breaks(in: text, strategy: []).map(\.offset) == raw)
    }

    @Test("Chinese, Japanese and Latin text break as UAX #14 says, with or without the strategy")
    func otherScriptsUnchanged() throws {
        let iterator = try LineBreakIterator()
        for text in ["中文没有空格也可以换行。", "日本語の文章は、どこでも改行できます。", "quick brown fox", "漢字 한국어 混合"] {
            let units = Array(text.utf16)
            let raw = try iterator.breaks(in: units)
            let withStrategy = try iterator.breaks(in: units, strategy: .standard)
            if units.contains(where: LineBreakStrategy.isHangul) {
                #expect(withStrategy.count < raw.count)
                #expect(withStrategy.allSatisfy { raw.contains($0) })
            } else {
                #expect(withStrategy == raw, "\(text)")
            }
        }
    }

    @Test("mandatory breaks stay between Hangul lines")
    func mandatoryStays() throws {
        let text = Array("한국어\n문장".utf16)
        let breaks = try LineBreakIterator().breaks(in: text, strategy: .standard)
        #expect(breaks == [LineBreakOpportunity(offset: 4, isMandatory: true), LineBreakOpportunity(offset: 6, isMandatory: false)])
    }

    @Test("laid out narrow: with the default (standard) strategy every Korean line ends at a space; without it lines end mid-word")
    func layout() throws {
        let sentence = "대한민국의 수도는 서울입니다. 한국어 문장은 띄어쓰기로 단어를 구분합니다. 이 문단은 좁은 화면에서 여러 줄로 나뉩니다."
        func lineEnds(_ style: ParagraphStyle) throws -> [String] {
            let storage = try LayoutFixtures.storage(sentence, style: style)
            let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 150, height: .infinity)])
            return LayoutFixtures.lineTexts(manager, storage)
        }
        #expect(ParagraphStyle().lineBreakStrategy == .standard)
        let kept = try lineEnds(ParagraphStyle())
        #expect(kept.count > 3)
        for line in kept.dropLast() { #expect(line.hasSuffix(" "), "line \(line.debugDescription) ends inside a word") }
        let broken = try lineEnds(ParagraphStyle(lineBreakStrategy: []))
        #expect(broken.dropLast().contains { !$0.hasSuffix(" ") }, "UAX #14 alone fills lines between syllables: \(broken)")
    }
}
