import DynamicTypeCore
import FontSystem
import Testing
import TextStack

@testable import DynamicTypeScreens

/// Geometry of each view kind against values computed by hand from the layout rules
/// (``ScreenLayout``) and the fonts' own metrics.
@Suite("Screen layout")
struct ScreenLayoutTests {
    static let width = 320.0

    static func layout(
        _ views: [ScreenView], category: ContentSizeCategory = .large, padding: EdgeInsets = EdgeInsets(all: 16),
        spacing: Double = 8, texts: any ScreenTextProvider = LocalizedTexts()
    ) throws -> LaidOutScreen {
        let screen = Screen(name: "Test", padding: padding, spacing: spacing, views: views)
        let environment = ScreenLayoutEnvironment(
            resolver: try FontResolver.shared(), width: width, height: 568, texts: texts)
        return try ScreenLayout.layout(screen, category: category, environment: environment)
    }

    static func view(_ laidOut: LaidOutScreen, _ path: String) throws -> LaidOutView {
        try #require(laidOut.views.first { $0.path == path }, "no view \(path)")
    }

    static func bodyFont(_ category: ContentSizeCategory) throws -> ResolvedFont {
        try FontResolver.shared().resolve(FontDescriptor.preferred(for: .body, category: category, profile: .ios))
    }

    @Test("a label fills the column inside the padding and is as tall as its one line")
    func label() throws {
        let laidOut = try Self.layout([.label(LabelSpec(id: "title", text: .literal("Settings")))])
        let title = try Self.view(laidOut, "title")
        let text = try #require(title.text)
        #expect(title.frame.origin == Point(x: 16, y: 16))
        #expect(title.frame.width == 288)
        #expect(text.lines.count == 1)
        #expect(abs(title.frame.height - text.lines[0].rect.height) < 1e-9)
        #expect(text.font.pointSize == 17)
        #expect(laidOut.contentHeight == 16 + title.frame.height + 16)
    }

    @Test("insets shrink the text box and grow the frame")
    func insets() throws {
        let laidOut = try Self.layout([
            .label(LabelSpec(id: "l", text: .literal("Hi"), insets: EdgeInsets(top: 4, leading: 10, bottom: 6, trailing: 20)))
        ])
        let label = try Self.view(laidOut, "l")
        let text = try #require(label.text)
        #expect(text.box.minX == 26 && text.box.minY == 20 && text.box.width == 258)
        #expect(abs(label.frame.height - (text.lines[0].rect.height + 10)) < 1e-9)
    }

    @Test("top-level views stack with the screen's spacing")
    func column() throws {
        let laidOut = try Self.layout([
            .label(LabelSpec(id: "a", text: .literal("One"))), .label(LabelSpec(id: "b", text: .literal("Two"))),
        ])
        let a = try Self.view(laidOut, "a"), b = try Self.view(laidOut, "b")
        #expect(b.frame.minY == a.frame.maxY + 8)
    }

    @Test("a horizontal stack places an image, the spacing, then a label that takes the rest")
    func row() throws {
        let laidOut = try Self.layout([
            .stack(
                StackSpec(
                    id: "row", axis: .horizontal, spacing: 12,
                    children: [
                        .image(ImageSpec(id: "icon", width: 40, height: 40)),
                        .label(LabelSpec(id: "name", text: .literal("Alexandra"))),
                    ]))
        ])
        let icon = try Self.view(laidOut, "icon"), name = try Self.view(laidOut, "name"), row = try Self.view(laidOut, "row")
        #expect(icon.frame == Rect(x: 16, y: 16, width: 40, height: 40))
        #expect(name.frame.minX == 16 + 40 + 12)
        #expect(abs(name.frame.maxX - (16 + 288)) < 1e-9, "the first flexible child takes the left-over width")
        #expect(row.frame.height == 40)
        #expect(name.parent == laidOut.views.firstIndex { $0.path == "row" })
    }

