import Foundation
import Testing

/// The built `dyntype` on SwiftUI files: coverage per view and per file in `report.json`, SF
/// Symbols reported as drawn boxes, and design tokens resolved by `--fonts map.yml`.
@Suite struct SwiftUICoverageTests {
    @Test("report.json gives each SwiftUI view's coverage and each file's, and says SF Symbols are drawn as boxes")
    func coverageInTheReport() throws {
        let out = try PreviewCommandTests.temporaryFolder("swiftui-coverage")
        defer { try? FileManager.default.removeItem(at: out) }
        let app = SwiftUICommandTests.app
        let result = try DyntypeRunner.run([
            "preview", app + "/MapCard.swift", app + "/SettingsRow.swift", "--categories", "large", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try RealSizeTests.report(out)

        // MapCard: VStack, Text, font, Canvas, frame — the Canvas is the one opaque box.
        let map = try #require(try RealSizeTests.view(report, id: "MapCard")["coverage"] as? [String: Any])
        let nodes = try #require(map["nodes"] as? Int), laidOut = try #require(map["laidOut"] as? Int)
        #expect(nodes - laidOut == 1)
        #expect(map["percent"] as? Int == laidOut * 100 / nodes)
        #expect((map["opaque"] as? [String])?.contains { $0.hasPrefix("Canvas") && $0.contains("MapCard.swift:10") } == true)
        #expect((map["approximations"] as? [String])?.isEmpty == true)
        // The contact sheet shows it under the view's title.
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("MapCard<div class=\"info\" title=\"Canvas (MapCard.swift:10)\">coverage \(laidOut * 100 / nodes) %</div>"))

        // SettingsRow: no opaque box; its Image(systemName: "bell") is said to be drawn as a box.
        let row = try #require(try RealSizeTests.view(report, id: "SettingsRow")["coverage"] as? [String: Any])
        #expect(row["percent"] as? Int == 100)
        let approximations = row["approximations"] as? [String] ?? []
        #expect(approximations.count == 1)
        #expect(approximations.first?.hasPrefix("Image(systemName:) (SettingsRow.swift:11): an SF Symbol, drawn as a box") == true)

        // One entry per file, summing its views (the preview is the second view of SettingsRow.swift).
        let files = try #require(report["coverage"] as? [[String: Any]])
        #expect(files.compactMap { ($0["file"] as? String).map { ($0 as NSString).lastPathComponent } } == ["MapCard.swift", "SettingsRow.swift"])
        let mapFile = try #require(files.first)
        #expect(mapFile["views"] as? Int == 1)
        #expect(mapFile["completeViews"] as? Int == 0)
        #expect(mapFile["nodes"] as? Int == nodes)
        #expect(mapFile["laidOut"] as? Int == laidOut)
        let rowFile = try #require(files.last)
        #expect(rowFile["views"] as? Int == 2)
        #expect(rowFile["completeViews"] as? Int == 2)
        #expect(rowFile["percent"] as? Int == 100)
        #expect(result.stdout.contains("SwiftUI: 3 views in 2 files"))
        #expect(result.stdout.contains("SF Symbols at 2 places drawn as boxes"))
    }

    @Test("notes and screen files have no coverage: the view's key is null and the report's is absent")
    func noCoverageWithoutSwift() throws {
        let out = try PreviewCommandTests.temporaryFolder("swiftui-coverage-none")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run(["preview", "--categories", "large", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        #expect(report["coverage"] == nil)
        let list = try RealSizeTests.view(report, id: "list")
        #expect(list.keys.contains("coverage") && list["coverage"] is NSNull)
        #expect(!result.stdout.contains("SwiftUI:"))
    }

    /// A folder with one row whose title uses a design token, and a token map named freely.
    static func tokenApp(_ name: String) throws -> URL {
        let folder = try PreviewCommandTests.temporaryFolder(name)
        try """
            import SwiftUI

            struct BannerRow: View {
                var body: some View {
                    Text("Account settings and privacy")
                        .font(theme.fonts.banner)
                        .lineLimit(1)
                }
            }
            """.write(to: folder.appendingPathComponent("BannerRow.swift"), atomically: true, encoding: .utf8)
        try "fonts:\n  theme.fonts.banner: { size: 60 }\n".write(
            to: folder.appendingPathComponent("design.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func findings(_ report: [String: Any], view: String, category: String) throws -> [[String: Any]] {
        (try RealSizeTests.view(report, id: view)["findings"] as? [String: Any])?[category] as? [[String: Any]] ?? []
    }

    @Test("--fonts map.yml resolves a token: unresolved (body, fits) without it; a fixed 60 pt font that truncates with it")
    func tokenMapOption() throws {
        let app = try Self.tokenApp("swiftui-token-map")
        defer { try? FileManager.default.removeItem(at: app) }
        let swift = app.appendingPathComponent("BannerRow.swift").path
        let without = app.appendingPathComponent("without"), with = app.appendingPathComponent("with")

        let plain = try DyntypeRunner.run(["preview", swift, "--categories", "large", "--out", without.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        let before = try Self.findings(try RealSizeTests.report(without), view: "BannerRow", category: "large")
        #expect(before.contains { $0["kind"] as? String == "unresolvedToken" && ($0["message"] as? String ?? "").contains("theme.fonts.banner") })
        #expect(!before.contains { $0["kind"] as? String == "truncated" })

        let mapped = try DyntypeRunner.run([
            "preview", swift, "--fonts", app.appendingPathComponent("design.yml").path, "--categories", "large", "--out", with.path,
        ])
        #expect(mapped.status == 0, "\(mapped.stderr)")
        let after = try Self.findings(try RealSizeTests.report(with), view: "BannerRow", category: "large")
        #expect(!after.contains { $0["kind"] as? String == "unresolvedToken" })
        #expect(after.contains { $0["kind"] as? String == "truncated" && ($0["element"] as? String ?? "").contains("BannerRow.swift:5") })

        // With the hermetic font set too: both values of the repeatable option apply.
        let both = try DyntypeRunner.run([
            "switch", "--sweep", swift, "--fonts", "hermetic", "--fonts", app.appendingPathComponent("design.yml").path, "--format", "json",
        ])
        #expect(both.stdout.contains("\"truncated\""), "\(both.stderr)")
        #expect(!both.stdout.contains("unresolvedToken"))
    }

    @Test("--fonts: a bad value is 64, a missing map 66, a broken map 65, a map without Swift inputs a warning")
    func tokenMapErrors() throws {
        let app = try Self.tokenApp("swiftui-token-map-errors")
        defer { try? FileManager.default.removeItem(at: app) }
        let swift = app.appendingPathComponent("BannerRow.swift").path
        let out = app.appendingPathComponent("out").path

        let bad = try DyntypeRunner.run(["preview", swift, "--fonts", "roboto", "--out", out])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid --fonts 'roboto'") && bad.stderr.contains("token map"))
        let twoSets = try DyntypeRunner.run(["preview", swift, "--fonts", "system", "--fonts", "hermetic", "--out", out])
        #expect(twoSets.status == 64)

        let missing = try DyntypeRunner.run(["preview", swift, "--fonts", app.appendingPathComponent("nope.yml").path, "--out", out])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.yml") && missing.stderr.contains("does not exist"))

        let broken = app.appendingPathComponent("broken.yml")
        try "fonts:\n  theme.fonts.banner: { size: -4 }\n".write(to: broken, atomically: true, encoding: .utf8)
        let invalid = try DyntypeRunner.run(["preview", swift, "--fonts", broken.path, "--out", out])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("broken.yml"))
        #expect(try String(contentsOf: broken, encoding: .utf8).contains("size: -4"))  // never written

        let notesOnly = try DyntypeRunner.run([
            "preview", "--fonts", app.appendingPathComponent("design.yml").path, "--categories", "large", "--out", out,
        ])
        #expect(notesOnly.status == 0, "\(notesOnly.stderr)")
        #expect(notesOnly.stderr.contains("no .swift file"))
    }
}
