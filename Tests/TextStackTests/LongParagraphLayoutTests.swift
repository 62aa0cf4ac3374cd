import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Long paragraphs are laid out in windows and lines below the retention height drop their
/// glyphs; neither may change a single line.
@Suite("Long paragraphs")
struct LongParagraphLayoutTests {
    /// A deterministic paragraph of `count` words, with mixed word lengths, punctuation and an
    /// occasional word longer than the line.
    static func paragraph(words count: Int, longWordEvery: Int = 0) -> String {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs;", "typography", "layout,", "Dynamic",
                     "Type", "readable", "at", "every", "size."]
        var state: UInt64 = 42
        var out: [String] = []
        for index in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if longWordEvery > 0 && index % longWordEvery == longWordEvery - 1 {
                out.append(String(repeating: "abcdefghij", count: 8))
            } else {
                out.append(words[Int(state >> 33) % words.count])
            }
        }
        return out.joined(separator: " ")
    }

    /// Every line as (range, rect, baseline, width, flags).
    static func signature(_ manager: LayoutManager) -> [String] {
        manager.lineFragments.map { line in
            "\(line.characterRange.location)+\(line.characterRange.length) \(line.rect) \(line.baseline) "
                + "\(line.textWidth) \(line.isHyphenated) \(line.brokeWord) \(line.isTruncated)"
        }
    }

    static func layout(
        _ text: String, window: Int, width: Double = 300, style: ParagraphStyle? = nil, retention: Double = .infinity,
        keepRuns: Bool = true
    ) throws -> (LayoutManager, TextStorage)
    {
        let storage = try LayoutFixtures.storage(text, style: style)
        let manager = try LayoutManager(resolver: LayoutFixtures.resolver)
        manager.paragraphWindowLength = window
        manager.glyphRetentionHeight = retention
        manager.releasedLinesKeepRuns = keepRuns
        manager.addTextContainer(TextContainer(size: Size(width: width, height: .infinity)))
        manager.attach(to: storage)
        manager.ensureLayout()
        // The caller keeps the storage alive for the queries (the manager holds it weakly).
        return (manager, storage)
    }

    @Test("windowed layout gives the same lines as whole-paragraph layout")
    func windowsMatchWhole() throws {
        let text = Self.paragraph(words: 6_000, longWordEvery: 700) + "\nSecond paragraph.\n" + Self.paragraph(words: 900)
        let (whole, _wholeStorage) = try Self.layout(text, window: Int.max)
        let (windowed, _windowedStorage) = try Self.layout(text, window: 2_000)
        #expect(whole.numberOfLines > 500)
        #expect(Self.signature(whole) == Self.signature(windowed))
        #expect(whole.lineFragments.contains { $0.brokeWord })
    }

    @Test("windowed layout matches with hyphenation, line spacing and paragraph spacing")
    func windowsMatchWithStyle() throws {
        var style = ParagraphStyle(hyphenationFactor: 0.9)
        style.lineSpacing = 3
        style.paragraphSpacing = 7
        style.paragraphSpacingBefore = 5
        let text = Self.paragraph(words: 3_000) + "\n" + Self.paragraph(words: 3_000)
        let (whole, _wholeStorage) = try Self.layout(text, window: Int.max, width: 180, style: style)
        let (windowed, _windowedStorage) = try Self.layout(text, window: 1_500, width: 180, style: style)
        #expect(whole.lineFragments.contains { $0.isHyphenated })
        #expect(Self.signature(whole) == Self.signature(windowed))
    }

    @Test("a line longer than a window (unbounded width) is laid out whole")
    func lineLongerThanWindow() throws {
        let text = Self.paragraph(words: 2_000)
        let (manager, _managerStorage) = try Self.layout(text, window: 1_000, width: .infinity)
        #expect(manager.numberOfLines == 1)
        #expect(manager.lineFragments[0].characterRange.length == text.utf16.count)
    }

    @Test("lines below the retention height drop their glyphs and keep everything else")
    func retention() throws {
        let text = Self.paragraph(words: 4_000) + "\n" + Self.paragraph(words: 40)
        let (full, _fullStorage) = try Self.layout(text, window: 1_500)
        let (bounded, _boundedStorage) = try Self.layout(text, window: 1_500, retention: 200)
        #expect(Self.signature(full) == Self.signature(bounded))
        let lines = bounded.lineFragments
        for line in lines {
            if line.rect.minY < 200 {
                #expect(!line.glyphsReleased && line.runs.allSatisfy { !$0.glyphs.isEmpty })
            } else {
                #expect(line.glyphsReleased && !line.runs.isEmpty && line.runs.allSatisfy { $0.glyphs.isEmpty })
            }
        }
        #expect(bounded.numberOfLines == full.numberOfLines)

        let (geometryOnly, _geometryStorage) = try Self.layout(text, window: 1_500, retention: 200, keepRuns: false)
        #expect(Self.signature(full) == Self.signature(geometryOnly))
        #expect(geometryOnly.lineFragments.allSatisfy { $0.rect.minY < 200 ? !$0.runs.isEmpty : $0.runs.isEmpty })
    }

    @Test("with every glyph retained, lines in later containers (pages, columns) keep their glyphs")
    func laterContainersKeepGlyphs() throws {
        let storage = try LayoutFixtures.storage(Self.paragraph(words: 400))
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 200, height: 100), Size(width: 200, height: 10_000)])
        for keepRuns in [true, false] {
            manager.releasedLinesKeepRuns = keepRuns
            let later = manager.lineFragments(inContainer: 1)
            #expect(!later.isEmpty)
            #expect(later.allSatisfy { !$0.glyphsReleased && $0.runs.allSatisfy { !$0.glyphs.isEmpty } })
        }
    }

    @Test("fallbacks found in every window are reported once, at their storage offsets")
    func fallbacksAcrossWindows() throws {
        var text = ""
        for index in 0..<60 { text += Self.paragraph(words: 40) + " 中文\(index) " }
        let (whole, _wholeStorage) = try Self.layout(text, window: Int.max)
        let (windowed, _windowedStorage) = try Self.layout(text, window: 700)
        #expect(whole.fallbacks.count >= 60)
        #expect(whole.fallbacks == windowed.fallbacks)
        #expect(Self.signature(whole) == Self.signature(windowed))
    }
}

