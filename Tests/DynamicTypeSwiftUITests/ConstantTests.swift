import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// Sizes kept as constants (issue 33): `enum Metrics { static let … }`, nested types, `Self.x`,
/// file-level `let`s, arithmetic and ternaries are the numbers they are, and go through the same
/// range checks as literals.
@Suite struct ConstantTests {
    // The fixture's values (Fixtures/Project/Metrics.swift), and what follows from them.
    static let titleFontSize = 22.0
    static let gap = 24.0
    static let avatarSize = 48.0
    /// `isCompact ? 12 : 16` with `isCompact = false`.
    static let rowSpacing = 16.0
    /// `(avatarSize / 4) + 4`.
    static let inset = avatarSize / 4 + 4
    /// `2 * 30`.
    static let bannerHeight = 60.0

    @Test func fixedFontSizesFromConstantsDoNotScale() throws {
        let (_, findings) = try ProjectReadingTests.live("ProfileCard", at: .accessibility1)
        let notScaling = findings.filter { $0.kind == .notScaling }
        // `.system(size: Metrics.titleFontSize)` and `.system(size: Self.nameSize)` (22 - 4).
        #expect(notScaling.count == 2, "\(notScaling)")
        let card = try ProjectReadingTests.view("ProfileCard")
        #expect(card.notes.isEmpty, "\(card.notes)")
        var sizes: [Double] = []
        func collect(_ node: ViewNode) {
            if case .environment(.font(let font)) = node.kind, let size = font.size { sizes.append(size) }
            node.children.forEach(collect)
        }
        collect(card.root)
        #expect(sizes == [Self.titleFontSize, Self.titleFontSize - 4])
    }

    @Test func aSpacerFramedByAConstantIsThatTallAndAnAvatarThatSquare() throws {
        let placements = try ProjectReadingTests.placements("ProfileCard")
        let spacer = try #require(placements.first { $0.node.name == "Spacer" })
        #expect(spacer.frame.height == Self.gap)
        let circle = try #require(placements.first { $0.node.name == "Circle" })
        #expect(circle.frame.width == Self.avatarSize && circle.frame.height == Self.avatarSize)
        let banner = try #require(placements.first { $0.node.name == "Color" })
        #expect(banner.frame.height == Self.bannerHeight)
        // The column starts at the padding from `Theme.Metrics.inset` and keeps `rowSpacing`
        // between its views (the spacer's frame is a view like any other here).
        let stack = try #require(placements.first { $0.node.name == "VStack" })
        #expect(stack.frame.minY == Self.inset)
        let spacerFrame = try #require(placements.first { $0.node.name == "frame" && $0.node.children.first?.name == "Spacer" })
        let circleFrame = try #require(placements.first { $0.node.name == "frame" && $0.node.children.first?.name == "Circle" })
        #expect(circleFrame.frame.minY == spacerFrame.frame.maxY + Self.rowSpacing)
        // The whole card: nothing left to fill the screen.
        #expect(stack.frame.height < 852 - 2 * Self.inset)
    }

    /// The first `frame` node's spec in the view `source` declares as `V`.
    static func frame(_ source: String) throws -> (FrameSpec, [BuildNote]) {
        let view = try #require(SwiftUIProject.parse(source, path: "V.swift").views.first { $0.title == "V" })
        var pending = [view.root]
        while let node = pending.popLast() {
            if case .frame(let spec) = node.kind { return (spec, view.notes) }
            pending += node.children
        }
        throw Fixtures.FixtureError(description: "no frame in \(view.root.name)")
    }

