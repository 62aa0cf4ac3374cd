import Foundation
import Testing

/// The built `dyntype` on a small app (Tests/DynamicTypeSwiftUITests/Fixtures/Project): views of one
/// name in two files, a macOS-only file, sizes kept as constants, a root GeometryReader.
@Suite struct SwiftUIProjectCommandTests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DynamicTypeSwiftUITests/Fixtures/Project").standardizedFileURL.path

    @Test("preview of an app folder: both HomeViews by path, the macOS file skipped with a warning, constants' fixed fonts reported")
    func preview() throws {
        let out = try PreviewCommandTests.temporaryFolder("swiftui-project")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run(["preview", Self.project, "--categories", "large,AX1", "--out", out.path], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        let views = AdversarialInputTests.views(report)
        let titles = views.compactMap { $0["title"] as? String ?? $0["name"] as? String }
        let ids = views.compactMap { $0["id"] as? String }
        #expect(ids.contains("HomeView-Feed-HomeView-swift") && ids.contains("HomeView-Settings-HomeView-swift"), "\(ids) \(titles)")
        #expect(!ids.contains { $0.contains("MacSidebar") })
        // The skipped file and the skipped branch are warnings on stderr and in the report.
        #expect(result.stderr.contains("MacSidebar.swift: line 1: imports AppKit and not UIKit"), "\(result.stderr)")
        let issues = report["inputIssues"] as? [String] ?? []
        #expect(issues.contains { $0.contains("MacSidebar.swift") && $0.contains("macOS-only") }, "\(issues)")
        #expect(issues.contains { $0.contains("DashboardScreen.swift") && $0.contains("1 macOS branch") }, "\(issues)")
        // `.system(size: Metrics.titleFontSize)` does not scale.
        let card = try RealSizeTests.view(report, id: "ProfileCard")
        #expect(RealSizeTests.findings(card, category: "accessibility1").contains { $0["kind"] as? String == "notScaling" })
        // The root GeometryReader is laid out: no opaque box, full coverage.
        let dashboard = try RealSizeTests.view(report, id: "DashboardScreen")
        #expect((dashboard["coverage"] as? [String: Any])?["percent"] as? Int == 100)
    }
}