    @Test("a row squeezed past its width shrinks its labels in proportion and reports the natural width")
    func squeezedRow() throws {
        let long = String(repeating: "Notifications ", count: 3)
        let laidOut = try Self.layout([
            .stack(
                StackSpec(
                    id: "row", axis: .horizontal,
                    children: [
                        .label(LabelSpec(id: "title", text: .literal(long))),
                        .label(LabelSpec(id: "value", text: .literal(long))),
                    ]))
        ])
        let title = try Self.view(laidOut, "title"), value = try Self.view(laidOut, "value")
        #expect(abs(title.frame.width + 8 + value.frame.width - 288) < 1e-6)
        #expect(abs(title.frame.width - value.frame.width) < 1e-6, "equal natural widths lose equal shares")
        #expect(title.text?.isTruncated == true)
        guard case .stack(_, let natural, let available, _) = try Self.view(laidOut, "row").content else {
            Issue.record("not a stack")
            return
        }
        #expect(natural > available)
        #expect(available == 288)
    }

    @Test("accessibilityAxis turns a row into a column from AX1")
    func accessibilityAxis() throws {
        let row = ScreenView.stack(
            StackSpec(
                id: "row", axis: .horizontal, accessibilityAxis: .vertical, spacing: 8,
                children: [
                    .label(LabelSpec(id: "title", text: .literal("Text Size"))),
                    .label(LabelSpec(id: "value", text: .literal("Large"))),
                ]))
        let standard = try Self.layout([row], category: .xxxLarge)
        #expect(try Self.view(standard, "value").frame.minY == 16)
        let accessible = try Self.layout([row], category: .accessibility1)
        let title = try Self.view(accessible, "title"), value = try Self.view(accessible, "value")
        #expect(value.frame.minX == 16)
        #expect(value.frame.minY == title.frame.maxY + 8)
        #expect(title.frame.width == 288)
    }

    @Test("a vertical stack with centre alignment centres children at their natural width")
    func centredColumn() throws {
        let laidOut = try Self.layout([
            .stack(
                StackSpec(
                    id: "col", axis: .vertical, alignment: .center,
                    children: [.image(ImageSpec(id: "avatar", width: 64, height: 64))]))
        ])
        #expect(try Self.view(laidOut, "avatar").frame.minX == 16 + (288 - 64) / 2)
    }

    @Test("an image scaled relative to a style follows UIFontMetrics' factor, capped by maximumSize")
    func scaledImage() throws {
        let factor = try FontMetrics(forTextStyle: .title1, profile: .ios).scaleFactor(for: .accessibility3)
        #expect(factor > 1)
        let laidOut = try Self.layout(
            [.image(ImageSpec(id: "avatar", width: 64, height: 48, scalesWith: .title1))], category: .accessibility3)
        let avatar = try Self.view(laidOut, "avatar")
        #expect(abs(avatar.frame.width - 64 * factor) < 1e-9)
        #expect(abs(avatar.frame.height - 48 * factor) < 1e-9)
        let capped = try Self.layout(
            [.image(ImageSpec(id: "avatar", width: 64, height: 48, scalesWith: .title1, maximumSize: 80))], category: .accessibility3)
        #expect(try Self.view(capped, "avatar").frame.width == 80)
        #expect(try Self.view(capped, "avatar").frame.height == 60)
    }

    @Test("a button is its title inside the content insets; its frame is the tap target")
    func button() throws {
        let laidOut = try Self.layout([
            .stack(
                StackSpec(
                    id: "bar", axis: .horizontal,
                    children: [.button(ButtonSpec(id: "ok", title: LabelSpec(id: "ok-title", text: .literal("OK"), font: .style(.footnote))))]))
        ])
        let ok = try Self.view(laidOut, "ok")
        let text = try #require(ok.text)
        #expect(abs(ok.frame.height - (text.lines[0].rect.height + 24)) < 1e-9)
        #expect(ok.minimumTapTarget == 44)
        #expect(ok.frame.width == 288, "the only flexible child of the row takes its width")
    }

