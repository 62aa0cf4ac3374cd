import Foundation
import Testing

/// Inputs far larger or stranger than the samples: every command finishes, in bounded memory,
/// with its documented outcome, and leaves its inputs byte for byte as they were.
@Suite("real sizes (end to end)")
struct RealSizeTests {
    /// A folder of notes written by `body`, its files' bytes before the run, and a clean-up.
    struct Inputs {
        let folder: URL
        let before: [String: Data]

        init(_ name: String, _ body: (URL) throws -> Void) throws {
            folder = try PreviewCommandTests.temporaryFolder(name)
            try body(folder)
            before = try PreviewCommandTests.listing(folder)
        }

        /// Every input file is still there with the same bytes (the same SHA-256), and no file was added.
        func expectUntouched(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let after = try PreviewCommandTests.listing(folder)
            #expect(after.keys.sorted() == before.keys.sorted(), sourceLocation: sourceLocation)
            for (path, data) in before {
                #expect(after[path] == data, "input \(path) changed", sourceLocation: sourceLocation)
            }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static func words(_ count: Int) -> String {
        let words = ["readable", "text", "at", "every", "size", "dynamic", "type", "layout", "notes", "the"]
        return (0..<count).map { words[($0 * 7 + $0 / 3) % words.count] }.joined(separator: " ")
    }

    static func report(_ folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func view(_ report: [String: Any], id: String) throws -> [String: Any] {
        let views = try #require(report["views"] as? [[String: Any]])
        return try #require(views.first { $0["id"] as? String == id })
    }

    static func findings(_ view: [String: Any], category: String) -> [[String: Any]] {
        (view["findings"] as? [String: [[String: Any]]])?[category] ?? []
    }

    @Test("a one-paragraph note of 200 KB: preview, switch and a text snapshot finish and agree on the lines")
    func oneParagraphNote() throws {
        let inputs = try Inputs("one-paragraph") { folder in
            try Data(("A title\n" + Self.words(30_000)).utf8).write(to: folder.appendingPathComponent("long.txt"))
        }
        let out = try PreviewCommandTests.temporaryFolder("one-paragraph-out")
        let snapshots = try PreviewCommandTests.temporaryFolder("one-paragraph-snap")
        defer {
            inputs.remove()
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: snapshots)
        }
        let preview = try DyntypeRunner.run([
            "preview", "--notes", inputs.folder.path, "--categories", "large", "--device", "iphone-se", "--out", out.path,
        ])
        #expect(preview.status == 0, "\(preview.stderr)")
        let note = try Self.view(try Self.report(out), id: "long")
        let lines = try #require((note["lines"] as? [String: Int])?["large"])
        #expect(lines > 2_000)
        let belowFold = Self.findings(note, category: "large").first { $0["kind"] as? String == "belowFold" }
        #expect((belowFold?["message"] as? String)?.contains("of \(lines) lines") == true)

        let record = try DyntypeRunner.run([
            "snapshot", "record", "--notes", inputs.folder.path, "--categories", "large", "--device", "iphone-se", "--format", "text",
            "--out", snapshots.path,
        ])
        #expect(record.status == 0, "\(record.stderr)")
        let dump = try String(contentsOf: snapshots.appendingPathComponent("long/03-large.txt"), encoding: .utf8)
        #expect(dump.contains("· \(lines) lines"), "the dump and the preview disagree on the line count")

        let change = try DyntypeRunner.run(["switch", "large", "accessibility3", inputs.folder.path])
        #expect([0, 1].contains(change.status), "\(change.stderr)")
        #expect(!change.stdout.contains("staleState"))
        try inputs.expectUntouched()
    }

    @Test("a 100,000-line note: measure counts every paragraph, preview reports every line")
    func hundredThousandLines() throws {
        let inputs = try Inputs("many-lines") { folder in
            let text = (0..<100_000).map { "line \($0)" }.joined(separator: "\n")
            try Data(text.utf8).write(to: folder.appendingPathComponent("lines.txt"))
        }
        let out = try PreviewCommandTests.temporaryFolder("many-lines-out")
        defer {
            inputs.remove()
            try? FileManager.default.removeItem(at: out)
        }
        let measure = try DyntypeRunner.run(["measure", inputs.folder.appendingPathComponent("lines.txt").path, "--format", "json"])
        #expect(measure.status == 0, "\(measure.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(measure.stdout.utf8)) as? [String: Any])
        #expect(json["paragraphs"] as? Int == 100_000)
        #expect(json["lines"] as? Int == 100_000)

        let preview = try DyntypeRunner.run(["preview", "--notes", inputs.folder.path, "--categories", "large", "--out", out.path])
        #expect(preview.status == 0, "\(preview.stderr)")
        let note = try Self.view(try Self.report(out), id: "lines")
        #expect((note["lines"] as? [String: Int])?["large"] == 100_000)
        try inputs.expectUntouched()
    }

    @Test("600 notes at accessibility5: the list image is cut at 16,384 px with an info finding, no crash")
    func sixHundredNotesAtAX5() throws {
        let inputs = try Inputs("six-hundred") { folder in
            for index in 1...600 {
                try Data("Note \(index)\nbody".utf8).write(to: folder.appendingPathComponent(String(format: "n%03d.txt", index)))
            }
        }
        let out = try PreviewCommandTests.temporaryFolder("six-hundred-out")
        defer {
            inputs.remove()
            try? FileManager.default.removeItem(at: out)
        }
        // Narrow and at 1×, so the test spends its time on the list, not on compressing editors.
        let run = try DyntypeRunner.run([
            "preview", "--notes", inputs.folder.path, "--categories", "AX5", "--width", "120", "--scale", "1", "--out", out.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try Self.view(try Self.report(out), id: "list")
        let cut = Self.findings(list, category: "accessibility5").first { $0["kind"] as? String == "imageCut" }
        let message = try #require(cut?["message"] as? String)
        #expect(message.contains("the image shows its first 16384 px"))
        #expect(message.contains("of 600"))
        #expect((list["rowHeights"] as? [String: [Double]])?["accessibility5"]?.count == 600)
        let png = try Data(contentsOf: out.appendingPathComponent("list/11-accessibility5.png"))
        #expect(Self.pngSize(png)?.height == 16_384)
        let sheet = try Data(contentsOf: out.appendingPathComponent("contact-sheet.png"))
        #expect((Self.pngSize(sheet)?.height ?? .max) <= 16_384)
        try inputs.expectUntouched()
    }

    @Test("a 200 KB title with self-sizing rows renders, cut, without a crash")
    func hugeTitleSelfSizing() throws {
        let inputs = try Inputs("huge-title") { folder in
            try Data((Self.words(25_000) + "\nbody").utf8).write(to: folder.appendingPathComponent("title.txt"))
        }
        let out = try PreviewCommandTests.temporaryFolder("huge-title-out")
        defer {
            inputs.remove()
            try? FileManager.default.removeItem(at: out)
        }
        let run = try DyntypeRunner.run([
            "preview", "--notes", inputs.folder.path, "--categories", "large", "--row-heights", "selfSizing", "--out", out.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try Self.view(try Self.report(out), id: "list")
        #expect(Self.findings(list, category: "large").contains { $0["kind"] as? String == "imageCut" })
        try inputs.expectUntouched()
    }

    @Test("absurd sizes and counts are usage errors that name the limit")
    func absurdSizes() throws {
        let inputs = try Inputs("absurd") { folder in
            try Data("hello".utf8).write(to: folder.appendingPathComponent("a.txt"))
        }
        defer { inputs.remove() }
        let file = inputs.folder.appendingPathComponent("a.txt").path
        let font = try DyntypeRunner.run([
            "measure", file, "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "1e9",
        ])
        #expect(font.status == 64)
        #expect(font.stderr.contains("at most 1000 pt"))
        let titles = try DyntypeRunner.run(["bench", "layout", "--titles", "2000000000"])
        #expect(titles.status == 64)
        #expect(titles.stderr.contains("1,000,000 titles"))
        try inputs.expectUntouched()
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        guard data.count > 24 else { return nil }
        let bytes = [UInt8](data.prefix(24))
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
