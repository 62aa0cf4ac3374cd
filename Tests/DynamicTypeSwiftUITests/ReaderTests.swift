import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// The reader on small sources: previews, tokens, hostile input.
@Suite struct ReaderTests {
    @Test("a finding is located at the line its element names in the view's Swift file")
    func findingLines() {
        #expect(SwiftLineLocator.swiftLine(in: "Settings: Text App/Row.swift:14 #2", file: "/src/App/Row.swift") == 14)
        #expect(SwiftLineLocator.swiftLine(in: "Settings: Text Other.swift:14", file: "/src/App/Row.swift") == nil)
    }

    @Test func previewsAndProvidersAreViews() {
        let project = SwiftUIProject.parse(
            """
            struct Card: View { var body: some View { Text("Hi") } }
            #Preview("Big card") { Card().font(.title) }
            #Preview { Card() }
            #Preview { Card() }
            struct Card_Previews: PreviewProvider { static var previews: some View { Card() } }
            """, path: "/tmp/Card.swift")
        #expect(project.views.map(\.id) == ["Card", "Card_Previews", "Big-card", "Card-preview", "Card-preview-2"])
        #expect(project.views.allSatisfy { $0.file == "/tmp/Card.swift" })
        #expect(project.views[2].line == 2)
    }

    @Test func unresolvedTokensAreNotedOncePerFileAndTheMapResolvesThem() throws {
        let source = """
            struct Row: View {
                var body: some View {
                    VStack {
                        Text("A").font(theme.fonts.body)
                        Text("B").font(theme.fonts.body)
                    }
                }
            }
            """
        let unresolved = SwiftUIProject.parse(source, path: "Row.swift").views[0].notes
        #expect(unresolved.count == 1)
        #expect(unresolved.first?.kind == .unresolvedToken)
        #expect(unresolved.first?.location == "Row.swift:4")
        let tokens = try DesignTokens.parse("fonts:\n  theme.fonts.body: { style: title2, weight: bold }\n", file: "map.fonts.yml")
        let resolved = SwiftUIProject.parse(source, path: "Row.swift", tokens: tokens).views[0]
        #expect(resolved.notes.isEmpty)
        guard case .environment(.font(let font)) = resolved.root.children[0].kind else {
            Issue.record("expected a font modifier, got \(resolved.root.children[0].kind)")
            return
        }
        #expect(font.style == .title2 && font.weight == .bold)
    }

    @Test func fontsOfTheAppsOwnFontExtensionResolve() {
        let project = SwiftUIProject.parse(
            """
            extension Font { static let appBody = Font.custom("Avenir", size: 15, relativeTo: .body) }
            struct Row: View { var body: some View { Text("A").font(.appBody) } }
            """)
        #expect(project.views[0].notes.isEmpty)
        guard case .environment(.font(let font)) = project.views[0].root.kind else {
            Issue.record("expected a font modifier")
            return
        }
        #expect(font.size == 15 && font.relativeTo == .body && font.family == "Avenir")
    }

    @Test func hostileSourcesNeverCrash() throws {
        let deep = "struct Deep: View { var body: some View { " + String(repeating: "VStack { ", count: 100) + "Text(\"x\")"
            + String(repeating: " }", count: 100) + " } }"
        let sources = [
            "struct Broken: View { var body: some View { VStack { Text( } }",
            deep,
            "struct Many: View { var body: some View { VStack { ForEach(0..<10_000_000) { i in Text(\"\\(i)\") } } } }",
            "struct Huge: View { var body: some View { Text(\"x\").frame(width: 1e308, height: .infinity).padding(.infinity).lineLimit(-5) } }",
            "struct A: View { var body: some View { B() } }\nstruct B: View { var body: some View { A() } }",
            "struct Me: View { var body: some View { Me() } }",
            "",
            String(repeating: "#Preview { ", count: 200),
            "struct Wide: View { var body: some View { ScrollView(.horizontal) { HStack { ForEach(0..<30) { i in VStack { Text(\"Item\") } } } } } }",
        ]
        for source in sources {
            let project = SwiftUIProject.parse(source, path: "Hostile.swift")
            let documents = SwiftUIDocuments.documents(project, files: [])
            for document in documents {
                let source = ScreenSource(screens: [document])
                let settings = AuditSettings(device: Device(id: "t", name: "t", width: 320, height: 568, scale: 1))
                for category in [ContentSizeCategory.large, .accessibility5] {
                    let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: settings, resolver: Fixtures.resolver)
                    _ = ViewRenderer.render(live, category: category, profile: .ios, scale: 1)
                    // Parents come before their children (the checks walk up from a view).
                    let views = (live as! ScreenLiveView).laidOut.views
                    #expect(views.indices.allSatisfy { index in views[index].parent.map { $0 < index } ?? true })
                }
            }
        }
        let many = SwiftUIProject.parse(sources[2]).views[0]
        #expect(many.notes.contains { $0.message.contains("first \(ViewBuilder.maximumForEach)") })
        #expect(many.root.count < 200)
        let deepView = SwiftUIProject.parse(deep).views[0]
        // Bounded either by the parser's own nesting limit or by the reader's depth (with a note).
        #expect(deepView.root.count <= ViewBuilder.maximumDepth + 1)
    }

    @Test func aBrokenFileSaysWhereItStopsParsing() {
        let broken = SwiftUIProject.parse("import SwiftUI\n\nstruct Row: View {\n    var body: some View {\n        Text(\"A\"\n    }\n}\n", path: "Row.swift")
        #expect(broken.problems.map(\.file) == ["Row.swift"])
        #expect(broken.problems.first?.reason.hasPrefix("line 5: Swift syntax error (expected ')')") == true)
        #expect(SwiftUIProject.parse("struct Row: View { var body: some View { Text(\"A\") } }").problems.isEmpty)
    }
}
