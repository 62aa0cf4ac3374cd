import Foundation
import Testing

/// The built `dyntype` on SwiftUI files (Tests/DynamicTypeSwiftUITests/Fixtures/App).
@Suite struct SwiftUICommandTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DynamicTypeSwiftUITests/Fixtures/App").standardizedFileURL.path

    // AX5: where the row's icon, title and value no longer fit (SpacerRowTests computes it).
    @Test("preview of a .swift file: its view and preview, the row truncated at AX5 with file and line")
    func preview() throws {
        let out = try PreviewCommandTests.temporaryFolder("swiftui-preview")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run(["preview", Self.app + "/SettingsRow.swift", "--categories", "large,AX5", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        let ids = AdversarialInputTests.views(report).compactMap { $0["id"] as? String }
        #expect(ids == ["SettingsRow", "Settings-row"])
        let row = try RealSizeTests.view(report, id: "SettingsRow")
        let findings = (row["findings"] as? [String: Any])?["accessibility5"] as? [[String: Any]] ?? []
        #expect(findings.contains { $0["kind"] as? String == "truncated" && ($0["element"] as? String ?? "").contains("SettingsRow.swift:12") })
    }

    @Test("switch --sweep over a folder of SwiftUI files reports the fixed frame and the Canvas")
    func sweep() throws {
        let result = try DyntypeRunner.run(["switch", "--sweep", Self.app, "--format", "json"], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("CheckoutButton.swift:7"))
        #expect(result.stdout.contains("\"notLaidOut\""))
    }
}
