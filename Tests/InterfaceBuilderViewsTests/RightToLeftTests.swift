import DynamicTypeAudit
import DynamicTypeCore
import InterfaceBuilderViews
import Testing

/// Right-to-left layout, each frame worked out by hand before the fixture was laid out: on the
/// 393 pt test device the scene's side margins are 16 pt (no safe area), so its margins run
/// from x = 16 to x = 377.
@Suite("Interface Builder: right-to-left layout")
struct RightToLeftTests {
    static let file = "right-to-left.storyboard"

    @Test("the locales iOS lays out right to left: Arabic, Hebrew, Persian, Urdu, with regions; others and none left to right")
    func locales() {
        for locale in ["ar", "ar-EG", "he", "he_IL", "iw", "fa-IR", "ur", "AR"] { #expect(IBLayoutDirection.isRightToLeft(locale), "\(locale)") }
        for locale in [nil, "en", "de-AT", "ja", "arn", "hu", "fr"] as [String?] { #expect(!IBLayoutDirection.isRightToLeft(locale), "\(locale ?? "nil")") }
    }

    @Test("natural alignment starts at the right in a right-to-left view; explicit left stays; a forced left-to-right label keeps natural")
    func alignment() throws {
        let screen = try IBFile.read(path: IBFixtures.folder + "/" + Self.file)[0]
        let arabic = IBLayoutDirection.screen(screen, locale: "ar")
        let title = try #require(arabic.views.first { $0.id == "ttl-10-abc" })
        #expect(title.rightToLeft && title.text?.alignment == "right")
        #expect(arabic.views.first { $0.id == "fl-10-abc" }?.rightToLeft == false)
        #expect(arabic.views.first { $0.id == "fr-10-abc" }?.rightToLeft == true)
        // In English nothing flips but the view forced right to left.
        let english = IBLayoutDirection.screen(screen, locale: "en")
        #expect(english.views.filter(\.rightToLeft).map(\.id) == ["fr-10-abc"])
        #expect(english.views.first { $0.id == "ttl-10-abc" }?.text?.alignment == "natural")
    }

    @Test("in Arabic leading is the right: the title ends at the right margin, the stack arranges from the right; forced views keep their direction in both")
    func frames() throws {
        let width = 393.0
        // fillEqually: (361 − 8) / 2 = 176.5 each.
        let half = (width - 32 - 8) / 2
        let english = try IBFixtures.live(Self.file, screen: 0, at: .large, on: IBFixtures.device)
        #expect(try IBFixtures.frame("ttl-10-abc", in: english).minX == 16)
        #expect(try IBFixtures.frame("one-10-abc", in: english).minX == 16)
        #expect(abs(try IBFixtures.frame("two-10-abc", in: english).minX - (16 + half + 8)) < 0.01)
        let arabic = try IBFixtures.live(Self.file, screen: 0, at: .large, on: IBFixtures.device, locale: "ar")
        #expect(abs(try IBFixtures.frame("ttl-10-abc", in: arabic).maxX - (width - 16)) < 0.01)
        // The first arranged view at the right: 377 − 176.5 = 200.5; the second at the left margin.
        let one = try IBFixtures.frame("one-10-abc", in: arabic)
        #expect(abs(one.minX - (width - 16 - half)) < 0.01 && abs(one.width - half) < 0.01, "\(one)")
        #expect(abs(try IBFixtures.frame("two-10-abc", in: arabic).minX - 16) < 0.01)
        for live in [english, arabic] {
            // forceLeftToRight: 10 pt from the left; forceRightToLeft: 10 pt from the right, in both locales.
            #expect(try IBFixtures.frame("fll-10-abc", in: live).minX == 10)
            #expect(abs(try IBFixtures.frame("frl-10-abc", in: live).maxX - (width - 10)) < 0.01)
        }
    }

    @Test("in Arabic a cell's accessory is at the left: the content view starts after it and its 8 pt accessory-side margin is at the left")
    func accessoryCell() throws {
        // 393 pt test device: disclosure room 16 + 10.5 = 26.5 at the left; content view 26.5…393.
        // The label runs from the trailing margin (26.5 + 8 = 34.5) to the leading one (393 − 16 = 377).
        let live = try IBFixtures.live("accessory-cells.xib", screen: 0, at: .large, on: IBFixtures.device, locale: "ar")
        let content = try IBFixtures.frame("dscc-07-abc", in: live)
        #expect(content.minX == 26.5 && content.width == 366.5, "\(content)")
        let label = try IBFixtures.frame("dlb-07-abc", in: live)
        #expect(abs(label.minX - 34.5) < 0.01 && abs(label.maxX - 377) < 0.01, "\(label)")
    }
}
