import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// Issue 32: SwiftUI formats a `Text`'s string only when it is a localized key with arguments;
/// `Text(verbatim:)` and `Text("…")` without interpolations are drawn as written.
@Suite struct LiteralTextTests {
    /// The texts drawn for `body`, in order, at large.
    static func drawnTexts(_ body: String) throws -> [String] {
        let project = SwiftUIProject.parse("struct Battery: View { var body: some View { \(body) } }", path: "Battery.swift")
        let source = ScreenSource(screens: SwiftUIDocuments.documents(project, files: []))
        let settings = AuditSettings(device: Device(id: "t", name: "t", width: 393, height: 852, scale: 1))
        let live = try ViewRenderer.build(source.views[0], of: source, category: .large, settings: settings, resolver: Fixtures.resolver)
        return try #require(live as? ScreenLiveView).laidOut.views.compactMap { $0.text?.storage.string }
    }

    @Test func percentSignsInLiteralTextAreDrawnAsWritten() throws {
        let texts = try Self.drawnTexts(
            #"""
            VStack {
                Text(verbatim: "Battery 100% done, 20% off")
                Text("Battery 100% done, 20% off")
                Text(String(localized: "Battery 100% done, 20% off"))
                Text(verbatim: "\(level)% done")
                Text("\(name) is 100% done")
            }
            """#)
        #expect(
            texts == [
                "Battery 100% done, 20% off", "Battery 100% done, 20% off", "Battery 100% done, 20% off",
                // An interpolation the file does not settle is the sample of `%@`; a key with one is formatted.
                "Alexandra% done", "Alexandra is 100% done",
            ])
    }

    @Test func aKeyWithInterpolationsEscapesItsPercentSigns() {
        let project = SwiftUIProject.parse(#"struct R: View { var body: some View { Text("\(n)% off") } }"#, path: "R.swift")
        guard case .text(let source) = project.views[0].root.kind else {
            Issue.record("expected a text, got \(project.views[0].root.kind)")
            return
        }
        #expect(source == .key("%@%% off"))
    }
}
