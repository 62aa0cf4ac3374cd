import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// Issue 32: numbers read from Swift source are checked (finite, in range) before layout; one out
/// of range is reported with its file and line and clamped or dropped, never used.
@Suite struct SourceNumberRangeTests {
    static let trap = """
        struct Trap: View {
            let huge: CGFloat = 1e300
            var body: some View {
                VStack(spacing: .infinity) {
                    Text("Top")
                    Spacer(minLength: 1e12)
                    Text("Middle").frame(width: -40, height: -1)
                    Spacer(minLength: huge)
                    Text("Bottom").padding(.infinity).frame(maxWidth: .infinity)
                }
            }
        }
        """

    @Test func theTrapCaseIsReportedAndRendersWithoutCrashing() throws {
        let project = SwiftUIProject.parse(Self.trap, path: "Trap.swift")
        let view = project.views[0]
        let problems = view.notes.filter { $0.kind == .outOfRange }
        #expect(problems.map(\.location) == ["Trap.swift:4", "Trap.swift:6", "Trap.swift:7", "Trap.swift:7", "Trap.swift:8", "Trap.swift:9"])
        #expect(problems[0].message == "VStack spacing .infinity is not a finite length (give -100000…100000 pt): ignored")
        #expect(problems[2].message.hasPrefix("frame width -40 is outside 0…100000 pt: 0 pt is used"))
        // `maxWidth: .infinity` is SwiftUI's own idiom: not a problem.
        #expect(!problems.contains { $0.message.contains("maxWidth") })

        let source = ScreenSource(screens: SwiftUIDocuments.documents(project, files: []))
        let settings = AuditSettings(device: Device(id: "t", name: "t", width: 320, height: 568, scale: 1))
        for category in [ContentSizeCategory.large, .accessibility5] {
            let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: settings, resolver: Fixtures.resolver)
            _ = ViewRenderer.render(live, category: category, profile: .ios, scale: 1)
            let frames = try #require(live as? ScreenLiveView).laidOut.views.map(\.frame)
            #expect(frames.allSatisfy { [$0.origin.x, $0.origin.y, $0.width, $0.height].allSatisfy { $0.isFinite && abs($0) <= 1e7 } })
            #expect(frames.allSatisfy { $0.width >= 0 && $0.height >= 0 })
            let findings = ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category)
            let warnings = findings.filter { $0.kind == .notLaidOut && $0.severity == .warning }
            #expect(warnings.count == problems.count)
            #expect(warnings.allSatisfy { $0.element.contains("Trap.swift:") })
        }
    }

    @Test func fontSizesLineLimitsAndFactorsAreHeldToTheirRanges() {
        let project = SwiftUIProject.parse(
            """
            struct Odd: View {
                var body: some View {
                    VStack {
                        Text("A").font(.system(size: 1e9))
                        Text("B").font(.custom("Avenir", size: 0))
                        Text("C").lineLimit(-5)
                        Text("D").minimumScaleFactor(7)
                        Text("E").layoutPriority(.infinity)
                    }
                }
            }
            """, path: "Odd.swift")
        let problems = project.views[0].notes.filter { $0.kind == .outOfRange }
        #expect(
            problems.map(\.message) == [
                "font size 1e9 is outside 1…500 pt: 500 pt is used", "font size 0 is outside 1…500 pt: 1 pt is used",
                "lineLimit -5 is outside 1…1000 lines: 1 lines is used", "minimumScaleFactor 7 is outside 0.01…1: 1 is used",
                "layoutPriority .infinity is not a finite number (give -1000000…1000000): ignored",
            ])
        #expect(problems.map(\.location) == (4...8).map { "Odd.swift:\($0)" })
    }

    @Test func valuesInRangeAreNotReported() {
        let project = SwiftUIProject.parse(
            """
            struct Fine: View {
                var body: some View {
                    VStack(spacing: -4) {
                        Text("A").padding(-2).frame(width: 100, maxWidth: .infinity).font(.system(size: 17)).lineLimit(2...4)
                            .minimumScaleFactor(0.5).layoutPriority(1)
                        Spacer(minLength: 0)
                    }
                }
            }
            """, path: "Fine.swift")
        #expect(project.views[0].notes.filter { $0.kind == .outOfRange }.isEmpty)
    }
}
