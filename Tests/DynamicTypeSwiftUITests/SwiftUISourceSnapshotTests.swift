import DynamicTypeCore
import DynamicTypeSwiftUI
import DynamicTypeTesting
import Foundation
import Testing

/// `SwiftUISource` in the testing library's sweep, as a team's Linux test target uses it.
@Suite struct SwiftUISourceSnapshotTests {
    static let file = Fixtures.folder + "/SettingsRow.swift"

    @Test func aSwiftUIViewSnapshotsAtEveryCategory() throws {
        assertDynamicTypeSnapshots(
            of: try SwiftUISource(file: Self.file, view: "SettingsRow"), as: .layoutDump, categories: [.large, .accessibility3])
        assertDynamicTypeSnapshots(of: try SwiftUISource(file: Self.file, view: "SettingsRow"), as: .png, categories: [.accessibility3])
    }

    @Test func aPreviewIsNamedByItsName() throws {
        let dump = try SwiftUISource(file: Self.file, view: "Settings row").at(.accessibility1).render().layoutDump()
        #expect(dump.contains("Notifications"))
    }

    @Test func anUnknownViewSaysWhatTheFileHas() {
        #expect(throws: (any Error).self) { try SwiftUISource(file: Self.file, view: "Nope") }
        do {
            _ = try SwiftUISource(file: Self.file, view: "Nope")
        } catch {
            #expect("\(error)".contains("SettingsRow"))
        }
    }

    @Test func aSkippedMacOSBranchIsNotARefusal() throws {
        // DashboardScreen.swift has a `#if os(macOS)` branch: a warning, and the view is whole.
        let file = Fixtures.folder.replacingOccurrences(of: "Fixtures/App", with: "Fixtures/Project") + "/DashboardScreen.swift"
        let dump = try SwiftUISource(file: file, view: "DashboardScreen").render().layoutDump()
        #expect(dump.contains("Pull to refresh"))
        #expect(!dump.contains("Press"))
    }

    @Test func aViewInABrokenFileIsRefusedNotSnapshottedPartly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Row.swift").path
        try "struct Row: View {\n    var body: some View {\n        VStack { Text(\"A\"); Text(\"B\"\n    }\n}\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect {
            try SwiftUISource(file: file, view: "Row")
        } throws: { error in
            "\(error)".contains("Row.swift: line 3: Swift syntax error")
        }
    }
}
