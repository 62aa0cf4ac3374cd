import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

/// Inline attachments (TextKit `NSTextAttachment`) on U+FFFC.
@Suite("Text attachments")
struct TextAttachmentTests {
    /// Body text with a 40×40 pt attachment on the U+FFFC in `text`.
    static func storage(_ text: String, attachment: TextAttachment) throws -> TextStorage {
        let storage = try LayoutFixtures.storage(text)
        let index = (text as NSString).range(of: TextAttachment.string)
        storage.addAttributes(TextAttributes(attachment: attachment), range: index)
        return storage
    }

    /// The glyph for storage character `index` on `line`.
    static func glyph(_ line: LineFragment, _ index: Int) -> PositionedGlyph? {
        line.runs.lazy.flatMap(\.glyphs).first { $0.characterIndex == index }
    }

    @Test("a 40×40 pt attachment in a 17 pt line: line height, baseline, its rect, and the text after it")
    func fortyPoints() throws {
        let body = try LayoutFixtures.body()
        #expect(body.pointSize == 17)
        let attachment = TextAttachment(size: Size(width: 40, height: 40), name: "smiley")
        let text = "ab\u{FFFC}cd"
        let storage = try Self.storage(text, attachment: attachment)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        let lines = manager.lineFragments
        #expect(lines.count == 1)
        let line = lines[0]
        // By hand: the ascent is the taller of the font's and the attachment's (40 + origin.y 0);
        // the descent is the font's; the line is the leading or that extent, whichever is taller,
        // the leading spread evenly above and below.
        let ascent = max(body.ascender, 40), descent = -body.descender
        let natural = ascent + descent
        let height = max(body.rampLeading, natural)
        #expect(natural > body.rampLeading)  // 40 pt is taller than the 22 pt leading
        #expect(abs(line.rect.height - height) < 1e-9)
        #expect(abs(line.baseline - ((height - natural) / 2 + ascent)) < 1e-9)
        #expect(abs(line.baseline - 40) < 1e-9)
        // Where the attachment goes: after "ab", standing on the baseline.
        let a = try #require(Self.glyph(line, 0)), b = try #require(Self.glyph(line, 1))
        let slot = try #require(Self.glyph(line, 2))
        #expect(abs(slot.x - (b.x + b.advance)) < 1e-9)
        #expect(slot.advance == 40)
        #expect(line.attachments.count == 1)
        let placement = line.attachments[0]
        #expect(placement.characterIndex == 2)
        #expect(placement.attachment == attachment)
        #expect(abs(placement.rect.minX - slot.x) < 1e-9)
        #expect(abs(placement.rect.maxY - line.baseline) < 1e-9)
        #expect(placement.rect.size == Size(width: 40, height: 40))
        #expect(abs(placement.rect.minY - 0) < 1e-9)
        // The text after it starts 40 pt further on.
        let c = try #require(Self.glyph(line, 3))
        #expect(abs(c.x - (slot.x + 40)) < 1e-9)
        #expect(a.x == 0)
        // Without the attachment the line is the body's.
        let plain = try LayoutFixtures.storage("abcd")
        let (plainManager, _) = try LayoutFixtures.layout(plain, sizes: [Size(width: 300, height: .infinity)])
        #expect(abs(plainManager.lineFragments[0].rect.height - body.rampLeading) < 1e-9)
        // No fallback font or missing glyph for U+FFFC.
        #expect(manager.fallbacks.isEmpty)
    }

    @Test("bounds below the baseline deepen the line; a small attachment leaves it alone")
    func baselineOffset() throws {
        let body = try LayoutFixtures.body()
        let lowered = TextAttachment(size: Size(width: 20, height: 20), baselineOffset: -10)
        let storage = try Self.storage("x\u{FFFC}y", attachment: lowered)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        let line = manager.lineFragments[0]
        let ascent = max(body.ascender, 10), descent = max(-body.descender, 10)
        let height = max(body.rampLeading, ascent + descent)
        #expect(abs(line.rect.height - height) < 1e-9)
        #expect(abs(line.baseline - ((height - ascent - descent) / 2 + ascent)) < 1e-9)
        let placement = try #require(line.attachments.first)
        #expect(abs(placement.rect.maxY - (line.baseline + 10)) < 1e-9)

        let small = try Self.storage("x\u{FFFC}y", attachment: TextAttachment(size: Size(width: 8, height: 8)))
        let (smallManager, _) = try LayoutFixtures.layout(small, sizes: [Size(width: 300, height: .infinity)])
        #expect(abs(smallManager.lineFragments[0].rect.height - body.rampLeading) < 1e-9)
    }

    @Test("attachments wrap like words, only U+FFFC carries one, and placements follow edits")
    func wrappingAndEdits() throws {
        let picture = TextAttachment(size: Size(width: 120, height: 30), name: "picture")
        let text = "First paragraph.\nSee \u{FFFC} here and more words after the picture to wrap."
        let storage = try Self.storage(text, attachment: picture)
        // Attachment attributes on other characters are ignored.
        storage.addAttributes(TextAttributes(attachment: picture), range: NSRange(location: 0, length: 5))
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 150, height: .infinity)])
        let lines = manager.lineFragments
        let holding = lines.filter { !$0.attachments.isEmpty }
        #expect(holding.count == 1)
        let index = (text as NSString).range(of: TextAttachment.string).location
        let placement = try #require(holding.first?.attachments.first)
        #expect(placement.characterIndex == index)
        for line in lines { #expect(line.textWidth <= 150 + 1e-6) }
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == text)

        // An edit in the first paragraph that adds a line moves the attachment down with its line.
        let oldY = placement.rect.minY
        storage.insert(" Longer now, so that it wraps onto another line.", at: 16)
        let moved = try #require(manager.lineFragments.first { !$0.attachments.isEmpty }?.attachments.first)
        #expect(moved.characterIndex == index + 48)
        #expect(moved.rect.minY > oldY)
        let holder = try #require(manager.lineFragments.first { !$0.attachments.isEmpty })
        #expect(abs(moved.rect.maxY - holder.baseline) < 1e-9)
    }

    @Test("the attribute merges, removes and describes like the others")
    func attribute() {
        let attachment = TextAttachment(bounds: Rect(x: 1, y: -2, width: 3, height: 4), name: "dot")
        var attributes = TextAttributes().merging(TextAttributes(attachment: attachment))
        #expect(attributes.attachment == attachment)
        #expect(attributes.keys == [.attachment])
        #expect(attributes.description.contains("attachment 3×4 at (1, -2) \"dot\""))
        attributes.remove(.attachment)
        #expect(attributes.isEmpty)
    }
}
