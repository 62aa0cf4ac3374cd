import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import Testing

/// Layout work grows with the tree, not exponentially with its nesting: sizes are cached per node
/// and proposal, and stacks rank children by extents measured once per node.
@Suite struct LayoutWorkTests {
    /// Stacks nested `depth` deep, alternating HStack and VStack, each with a text, a spacer and
    /// the next stack: every level sees several proposals.
    static func nested(_ depth: Int) -> String {
        var body = "Text(\"Leaf\")"
        for level in 0..<depth {
            let stack = level.isMultiple(of: 2) ? "HStack" : "VStack"
            body = "\(stack) { Text(\"Level \(level)\"); Spacer(); \(body).padding(4) }"
        }
        return "import SwiftUI\nstruct Nested: View { var body: some View { \(body) } }\n"
    }

    /// The sizes computed to lay out and place a view of `depth` levels on a 393 pt wide screen.
    static func measurements(_ depth: Int) throws -> Int {
        let root = try #require(SwiftUIProject.parse(nested(depth), path: "Nested.swift").views.first?.root)
        let environment = ScreenLayoutEnvironment(resolver: Fixtures.resolver, width: 393, height: 852, texts: LocalizedTexts())
        let pass = SwiftUILayoutPass(environment: environment, category: .large, measurer: FixedAdvanceTextMeasurer())
        let proposal = Proposal(width: 393, height: 852)
        _ = try pass.size(root, proposal, TextEnvironment())
        try pass.place(root, at: Point(x: 0, y: 0), proposal, TextEnvironment(), parent: nil)
        return pass.measurements
    }

    @Test func doublingTheNestingAtMostQuadruplesTheWork() throws {
        let shallow = try Self.measurements(12)
        let deep = try Self.measurements(24)
        // Linear in nodes × depth at worst: twice as deep is at most four times the work (an
        // exponential layout would be thousands of times more).
        #expect(deep <= 4 * shallow + 50, "depth 12: \(shallow) sizes, depth 24: \(deep)")
    }
}
