import DynamicTypeCore
import Foundation
import Testing

/// The built `dyntype` on Interface Builder files: `preview` lays out a xib and a storyboard
/// (every scene and cell prototype a view, coverage per file, findings at their element's line),
/// and `--recorded-sizes` prints the calibration against Xcode's recorded frames.
@Suite struct InterfaceBuilderCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("InterfaceBuilderViewsTests/Fixtures").path

    @Test("preview some.xib: the view is drawn at each category with its findings located in the file")
    func previewXib() throws {
        let out = try PreviewCommandTests.temporaryFolder("ib-preview")
        defer { try? FileManager.default.removeItem(at: out) }
        let sarifFile = out.appendingPathComponent("findings.sarif")
        let result = try DyntypeRunner.run([
            "preview", Self.fixtures + "/fixed-height-label.xib", "--categories", "large,AX3", "--out", out.path, "--sarif", sarifFile.path,
        ])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        let view = try RealSizeTests.view(report, id: "fixed-height-label-shipping")
        #expect((view["coverage"] as? [String: Any])?["percent"] as? Int == 100)
        // The 44 pt label is clipped at AX3, at the label's line (line 10 of the file).
        let sarif = try String(contentsOf: sarifFile, encoding: .utf8)
        #expect(sarif.contains("\"clipped\"") && sarif.contains("\"startLine\" : 10"), "\(sarif.prefix(2000))")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("fixed-height-label-shipping").path))
        #expect(result.stdout.contains("Interface Builder: 1 view in 1 file"))
    }

    @Test("a folder of IB files: every scene, top-level view and prototype is a view; --recorded-sizes prints each file's agreement")
    func calibration() throws {
        let out = try PreviewCommandTests.temporaryFolder("ib-calibration")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run(["preview", Self.fixtures, "--recorded-sizes", "--categories", "large", "--out", out.path])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let ids = try #require(try RealSizeTests.report(out)["views"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(Set(ids).isSuperset(of: ["main-login", "main-accountcell", "two-label-cell-settingcell", "equal-spacing-stack-meals", "settings-notifications"]))
        // One calibration line per file, with its counts (Localized/Base.lproj/Settings.storyboard too).
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("calibration (--recorded-sizes):") }
        let files = (FileManager.default.subpaths(atPath: Self.fixtures) ?? []).filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }
        #expect(files.count >= 7 && lines.count == files.count, "\(files): \(result.stderr)")
        #expect(lines.allSatisfy { $0.contains("views within 0.5 pt of Xcode's frames") && $0.contains("coverage") })
    }

    @Test("preview Base.lproj/Settings.storyboard --locales en,de: de.lproj/Settings.strings is found beside it, its German texts laid out, the longer title truncating from an earlier category")
    func previewLocalized() throws {
        let out = try PreviewCommandTests.temporaryFolder("ib-localized")
        defer { try? FileManager.default.removeItem(at: out) }
        let storyboard = Self.fixtures + "/Localized/Base.lproj/Settings.storyboard"
        let result = try DyntypeRunner.run(["preview", storyboard, "--locales", "en,de", "--categories", "all", "--out", out.path], timeout: 300)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        /// The title's truncations in the view of `id`, by category.
        func truncations(_ id: String) throws -> [(category: ContentSizeCategory, element: String)] {
            let view = try RealSizeTests.view(report, id: id)
            return ContentSizeCategory.allCases.flatMap { category in
                RealSizeTests.findings(view, category: category.name)
                    .filter { $0["kind"] as? String == "truncated" && ($0["element"] as? String)?.contains("ttl-l1-de1") == true }
                    .map { (category: category, element: $0["element"] as? String ?? "") }
            }
        }
        let german = try truncations("settings-notifications.de")
        let english = try truncations("settings-notifications.en")
        let germanStart = try #require(german.first?.category, "the German title must truncate at some category: \(result.stderr)")
        #expect(english.first.map { germanStart < $0.category } ?? true, "German from \(germanStart), English from \(String(describing: english.first))")
        // What was laid out is the German text, named in the finding.
        #expect(german.allSatisfy { $0.element.contains("Mitteilungen") }, "\(german)")
        #expect(english.allSatisfy { $0.element.contains("Notifications") }, "\(english)")
    }

    @Test("snapshot record --format text: an IB view's dump has a line per view with file, line, object id and frame, indented under its superview")
    func snapshotDump() throws {
        let out = try PreviewCommandTests.temporaryFolder("ib-snapshot")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run(
            ["snapshot", "record", Self.fixtures + "/two-label-cell.xib", "--format", "text", "--categories", "large", "--out", out.path],
            environment: SnapshotCommandTests.local, timeout: 300)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let files = try SnapshotCommandTests.listing(out)
        let dump = String(decoding: try #require(files["two-label-cell-settingcell/03-large.txt"], "\(files.keys.sorted())"), as: UTF8.self)
        let lines = dump.split(separator: "\n")
        // The cell (line 6), its content view (line 9) under it, the title label (line 13) under that.
        let cell = try #require(lines.first { $0.contains(" · two-label-cell.xib:6 · id cel-01-abc") }, "\(dump)")
        let content = try #require(lines.first { $0.contains(" · two-label-cell.xib:9 · id cnt-01-abc") }, "\(dump)")
        let title = try #require(lines.first { $0.contains(" · two-label-cell.xib:13 · id ttl-01-abc") }, "\(dump)")
        #expect(!cell.hasPrefix(" ") && content.hasPrefix("  ") && !content.hasPrefix("   ") && title.hasPrefix("    ") && !title.hasPrefix("     "))
        #expect(cell.contains(" · frame 0 0 "), "\(cell)")
    }

    @Test("snapshot record --locales en,ar: the Arabic run lays the storyboard out right to left, the English one left to right; a forced view keeps its side")
    func rightToLeftLocale() throws {
        let out = try PreviewCommandTests.temporaryFolder("ib-rtl")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run(
            [
                "snapshot", "record", Self.fixtures + "/right-to-left.storyboard", "--format", "text", "--categories", "large", "--locales", "en,ar",
                "--device", "iphone-se", "--out", out.path,
            ],
            environment: SnapshotCommandTests.local, timeout: 300)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let files = try SnapshotCommandTests.listing(out)
        /// The x of view `id`'s frame in the dump of `locale`.
        func x(_ id: String, _ locale: String) throws -> Double? {
            let dump = String(decoding: try #require(files["right-to-left-direction.\(locale)/03-large.txt"], "\(files.keys.sorted())"), as: UTF8.self)
            let line = try #require(dump.split(separator: "\n").first { $0.contains("[\(id)]") }, "\(dump)")
            let frame = try #require(line.components(separatedBy: " · frame ").dropFirst().first, "\(line)")
            return Double(frame.split(separator: " ")[0])
        }
        // iPhone SE: 320 pt wide, 16 pt margins: the stack is 288 wide, its two equal views (288 − 8) / 2 = 140.
        #expect(try x("one-10-abc", "en") == 16 && x("two-10-abc", "en") == 164)
        #expect(try x("one-10-abc", "ar") == 164 && x("two-10-abc", "ar") == 16)
        // forceLeftToRight: 10 pt from the left in both.
        #expect(try x("fll-10-abc", "en") == 10 && x("fll-10-abc", "ar") == 10)
    }
}
