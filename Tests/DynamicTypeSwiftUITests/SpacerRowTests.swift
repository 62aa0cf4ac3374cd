import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import Foundation
import Testing

/// Rows of a label, a spacer and a value (issue 33): they truncate exactly where SwiftUI's stack
/// algorithm says, computed here from the texts' widths in the real fonts, not from a category
/// written down.
@Suite struct SpacerRowTests {
    static let folder = Fixtures.folder.replacingOccurrences(of: "Fixtures/App", with: "Fixtures/Rows")
    /// A spacer's least length: `Spacer(minLength: nil)` is the default spacing, 8 pt
    /// (OpenSwiftUI `Spacer.swift`, `SpacerLayoutComputer.Engine.sizeThatFits`; `OpenSwiftUIGlue.swift`, `defaultSpacing`).
    static let spacerMinimum = 8.0
    /// The space between two views neither of which asks for other spacing (the same default).
    static let defaultSpacing = 8.0

    /// The ideal (unwrapped) width of each of `nodes` at `category`, measured with the fonts.
    static func idealWidths(_ nodes: [ViewNode], at category: ContentSizeCategory) throws -> [Double] {
        let environment = ScreenLayoutEnvironment(resolver: Fixtures.resolver, width: 393, height: 852, texts: LocalizedTexts())
        let pass = SwiftUILayoutPass(environment: environment, category: category)
        return try nodes.map { try pass.size($0, .unspecified, TextEnvironment()).width }
    }

    /// The first node named `name` in `root` (depth first).
    static func first(_ name: String, in root: ViewNode) -> ViewNode? {
        if root.name == name { return root }
        for child in root.children { if let found = first(name, in: child) { return found } }
        return nil
    }

    /// The horizontal padding around the row (the fixtures use `.padding(.horizontal)`).
    static func horizontalPadding(_ root: ViewNode) -> Double {
        guard let padding = first("padding", in: root), case .padding(_, let leading, _, let trailing) = padding.kind else { return 0 }
        return leading.points + trailing.points
    }

    /// Truncation findings of view `id` in `folder` at `category`, on a 393 pt wide device.
    static func truncations(_ id: String, folder: String, at category: ContentSizeCategory) throws -> [Finding] {
        let documents = try SwiftUIDocuments.load([folder]).documents
        guard let document = documents.first(where: { $0.slug == id }) else { throw Fixtures.FixtureError(description: "no \(id)") }
        let source = ScreenSource(screens: [document], locales: [nil], strings: StringTable())
        let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: Fixtures.settings(), resolver: Fixtures.resolver)
        return ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category).filter { $0.kind == .truncated }
    }

    @Test func labelSpacerValueTruncatesWhereTheTextsNoLongerFit() throws {
        let root = try #require(SwiftUIProject.load(files: [Self.folder + "/DeliveryRow.swift"]).views.first { $0.id == "DeliveryRow" }?.root)
        let row = try #require(Self.first("HStack", in: root))
        let texts = row.children.filter { $0.name != "Spacer" }
        #expect(texts.count == 2)
        let rowWidth = 393 - Self.horizontalPadding(root)
        var expectedFirst: ContentSizeCategory?
        for category in ContentSizeCategory.allCases {
            let widths = try Self.idealWidths(texts, at: category)
            // Spacers rank last and keep their minimum; the texts get the rest, least flexible first.
            let fits = widths.reduce(0, +) + Self.spacerMinimum <= rowWidth
            if !fits && expectedFirst == nil { expectedFirst = category }
            let truncated = try Self.truncations("DeliveryRow", folder: Self.folder, at: category)
            #expect(truncated.isEmpty == fits, "\(category.name): texts \(widths) in \(rowWidth) pt: \(truncated.map(\.message))")
        }
        // The issue's row: it used to truncate from xLarge; the texts fit well past that.
        #expect(expectedFirst.map { $0 > .xLarge } ?? true, "first truncation expected at \(expectedFirst?.name ?? "none")")
    }

    @Test func settingsRowTruncatesOnlyWhereItsIconAndTextsNoLongerFit() throws {
        let root = try #require(SwiftUIProject.load(files: [Fixtures.folder + "/SettingsRow.swift"]).views.first { $0.id == "SettingsRow" }?.root)
        let row = try #require(Self.first("HStack", in: root))
        let views = row.children.filter { $0.name != "Spacer" }
        let rowWidth = 393 - Self.horizontalPadding(root)
        for category in ContentSizeCategory.allCases {
            let widths = try Self.idealWidths(views, at: category)
            // Icon, default spacing, title, spacer (no spacing on either side), value.
            let fits = widths.reduce(0, +) + Self.defaultSpacing + Self.spacerMinimum <= rowWidth
            let truncated = try Fixtures.findings("SettingsRow", at: category).filter { $0.kind == .truncated }
            #expect(truncated.isEmpty == fits, "\(category.name): \(widths) in \(rowWidth) pt: \(truncated.map(\.message))")
            if !category.isAccessibilityCategory { #expect(fits, "\(category.name) should fit") }
        }
    }

    @Test func navigationLinkRowTruncatesOnlyWhereItsLabelAndChevronNoLongerFit() throws {
        let root = try #require(SwiftUIProject.load(files: [Self.folder + "/ContactLink.swift"]).views.first { $0.id == "ContactLink" }?.root)
        // The link's row: its label (the file's HStack), a spacer, the chevron.
        let row = try #require(Self.first("HStack", in: root))
        let label = try #require(row.children.first { $0.name == "HStack" })
        let chevron = try #require(row.children.last)
        // An inset-grouped list row is the screen less 16 pt of group inset and 16 pt of content
        // inset on each side (docs/swiftui.md).
        let rowWidth = 393.0 - 2 * (16 + 16)
        for category in ContentSizeCategory.allCases {
            let parts = try Self.idealWidths(label.children.filter { $0.name != "Spacer" } + [chevron], at: category)
            // Icon, default spacing, name, the label's spacer, relation, the link's spacer, chevron:
            // no spacing on either side of a spacer, nor between the label's last text and the link's spacer.
            let fits = parts.reduce(0, +) + Self.defaultSpacing + 2 * Self.spacerMinimum <= rowWidth
            let truncated = try Self.truncations("ContactLink", folder: Self.folder, at: category)
            // The names may wrap rather than truncate (no line limit): either way they no longer fit.
            let laidOut = try Self.laidOutTexts("ContactLink", folder: Self.folder, at: category)
            let cut = !truncated.isEmpty || laidOut.contains { $0.lines.count > 1 }
            #expect(cut == !fits, "\(category.name): \(parts) in \(rowWidth) pt")
            if category <= .xxxLarge { #expect(fits, "\(category.name): the name and relation should fit") }
        }
    }

    /// The laid-out texts of view `id` in `folder` at `category`.
    static func laidOutTexts(_ id: String, folder: String, at category: ContentSizeCategory) throws -> [LaidOutText] {
        let documents = try SwiftUIDocuments.load([folder]).documents
        guard let document = documents.first(where: { $0.slug == id }) else { throw Fixtures.FixtureError(description: "no \(id)") }
        let source = ScreenSource(screens: [document], locales: [nil], strings: StringTable())
        let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: Fixtures.settings(), resolver: Fixtures.resolver)
        return (live as! ScreenLiveView).laidOut.views.compactMap { view in
            if case .text(let text) = view.content { return text }
            return nil
        }
    }
}
