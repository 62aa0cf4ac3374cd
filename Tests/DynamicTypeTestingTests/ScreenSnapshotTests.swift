import DynamicTypeCore
import DynamicTypeTesting
import Testing
import TextStack

/// A screen of your own through the testing library's sweep: `ScreenSnapshot` is a layout
/// snapshot subject like the notepad's views, with references per category and locale.
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    static let checkout = Screen(name: "Checkout", device: "iphone-se") {
        Label("Your basket").font(.largeTitle).id("title")
        HStack(id: "total-row", accessibilityAxis: .vertical) {
            Label("Total").font(.body).id("total")
            Label("€249.00").font(.headline).alignment(.trailing).id("price")
        }
        Button("Add to basket").font(.headline).foregroundColor(.white).background(RGBAColor(hex: "#0A84FF")!).id("buy")
    }

    @Test("a screen built with the DSL, swept as layout dumps and PNGs")
    func checkoutSweep() {
        let subject = ScreenSnapshot(Self.checkout)
        assertDynamicTypeSnapshots(of: subject, as: .layoutDump, named: "checkout", categories: [.xSmall, .large, .accessibility5])
        assertDynamicTypeSnapshots(of: subject, as: .png, named: "checkout", categories: [.large, .accessibility3])
    }

    @Test("the dump lists frames, text and the findings of the one findings function")
    func dumpContent() throws {
        let rendering = try ScreenSnapshot(Self.checkout).at(.accessibility5).render()
        let dump = rendering.layoutDump()
        #expect(dump.contains("screen: \"Checkout\" · locale none · size 320×568"))
        #expect(dump.contains("stack total-row · frame 16 "))
        #expect(dump.contains("· vertical ·"), "the row turned vertical at AX5")
        #expect(rendering.findings.isEmpty == !dump.contains("findings:\n  ["))
    }
}
