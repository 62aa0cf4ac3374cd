import DynamicTypeAudit
import DynamicTypeCore
import Testing

/// Layout guides and cell accessories, each frame worked out by hand from UIKit's documented
/// rules (and the metrics measured in real files) before the fixture was laid out.
@Suite("Interface Builder: guides, margins and accessories")
struct GuideBehaviourTests {
    /// The body size at `category` in the iOS type ramp (the readable width follows it).
    static func body(_ category: ContentSizeCategory) throws -> Double {
        try TypeRampProfile.named("ios").metrics(for: .body, category: category).size
    }

    @Test("readable content guide: the margins narrowed to 672 pt × body/17 about their centre; the margins themselves when narrower")
    func readableContent() throws {
        // Article: a top-level view drawn 1000 pt wide (narrower than its 1024 pt iPad, so it keeps
        // its width); its margins are UIKit's 8 pt, so 984 pt wide from x = 8.
        for category in ContentSizeCategory.allCases {
            let readable = min(984, 672 * (try Self.body(category)) / 17)
            let live = try IBFixtures.live("readable-content.xib", screen: 0, at: category, on: IBFixtures.device)
            let text = try IBFixtures.frame("txt-06-abc", in: live)
            // Centred in the margins: x = 8 + (984 − readable) / 2; at large 8 + 156 = 164, 672 wide.
            #expect(abs(text.width - readable) < 0.01, "\(category): \(text)")
            #expect(abs(text.minX - (8 + (984 - readable) / 2)) < 0.01, "\(category): \(text)")
            // The bar on the margins guide keeps the full 984 pt.
            let bar = try IBFixtures.frame("bar-06-abc", in: live)
            #expect(bar.minX == 8 && bar.width == 984, "\(category): \(bar)")
        }
        // The readable width at large is the documented-by-measure 672 pt.
        let large = try IBFixtures.frame("txt-06-abc", in: try IBFixtures.live("readable-content.xib", screen: 0, at: .large, on: IBFixtures.device))
        #expect(large.minX == 164 && large.width == 672)
        // Narrow: 300 pt wide, margins 284 pt < any readable width: the guide is the margins (8…292).
        for category in [ContentSizeCategory.xSmall, .large, .accessibility5] {
            let live = try IBFixtures.live("readable-content.xib", screen: 1, at: category, on: IBFixtures.device)
            let label = try IBFixtures.frame("nlb-06-abc", in: live)
            #expect(label.minX == 8 && label.width == 284, "\(category): \(label)")
        }
    }

    @Test("cell accessories: the content view ends the side margin plus the accessory before the cell's edge; its trailing margin there is 8 pt")
    func accessories() throws {
        // On the 393 pt test device the table's side margin is 16 pt (below 414 pt wide).
        // Disclosure indicator: 16 + 10.5 = 26.5 → content view 393 − 26.5 = 366.5 wide; the label
        // from the leading margin (16) to the trailing margin (366.5 − 8 = 358.5): 342.5 wide.
        let disclosure = try IBFixtures.live("accessory-cells.xib", screen: 0, at: .large, on: IBFixtures.device)
        let content = try IBFixtures.frame("dscc-07-abc", in: disclosure)
        #expect(content.minX == 0 && content.width == 366.5, "\(content)")
        let label = try IBFixtures.frame("dlb-07-abc", in: disclosure)
        #expect(label.minX == 16 && label.width == 342.5, "\(label)")
        // Checkmark: 16 + 24 = 40 → content view 353 wide; the label 16…345: 329 wide.
        let checkmark = try IBFixtures.live("accessory-cells.xib", screen: 1, at: .large, on: IBFixtures.device)
        #expect(try IBFixtures.frame("chkc-07-abc", in: checkmark).width == 353)
        let checked = try IBFixtures.frame("clb-07-abc", in: checkmark)
        #expect(checked.minX == 16 && checked.width == 329, "\(checked)")
        // On a 430 pt device the side margin is 20: the disclosure content view is 430 − 30.5 = 399.5 wide.
        let wide = Device(id: "wide", name: "wide", width: 430, height: 932, scale: 3)
        #expect(try IBFixtures.frame("dscc-07-abc", in: try IBFixtures.live("accessory-cells.xib", screen: 0, at: .large, on: wide)).width == 399.5)
    }

    @Test("a subview's safe area is its part inside the root's; its margins sit inside it unless insetsLayoutMarginsFromSafeArea is off; preserved margins reach the superview's")
    func safeAreaAndMargins() throws {
        // A 393 × 852 device with a 59 pt top and 34 pt bottom safe area; the scene has no bars.
        let device = Device(
            id: "notched", name: "notched", width: 393, height: 852, scale: 3, safeAreas: [.portrait: EdgeInsets(top: 59, bottom: 34)])
        for category in [ContentSizeCategory.large, .accessibility3] {
            let live = try IBFixtures.live("safe-area-margins.storyboard", screen: 0, at: category, on: device)
            // The panel starts at the root's top (y = 0): its safe area starts at 59.
            #expect(try IBFixtures.frame("saf-08-abc", in: live).minY == 59)
            // Its margins are 8 pt inside its safe area: top 59 + 8 = 67; left 0 + 8 (no side inset).
            let margin = try IBFixtures.frame("mar-08-abc", in: live)
            #expect(margin.minY == 67 && margin.minX == 8, "\(category): \(margin)")
            // At the bottom edge: insetsLayoutMarginsFromSafeArea off → bottom margin 852 − 8 = 844;
            // on → 852 − 34 − 8 = 810.
            #expect(abs(try IBFixtures.frame("pbl-08-abc", in: live).maxY - 844) < 0.01)
            #expect(abs(try IBFixtures.frame("bbl-08-abc", in: live).maxY - 810) < 0.01)
            // preservesSuperviewLayoutMargins: the root's side margins (16 at 393 pt) are further in
            // than the view's own 8 → 16…377; without it, 8…385.
            let preserved = try IBFixtures.frame("prl-08-abc", in: live)
            #expect(preserved.minX == 16 && abs(preserved.maxX - 377) < 0.01, "\(category): \(preserved)")
            let own = try IBFixtures.frame("npl-08-abc", in: live)
            #expect(own.minX == 8 && abs(own.maxX - 385) < 0.01, "\(category): \(own)")
        }
    }
}
