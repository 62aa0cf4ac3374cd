import DynamicTypeCore
import Foundation
import Testing
import TextStack

@testable import DynamicTypeScreens

@Suite("Screen DSL")
struct ScreenDSLTests {
    private let checkout = Screen(name: "Checkout") {
        Label("Total").font(.headline).id("total")
        HStack(id: "row", accessibilityAxis: .vertical) {
            Label(key: "Add to basket").font(.body).lineLimit(1)
            Button("Buy").font(.headline).id("buy")
        }
        Image(id: "avatar", width: 64, height: 64).scaled(relativeTo: .title1).circular()
        Label("Fixed").font(.custom(family: "DejaVu Serif", size: 17)).frame(width: 200).fixedFontSize()
        Table(rows: [["title": "Notifications"]]) { Label(key: "{title}") }
        TextView(key: "Welcome back, %@!").frame(height: 120)
    }

    @Test("the DSL builds the same model as the equivalent JSON file")
    func sameAsFile() throws {
        let file = try ScreenFile.load(path: ScreenFileFixtures.fixture("checkout-dsl.screen.json"))
        for (built, read) in zip(checkout.views, file.views) { #expect(built == read) }
        #expect(checkout == file)
    }

    @Test("derived ids are numbered per kind in document order and skip ids already given")
    func derivedIDs() {
        let screen = Screen(name: "Ids") {
            Label("A")
            Label("B").id("label-2")
            Label("C")
            VStack {
                Button("D")
                Label("E")
            }
        }
        #expect(screen.views.map(\.id) == ["label-1", "label-2", "label-3", "stack-1"])
        #expect(screen.views[3].children.map(\.id) == ["button-1", "label-4"])
        guard case .button(let button) = screen.views[3].children[0] else { return }
        #expect(button.title.id == "button-1")
    }

    @Test("control flow and finished model views")
    func controlFlow() {
        let premium = false
        let screen = Screen(name: "Flow") {
            if premium { Label("Premium") } else { Label("Free") }
            for name in ["a", "b"] { Label(name).id("item-\(name)") }
            ScreenView.label(LabelSpec(id: "model", text: .literal("M")))
        }
        #expect(screen.views.map(\.id) == ["label-1", "item-a", "item-b", "model"])
    }

    @Test("modifiers set the model's fields")
    func modifiers() {
        let label = Label("L").lineLimit(nil).lineBreak(.charWrap).padding(4).foregroundColor(.red).background(.blue)
            .alignment(.trailing).minimumScaleFactor(0.5).dynamicTypeSize(.small ... .accessibility2).screenView
        #expect(
            label
                == .label(
                    LabelSpec(
                        id: "label-1", text: .literal("L"), lines: 0, lineBreak: .charWrap, insets: EdgeInsets(all: 4),
                        color: .red, background: .blue, alignment: .trailing, minimumScaleFactor: 0.5,
                        limits: CategoryLimits(minimum: .small, maximum: .accessibility2))))
        let button = Button(key: "Continue").padding(EdgeInsets(vertical: 14, horizontal: 24)).minimumTapTarget(48)
            .cornerRadius(12).dynamicTypeSize(...ContentSizeCategory.accessibility3).id("continue").screenView
        #expect(
            button
                == .button(
                    ButtonSpec(
                        id: "continue", title: LabelSpec(id: "continue", text: .key("Continue")),
                        contentInsets: EdgeInsets(vertical: 14, horizontal: 24), minimumTapTarget: 48, cornerRadius: 12,
                        limits: CategoryLimits(maximum: .accessibility3))))
        let text = TextView(file: "terms.txt").font(.footnote).rules("seeds").exclusions([.rect(x: 0, y: 0, width: 10, height: 10)])
            .padding(0).adjustsFontForContentSizeCategory(false).dynamicTypeSize(ContentSizeCategory.large...).screenView
        #expect(
            text
                == .textView(
                    TextViewSpec(
                        id: "textView-1", file: "terms.txt", font: .style(.footnote), rules: "seeds",
                        exclusions: [.rect(x: 0, y: 0, width: 10, height: 10)], insets: .zero,
                        adjustsFontForContentSizeCategory: false, limits: CategoryLimits(minimum: .large))))
        let table = Table(id: "t", rows: []) { Label("x").id("cell") }.rowHeight(.fixed(44)).cellPadding(.zero).separators(false)
            .background(.white).screenView
        #expect(
            table
                == .table(
                    TableSpec(
                        id: "t", cell: .label(LabelSpec(id: "cell", text: .literal("x"))), rows: [], rowHeight: .fixed(44),
                        cellPadding: .zero, separators: false, background: .white)))
        let stack = VStack(spacing: 2, alignment: .leading) { Label("a").id("a") }.padding(8).frame(width: 100).background(.white)
            .screenView
        #expect(
            stack
                == .stack(
                    StackSpec(
                        id: "stack-1", axis: .vertical, spacing: 2, alignment: .leading, padding: EdgeInsets(all: 8), width: 100,
                        background: .white, children: [.label(LabelSpec(id: "a", text: .literal("a")))])))
    }

    @Test("a DSL screen round-trips through the file format")
    func roundTrip() throws {
        #expect(try ScreenFile.decode(ScreenFile.encode(checkout), origin: "dsl", format: .json) == checkout)
    }
}
