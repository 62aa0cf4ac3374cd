import Foundation
import Testing

/// `dyntype measure`, run as other tools and benchmarks will.
@Suite("dyntype measure (end to end)")
struct MeasureCommandTests {
    static func write(_ text: String, bytes: [UInt8]? = nil) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-measure-\(UUID().uuidString).txt")
        try (bytes.map { Data($0) } ?? Data(text.utf8)).write(to: url)
        return url
    }

    @Test("paragraphs, lines and height in JSON, stable field names")
    func json() throws {
        let file = try Self.write("Short.\nA longer paragraph that certainly wraps onto more than one line at this width.\n\nLast")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DyntypeRunner.run(["measure", file.path, "--width", "200", "--per-paragraph", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["schemaVersion", "tool", "input", "font", "width", "padding", "paragraphs", "lines", "height", "elapsedSeconds", "perParagraph"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["paragraphs"] as? Int == 4)
        let lines = try #require(object["lines"] as? Int)
        #expect(lines >= 5)
        #expect(object["height"] as? Double == Double(lines) * 22)
        let per = try #require(object["perParagraph"] as? [[String: Any]])
        #expect(per.map { $0["lines"] as? Int } == [1, lines - 3, 1, 1])
        #expect((object["font"] as? [String: Any])?["family"] as? String == "Inter")
    }

    @Test("a final newline is not a line: 'hello world\\n' at AX1 is one 34 pt line (issue 21)")
    func finalNewline() throws {
        let file = try Self.write("hello world\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DyntypeRunner.run(["measure", file.path, "--category", "accessibility1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["paragraphs"] as? Int == 1)
        #expect(object["lines"] as? Int == 1)
        #expect(object["height"] as? Double == 34)
    }

    @Test("titles: one line each with its width")
    func titles() throws {
        let file = try Self.write("Groceries\nA much longer title for a note")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DyntypeRunner.run(["measure", file.path, "--titles", "--style", "headline", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let titles = try #require(object["titles"] as? [[String: Any]])
        #expect(titles.count == 2)
        let first = try #require(titles[0]["width"] as? Double), second = try #require(titles[1]["width"] as? Double)
        #expect(first > 30 && second > first * 2)
        #expect(titles.allSatisfy { $0["height"] as? Double == 22 })
    }

    @Test("a font file and size instead of a style")
    func fontFile() throws {
        let file = try Self.write("Hello")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DyntypeRunner.run([
            "measure", file.path, "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--size", "13",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("DejaVu Sans"))
        #expect(result.stdout.contains("lines: 1"))
    }

    @Test(
        "bad input: missing file, bad width, missing size, invalid UTF-8 (warned, still measured)",
        arguments: [
            (["measure", "/nonexistent.txt"], Int32(66), "does not exist"),
            (["measure", "/tmp", "--width", "100"], 66, "is a directory"),
            (["measure", "-", "--width", "0"], 64, "invalid --width"),
            (["measure", "-", "--width=-3"], 64, "invalid --width"),
            (["measure", "-", "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"], 64, "--size"),
            (["measure", "-", "--category", "huge"], 64, "unknown content-size category"),
        ])
    func badInput(arguments: [String], code: Int32, message: String) throws {
        let result = try DyntypeRunner.run(arguments)
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("invalid UTF-8 is replaced and reported with its byte offset")
    func invalidUTF8() throws {
        let file = try Self.write("", bytes: Array("abc ".utf8) + [0xFF, 0xFE] + Array(" def".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try DyntypeRunner.run(["measure", file.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("byte offset 4"))
        #expect(result.stdout.contains("lines: 1"))
    }
}
