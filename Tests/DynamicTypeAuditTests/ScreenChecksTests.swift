import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Testing
import TextStack

/// Every screen finding, each from a screen made to have it (and a clean screen with none).
@Suite("Screen findings")
struct ScreenChecksTests {
    static func findings(
        _ views: [ScreenView], category: ContentSizeCategory = .large, scrolls: Bool = true, background: RGBAColor = .white,
        texts: any ScreenTextProvider = LocalizedTexts()
    ) throws -> [Finding] {
        let screen = Screen(name: "S", background: background, scrolls: scrolls, views: views)
        let environment = ScreenLayoutEnvironment(resolver: try FontResolver.shared(), width: 320, height: 568, texts: texts)
        let laidOut = try ScreenLayout.layout(screen, category: category, environment: environment)
        return ReadabilityChecks.findings(in: laidOut, profile: .ios)
    }

    static func kinds(_ findings: [Finding], severity: Finding.Severity = .warning) -> Set<Finding.Kind> {
        Set(findings.filter { $0.severity >= severity }.map(\.kind))
    }

    @Test("a short label at large has no findings")
    func clean() throws {
        #expect(try Self.findings([.label(LabelSpec(id: "l", text: .literal("Settings")))]).isEmpty)
    }

    @Test("truncated: a one-line label too long for its width, with the text and the width in the message")
    func truncated() throws {
        let findings = try Self.findings([.label(LabelSpec(id: "buy", text: .literal("In den Warenkorb legen"), width: 100))])
        let finding = try #require(findings.first { $0.kind == .truncated })
        #expect(finding.element == "S: buy")
        #expect(finding.message.contains("\"In den Warenkorb legen\" is truncated to 1 line in 100 pt"))
    }

    @Test("a label that is only truncated is not also a word wider than its line (\"Einstellung…\")")
    func truncatedIsNotWordWider() throws {
        let findings = try Self.findings(
            [.label(LabelSpec(id: "title", text: .literal("Einstellungsmöglichkeiten"), width: 90))], category: .accessibility3)
        #expect(findings.contains { $0.kind == .truncated })
        #expect(!findings.contains { $0.kind == .wordWiderThanLine }, "\(findings.map(\.message))")
        // A word broken inside the lines that show is still reported.
        let wrapped = try Self.findings(
            [.label(LabelSpec(id: "body", text: .literal("Einstellungsmöglichkeiten"), lines: 0, width: 90))], category: .accessibility3)
        #expect(wrapped.contains { $0.kind == .wordWiderThanLine }, "\(wrapped.map(\.message))")
    }

    @Test("clipped: a fixed table row shorter than its cell's text")
    func clipped() throws {
        let cell = ScreenView.label(LabelSpec(id: "t", text: .literal("{t}"), lines: 0))
        let findings = try Self.findings(
            [.table(TableSpec(id: "list", cell: cell, rows: [["t": "A title long enough to wrap onto a second line of text"]], rowHeight: .fixed(30)))])
        let finding = try #require(findings.first { $0.kind == .clipped })
        #expect(finding.severity == .error)
        #expect(finding.element == "S: list[1].t")
    }

    @Test("clipped rows are not also overlapping: the text below a fixed row is cut, so it meets no other row")
    func clippedIsNotOverlapping() throws {
        let cell = ScreenView.label(LabelSpec(id: "t", text: .literal("{t}"), lines: 0))
        let rows = (1...3).map { ["t": "Row \($0): a title long enough to wrap onto a second and a third line of text"] }
        let findings = try Self.findings([.table(TableSpec(id: "list", cell: cell, rows: rows, rowHeight: .fixed(30)))], category: .accessibility1)
        #expect(findings.contains { $0.kind == .clipped })
        #expect(!findings.contains { $0.kind == .overlapping }, "\(findings.filter { $0.kind == .overlapping }.map(\.message))")
    }

    @Test("overlapping: an overlay's leading title and trailing value collide when both are long")
    func overlapping() throws {
        let row = ScreenView.stack(
            StackSpec(
                id: "row", axis: .overlay,
                children: [
                    .label(LabelSpec(id: "title", text: .literal("Benachrichtigungen"))),
                    .label(LabelSpec(id: "value", text: .literal("Immer anzeigen"), alignment: .trailing)),
                ]))
        #expect(!Self.kinds(try Self.findings([row], category: .xSmall)).contains(.overlapping))
        let findings = try Self.findings([row], category: .accessibility2)
        let finding = try #require(findings.first { $0.kind == .overlapping })
        #expect(finding.message.hasPrefix("its text overlaps the text of row/value") || finding.message.contains("value"))
    }

