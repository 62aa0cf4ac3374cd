import Foundation
import Testing

/// `dyntype fonts` and `dyntype categories`, run as a user would.
@Suite("dyntype fonts / categories (end to end)")
struct FontsCommandTests {
    @Test("default run: ios at large, every style on a real file")
    func defaultRun() throws {
        let result = try DyntypeRunner.run(["fonts"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("large (L)"))
        let bodyLine = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("body ") })
        #expect(bodyLine.contains("Inter-Regular.otf"))
        #expect(bodyLine.contains(" 17 "))
        let headline = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("headline ") })
        #expect(headline.contains("Inter-SemiBold.otf"))
    }

    @Test("JSON: all categories, stable fields, sorted keys, environment block")
    func json() throws {
        let result = try DyntypeRunner.run(["fonts", "--categories", "all", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["tool"] as? [String: Any])?["name"] as? String == "dyntype")
        let environment = try #require(object["environment"] as? [String: Any])
        #expect(environment["harfbuzz"] as? String != nil)
        #expect((environment["fonts"] as? [Any])?.isEmpty == false)
        let categories = try #require(object["categories"] as? [[String: Any]])
        #expect(categories.count == 12)
        let ax5 = try #require(categories.last)
        #expect(ax5["category"] as? String == "accessibility5")
        let styles = try #require(ax5["styles"] as? [[String: Any]])
        let body = try #require(styles.first { $0["style"] as? String == "body" })
        #expect(body["size"] as? Double == 53)
        #expect(body["leading"] as? Double == 62)
        let resolved = try #require(body["resolved"] as? [String: Any])
        #expect(resolved["family"] as? String == "Inter Display")
        #expect(FileManager.default.fileExists(atPath: resolved["file"] as? String ?? ""))
        // Keys are sorted in the output text.
        let keysInOrder = result.stdout.split(separator: "\n").prefix(40).compactMap { line -> String? in
            guard line.hasPrefix("  \""), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(keysInOrder == keysInOrder.sorted())
    }

    @Test("a font by name: Snell Roundhand stays 20 pt at xSmall and AX5, drawn by its stand-in Z003")
    func namedFontFixedSize() throws {
        let result = try DyntypeRunner.run([
            "fonts", "--family", "Snell Roundhand", "--size", "20", "--categories", "xSmall,AX5",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("xSmall (xS)"))
        #expect(out.contains("accessibility5 (AX5)"))
        let sizeLines = out.split(separator: "\n").filter { $0.hasPrefix("  size") }
        #expect(sizeLines.count == 2)
        #expect(sizeLines.allSatisfy { $0.contains("20 pt, fixed: does not scale") })
        #expect(sizeLines.first?.contains("body here: 14 pt") == true)
        #expect(sizeLines.last?.contains("body here: 53 pt") == true)
        #expect(out.components(separatedBy: "Z003-MediumItalic.otf").count == 3)
        #expect(out.contains("look-alike: a calligraphic script"))
        #expect(out.contains("[fonts-urw-base35]"))
        #expect(out.contains("fixed size: 20 pt at every category, while body goes from 14 to 53 pt"))

        let json = try DyntypeRunner.run([
            "fonts", "--family", "Snell Roundhand", "--size", "20", "--categories", "xSmall,AX5", "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["requested"] as? String == "Snell Roundhand")
        let standIn = try #require(object["standIn"] as? [String: Any])
        #expect(standIn["match"] as? String == "look-alike")
        #expect(standIn["package"] as? String == "fonts-urw-base35")
        let categories = try #require(object["categories"] as? [[String: Any]])
        #expect(categories.map { $0["size"] as? Double } == [20, 20])
        #expect(categories.map { $0["bodySize"] as? Double } == [14, 53])
        #expect(categories.allSatisfy { $0["scales"] as? Bool == false })
        #expect(categories.allSatisfy { ($0["resolved"] as? [String: Any])?["family"] as? String == "Z003" })
    }

    @Test("a metric-compatible stand-in by PostScript name: Courier New → Liberation Mono")
    func namedFontMetricCompatible() throws {
        let result = try DyntypeRunner.run(["fonts", "--family", "CourierNewPSMT", "--size", "13"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("CourierNewPSMT (Courier New)"))
        #expect(result.stdout.contains("LiberationMono-Regular.ttf"))
        #expect(result.stdout.contains("metric-compatible clone"))
    }

    @Test("Bold Text and a range")
    func boldTextRange() throws {
        let result = try DyntypeRunner.run(["fonts", "--categories", "L...XL", "--bold-text", "--style", "body"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Bold Text: on"))
        #expect(result.stdout.contains("Inter-SemiBold.otf"))
        #expect(result.stdout.contains("xLarge (xL)"))
        #expect(!result.stdout.contains("xxLarge"))
    }

    @Test(
        "bad input: clear message and sysexits code",
        arguments: [
            (["fonts", "--categories", "xLage"], Int32(64), "did you mean 'xLarge'"),
            (["fonts", "--style", "headlin"], 64, "did you mean 'headline'"),
            (["fonts", "--profile", "/nonexistent/p.json"], 66, "no such file"),
            (["fonts", "--profile", "iso"], 66, "bundled profiles"),
            (["fonts", "--profile", "watchos", "--categories", "AX5"], 64, "offers"),
            (["fonts", "--categories", "AX2...large"], 64, "smaller category first"),
            (["fonts", "--traits", "wide"], 64, "unknown trait"),
            (["fonts", "--family", "Snel Roundhand", "--size", "20"], 64, "did you mean 'Snell Roundhand'"),
            (["fonts", "--family", "Snel Roundhand", "--size", "20"], 64, "known families: Academy Engraved LET"),
            (["fonts", "--family", "Arial"], 64, "--family needs --size"),
            (["fonts", "--size", "20"], 64, "--size needs --family"),
            (["fonts", "--family", "Arial", "--size", "0"], 64, "invalid font size"),
            (["fonts", "--family", "Arial", "--size", "12", "--style", "body"], 64, "--style does not apply"),
        ])
    func badInput(arguments: [String], code: Int32, message: String) throws {
        let result = try DyntypeRunner.run(arguments)
        #expect(result.status == code, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("malformed and incomplete profile files: file and field path, exit 65")
    func badProfileFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{\"schemaVersion\": 1, \"name\": ".utf8).write(to: broken)
        var result = try DyntypeRunner.run(["fonts", "--profile", broken.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("broken.json"))
        #expect(result.stderr.contains("not valid JSON"))

        let missingCell = directory.appendingPathComponent("short.json")
        try Data(
            """
            {"schemaVersion": 1, "name": "short", "platform": "ios", "defaultSize": 17, "minimumSize": 11,
             "categories": [{"category": "large"}, {"category": "xLarge"}],
             "styles": [{"style": "body", "weight": "regular", "sizes": [17, null], "leadings": [22, 24]}]}
            """.utf8
        ).write(to: missingCell)
        result = try DyntypeRunner.run(["fonts", "--profile", missingCell.path, "--categories", "all"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("styles[0].sizes[1]"))
        #expect(result.stderr.contains("xLarge"))
    }

    @Test("categories lists all twelve with aliases")
    func categories() throws {
        let result = try DyntypeRunner.run(["categories"])
        #expect(result.status == 0)
        for name in ["xSmall", "accessibility5", "UICTContentSizeCategoryAccessibilityXXXL", "extra-extra-large", "AX3"] {
            #expect(result.stdout.contains(name))
        }
        let json = try DyntypeRunner.run(["categories", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["categories"] as? [Any])?.count == 12)
    }
}
