import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// `Text("Tap **Save**")` draws its Markdown as styled runs, as SwiftUI does for a
/// `LocalizedStringKey` (Apple's `Text` documentation, "Styling the view's text"), while
/// `Text(verbatim:)` and a `String` value are drawn as written.
@Suite struct MarkdownTextTests {
    static func texts(_ body: String) throws -> [LaidOutText] {
        let project = SwiftUIProject.parse("struct Note: View { var body: some View { \(body) } }", path: "Note.swift")
        let source = ScreenSource(screens: SwiftUIDocuments.documents(project, files: []))
        let live = try ViewRenderer.build(source.views[0], of: source, category: .large, settings: Fixtures.settings(), resolver: Fixtures.resolver)
        return try #require(live as? ScreenLiveView).laidOut.views.compactMap(\.text)
    }

    @Test func aLiteralsMarkdownIsDrawnStyledAndVerbatimTextAsWritten() throws {
        let texts = try Self.texts(
            #"""
            VStack {
                Text("Tap **Save** to keep *your* changes")
                Text(verbatim: "Tap **Save** to keep *your* changes")
                Text("Tap Save to keep your changes")
            }
            """#)
        #expect(texts.count == 3)
        #expect(texts[0].storage.string == "Tap Save to keep your changes")
        #expect(texts[1].storage.string == "Tap **Save** to keep *your* changes")
        // "Save" is drawn in a bold face: the styled line is wider than the plain one.
        let styled = texts[0].lines.map(\.textWidth).reduce(0, +)
        let plain = texts[2].lines.map(\.textWidth).reduce(0, +)
        #expect(styled > plain + 0.5, "\(styled) vs \(plain)")
        let runs = texts[0].storage.attributedText.runs
        let bold = runs.compactMap { $0.attributes.resolvedFont }.filter { $0.descriptor.symbolicTraits.contains(.bold) }
        #expect(!bold.isEmpty)
    }
}
