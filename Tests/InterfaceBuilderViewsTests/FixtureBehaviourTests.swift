import DynamicTypeAudit
import DynamicTypeCore
import Testing

/// Behaviour stated before the fixtures were laid out, each category where it starts computed
/// here from the texts' measured widths (the project's fonts and shaping), never written down.
@Suite("Interface Builder: fixture behaviour")
struct FixtureBehaviourTests {
    static let categories = ContentSizeCategory.allCases

    /// The first category where `holds` is true, and that it holds at every larger one.
    static func first(where holds: (ContentSizeCategory) throws -> Bool) rethrows -> ContentSizeCategory? {
        try categories.first(where: holds)
    }

    @Test("two-label cell: the title (compression 250) truncates, the value (hugging 750) keeps its width, from the category their widths exceed the row")
    func twoLabelCell() throws {
        let title = "Notifications for new messages", value = "Every day"
        // A cell's content view margins are 16 pt below 414 pt wide (UIKitMetrics); 8 pt between the labels.
        let available = 393.0 - 16 - 16 - 8
        let expected = try Self.first { try IBFixtures.bodyWidth(title, at: $0) + IBFixtures.bodyWidth(value, at: $0) > available + 0.01 }
        let start = try #require(expected, "the fixture must truncate at some category")
        #expect(start > .large, "the fixture must fit at the default size")
        for category in Self.categories {
            let findings = try IBFixtures.findings("two-label-cell.xib", at: category)
            let truncated = findings.filter { $0.kind == .truncated }
            #expect(truncated.allSatisfy { $0.element.contains("ttl-01-abc") }, "\(category): \(truncated)")
            #expect(!truncated.isEmpty == (category >= start), "\(category): \(truncated.map(\.message))")
            // The value label keeps its measured width at every category.
            let live = try IBFixtures.live("two-label-cell.xib", at: category)
            let valueFrame = try #require(live.laidOut.views.first { $0.path.contains("val-01-abc") }?.frame)
            #expect(abs(valueFrame.width - (try IBFixtures.bodyWidth(value, at: category))) < 0.5, "\(category)")
        }
    }

    @Test("a label in a required 44 pt height constraint is clipped from the category its wrapped text needs more")
    func fixedHeight() throws {
        let text = "Your order has shipped and arrives on Tuesday"
        let width = 393.0 - 40
        let expected = try Self.first { try IBFixtures.bodyHeight(text, width: width, at: $0) > 44 + 0.5 }
        let start = try #require(expected)
        #expect(start > .large)
        for category in Self.categories {
            let clipped = try IBFixtures.findings("fixed-height-label.xib", at: category).filter { $0.kind == .clipped }
            #expect(!clipped.isEmpty == (category >= start), "\(category): \(clipped.map(\.message))")
            #expect(clipped.allSatisfy { $0.message.contains("hgt-02-abc") && $0.message.contains("44 pt") })
        }
    }

    @Test("an empty label is 0 pt tall, as Xcode recorded it (isowords' launch screen), and nothing in it is clipped")
    func emptyLabel() throws {
        for category in Self.categories {
            #expect(try IBFixtures.findings("empty-label.xib", at: category).filter { $0.kind == .clipped }.isEmpty, "\(category)")
            let label = try #require(try IBFixtures.live("empty-label.xib", at: category).laidOut.views.first { $0.path.contains("lbl-05-abc") })
            #expect(label.frame.height == 0, "\(category): \(label.frame)")
        }
    }

    @Test("an equal-spacing stack overflows (crampedRow) from the category its labels and minimum spacing exceed its width")
    func equalSpacing() throws {
        let texts = ["Breakfast", "Lunch", "Afternoon tea"]
        let width = 393.0 - 32
        let expected = try Self.first { category in try texts.map { try IBFixtures.bodyWidth($0, at: category) }.reduce(0, +) + 16 > width + 0.5 }
        let start = try #require(expected)
        #expect(start > .large)
        for category in Self.categories {
            let cramped = try IBFixtures.findings("equal-spacing-stack.xib", at: category).filter { $0.kind == .crampedRow }
            #expect(!cramped.isEmpty == (category >= start), "\(category)")
        }
        // Below the overflow the gaps are equal.
        let live = try IBFixtures.live("equal-spacing-stack.xib", at: .large)
        let frames = live.laidOut.views.filter { $0.kind == .label }.map(\.frame)
        #expect(frames.count == 3)
        #expect(abs((frames[1].minX - frames[0].maxX) - (frames[2].minX - frames[1].maxX)) < 0.01)
        #expect(frames[0].minX == 16 && abs(frames[2].maxX - (393 - 16)) < 0.01)
    }

