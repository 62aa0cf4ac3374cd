import DynamicTypeAudit
import DynamicTypeCore
import InterfaceBuilderViews
import Testing

/// Collection cell prototypes laid out as their flow layout sizes them, stated before the fixture
/// was laid out: a fixed item size holds the cell whatever its text needs; an estimated
/// (automatic) size lets the cell grow with its content.
@Suite("Interface Builder: collection view flow layouts")
struct FlowLayoutTests {
    static let file = "flow-layout-cells.storyboard"

    @Test("the file's cells are read with their flow layouts: fixed 160 × 50, and automatic")
    func reading() throws {
        let screens = try IBFile.read(path: IBFixtures.folder + "/" + Self.file)
        #expect(screens.map(\.name) == ["Grid", "fixCell", "autCell"])
        #expect(screens[1].flowLayout?.itemSize == Size(width: 160, height: 50))
        #expect(screens[1].flowLayout?.selfSizing == false)
        #expect(screens[2].flowLayout?.selfSizing == true)
        // The content view (Xcode 13's collectionViewCellContentView) holds the label.
        #expect(screens[1].views.map(\.id) == ["fix-09-abc", "fixc-09-abc", "flb-09-abc"])
    }

    @Test("a fixed item size: the cell stays 160 × 50 and its label (8 pt margins: 144 × 34) is clipped from the category its text needs more than 34 pt")
    func fixedItemSize() throws {
        let text = "Downloads"
        let expected = try FixtureBehaviourTests.first { try IBFixtures.bodyHeight(text, width: 144, at: $0) > 34 + 0.5 }
        let start = try #require(expected, "the fixture must outgrow its cell at some category")
        #expect(start > .large)
        for category in ContentSizeCategory.allCases {
            let live = try IBFixtures.live(Self.file, screen: 1, at: category, on: IBFixtures.device)
            let cell = try IBFixtures.frame("fix-09-abc", in: live)
            #expect(cell.width == 160 && cell.height == 50, "\(category): \(cell)")
            let label = try IBFixtures.frame("flb-09-abc", in: live)
            #expect(label.minX == 8 && label.width == 144 && label.height == 34, "\(category): \(label)")
            let clipped = try IBFixtures.findings(Self.file, screen: 1, at: category).filter { $0.kind == .clipped }
            #expect(!clipped.isEmpty == (category >= start), "\(category): \(clipped.map(\.message))")
        }
    }

    @Test("an automatic estimated size: the cell is its label's wrapped height plus 16 pt of margins at every category, at its drawn width")
    func selfSizing() throws {
        for category in ContentSizeCategory.allCases {
            let live = try IBFixtures.live(Self.file, screen: 2, at: category, on: IBFixtures.device)
            let cell = try IBFixtures.frame("aut-09-abc", in: live)
            let needed = try IBFixtures.bodyHeight("Downloads", width: 144, at: category)
            #expect(cell.width == 160, "\(category): \(cell)")
            #expect(abs(cell.height - (needed + 16)) < 0.5, "\(category): \(cell) for \(needed)")
            #expect(try IBFixtures.findings(Self.file, screen: 2, at: category).filter { $0.kind == .clipped }.isEmpty, "\(category)")
        }
    }
}