    @Test("tail, head and middle truncation put the ellipsis at the end, the start and the middle")
    func truncation() throws {
        let title = "In den Warenkorb legen"
        func laid(_ mode: LineBreak) throws -> LaidOutText {
            let laidOut = try Self.layout([.label(LabelSpec(id: "l", text: .literal(title), lineBreak: mode, width: 90))])
            let text = try #require(try Self.view(laidOut, "l").text)
            #expect(text.isTruncated, "\(mode)")
            #expect(text.lines.count == 1)
            #expect((text.lines.first?.textWidth ?? .infinity) <= 90 + 1e-6, "\(mode) fits")
            return text
        }
        // Tail: TextKit's typesetter cuts the line and draws "…" after it; the storage keeps the text.
        let tail = try laid(.truncateTail)
        #expect(tail.lines[0].isTruncated)
        #expect(tail.storage.string == title)
        let head = try laid(.truncateHead).storage.string
        #expect(head.hasPrefix("…") && head.hasSuffix("legen"), "\(head)")
        let middle = try laid(.truncateMiddle).storage.string
        #expect(middle.hasPrefix("In") && middle.hasSuffix("en") && middle.contains("…") && !middle.hasPrefix("…"), "\(middle)")
        #expect(middle.count < title.count)
    }

    @Test("word wrap within a line limit drops the rest without an ellipsis and counts as cut")
    func wordWrapLimit() throws {
        let laidOut = try Self.layout([
            .label(LabelSpec(id: "l", text: .literal(String(repeating: "word ", count: 40)), lines: 2, lineBreak: .wordWrap))
        ])
        let text = try #require(try Self.view(laidOut, "l").text)
        #expect(text.lines.count == 2)
        #expect(text.isTruncated)
        #expect(!text.storage.string.contains("…"))
    }

    @Test("minimumScaleFactor shrinks one line to fit before it truncates")
    func minimumScale() throws {
        let title = "Welcome back, Alexandra!"
        let natural = try Self.layout([.label(LabelSpec(id: "l", text: .literal(title), width: 1000))])
        let full = try #require(try Self.view(natural, "l").text?.lines.first?.usedRect.width)
        let laidOut = try Self.layout([.label(LabelSpec(id: "l", text: .literal(title), width: full * 0.8, minimumScaleFactor: 0.5))])
        let text = try #require(try Self.view(laidOut, "l").text)
        #expect(abs(text.shrinkScale - 0.8) < 0.01)
        #expect(!text.isTruncated)
        let floor = try Self.layout([.label(LabelSpec(id: "l", text: .literal(title), width: full * 0.3, minimumScaleFactor: 0.5))])
        let floored = try #require(try Self.view(floor, "l").text)
        #expect(floored.shrinkScale == 0.5)
        #expect(floored.isTruncated)
    }

    @Test("a label that does not adjust keeps its large size; limits clamp the category")
    func fixedAndLimited() throws {
        let fixed = try Self.layout(
            [.label(LabelSpec(id: "l", text: .literal("Hi"), adjustsFontForContentSizeCategory: false))], category: .accessibility5)
        let text = try #require(try Self.view(fixed, "l").text)
        #expect(text.font.pointSize == 17)
        #expect(!text.scales)
        let limited = try Self.layout(
            [.label(LabelSpec(id: "l", text: .literal("Hi"), limits: CategoryLimits(maximum: .xxxLarge)))], category: .accessibility5)
        let limitedView = try Self.view(limited, "l")
        #expect(limitedView.category == .xxxLarge)
        #expect(limitedView.text?.font.pointSize == (try Self.bodyFont(.xxxLarge)).pointSize)
    }

