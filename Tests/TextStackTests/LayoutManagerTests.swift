import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

@Suite("Layout manager")
struct LayoutManagerTests {
    @Test("greedy word wrap: every line fits, breaks fall on spaces, text is complete")
    func wordWrap() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running through the field until dusk."
        let storage = try LayoutFixtures.storage(text)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 150, height: .infinity)])
        let lines = manager.lineFragments
        #expect(lines.count > 3)
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == text)
        for line in lines {
            #expect(line.textWidth <= 150 + 1e-6)
            #expect(!line.brokeWord)
        }
        for line in lines.dropLast() {
            let lineText = storage.substring(with: line.characterRange)
            #expect(lineText.hasSuffix(" "), "line '\(lineText)' should end at a space")
        }
        // Lines stack by the type ramp's leading (22 pt for body at large).
        #expect(abs(lines[1].rect.minY - lines[0].rect.minY - 22) < 1e-9)
        #expect(manager.numberOfLines == lines.count)
    }

    @Test("a word longer than the line is broken by character; with hyphenation it is hyphenated")
    func longWord() throws {
        let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
        let plain = try LayoutFixtures.storage("A \(word) case")
        let (manager, _) = try LayoutFixtures.layout(plain, sizes: [Size(width: 120, height: .infinity)])
        let lines = manager.lineFragments
        #expect(lines.contains { $0.brokeWord })
        #expect(!lines.contains { $0.isHyphenated })
        #expect(LayoutFixtures.lineTexts(manager, plain).joined() == "A \(word) case")
        for line in lines { #expect(line.textWidth <= 120 + 1e-6) }

        let hyphenating = try LayoutFixtures.storage(
            "A \(word) case", style: ParagraphStyle(hyphenationFactor: 1))
        let (hyphenated, _) = try LayoutFixtures.layout(hyphenating, sizes: [Size(width: 120, height: .infinity)])
        let hyphenLines = hyphenated.lineFragments
        #expect(hyphenLines.contains { $0.isHyphenated })
        for line in hyphenLines { #expect(line.textWidth <= 120 + 1e-6, "\(line.textWidth)") }
        // A hyphenated line ends with a hyphen glyph after the last character.
        let first = try #require(hyphenLines.first { $0.isHyphenated })
        #expect(first.runs.last?.glyphs.count == 1)
    }

    @Test("hyphenation off vs on for ordinary words in a narrow column")
    func hyphenationToggle() throws {
        let text = "Internationalization considerations notwithstanding, typographers appreciate hyphenation."
        let off = try LayoutFixtures.storage(text)
        let (offManager, _) = try LayoutFixtures.layout(off, sizes: [Size(width: 140, height: .infinity)])
        #expect(!offManager.lineFragments.contains { $0.isHyphenated })
        let on = try LayoutFixtures.storage(text, style: ParagraphStyle(hyphenationFactor: 0.9))
        let (onManager, _) = try LayoutFixtures.layout(on, sizes: [Size(width: 140, height: .infinity)])
        #expect(onManager.lineFragments.contains { $0.isHyphenated })
    }

    @Test("a rectangle exclusion in the middle: text flows on both sides")
    func exclusionBothSides() throws {
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 12)
        let storage = try LayoutFixtures.storage(text)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        containers[0].exclusionPaths = [BezierPath(rect: Rect(x: 110, y: 30, width: 80, height: 60))]
        manager.invalidateLayout()
        let lines = manager.lineFragments
        let beside = lines.filter { $0.rect.minY < 90 && $0.rect.maxY > 30 }
        #expect(beside.contains { $0.rect.maxX <= 110 + 1e-9 })
        #expect(beside.contains { $0.rect.minX >= 190 - 1e-9 })
        for line in lines {
            let glyphBox = Rect(x: line.usedRect.minX, y: line.rect.minY, width: line.textWidth, height: line.rect.height)
            #expect(!glyphBox.intersects(Rect(x: 110, y: 30, width: 80, height: 60)) || line.textWidth == 0)
        }
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == text)
        #expect(manager.numberOfLines < manager.numberOfLineFragments)
    }

    @Test("the seeds' time-indicator curve at the top right: first lines are shorter, text avoids the circle")
    func curveTopRight() throws {
        let text = String(repeating: "words flow around the date ", count: 10)
        let storage = try LayoutFixtures.storage(text)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 320, height: .infinity)], padding: 5)
        let circle = BezierPath(arcCenter: Point(x: 280, y: 35), radius: 40, startAngle: -.pi, endAngle: 2 * .pi, clockwise: true)
        containers[0].exclusionPaths = [circle]
        manager.invalidateLayout()
        let lines = manager.lineFragments
        #expect(lines[0].rect.maxX < 245)
        for line in lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    // Glyph boxes stay out of the circle's band-wise extent.
                    let segments = containers[0].freeSegments(y: line.rect.minY, height: line.rect.height)
                    #expect(segments.contains { glyph.x >= $0.minX - 1e-6 && glyph.x + glyph.advance <= $0.maxX + 1e-6 })
                }
            }
        }
        let lower = try #require(lines.first { $0.rect.minY > 80 })
        #expect(lower.rect.width == 320)
    }

    @Test("an exclusion wider than the container: no infinite loop, text moves below it")
    func exclusionWiderThanContainer() throws {
        let storage = try LayoutFixtures.storage("Short text that must go below the blocker.")
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 200, height: .infinity)])
        containers[0].exclusionPaths = [BezierPath(rect: Rect(x: -20, y: 0, width: 400, height: 100))]
        manager.invalidateLayout()
        let lines = manager.lineFragments
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.rect.minY >= 100 - 1e-9 })
    }

    @Test("text overflows from the first container into the second")
    func overflowIntoSecondContainer() throws {
        let text = (1...12).map { "Paragraph \($0) has a few words." }.joined(separator: "\n")
        let storage = try LayoutFixtures.storage(text)
        let (manager, _) = try LayoutFixtures.layout(
            storage, sizes: [Size(width: 300, height: 100), Size(width: 300, height: 1000)])
        let first = manager.lineFragments(inContainer: 0)
        let second = manager.lineFragments(inContainer: 1)
        #expect(first.count == 4)  // 4 × 22 pt lines fit in 100 pt
        #expect(!second.isEmpty)
        #expect(second[0].rect.minY == 0)
        #expect(first.last!.characterRange.location + first.last!.characterRange.length == second[0].characterRange.location)
        #expect(manager.overflowRange == nil)

        let (single, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: 100)])
        let overflow = try #require(single.overflowRange)
        #expect(overflow.location == first.last!.characterRange.location + first.last!.characterRange.length)
    }

    @Test("two layout managers on one storage are both updated on edit")
    func twoLayoutManagers() throws {
        let storage = try LayoutFixtures.storage("One view, two widths of the same note text here.")
        let (narrow, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 100, height: .infinity)])
        let (wide, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 1000, height: .infinity)])
        #expect(storage.layoutManagers.count == 2)
        let narrowBefore = narrow.numberOfLines
        #expect(wide.numberOfLines == 1)
        storage.replaceCharacters(in: NSRange(location: storage.length, length: 0), with: " And much more text appended now.")
        #expect(narrow.numberOfLines > narrowBefore)
        #expect(LayoutFixtures.lineTexts(wide, storage).joined() == storage.string)
        #expect(LayoutFixtures.lineTexts(narrow, storage).joined() == storage.string)
    }

    @Test("truncation with … at the line limit")
    func truncation() throws {
        let storage = try LayoutFixtures.storage("This title is much too long to fit on two short lines of a table row")
        let manager = try LayoutManager(resolver: LayoutFixtures.resolver)
        let container = TextContainer(size: Size(width: 150, height: .infinity), lineFragmentPadding: 0)
        container.maximumNumberOfLines = 2
        container.lineBreakMode = .byTruncatingTail
        manager.addTextContainer(container)
        manager.attach(to: storage)
        let lines = manager.lineFragments
        #expect(lines.count == 2)
        #expect(lines[1].isTruncated)
        #expect(lines[1].textWidth <= 150 + 1e-6)
        let ellipsis = try #require(lines[1].runs.last?.glyphs.last)
        #expect(ellipsis.advance > 0)
        #expect(manager.overflowRange != nil)
    }

    @Test("zero or negative width is a clear error, not a hang")
    func badWidth() throws {
        let storage = try LayoutFixtures.storage("text")
        #expect(throws: LayoutError.invalidWidth(0)) { try LayoutManager.sizeThatFits(storage, width: 0) }
        #expect(throws: LayoutError.invalidWidth(-5)) { try LayoutManager.sizeThatFits(storage, width: -5) }
        // A container too narrow for its padding holds nothing; the text is reported as overflow.
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 4, height: .infinity)], padding: 5)
        #expect(manager.lineFragments.isEmpty)
        #expect(manager.overflowRange == NSRange(location: 0, length: 4))
    }

    @Test("sizeThatFits: the seeds' sizeToFit of \"test\" in the headline font")
    func sizeThatFits() throws {
        let headline = try LayoutFixtures.resolver.resolve(
            FontDescriptor.preferred(for: .headline, category: .large, profile: .ios))
        let storage = TextStorage(string: "test", attributes: TextAttributes(resolvedFont: headline))
        let size = try LayoutManager.sizeThatFits(storage, width: .infinity, lineFragmentPadding: 0)
        #expect(size.height == 22)  // the ramp leading
        #expect(size.width > 20 && size.width < 40)
    }

    @Test("queries: bounding rect and character index round-trip")
    func queries() throws {
        let storage = try LayoutFixtures.storage("Hello world, this is a test of queries.")
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 120, height: .infinity)])
        let rect = manager.boundingRect(forCharacterRange: NSRange(location: 6, length: 5))  // "world"
        #expect(rect.width > 10)
        let index = manager.characterIndex(at: Point(x: rect.minX + 1, y: rect.midY))
        #expect(index == 6)
        let lastLine = try #require(manager.lineFragments.last)
        #expect(manager.characterIndex(at: Point(x: 500, y: lastLine.rect.midY)) == storage.length)
        #expect(manager.usedRect().height == Double(manager.numberOfLines) * 22)
    }

    @Test("incremental: a one-character edit reshapes only its paragraph; the rest keep their lines")
    func incremental() throws {
        let paragraphs = (0..<200).map { "Paragraph \($0) with some words to wrap across a line or two in the column." }
        let storage = try LayoutFixtures.storage(paragraphs.joined(separator: "\n"))
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 200, height: .infinity)])
        manager.ensureLayout()
        #expect(manager.lastLayoutStatistics.paragraphsShaped == 200)
        let before = manager.lineFragments
        let middle = (storage.string as NSString).range(of: "Paragraph 100 ").location + 10
        storage.replaceCharacters(in: NSRange(location: middle, length: 0), with: "x")
        manager.ensureLayout()
        let stats = manager.lastLayoutStatistics
        #expect(stats.paragraphsShaped == 1)
        #expect(stats.paragraphsPlaced == 1)
        #expect(stats.paragraphsMoved + stats.paragraphsKept == 99)
        #expect(manager.lineFragments.count >= before.count)
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == storage.string)
        // A new empty paragraph after paragraph 100: later paragraphs move down by one line, unshaped.
        let endOf100 = (storage.string as NSString).range(of: "\nParagraph 101 ").location
        let beforeSplit = manager.lineFragments
        storage.replaceCharacters(in: NSRange(location: endOf100, length: 0), with: "\n")
        manager.ensureLayout()
        #expect(manager.lastLayoutStatistics.paragraphsShaped == 2)
        #expect(manager.lineFragments.count == beforeSplit.count + 1)
        #expect(manager.lastLayoutStatistics.paragraphsMoved >= 90, "\(manager.lastLayoutStatistics)")
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == storage.string)
    }

    @Test("a trailing newline gives one empty last line, kept exactly once through edits")
    func trailingEmptyLine() throws {
        let storage = try LayoutFixtures.storage("abc\n")
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        #expect(manager.lineFragments.map(\.characterRange) == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 0)])
        storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "d")
        #expect(manager.lineFragments.map(\.characterRange) == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 1)])
        storage.replaceCharacters(in: NSRange(location: 5, length: 0), with: "\n")
        #expect(manager.numberOfLines == 3)
        storage.addAttributes(TextAttributes(foregroundColor: .red), range: NSRange(location: 0, length: storage.length))
        #expect(manager.numberOfLines == 3)
        storage.replaceCharacters(in: NSRange(location: 0, length: storage.length), with: "")
        #expect(manager.numberOfLines == 1)
    }

    @Test("queries on a fragment right of an exclusion use container coordinates")
    func queriesBesideExclusion() throws {
        let text = String(repeating: "alpha beta gamma delta ", count: 8)
        let storage = try LayoutFixtures.storage(text)
        let (manager, containers) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        containers[0].exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 0, width: 150, height: 200))]
        manager.invalidateLayout()
        let line = try #require(manager.lineFragments.first)
        #expect(line.rect.minX == 150)
        let first = NSRange(location: line.characterRange.location, length: 1)
        let rect = manager.boundingRect(forCharacterRange: first)
        #expect(rect.minX >= 150)
        #expect(manager.characterIndex(at: Point(x: rect.minX + 0.5, y: rect.midY)) == first.location)
    }
}
