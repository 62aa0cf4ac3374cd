import DynamicTypeCore
import Testing

@testable import DynamicTypeScreens

@Suite("Screen model")
struct ScreenModelTests {
    @Test("category limits clamp and nest")
    func limits() {
        let view = CategoryLimits(minimum: .small, maximum: .accessibility2)
        #expect(view.clamp(.xSmall) == .small)
        #expect(view.clamp(.accessibility5) == .accessibility2)
        #expect(view.clamp(.large) == .large)
        let screen = CategoryLimits(maximum: .accessibility1)
        #expect(view.within(screen) == CategoryLimits(minimum: .small, maximum: .accessibility1))
    }

    @Test("a stack switches to its accessibility axis from AX1")
    func accessibilityAxis() {
        let stack = StackSpec(id: "row", axis: .horizontal, accessibilityAxis: .vertical, children: [])
        #expect(stack.axis(at: .xxxLarge) == .horizontal)
        #expect(stack.axis(at: .accessibility1) == .vertical)
    }
}
