import Foundation
import Rendering
import Testing

/// The seeds' remaining behaviours through the command line: the keyboard, orientation, columns
/// and pages.
@Suite("keyboard, orientation, columns and pages (end to end)")
struct SeedBehaviourTests {
    static func pixel(_ png: Data, x: Int, y: Int) throws -> [Int] {
        let pixel = try #require(try PNGDecoder.decode(png).pixel(x: x, y: y))
        return [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
    }

    @Test("--keyboard: the device's keyboard is drawn, the editor shrinks above it and report.json says so")
    func keyboard() throws {
        let out = try PreviewCommandTests.temporaryFolder("keyboard")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run([
            "preview", "--keyboard", "--device", "iphone-se", "--categories", "AX3", "--scale", "1", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["keyboard"] as? Double == 216)
        let welcome = try RealSizeTests.view(report, id: "02-welcome")
        let findings = RealSizeTests.findings(welcome, category: "accessibility3")
        #expect(findings.contains { $0["kind"] as? String == "underKeyboard" && ($0["message"] as? String ?? "").contains("216 pt") })
        // The keyboard's grey panel at the bottom of the 320 × 568 image, white text view above it.
        let png = try Data(contentsOf: out.appendingPathComponent("02-welcome/09-accessibility3.png"))
        #expect(try Self.pixel(png, x: 2, y: 566) == [209, 213, 219])
        #expect(try Self.pixel(png, x: 2, y: 568 - 216 - 3) == [255, 255, 255])

        let explicit = try DyntypeRunner.run([
            "preview", "--keyboard", "300", "--device", "iphone-se", "--orientation", "landscape", "--categories", "AX5", "--scale", "1",
            "--out", out.appendingPathComponent("landscape").path,
        ])
        #expect(explicit.status == 0, "\(explicit.stderr)")
        let bad = try DyntypeRunner.run(["preview", "--keyboard", "9000", "--out", out.appendingPathComponent("bad").path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid --keyboard"))
    }

    @Test("--orientation landscape swaps the device and takes its landscape keyboard; a taller keyboard leaves one line at AX5")
    func landscape() throws {
        let out = try PreviewCommandTests.temporaryFolder("landscape")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try DyntypeRunner.run([
            "preview", "--device", "iphone-se", "--orientation", "landscape", "--keyboard", "--categories", "AX5", "--scale", "1",
            "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try RealSizeTests.report(out)
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["width"] as? Double == 568 && settings["height"] as? Double == 320)
        #expect(settings["orientation"] as? String == "landscape" && settings["keyboard"] as? Double == 162)
        let png = try Data(contentsOf: out.appendingPathComponent("02-welcome/11-accessibility5.png"))
        #expect(RealSizeTests.pngSize(png)?.width == 568)
        let findings = RealSizeTests.findings(try RealSizeTests.view(report, id: "02-welcome"), category: "accessibility5")
        #expect(findings.contains { ($0["message"] as? String ?? "").contains("keyboard up (162 pt): lines 1–2 of") })
        let tall = try DyntypeRunner.run([
            "preview", "--device", "iphone-se", "--orientation", "landscape", "--keyboard", "250", "--categories", "AX5", "--scale", "1",
            "--out", out.appendingPathComponent("tall").path,
        ])
        #expect(tall.status == 0, "\(tall.stderr)")
        let cramped = RealSizeTests.findings(
            try RealSizeTests.view(try RealSizeTests.report(out.appendingPathComponent("tall")), id: "02-welcome"), category: "accessibility5")
        #expect(cramped.contains { $0["kind"] as? String == "underKeyboard" && $0["severity"] as? String == "warning" })
    }

    @Test("--columns 2 and --pages: containers in the report, overflow as a finding, pages side by side")
    func columnsAndPages() throws {
        let out = try PreviewCommandTests.temporaryFolder("columns")
        defer { try? FileManager.default.removeItem(at: out) }
        let columns = try DyntypeRunner.run([
            "preview", "--columns", "2", "--device", "iphone-se", "--categories", "large", "--scale", "1", "--out", out.path,
        ])
        #expect(columns.status == 0, "\(columns.stderr)")
        let report = try RealSizeTests.report(out)
        let long = try RealSizeTests.view(report, id: "05-long-note")
        let containers = try #require((long["containers"] as? [String: Any])?["large"] as? [[String: Any]])
        #expect(containers.compactMap { $0["name"] as? String } == ["column 1", "column 2"])
        #expect(RealSizeTests.findings(long, category: "large").contains { $0["kind"] as? String == "overflow" })

        let pagesOut = out.appendingPathComponent("pages")
        let pages = try DyntypeRunner.run([
            "preview", "--pages", "--device", "iphone-se", "--categories", "large", "--scale", "1", "--out", pagesOut.path,
        ])
        #expect(pages.status == 0, "\(pages.stderr)")
        let welcome = try RealSizeTests.view(try RealSizeTests.report(pagesOut), id: "02-welcome")
        let pageList = try #require((welcome["containers"] as? [String: Any])?["large"] as? [[String: Any]])
        let png = try Data(contentsOf: pagesOut.appendingPathComponent("02-welcome/03-large.png"))
        #expect(RealSizeTests.pngSize(png)?.width == 320 * pageList.count)
        #expect(!RealSizeTests.findings(welcome, category: "large").contains { $0["kind"] as? String == "overflow" })

        let both = try DyntypeRunner.run(["preview", "--pages", "--columns", "2", "--out", out.appendingPathComponent("x").path])
        #expect(both.status == 64)
    }

    @Test("snapshot and switch take the same options; the dump records the keyboard and the columns")
    func snapshotAndSwitch() throws {
        let out = try PreviewCommandTests.temporaryFolder("keyboard-snap")
        defer { try? FileManager.default.removeItem(at: out) }
        let local = ["CI": "", "SNAPSHOT_TESTING_RECORD": "", "SNAPSHOT_ARTIFACTS": ""]
        let record = try DyntypeRunner.run(
            ["snapshot", "record", "--keyboard", "--columns", "2", "--categories", "large", "--out", out.path], environment: local)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let dump = try String(contentsOf: out.appendingPathComponent("02-welcome/03-large.txt"), encoding: .utf8)
        #expect(dump.contains("containers: 2 columns of"))
        let verify = try DyntypeRunner.run(["snapshot", "verify", "--categories", "large", "--out", out.path], environment: local)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("editor layout 2 columns → scrolling"))

        let change = try DyntypeRunner.run(["switch", "large", "AX3", "--keyboard", "--format", "json"])
        #expect(change.status == 0, "\(change.stderr)")
        #expect(change.stdout.contains("\"underKeyboard\""))
    }
}

@Suite("switch --rotate-to (end to end)")
struct RotationCommandTests {
    @Test("a size change then a rotation: every view hears both, nothing is stale against a fresh landscape build")
    func rotate() throws {
        let result = try DyntypeRunner.run([
            "switch", "large", "AX2", "--rotate-to", "landscape", "--device", "iphone-se", "--keyboard", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["rotation"] as? String == "portrait → landscape")
        let names = (report["observers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("notes list") && names.contains("notes list (rotation)"))
        #expect(names.filter { $0.hasSuffix("(rotation)") }.count == names.count / 2)
        let findings = report["findings"] as? [[String: Any]] ?? []
        #expect(!findings.contains { $0["kind"] as? String == "staleState" })
        // In landscape the keyboard is the landscape one (162 pt on the iPhone SE).
        #expect(findings.contains { ($0["message"] as? String ?? "").hasPrefix("keyboard up (162 pt)") })
        let sweep = try DyntypeRunner.run(["switch", "--sweep", "--rotate-to", "landscape"])
        #expect(sweep.status == 64)
    }
}

@Suite("text around pictures and shapes in notes (end to end)")
struct FigureCommandTests {
    static let leaf = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/screens/images/leaf.png").standardizedFileURL.path

    @Test("--figure: the picture is drawn, no line enters it, and the dump records it; bad values exit 64, a bad PNG 65")
    func figure() throws {
        let out = try PreviewCommandTests.temporaryFolder("figure")
        defer { try? FileManager.default.removeItem(at: out) }
        let arguments = ["--figure", Self.leaf + "@16,60,110", "--device", "iphone-se", "--categories", "large", "--scale", "1"]
        let preview = try DyntypeRunner.run(["preview"] + arguments + ["--out", out.path])
        #expect(preview.status == 0, "\(preview.stderr)")
        let image = try PNGDecoder.decode(try Data(contentsOf: out.appendingPathComponent("02-welcome/03-large.png")))
        var green = 0
        for y in 70..<160 { for x in 20..<120 { if let p = image.pixel(x: x, y: y), p.g > 150, p.r < 100 { green += 1 } } }
        #expect(green > 1500, "the leaf is drawn")
        let snap = out.appendingPathComponent("snap")
        let record = try DyntypeRunner.run(
            ["snapshot", "record"] + arguments + ["--out", snap.path], environment: ["CI": "", "SNAPSHOT_TESTING_RECORD": ""])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let dump = try String(contentsOf: snap.appendingPathComponent("02-welcome/03-large.txt"), encoding: .utf8)
        // Lines beside the leaf (the figure spans y 60…170 in the view, 52…162 in the container)
        // start right of its widest part; lines well below it start at the left edge again.
        var beside = 0
        for line in dump.split(separator: "\n") where line.hasPrefix("  L") {
            let fields = line.split(separator: " ")
            guard let rect = fields.firstIndex(of: "rect"), rect + 2 < fields.count, let x = Double(fields[rect + 1]),
                let y = Double(fields[rect + 2].trimmingCharacters(in: CharacterSet(charactersIn: "+")))
            else { continue }
            if y > 80 && y < 130 {
                #expect(x > 60, "\(line)")
                beside += 1
            }
        }
        #expect(beside >= 1)
        #expect(try DyntypeRunner.run(["preview", "--figure", Self.leaf + "@a,b", "--out", out.appendingPathComponent("x").path]).status == 64)
        let notPNG = out.appendingPathComponent("not.png")
        try Data("not a png".utf8).write(to: notPNG)
        #expect(try DyntypeRunner.run(["preview", "--figure", notPNG.path, "--out", out.appendingPathComponent("y").path]).status == 65)
    }

    @Test("--exclusion: rectangles, ellipses and polygons in every editor; malformed shapes exit 64")
    func exclusions() throws {
        let plain = try DyntypeRunner.run(["switch", "xSmall", "large", "--open", "2", "--format", "json"])
        let shaped = try DyntypeRunner.run([
            "switch", "xSmall", "large", "--open", "2", "--format", "json", "--exclusion", "rect:0,60,200,120",
            "--exclusion", "polygon:250,300;320,300;320,400", "--exclusion", "ellipse:100,450,120,80",
        ])
        #expect(plain.status == 0 && shaped.status == 0, "\(shaped.stderr)")
        func lines(_ json: String) throws -> Int {
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let editor = try #require((report["observers"] as? [[String: Any]])?.first { ($0["name"] as? String ?? "").hasPrefix("editor") })
            return try #require(editor["linesAfter"] as? Int)
        }
        #expect(try lines(shaped.stdout) > lines(plain.stdout), "text pushed aside takes more lines")
        for bad in ["rect:1,2,3", "circle:1,2,3,4", "polygon:1,2;3,4", "rect:0,0,-5,5"] {
            #expect(try DyntypeRunner.run(["switch", "large", "AX1", "--exclusion", bad]).status == 64, "\(bad)")
        }
    }
}