    @Test("constants at any nesting, Self, file level, arithmetic, wrappers and ternaries")
    func expressions() throws {
        func width(_ expression: String, declarations: String = "") throws -> Double? {
            let source = """
                \(declarations)
                struct V: View {
                    static let own: CGFloat = 10
                    var body: some View { Color.red.frame(width: \(expression)) }
                }
                """
            return try Self.frame(source).0.width?.points
        }
        let metrics = "enum Theme { enum Metrics { static let gap: CGFloat = 8; static var big: CGFloat { gap * 3 } } }"
        #expect(try width("Theme.Metrics.gap", declarations: metrics) == 8)
        #expect(try width("Metrics.gap", declarations: metrics) == 8)
        #expect(try width("Theme.Metrics.big", declarations: metrics) == 24)
        #expect(try width("Self.own * 2") == 20)
        #expect(try width("V.own + 1") == 11)
        #expect(try width("(Self.own + 2) * 3 - 6 / 2") == 33)
        #expect(try width("-Self.own + 30") == 20)
        #expect(try width("CGFloat(Self.own) / 4") == 2.5)
        #expect(try width("side", declarations: "private let side: CGFloat = 44") == 44)
        #expect(try width(".cardWidth", declarations: "extension CGFloat { static let cardWidth: CGFloat = 300 }") == 300)
        #expect(try width("Layout.wide ? 200 : 100", declarations: "enum Layout { static let wide = true }") == 200)
        #expect(try width("Layout.count > 3 ? 200 : 100", declarations: "enum Layout { static let count = 2 }") == 100)
        #expect(try width("Layout.side ?? 12", declarations: "enum Layout { static let side: CGFloat? = nil }") == 12)
        #expect(try width("12 as CGFloat") == 12)
        // Not settled: a property, a proxy, an unknown function.
        #expect(try width("item.width") == nil)
        #expect(try width("proxy.size.width * 0.5") == nil)
        #expect(try width("Layout.side(for: 3)", declarations: "enum Layout { static func side(for n: Int) -> CGFloat { 4 } }") == nil)
    }

    @Test func aTernaryTheFileDoesNotSettleTakesTheFirstValueAndSaysSo() throws {
        let (spec, notes) = try Self.frame(
            """
            enum Device { static var isPad: Bool { UIDevice.current.userInterfaceIdiom == .pad } }
            enum Size { static let side: CGFloat = Device.isPad ? 80 : 40 }
            struct V: View { var body: some View { Color.red.frame(width: Size.side) } }
            """)
        #expect(spec.width?.points == 80)
        #expect(notes.map(\.message) == ["Device.isPad ? … : the file does not settle it; the first value is used"])
        #expect(notes.first?.location == "V.swift:2")
    }

    @Test func constantsGoThroughTheRangeChecks() throws {
        let (spec, notes) = try Self.frame(
            "enum M { static let huge: CGFloat = 1_000 * 1_000; static let none: CGFloat = 1 / 0 }\nstruct V: View { var body: some View { Color.red.frame(width: M.huge, height: M.none) } }")
        #expect(spec.width?.points == ViewBuilder.maximumPoints)
        #expect(spec.height == nil)
        #expect(notes.map(\.kind) == [.outOfRange, .outOfRange])
    }

    @Test func cyclesLongChainsAndLongSumsAreReadWithoutBlowingUp() throws {
        // A cycle is not settled; a chain longer than the reader follows is not either.
        #expect(try Self.frame("enum C { static let a: CGFloat = b; static let b: CGFloat = a }\nstruct V: View { var body: some View { Color.red.frame(width: C.a) } }").0.width == nil)
        let chain = (0..<100).map { "static let c\($0): CGFloat = c\($0 + 1) + 1" }.joined(separator: "\n") + "\nstatic let c100: CGFloat = 0"
        #expect(try Self.frame("enum C {\n\(chain)\n}\nstruct V: View { var body: some View { Color.red.frame(width: C.c0) } }").0.width == nil)
        #expect(try Self.frame("enum C {\n\(chain)\n}\nstruct V: View { var body: some View { Color.red.frame(width: C.c80) } }").0.width?.points == 20)
        // Each constant is evaluated once however often it is used: a doubling chain stays linear.
        let doubling = (0..<60).map { "static let d\($0): CGFloat = d\($0 + 1) + d\($0 + 1)" }.joined(separator: "\n") + "\nstatic let d60: CGFloat = 1"
        let widths = (0..<30).map { "Color.red.frame(width: D.d\($0 + 30))" }.joined(separator: "\n")
        let spec = try Self.frame("enum D {\n\(doubling)\n}\nstruct V: View { var body: some View { VStack {\n\(widths)\n} } }").0
        #expect(spec.width != nil)
        // A sum of 5,000 terms is one pass.
        let sum = Array(repeating: "1", count: 5_000).joined(separator: " + ")
        #expect(try Self.frame("struct V: View { var body: some View { Color.red.frame(width: \(sum)) } }").0.width?.points == 5_000)
    }
}
