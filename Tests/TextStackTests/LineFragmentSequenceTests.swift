import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

@Suite("Line fragments walked without an array")
struct LineFragmentSequenceTests {
    static let text = (1...40).map { "Paragraph \($0) has enough words in it to wrap over a few lines at this width." }
        .joined(separator: "\n")

    @Test("lazyLineFragments yields exactly lineFragments, runs and glyph offsets in storage coordinates")
    func lazyEqualsArray() throws {
        let storage = try LayoutFixtures.storage(Self.text)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 180, height: .infinity)])
        // Glyphs kept for the first 200 pt, runs without glyphs below: both kinds of line are walked.
        manager.glyphRetentionHeight = 200
        let lazy = Array(manager.lazyLineFragments)
        #expect(lazy.count > 80)
        #expect(lazy == manager.lineFragments)
        #expect(manager.lazyLineFragments.underestimatedCount == lazy.count)
        #expect(lazy.contains { $0.glyphsReleased } && lazy.contains { !$0.glyphsReleased })
    }

    @Test("placedLineFragments gives each line relative to its paragraph, with the paragraph's start")
    func placedAreParagraphRelative() throws {
        let storage = try LayoutFixtures.storage(Self.text)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 180, height: .infinity)])
        let absolute = manager.lineFragments
        let placed = Array(manager.placedLineFragments)
        #expect(placed.count == absolute.count)
        for (line, expected) in zip(placed, absolute) {
            #expect(line.characterRange == expected.characterRange)
            #expect(line.paragraphStart + line.line.characterRange.location == expected.characterRange.location)
            #expect(line.line.rect == expected.rect)
            for (run, expectedRun) in zip(line.line.runs, expected.runs) {
                #expect(line.paragraphStart + run.characterRange.location == expectedRun.characterRange.location)
            }
        }
        // The last paragraph starts after every earlier one: offsets really are relative.
        #expect(placed.last.map { $0.paragraphStart > 0 && $0.line.characterRange.location < 100 } == true)
    }

    @Test("a walk is a snapshot: an edit after it starts does not change what it yields")
    func snapshotAcrossEdits() throws {
        let storage = try LayoutFixtures.storage(Self.text)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 180, height: .infinity)])
        let before = manager.lazyLineFragments
        let expected = manager.lineFragments
        storage.replaceCharacters(in: NSRange(location: 0, length: 9), with: "P")
        #expect(Array(before) == expected)
        #expect(Array(manager.lazyLineFragments) == manager.lineFragments)
        #expect(manager.lineFragments != expected)
    }
}
