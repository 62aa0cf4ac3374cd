import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Testing

/// Content taller than its frame is reported at the frame, whatever constrains it.
@Suite struct FrameOverflowTests {
    /// The frame findings (`overflow`, `clipped`) of `source`'s first view at `category` on a 393 pt wide device.
    static func overflowing(_ source: String, at category: ContentSizeCategory) throws -> [Finding] {
        let project = SwiftUIProject.parse(source, path: "Bar.swift")
        let documents = SwiftUIDocuments.documents(project, files: [])
        let screens = ScreenSource(screens: [try #require(documents.first)])
        let live = try ViewRenderer.build(screens.views[0], of: screens, category: category, settings: Fixtures.settings(), resolver: Fixtures.resolver)
        return ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category).filter { $0.kind == .overflow || $0.kind == .clipped }
    }

    @Test func aMinimumHeightFrameOfferedLessThanItsLabelIsReported() throws {
        // The flexible frame takes the 44 pt it is offered (a minimum alone does not grow past the
        // offer: `_FlexFrameLayout.sizeThatFits`), so a label taller than 44 pt sticks out of it.
        let source = """
            import SwiftUI
            struct Bar: View {
                var body: some View {
                    Button("Sign out") {}
                        .frame(maxWidth: .infinity, minHeight: 44)
                        .frame(height: 44)
                }
            }
            """
        #expect(try Self.overflowing(source, at: .large).isEmpty)
        let atAX3 = try Self.overflowing(source, at: .accessibility3)
        #expect(atAX3.count == 1, "\(atAX3)")
        // Nothing clips it: drawn past the frame, not cut.
        #expect(atAX3.first?.kind == .overflow, "\(atAX3)")
        #expect(atAX3.first?.element.contains("frame Bar.swift:4") == true, "\(atAX3)")
    }
}
