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

/// The built `dyntype` on an app whose text lives in a String Catalog, a `.strings` file and
/// SwiftGen accessors (Tests/DynamicTypeSwiftUITests/Fixtures/Localized).
@Suite struct SwiftUILocalizedCommandTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DynamicTypeSwiftUITests/Fixtures/Localized").standardizedFileURL.path

    @Test("preview --locales de finds the app's catalog; findings on sample text are marked and known-text leaves them out of --fail-on")
    func previewInGerman() throws {
        let out = try PreviewCommandTests.temporaryFolder("swiftui-localized")
        defer { try? FileManager.default.removeItem(at: out) }
        let base = ["preview", Self.app, "--categories", "large", "--locales", "de", "--views", Self.app + "/views.yml", "--out", out.path]
        let result = try DyntypeRunner.run(base + ["--fail-on", "truncated"], timeout: 300)
        // The sample title truncates in its 160 pt row: that fails a plain rule…
        #expect(result.status == 1, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        let row = try RealSizeTests.view(report, id: "ArticleRow.de")
        let truncated = RealSizeTests.findings(row, category: "large").filter { $0["kind"] as? String == "truncated" }
        #expect(truncated.contains { ($0["sampleText"] as? String)?.contains("article.title") == true }, "\(truncated)")
        // …and not one that leaves sample text out.
        let out2 = try PreviewCommandTests.temporaryFolder("swiftui-localized-known")
        defer { try? FileManager.default.removeItem(at: out2) }
        var known = base
        known[known.count - 1] = out2.path
        let kept = try DyntypeRunner.run(known + ["--fail-on", "truncated,known-text"], timeout: 300)
        #expect(kept.status == 0, "\(kept.stderr)")
        // The German title came from the catalog the app folder holds (no --strings given).
        let settings = try RealSizeTests.view(report, id: "SettingsScreen.de")
        let missing = RealSizeTests.findings(settings, category: "large").filter { $0["kind"] as? String == "missingTranslation" }
        #expect(!missing.contains { ($0["message"] as? String)?.contains("settings.title") == true }, "\(missing)")
        #expect(missing.contains { ($0["message"] as? String)?.contains("settings.footer") == true }, "\(missing)")
        // The image loader mapped by --views is no opaque box.
        #expect(((row["coverage"] as? [String: Any])?["percent"] as? Int) == 100, "\(row["coverage"] ?? "")")
    }

    @Test("a --samples map that does not exist is exit 66, one with a bad entry 65")
    func badSamplesMaps() throws {
        let out = try PreviewCommandTests.temporaryFolder("swiftui-samples-bad")
        defer { try? FileManager.default.removeItem(at: out) }
        let missing = try DyntypeRunner.run(["preview", Self.app, "--samples", "/nonexistent/s.yml", "--out", out.path], timeout: 120)
        #expect(missing.status == 66, "\(missing.stderr)")
        let bad = out.appendingPathComponent("bad.yml")
        try "views:\n  KFImage: Picture\n".write(to: bad, atomically: true, encoding: .utf8)
        let invalid = try DyntypeRunner.run(["preview", Self.app, "--views", bad.path, "--out", out.appendingPathComponent("o").path], timeout: 120)
        #expect(invalid.status == 65, "\(invalid.stderr)")
        #expect(invalid.stderr.contains("views.KFImage"), "\(invalid.stderr)")
    }
}