    @Test("a custom font relative to a style scales like UIFontMetrics, up to its maximumPointSize")
    func customFont() throws {
        let factor = try FontMetrics(forTextStyle: .body, profile: .ios).scaleFactor(for: .accessibility2)
        let spec = CustomFont(family: "DejaVu Serif", size: 20, relativeTo: .body)
        let laidOut = try Self.layout([.label(LabelSpec(id: "l", text: .literal("Hi"), font: .custom(spec)))], category: .accessibility2)
        #expect(abs((try Self.view(laidOut, "l").text?.font.pointSize ?? 0) - 20 * factor) < 1e-9)
        var capped = spec
        capped.maximumPointSize = 30
        let cappedOut = try Self.layout([.label(LabelSpec(id: "l", text: .literal("Hi"), font: .custom(capped)))], category: .accessibility2)
        #expect(try Self.view(cappedOut, "l").text?.font.pointSize == 30)
        let noScale = try Self.layout(
            [.label(LabelSpec(id: "l", text: .literal("Hi"), font: .custom(CustomFont(family: "DejaVu Serif", size: 20))))],
            category: .accessibility2)
        #expect(try Self.view(noScale, "l").text?.font.pointSize == 20)
        #expect(try Self.view(noScale, "l").text?.scales == false)
    }

    @Test("a table makes one cell per row with {field} replaced; automatic rows add the cell padding")
    func table() throws {
        let cell = ScreenView.label(LabelSpec(id: "title", text: .literal("{name}")))
        let laidOut = try Self.layout(
            [.table(TableSpec(id: "list", cell: cell, rows: [["name": "Wi-Fi"], ["name": "Bluetooth"]]))],
            padding: .zero)
        let first = try Self.view(laidOut, "list[1].title"), second = try Self.view(laidOut, "list[2].title")
        #expect(first.text?.storage.string == "Wi-Fi")
        #expect(second.text?.storage.string == "Bluetooth")
        #expect(first.frame.origin == Point(x: 16, y: 11))
        let rowHeight = first.frame.height + 22
        #expect(abs(second.frame.minY - (rowHeight + 11)) < 1e-9)
        guard case .table(let separators, let rows) = try Self.view(laidOut, "list").content else {
            Issue.record("not a table")
            return
        }
        #expect(separators.count == 1 && abs(separators[0] - rowHeight) < 1e-9)
        #expect(rows.count == 2)
    }

    @Test("a fixed row height cuts its text's box at the row's bottom")
    func fixedRows() throws {
        let cell = ScreenView.label(LabelSpec(id: "title", text: .literal("{name}"), lines: 0))
        let laidOut = try Self.layout(
            [.table(TableSpec(id: "list", cell: cell, rows: [["name": String(repeating: "long title ", count: 12)]], rowHeight: .fixed(44)))],
            padding: .zero)
        let title = try #require(try Self.view(laidOut, "list[1].title").text)
        #expect(title.neededHeight > title.box.height)
        #expect(abs(title.box.maxY - 44) < 1e-9)
    }

    @Test("a text view grows with its text, or keeps a fixed height; exclusions push lines aside")
    func textView() throws {
        let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 8)
        let grown = try Self.layout([.textView(TextViewSpec(id: "t", text: .literal(text)))])
        let view = try Self.view(grown, "t")
        let laid = try #require(view.text)
        #expect(abs(view.frame.height - (laid.neededHeight + 16)) < 1e-9)
        let fixed = try Self.layout([.textView(TextViewSpec(id: "t", text: .literal(text), height: 60))])
        #expect(try Self.view(fixed, "t").frame.height == 60)
        let excluded = try Self.layout([
            .textView(TextViewSpec(id: "t", text: .literal(text), exclusions: [.rect(x: 0, y: 0, width: 100, height: 40)]))
        ])
        let first = try #require(try Self.view(excluded, "t").text?.lines.first)
        #expect(first.rect.minX >= 100)
    }

    @Test("keys: the strings' text, a fallback to the key, and the pseudo-locale")
    func keys() throws {
        let view = ScreenView.label(LabelSpec(id: "l", text: .key("Add to basket")))
        let missing = try Self.layout([view], texts: LocalizedTexts(locale: "de"))
        let text = try #require(try Self.view(missing, "l").text)
        #expect(text.storage.string == "Add to basket")
        #expect(text.resolved.fallback == .key(locale: "de"))
        let pseudo = try Self.layout([view], texts: LocalizedTexts(locale: PseudoLocale.identifier))
        let stretched = try #require(try Self.view(pseudo, "l").text?.resolved.text)
        #expect(stretched.count >= Int(Double("Add to basket".count) * 1.3))
    }
}