    @Test("offScreen: fixed-width children pushed past the right edge; views below a screen that does not scroll")
    func offScreen() throws {
        let row = ScreenView.stack(
            StackSpec(
                id: "row", axis: .horizontal,
                children: [.image(ImageSpec(id: "a", width: 200, height: 20)), .image(ImageSpec(id: "b", width: 200, height: 20))]))
        let findings = try Self.findings([row])
        #expect(findings.contains { $0.kind == .offScreen && $0.element == "S: b" && $0.message.contains("past the right edge") })
        let tall = ScreenView.image(ImageSpec(id: "tall", width: 100, height: 900))
        #expect(try Self.findings([tall], scrolls: false).contains { $0.kind == .offScreen && $0.message.contains("does not scroll") })
        let scrolling = try Self.findings([tall])
        #expect(!scrolling.contains { $0.kind == .offScreen })
        #expect(scrolling.contains { $0.kind == .belowFold && $0.severity == .info })
    }

    @Test("notScaling: a label that does not adjust stays at its size; a custom font without relativeTo too")
    func notScaling() throws {
        let fixed = LabelSpec(id: "l", text: .literal("Hi"), adjustsFontForContentSizeCategory: false)
        #expect(!Self.kinds(try Self.findings([.label(fixed)])).contains(.notScaling))
        let finding = try #require(try Self.findings([.label(fixed)], category: .accessibility5).first { $0.kind == .notScaling })
        #expect(finding.message.hasPrefix("font stays 17 pt at accessibility5"))
        let custom = LabelSpec(id: "c", text: .literal("Hi"), font: .custom(CustomFont(family: "DejaVu Sans", size: 15)))
        #expect(Self.kinds(try Self.findings([.label(custom)], category: .xxLarge)).contains(.notScaling))
        let relative = LabelSpec(id: "r", text: .literal("Hi"), font: .custom(CustomFont(family: "DejaVu Sans", size: 15, relativeTo: .body)))
        #expect(!Self.kinds(try Self.findings([.label(relative)], category: .xxLarge)).contains(.notScaling))
    }

    @Test("belowMinimumSize and lowContrast against the view's own background")
    func sizeAndContrast() throws {
        // caption2 bottoms out at the 11 pt minimum; a 10 pt font scaled with it goes below at xSmall.
        let small = LabelSpec(
            id: "s", text: .literal("fine print"), font: .custom(CustomFont(family: "DejaVu Sans", size: 10, relativeTo: .caption2)))
        #expect(!Self.kinds(try Self.findings([.label(LabelSpec(id: "c", text: .literal("x"), font: .style(.caption2)))], category: .xSmall)).contains(.belowMinimumSize))
        #expect(Self.kinds(try Self.findings([.label(small)], category: .xSmall)).contains(.belowMinimumSize))
        let grey = LabelSpec(id: "g", text: .literal("Grey on grey"), color: RGBAColor(white: 0.6), background: RGBAColor(white: 0.85))
        let finding = try #require(try Self.findings([.label(grey)]).first { $0.kind == .lowContrast })
        #expect(finding.message.contains("against its background #D9D9D9"))
        let inherited = ScreenView.stack(
            StackSpec(
                id: "card", axis: .vertical, background: .black,
                children: [.label(LabelSpec(id: "dark", text: .literal("Black on black")))]))
        #expect(try Self.findings([inherited]).contains { $0.kind == .lowContrast && $0.element == "S: dark" })
    }

    @Test("smallTapTarget: a button under 44 pt")
    func tapTarget() throws {
        let button = ButtonSpec(
            id: "b", title: LabelSpec(id: "t", text: .literal("OK"), font: .style(.caption2)), contentInsets: EdgeInsets(all: 2))
        let finding = try #require(try Self.findings([.button(button)]).first { $0.kind == .smallTapTarget })
        #expect(finding.message.contains("under 44 × 44 pt"))
    }

    @Test("crampedRow: a row that needs more width; a warning without accessibilityAxis, info with one")
    func crampedRow() throws {
        func row(_ axis: StackAxis?) -> ScreenView {
            .stack(
                StackSpec(
                    id: "row", axis: .horizontal, accessibilityAxis: axis,
                    children: [
                        .label(LabelSpec(id: "title", text: .literal("Benachrichtigungen anzeigen"))),
                        .label(LabelSpec(id: "value", text: .literal("Immer, auch gesperrt"))),
                    ]))
        }
        let warning = try #require(try Self.findings([row(nil)]).first { $0.kind == .crampedRow })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("set accessibilityAxis: vertical"))
        #expect(try Self.findings([row(.vertical)]).first { $0.kind == .crampedRow }?.severity == .info)
        #expect(!Self.kinds(try Self.findings([row(.vertical)], category: .accessibility1), severity: .info).contains(.crampedRow))
    }

    @Test("missingTranslation: a key missing in a locale, with the locale on the finding")
    func missingTranslation() throws {
        let findings = try Self.findings([.label(LabelSpec(id: "l", text: .key("Checkout")))], texts: LocalizedTexts(locale: "de"))
        let finding = try #require(findings.first { $0.kind == .missingTranslation })
        #expect(finding.locale == "de")
        #expect(finding.severity == .warning)
        #expect(finding.description.contains("[de]"))
    }
}