/// Titles measured without line fragments give what the layout manager gives.
@Suite("Titles")
struct TitleMeasurementTests {
    @Test("the titles fast path equals layout at an unbounded width: Latin, CJK, emoji, RTL, spaces, empty, CRLF")
    func titlesMatchLayout() throws {
        let titles = [
            "Shopping list", "Welcome to TextKit Notepad  ", "", "漢字のノート", "Emoji 😀🎉 party", "שלום עולם", "Tab\tseparated",
            "Café crème brûlée", "A", "Supercalifragilisticexpialidocious and more", "Mixed عربي text",
        ]
        for separator in ["\n", "\r\n"] {
            let text = titles.joined(separator: separator) + separator
            for font in [try LayoutFixtures.body(), try LayoutFixtures.body(.accessibility3)] {
                let measurer = try TextMeasurer(font: font, resolver: LayoutFixtures.resolver)
                let fast = try measurer.measureTitles(text)
                let slow = try measurer.measure(text, width: .infinity)
                #expect(fast.paragraphs.count == titles.count)
                // Heights agree to rounding: layout subtracts the line's top from its bottom.
                for (index, (a, b)) in zip(fast.paragraphs, slow.paragraphs).enumerated()
                where a.lines != b.lines || abs(a.width - b.width) > 1e-9 || abs(a.height - b.height) > 1e-9 {
                    Issue.record("title \(index) \(titles[index].debugDescription): fast \(a), layout \(b)")
                }
                // The layout's total also counts the empty line after the final separator; titles do not.
                #expect(abs(fast.height - slow.paragraphs.reduce(0) { $0 + $1.height }) < 1e-9)
            }
        }
    }
}
