import Foundation
import Rendering
import Testing

/// Your own screens and strings through `preview`, `switch` and `snapshot`, on the bundled examples.
@Suite("screens and strings (end to end)")
struct ScreenCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let examples = root.appendingPathComponent("Examples/screens").path
    static let strings = root.appendingPathComponent("Examples/screens/Localizable.xcstrings").path

    static func findings(_ view: [String: Any], _ category: String) -> [[String: Any]] {
        (view["findings"] as? [String: Any])?[category] as? [[String: Any]] ?? []
    }

    @Test("preview: every screen in every locale, the German button truncated where the English one is not")
    func preview() throws {
        let out = try PreviewCommandTests.temporaryFolder("screens-preview")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run([
            "preview", Self.examples, "--strings", Self.strings, "--locales", "en,de", "--pseudo", "--categories", "large,AX1",
            "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("5 screens in 3 locales"))
        let report = try RealSizeTests.report(out)
        let ids = AdversarialInputTests.views(report).compactMap { $0["id"] as? String }
        #expect(ids.contains("checkout.de") && ids.contains("settings.en") && ids.contains("profile.pseudo"))
        #expect(!ids.contains("list"), "no notes, no notes list")
        let german = try RealSizeTests.view(report, id: "checkout.de")
        #expect(german["kind"] as? String == "screen" && german["locale"] as? String == "de")
        func truncatedButton(_ view: [String: Any], _ category: String) -> Bool {
            Self.findings(view, category).contains {
                $0["kind"] as? String == "truncated" && ($0["element"] as? String ?? "").hasSuffix("add-to-basket")
            }
        }
        let english = try RealSizeTests.view(report, id: "checkout.en")
        #expect(truncatedButton(german, "accessibility1"))
        #expect(!truncatedButton(english, "accessibility1"))
        #expect(Self.findings(german, "large").allSatisfy { $0["locale"] as? String == "de" })
        for id in ids {
            let files = try RealSizeTests.view(report, id: id)["files"] as? [String: String] ?? [:]
            #expect(files.count == 2, "\(id)")
            for file in files.values {
                let data = try Data(contentsOf: out.appendingPathComponent(file))
                // checkout and settings name the iPhone SE (320 pt); the others use the command's device.
                let width = id.hasPrefix("checkout") || id.hasPrefix("settings") || id.hasPrefix("article") ? 640 : 786
                #expect(RealSizeTests.pngSize(data)?.width == width, "\(file): 2×")
            }
        }
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("Checkout (de)"))
    }

    @Test("switch: screens observe the hub; findings and the sweep name the screen, view and locale")
    func sizeSwitch() throws {
        let result = try DyntypeRunner.run([
            "switch", "large", "AX3", Self.examples, "--strings", Self.strings, "--locales", "de", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let observers = (report["observers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(observers == ["screen: Article (de)", "screen: Checkout (de)", "screen: Onboarding (de)", "screen: Profile (de)", "screen: Settings (de)"])
        let findings = report["findings"] as? [[String: Any]] ?? []
        #expect(!findings.contains { $0["kind"] as? String == "staleState" }, "a screen lays itself out again on the change")
        #expect(findings.contains { $0["element"] as? String == "Checkout: add-to-basket" && $0["locale"] as? String == "de" })

        let sweep = try DyntypeRunner.run(["switch", "--sweep", Self.examples + "/checkout.screen.json", "--format", "text"])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("Checkout: add-to-basket"))
    }

    @Test("snapshot record then verify: text and PNG references per screen, locale and category")
    func snapshots() throws {
        let out = try PreviewCommandTests.temporaryFolder("screens-snap")
        defer { try? FileManager.default.removeItem(at: out) }
        let common = [
            Self.examples + "/checkout.screen.json", "--strings", Self.strings, "--locales", "ja", "--categories", "large,AX5",
            "--format", "both", "--out", out.path,
        ]
        let local = ["CI": "", "SNAPSHOT_TESTING_RECORD": "", "SNAPSHOT_ARTIFACTS": ""]
        let record = try DyntypeRunner.run(["snapshot", "record"] + common, environment: local)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let dump = try String(contentsOf: out.appendingPathComponent("checkout.ja/11-accessibility5.txt"), encoding: .utf8)
        #expect(dump.contains("screen: \"Checkout\" · locale ja"))
        #expect(dump.contains("button add-to-basket"))
        #expect(dump.contains("カートに入れる"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("checkout.ja/03-large.png").path))
        let verify = try DyntypeRunner.run(["snapshot", "verify"] + common, environment: local)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.contains("4 passed, 0 failed"))
    }

    @Test("text around a picture: the article's leaf is drawn and no line enters it")
    func article() throws {
        let out = try PreviewCommandTests.temporaryFolder("article")
        defer { try? FileManager.default.removeItem(at: out) }
        let record = try DyntypeRunner.run(
            ["snapshot", "record", Self.examples + "/article.screen.json", "--categories", "large", "--out", out.path],
            environment: ["CI": "", "SNAPSHOT_TESTING_RECORD": ""])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let dump = try String(contentsOf: out.appendingPathComponent("article/03-large.txt"), encoding: .utf8)
        // The first lines of the text view start right of the 110 pt leaf (x in container coordinates).
        let lines = dump.split(separator: "\n").map(String.init)
        let body = try #require(lines.firstIndex { $0.hasPrefix("textView body") })
        let first = lines[body + 1]
        let firstX = try #require(first.split(separator: " ").drop { $0 != "rect" }.dropFirst().first.flatMap { Double($0) })
        #expect(firstX > 40, "\(first)")
        // The two-column text view: lines in the second column start past the first one's width,
        // and what fits in neither is an overflow finding.
        let columns = try #require(lines.firstIndex { $0.hasPrefix("textView columns") })
        let secondColumn = lines[(columns + 1)...].prefix { $0.hasPrefix("  L") }.contains { line in
            (line.split(separator: " ").drop { $0 != "rect" }.dropFirst().first.flatMap { Double($0) } ?? 0) > 130
        }
        #expect(secondColumn)
        #expect(dump.contains("overflow Article: columns:"))
        // The headline's inline image is an attachment on its first line, 30 × 30 pt.
        #expect(dump.contains(#"attachment "images/leaf.png" 0 rect 0 0 30×30"#))

        let preview = try DyntypeRunner.run([
            "preview", Self.examples + "/article.screen.json", "--categories", "large", "--scale", "1", "--out", out.appendingPathComponent("p").path,
        ])
        #expect(preview.status == 0, "\(preview.stderr)")
        let png = try Data(contentsOf: out.appendingPathComponent("p/article/03-large.png"))
        let image = try PNGDecoder.decode(png)
        // The leaf's middle is green.
        var green = 0
        for y in 60..<200 { for x in 20..<140 { if let p = image.pixel(x: x, y: y), p.g > 150, p.r < 100 { green += 1 } } }
        #expect(green > 2000)
    }

    @Test("a folder with notes and screens gives both; bad screen and strings files exit 65 naming the file and the path")
    func mixedAndBad() throws {
        let folder = try PreviewCommandTests.temporaryFolder("screens-mixed")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("Groceries\nMilk, eggs".utf8).write(to: folder.appendingPathComponent("groceries.txt"))
        try FileManager.default.copyItem(
            atPath: Self.examples + "/checkout.screen.json", toPath: folder.appendingPathComponent("checkout.screen.json").path)
        let mixed = try DyntypeRunner.run(["switch", "large", "AX1", folder.path, "--format", "json"])
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stdout.contains("editor: Groceries") && mixed.stdout.contains("screen: Checkout"))

        let bad = folder.appendingPathComponent("bad.screen.json")
        try Data(#"{"schemaVersion": 1, "name": "Bad", "views": [{"kind": "label", "id": "a", "text": "x", "lines": -1}]}"#.utf8)
            .write(to: bad)
        let invalid = try DyntypeRunner.run(["preview", bad.path, "--out", folder.appendingPathComponent("out").path])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("bad.screen.json") && invalid.stderr.contains("$.views[0].lines"))
        try FileManager.default.removeItem(at: bad)

        let strings = folder.appendingPathComponent("Broken.xcstrings")
        try Data(#"{"sourceLanguage": "en", "strings": {"Hi": {"localizations": {"de": {"stringUnit": {"value": 3}}}}}}"#.utf8)
            .write(to: strings)
        let broken = try DyntypeRunner.run(["switch", "large", "AX1", folder.path, "--strings", strings.path])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("Broken.xcstrings") && broken.stderr.contains("localizations.de.stringUnit.value"))
        let missing = try DyntypeRunner.run(["switch", "large", "AX1", folder.path, "--strings", "/nonexistent.xcstrings"])
        #expect(missing.status == 66)
    }
}
