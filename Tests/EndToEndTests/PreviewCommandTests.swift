import Foundation
import Testing

/// `dyntype preview`, the main job, run as a user would.
@Suite("dyntype preview (end to end)")
struct PreviewCommandTests {
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func listing(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let full = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try Data(contentsOf: full)
            }
        }
        return result
    }

    @Test("sample notes at three categories: PNGs, contact sheet and report; identical bytes on a second run")
    func samplesAreDeterministic() throws {
        let first = try Self.temporaryFolder("preview-a"), second = try Self.temporaryFolder("preview-b")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let a = try DyntypeRunner.run(["preview", "--categories", "xSmall,large,AX5", "--out", first.path])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout.contains("index.html"))
        let b = try DyntypeRunner.run(["preview", "--categories", "xSmall,large,AX5", "--out", second.path])
        #expect(b.status == 0)
        let filesA = try Self.listing(first), filesB = try Self.listing(second)
        for expected in ["list/00-xSmall.png", "list/03-large.png", "list/11-accessibility5.png", "02-welcome/03-large.png", "index.html", "report.json", "contact-sheet.png"] {
            #expect(filesA[expected] != nil, "missing \(expected)")
        }
        for (path, data) in filesA where path.hasSuffix(".png") {
            #expect(filesB[path] == data, "\(path) differs between runs")
        }
        let reportData = try #require(filesA["report.json"])
        let report = try #require(try JSONSerialization.jsonObject(with: reportData) as? [String: Any])
        #expect(report["schemaVersion"] as? Int == 2)
        let views = try #require(report["views"] as? [[String: Any]])
        let list = try #require(views.first { $0["id"] as? String == "list" })
        let heights = try #require(list["rowHeights"] as? [String: [Double]])
        #expect((heights["accessibility5"]?.first ?? 0) > (heights["xSmall"]?.first ?? .infinity))
        #expect(list["firstProblemCategory"] as? String == "xSmall")  // the blue titles fail WCAG AA contrast below 18 pt
        let htmlData = try #require(filesA["index.html"])
        let html = String(decoding: htmlData, as: UTF8.self)
        #expect(html.contains("02-welcome/11-accessibility5.png"))
    }

    @Test("bad input: other notes still render, messages name the file and byte offset, the input folder is untouched")
    func badInput() throws {
        let notes = try Self.temporaryFolder("notes"), out = try Self.temporaryFolder("out")
        defer {
            try? FileManager.default.removeItem(at: notes)
            try? FileManager.default.removeItem(at: out)
        }
        try Data("Good note\nWith *bold* text".utf8).write(to: notes.appendingPathComponent("good.txt"))
        try Data([0x42, 0x61, 0x64, 0x20, 0xC3, 0x28, 0x0A, 0x6F, 0x6B]).write(to: notes.appendingPathComponent("bad.txt"))
        try Data().write(to: notes.appendingPathComponent("empty.txt"))
        let before = try Self.listing(notes)
        let result = try DyntypeRunner.run(["preview", "--notes", notes.path, "--categories", "large", "--out", out.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("bad.txt"))
        #expect(result.stderr.contains("byte offset 4"))
        #expect(result.stderr.contains("empty.txt"))
        let written = try Self.listing(out)
        #expect(written["good/03-large.png"] != nil)
        #expect(written["bad/03-large.png"] != nil)
        #expect(written["empty/03-large.png"] != nil)
        #expect(try Self.listing(notes) == before)
    }

    @Test(
        "missing folder, bad scale, unknown device, output inside the input",
        arguments: [
            (["preview", "--notes", "/nonexistent-notes-folder"], Int32(66), "does not exist"),
            (["preview", "--scale", "4"], 64, "invalid --scale"),
            (["preview", "--device", "nokia"], 64, "is invalid for '--device"),
            (["preview", "--categories", "hugest"], 64, "unknown content-size category"),
        ])
    func usageErrors(arguments: [String], code: Int32, message: String) throws {
        let result = try DyntypeRunner.run(arguments + ["--out", FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString)").path])
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("the output folder may not be inside the notes folder")
    func outputInsideInput() throws {
        let notes = try Self.temporaryFolder("notes-in")
        defer { try? FileManager.default.removeItem(at: notes) }
        try Data("Note".utf8).write(to: notes.appendingPathComponent("a.txt"))
        let result = try DyntypeRunner.run(["preview", "--notes", notes.path, "--out", notes.appendingPathComponent("out").path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("inside the input folder"))
        #expect(try Self.listing(notes).keys.sorted() == ["a.txt"])
    }
}
