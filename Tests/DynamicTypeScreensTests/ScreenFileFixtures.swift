import DynamicTypeCore
import Foundation
import TextStack

@testable import DynamicTypeScreens

/// Paths of the test fixtures, the examples and the schema, and the screen the `kinds` fixtures
/// describe, written by hand.
enum ScreenFileFixtures {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let screensFolder = testsFolder.appendingPathComponent("Fixtures/screens")
    static let examplesFolder = packageRoot.appendingPathComponent("Examples/screens")
    static let schemaPath = packageRoot.appendingPathComponent("Schemas/screen.schema.json").path

    static func fixture(_ name: String) -> String { screensFolder.appendingPathComponent(name).path }

    static func screenFiles(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(ScreenFile.isScreenFile).sorted().map { folder.appendingPathComponent($0).path }
    }

    static func color(_ hex: String) -> RGBAColor { RGBAColor(hex: hex)! }

    /// `kinds.screen.json` / `kinds.screen.yaml` as model values.
    static let kinds = Screen(
        name: "Kinds", device: "iphone-se", width: 300, background: color("#FAFAFA"),
        padding: EdgeInsets(vertical: 8, horizontal: 12), spacing: 4, scrolls: false, minimumCategory: .small,
        maximumCategory: .accessibility3,
        views: [
            .label(
                LabelSpec(
                    id: "title", text: .literal("Hello"), font: .style(.title1), lines: 2, lineBreak: .wordWrap, width: 200,
                    insets: EdgeInsets(top: 4, trailing: 2), color: .red, background: color("#00000080"), alignment: .center,
                    adjustsFontForContentSizeCategory: false, minimumScaleFactor: 0.5,
                    limits: CategoryLimits(minimum: .large, maximum: .accessibility1))),
            .button(
                ButtonSpec(
                    id: "buy",
                    title: LabelSpec(
                        id: "buy", text: .key("Add to basket"),
                        font: .custom(
                            CustomFont(
                                family: "DejaVu Sans", size: 17, weight: .semibold, italic: true, relativeTo: .headline,
                                maximumPointSize: 40)),
                        lineBreak: .truncateMiddle),
                    contentInsets: EdgeInsets(all: 10), minimumTapTarget: 48, cornerRadius: 0)),
            .image(
                ImageSpec(
                    id: "avatar", width: 64, height: 48, scalesWith: .title1, maximumSize: 120, circular: true,
                    color: color("#5856D6"), label: "Avatar")),
            .textView(
                TextViewSpec(
                    id: "terms", file: "terms.txt", font: .style(.footnote), rules: "seeds",
                    exclusions: [.rect(x: 0, y: 0, width: 40, height: 40), .ellipse(x: -5, y: 10, width: 30, height: 20)],
                    height: 200, insets: .zero, color: color("#333333"), background: .white,
                    adjustsFontForContentSizeCategory: false)),
            .stack(
                StackSpec(
                    id: "row", axis: .horizontal, accessibilityAxis: .vertical, spacing: 12, alignment: .center,
                    padding: EdgeInsets(all: 6), width: 280, background: color("#EEEEEE"),
                    children: [
                        .label(LabelSpec(id: "row-title", text: .literal("Name"))),
                        .label(LabelSpec(id: "row-value", text: .key("Settings"))),
                    ])),
            .table(
                TableSpec(
                    id: "list", cell: .label(LabelSpec(id: "cell-title", text: .literal("{title}"))),
                    rows: [["title": "One"], ["title": "Two"]], rowHeight: .fixed(44),
                    cellPadding: EdgeInsets(vertical: 4, horizontal: 8), separators: false, background: .white)),
        ])
}