    @Test("a fillProportionally stack gives each label its intrinsic share of the stack (spacings counted in the whole, UIKit's 999, 998, … order): the last view gives way by the spacing")
    func fillProportionally() throws {
        // Three body labels in a 361 pt stack (393 − 2 × 16) with 10 pt spacing. UIKit's
        // `UISV-fill-proportionally`: width_i == w_i / (Σw + 2 × 10) × 361 at 999, 998, 997; the
        // required edges and spacings leave 341 for the widths, so the first two get their shares
        // and the last (997) takes what is left.
        let texts = ["Breakfast", "Lunch", "Afternoon tea"]
        let stack = 393.0 - 32
        for category in [ContentSizeCategory.large, .accessibility2] {
            let widths = try texts.map { try IBFixtures.bodyWidth($0, at: category) }
            let whole = widths.reduce(0, +) + 20
            let expected = [widths[0] / whole * stack, widths[1] / whole * stack]
            let live = try IBFixtures.live("fill-proportionally-stack.xib", at: category)
            let frames = live.laidOut.views.filter { $0.kind == .label }.map(\.frame)
            #expect(frames.count == 3)
            guard frames.count == 3 else { continue }
            #expect(abs(frames[0].width - expected[0]) < 0.01, "\(category): \(frames[0].width) vs \(expected[0])")
            #expect(abs(frames[1].width - expected[1]) < 0.01, "\(category): \(frames[1].width) vs \(expected[1])")
            #expect(abs(frames[2].width - (stack - 20 - expected[0] - expected[1])) < 0.01, "\(category): \(frames[2].width)")
            #expect(abs(frames[1].minX - frames[0].maxX - 10) < 0.01 && abs(frames[2].maxX - (393 - 16)) < 0.01)
        }
    }

    @Test("conflicting required widths: UIKit's broken constraint is named; a view placed on one axis only is ambiguous")
    func conflicts() throws {
        let findings = try IBFixtures.findings("conflict.xib", at: .large)
        let broken = findings.filter { $0.kind == .unsatisfiableConstraints }
        #expect(broken.count == 1)
        #expect(broken.first?.message.contains("w2-04-abc") == true)
        let ambiguous = findings.filter { $0.kind == .ambiguousLayout }
        #expect(ambiguous.map(\.element).contains { $0.contains("amb-04-abc") })
        #expect(!ambiguous.contains { $0.element.contains("lbl-04-abc") })
    }

    @Test("a storyboard scene: the title below the safe area, the button below it, the table an opaque box")
    func scene() throws {
        let live = try IBFixtures.live("Main.storyboard", at: .large)
        let views = live.laidOut.views
        let title = try #require(views.first { $0.path.contains("l01-aa-bbb") })
        // No safe area on the test device: 20 pt below the top; 16 pt side margins at 393 pt.
        #expect(title.frame.minY == 20 && title.frame.minX == 16 && abs(title.frame.maxX - (393 - 16)) < 0.01)
        let button = try #require(views.first { $0.path.contains("b01-aa-bbb") })
        #expect(abs(button.frame.minY - (title.frame.maxY + 20)) < 0.01)
        let findings = try IBFixtures.findings("Main.storyboard", at: .large)
        #expect(findings.contains { $0.kind == .notLaidOut && $0.element.contains("t01-aa-bbb") })
        // Larger text pushes the button down.
        let larger = try IBFixtures.live("Main.storyboard", at: .accessibility3).laidOut.views
        #expect(try #require(larger.first { $0.path.contains("b01-aa-bbb") }).frame.minY > button.frame.minY)
    }

    @Test(
        "label and self-sizing cell heights never shrink as the category grows",
        arguments: ["two-label-cell.xib", "fixed-height-label.xib", "equal-spacing-stack.xib", "Main.storyboard"])
    func monotonic(file: String) throws {
        var previous: [String: Double] = [:]
        for category in Self.categories {
            let views = try IBFixtures.live(file, at: category).laidOut.views
            for view in views where view.kind == .label || view.parent == nil {
                if let before = previous[view.path] { #expect(view.frame.height >= before - 0.01, "\(view.path) at \(category)") }
                previous[view.path] = view.frame.height
            }
        }
        #expect(!previous.isEmpty)
    }
}
