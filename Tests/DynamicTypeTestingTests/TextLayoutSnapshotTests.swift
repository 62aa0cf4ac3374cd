import DynamicTypeCore
import DynamicTypeTesting
import Foundation
import SnapshotTesting
import Testing
import TextStack

/// Text laid out by TextStack, snapshotted the way a user of the package would: a storage of their
/// own, a container, a style, one call for every category. References:
/// `__Snapshots__/TextLayoutSnapshotTests/` (record after an intended change with
/// `SNAPSHOT_TESTING_RECORD=failed swift test --filter TextLayoutSnapshotTests`).
@Suite("text laid out by TextStack, at every category")
struct TextLayoutSnapshotTests {
    /// A shopping note with a bold word, a red word, an emoji and Chinese (fallback fonts), body
    /// style, 240 pt wide.
    static func note() -> TextLayoutSnapshot {
        let storage = TextStorage(string: "Market list\nFresh basil, ripe tomatoes 🍅 and 豆腐 for Saturday.")
        let title = NSRange(location: 0, length: 11)
        storage.addAttributes(TextAttributes(font: FontDescriptor(family: "system", size: 17, weight: .bold)), range: title)
        storage.addAttributes(
            TextAttributes(foregroundColor: RGBAColor(red: 0.8, green: 0.1, blue: 0.1)), range: NSRange(location: 25, length: 4))
        return TextLayoutSnapshot(storage, containerSize: Size(width: 240, height: .infinity), style: .body)
    }

    @Test func shoppingNote() {
        assertDynamicTypeSnapshots(of: Self.note(), as: .layoutDump)
        assertDynamicTypeSnapshots(of: Self.note(), as: .png, categories: [.xSmall, .large, .accessibility5])
    }

    @Test("a label built per category by a closure, in a fixed-height container")
    func headlineLabel() {
        let label = TextLayoutSnapshot(containerSize: Size(width: 180, height: 30), lineFragmentPadding: 0) { category in
            let headline = try FontDescriptor.preferred(for: .headline, category: category, profile: .ios)
            return TextStorage(string: "Groceries for the weekend", attributes: TextAttributes(font: headline))
        }
        assertDynamicTypeSnapshots(of: label, as: .layoutDump, named: "groceries", categories: [.xSmall, .large, .accessibility3])
    }

    // MARK: Behaviour

    @Test("fonts follow the category: text styles re-resolved, fixed sizes scaled with the style, traits kept")
    func fontsFollowTheCategory() throws {
        let small = try Self.note().at(.xSmall).render()
        let large = try Self.note().at(.accessibility3).render()
        #expect(small.baseFont.pointSize == 14)
        #expect(large.baseFont.pointSize == 40)
        // The bold title: a fixed 17 pt font scaled like UIFontMetrics (body), still bold.
        let title = try #require(large.storage.attributes(at: 0).resolvedFont)
        #expect(title.pointSize == 40)
        #expect(title.styleName.contains("Bold"))
        #expect(large.layoutDump().contains("setting: accessibility3 · Bold Text off · profile ios"))
        // Without a style, fixed fonts stay as they are.
        var fixed = Self.note()
        fixed.style = nil
        let unscaled = try fixed.at(.accessibility3).render()
        #expect(unscaled.storage.attributes(at: 0).resolvedFont?.pointSize == 17)
        #expect(unscaled.baseFont.pointSize == 40, "text without a font is set in body")
    }

    @Test("the dump lists the lines, other fonts, colours, fallbacks and overflow")
    func dumpContents() throws {
        let dump = try Self.note().at(.large).render().layoutDump()
        #expect(dump.hasPrefix("dyntype layout dump 1\ncontainer: 240×∞ pt · used height "))
        #expect(dump.contains("base font: Inter Regular 17"))
        #expect(dump.contains("¶0 chars 0..<12 · top 0 · 1 line\n  L0 +0..<12"))
        #expect(dump.contains("Inter Bold 17 +0..<11"))
        #expect(dump.contains("color #CC1A1A"))
        #expect(dump.contains("fallbacks:\n"))
        #expect(dump.contains("Noto Color Emoji"))
        #expect(dump.contains("WenQuanYi Micro Hei"))
        let cramped = TextLayoutSnapshot(
            TextStorage(string: "One line\nand another that does not fit"), containerSize: Size(width: 100, height: 22))
        let overflow = try cramped.at(.large).render().layoutDump()
        #expect(overflow.contains("overflow: chars "))
    }

    @Test("the closure gets the sweep's category; the image is as tall as the text")
    func closureAndImage() throws {
        let seen = CategoryLog()
        let text = TextLayoutSnapshot(containerSize: Size(width: 120, height: .infinity), scale: 2) { category in
            seen.append(category)
            return TextStorage(string: "Hello")
        }
        let rendering = try text.at(.accessibility1).render()
        #expect(seen.categories == [.accessibility1])
        let image = rendering.image()
        #expect(image.width == 240)
        #expect(image.height == Int((rendering.usedHeight.rounded(.up) * 2)))
        #expect(try withContentSizeCategory(.xxLarge) { try text.render().setting.category } == .xxLarge)
    }

    @Test("a missing font fails the sweep as a rendering error naming the package")
    func missingFont() throws {
        var text = Self.note()
        text.fontSet.packages[0].directory = "/nonexistent/fonts/inter"
        let failures = verifyDynamicTypeSnapshots(
            of: text, as: .layoutDump, categories: [.large], record: .never,
            snapshotDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("dtt-none-\(UUID().uuidString)").path)
        #expect(failures.map(\.kind) == [.renderingFailed])
        #expect(failures.first?.message.contains("Install fonts-inter") == true)
    }
}

/// Categories a closure was called with (from the sweep, on one thread).
final class CategoryLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [ContentSizeCategory] = []

    func append(_ category: ContentSizeCategory) { lock.withLock { list.append(category) } }
    var categories: [ContentSizeCategory] { lock.withLock { list } }
}
