import Foundation
import Testing

/// Screen files and what they point at, tried as an attacker and a careless user would: huge and
/// non-finite numbers, a PNG whose header declares 100,000 × 100,000 pixels, a YAML alias bomb,
/// FIFOs and devices where files belong, strict-JSON violations, an overlay stack of thousands of
/// labels. Each case has its documented exit code and message; every input's SHA-256 is unchanged
/// and nothing is written outside `--out`.
@Suite("hostile screen inputs (end to end)")
struct HostileScreenInputTests {
    typealias Workspace = AdversarialInputTests.Workspace
    static let large = ["--categories", "large"]

    /// A screen file of `views` (JSON text) with the given top-level extras.
    static func screen(_ views: String, extra: String = "") -> String {
        #"{"schemaVersion": 1, "name": "T", \#(extra) "views": [\#(views)]}"#
    }

    /// Runs `preview` of `file` into `<root>/out` and checks the outcome, that every input is
    /// unchanged and that nothing but `out` appeared in the workspace.
    static func expectPreview(
        _ space: Workspace, _ file: String, status: Int32, messages: [String], timeout: TimeInterval = 60,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: space.root.path))
        try AdversarialInputTests.untouched([space.notes.path]) {
            let result = try DyntypeRunner.run(
                ["preview", space.notes.appendingPathComponent(file).path, "--out", space.path("out")] + large, timeout: timeout)
            #expect(result.status == status, "\(file): \(result.stderr)", sourceLocation: sourceLocation)
            for message in messages {
                #expect(result.stderr.contains(message), "\(file): \(result.stderr)", sourceLocation: sourceLocation)
            }
            #expect(!result.stderr.contains("internal error"), "\(result.stderr)", sourceLocation: sourceLocation)
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: space.root.path))
        #expect(after.subtracting(before).subtracting(["out"]).isEmpty, "written outside --out: \(after.subtracting(before))", sourceLocation: sourceLocation)
    }

    @Test("huge and non-finite lengths are refused with their JSON path and range (exit 65), never a crash")
    func geometry() throws {
        let space = try Workspace("geometry")
        let label = #"{"kind": "label", "id": "a", "text": "Hello""#
        let cases: [(String, String, String)] = [
            ("width.screen.json", Self.screen("\(label), \"width\": 1e308}"), "$.views[0].width: 1e+308 pt is outside 0…10000 pt"),
            ("screen-width.screen.json", Self.screen("\(label)}", extra: #""width": 100000,"#), "$.width: 100000 pt is outside 100…4000 pt"),
            (
                "spacing.screen.json",
                Self.screen(#"{"kind": "stack", "id": "s", "axis": "vertical", "spacing": 1e300, "children": [\#(label)}]}"#),
                "$.views[0].spacing: 1e+300 pt is outside 0…10000 pt"
            ),
            ("inset.screen.json", Self.screen("\(label), \"insets\": {\"top\": 1e308}}"), "$.views[0].insets.top"),
            (
                "exclusion.screen.json",
                Self.screen(
                    #"{"kind": "textView", "id": "t", "text": "x", "exclusions": [{"shape": "rect", "x": 1e308, "y": 0, "width": 10, "height": 10}]}"#
                ), "$.views[0].exclusions[0].x: 1e+308 pt is outside -10000…10000 pt"
            ),
            ("overflow.screen.json", Self.screen("\(label), \"width\": 1e999}"), "$.views[0].width"),
            ("no-room.screen.json", Self.screen("\(label), \"width\": 0}"), "view 'a' gets 0 pt of width, too little for text"),
        ]
        for (name, text, message) in cases {
            try space.note(name, text)
            try Self.expectPreview(space, name, status: 65, messages: [name, message])
        }
    }

    @Test("inline image markers with NaN, infinite or huge numbers are refused, naming the view and marker (exit 65)")
    func inlineImageMarkers() throws {
        let space = try Workspace("markers")
        for (index, geometry) in ["30x30+nan", "30x30+inf", "30x30-1e308", "1e308x30", "30xnan"].enumerated() {
            let name = "marker\(index).screen.json"
            try space.note(name, Self.screen(#"{"kind": "label", "id": "a", "text": "{image:leaf.png \#(geometry)} Hi"}"#))
            try Self.expectPreview(space, name, status: 65, messages: [name, "view 'a': inline image '{image:leaf.png \(geometry)}'"])
        }
    }

    @Test("a PNG of a header declaring 100,000 × 100,000 px is refused from its header, in milliseconds (exit 65)")
    func pngHeaderBomb() throws {
        let space = try Workspace("png-bomb")
        try HostileOuterInputTests.pngHeader(width: 100_000, height: 100_000).write(to: space.notes.appendingPathComponent("bomb.png"))
        try space.note("inline.screen.json", Self.screen(#"{"kind": "label", "id": "a", "text": "{image:bomb.png 30x30} Hi"}"#))
        try space.note(
            "exclusion.screen.json",
            Self.screen(
                #"{"kind": "textView", "id": "t", "text": "x", "exclusions": [{"shape": "image", "file": "bomb.png", "x": 0, "y": 0, "width": 50}]}"#
            ))
        for name in ["inline.screen.json", "exclusion.screen.json"] {
            try Self.expectPreview(space, name, status: 65, messages: [name, "the PNG declares 100000×100000 px", "16384 px a side"], timeout: 20)
        }
        let figure = try DyntypeRunner.run(
            ["preview", "--figure", space.notes.appendingPathComponent("bomb.png").path, "--out", space.path("fig")] + Self.large,
            timeout: 20)
        #expect(figure.status == 65, "\(figure.stderr)")
        #expect(figure.stderr.contains("100000×100000"), "\(figure.stderr)")
        // The other commands render through the same code and exit alike.
        let snapshot = try DyntypeRunner.run(
            ["snapshot", "record", space.notes.appendingPathComponent("inline.screen.json").path, "--out", space.path("snaps")] + Self.large,
            environment: AdversarialInputTests.local, timeout: 20)
        #expect(snapshot.status == 65, "\(snapshot.stdout)\(snapshot.stderr)")
        #expect(snapshot.stdout.contains("the PNG declares 100000×100000 px"), "\(snapshot.stdout)")
        let sweep = try DyntypeRunner.run(
            ["switch", "--sweep", space.notes.appendingPathComponent("exclusion.screen.json").path], timeout: 20)
        #expect(sweep.status == 65, "\(sweep.stderr)")
        #expect(sweep.stderr.contains("exclusion.screen.json: view 't'"), "\(sweep.stderr)")
    }

    @Test("images, text files, rules and fonts that are missing, FIFOs, devices, folders or not PNGs: 66 or 65 with the screen file")
    func referencedFiles() throws {
        let space = try Workspace("referenced")
        #expect(mkfifo(space.notes.appendingPathComponent("fifo.png").path, 0o644) == 0)
        #expect(mkfifo(space.notes.appendingPathComponent("fifo.txt").path, 0o644) == 0)
        try Data("hello".utf8).write(to: space.notes.appendingPathComponent("text.png"))
        let textView = #"{"kind": "textView", "id": "t", "#
        let cases: [(String, String, Int32, String)] = [
            ("missing.screen.json", #"{"kind": "label", "id": "a", "text": "{image:nothere.png 30x30} Hi"}"#, 66, "does not exist"),
            ("fifo.screen.json", #"{"kind": "label", "id": "a", "text": "{image:fifo.png 30x30} Hi"}"#, 66, "is not a regular file (a FIFO)"),
            ("notpng.screen.json", #"{"kind": "label", "id": "a", "text": "{image:text.png 30x30} Hi"}"#, 65, "not a PNG file"),
            ("folder.screen.json", #"{"kind": "label", "id": "a", "text": "{image:. 30x30} Hi"}"#, 66, "is a directory"),
            ("textfile.screen.json", textView + #""file": "fifo.txt"}"#, 66, "is not a regular file (a FIFO)"),
            ("rules.screen.json", textView + #""text": "x", "rules": "nothere.json"}"#, 66, "rules"),
            // Outside the screen's folder (issue 32): refused before anything is opened.
            (
                "devfont.screen.json", #"{"kind": "label", "id": "a", "text": "Hi", "font": {"file": "/dev/zero", "size": 17}}"#, 65,
                "font '/dev/zero' is outside the screen file's folder"
            ),
            (
                "passwd.screen.json", textView + #""file": "../../../../../../../etc/passwd"}"#, 65,
                "view 't': text file '../../../../../../../etc/passwd' is outside the screen file's folder (it leads to '/etc/passwd')"
            ),
            (
                "family.screen.json", #"{"kind": "label", "id": "a", "text": "Hi", "font": {"family": "Helvetika Neue", "size": 17}}"#, 65,
                "did you mean 'Helvetica Neue'?"
            ),
        ]
        for (name, view, status, message) in cases {
            try space.note(name, Self.screen(view))
            try Self.expectPreview(space, name, status: status, messages: [name, message])
        }
    }

    @Test("screen files that are FIFOs or folders: 66 with the reason; strict JSON: trailing commas, duplicate keys, invalid UTF-8 (65); a BOM is fine")
    func screenFiles() throws {
        let space = try Workspace("screen-files")
        #expect(mkfifo(space.notes.appendingPathComponent("fifo.screen.json").path, 0o644) == 0)
        try FileManager.default.createDirectory(at: space.notes.appendingPathComponent("dir.screen.json"), withIntermediateDirectories: true)
        try Self.expectPreview(space, "fifo.screen.json", status: 66, messages: ["fifo.screen.json", "not a regular file (a FIFO)"])
        try Self.expectPreview(space, "dir.screen.json", status: 66, messages: ["dir.screen.json", "is a directory"])
        try space.note("trailing.screen.json", "{\"schemaVersion\": 1, \"name\": \"T\", \"views\": [],}")
        try Self.expectPreview(space, "trailing.screen.json", status: 65, messages: ["trailing.screen.json:1:", "trailing comma before '}'"])
        try space.note("duplicate.screen.json", "{\"schemaVersion\": 1,\n \"name\": \"T\", \"name\": \"U\", \"views\": []}")
        try Self.expectPreview(space, "duplicate.screen.json", status: 65, messages: ["duplicate.screen.json:2:", "duplicate key 'name'"])
        try (Data("{\"schemaVersion\": 1, \"name\": \"".utf8) + Data([0xC3, 0x28]) + Data("\", \"views\": []}".utf8))
            .write(to: space.notes.appendingPathComponent("utf8.screen.json"))
        try Self.expectPreview(space, "utf8.screen.json", status: 65, messages: ["not valid UTF-8"])
        try (Data([0xEF, 0xBB, 0xBF]) + Data(Self.screen(#"{"kind": "label", "id": "a", "text": "Hi"}"#).utf8))
            .write(to: space.notes.appendingPathComponent("bom.screen.json"))
        try Self.expectPreview(space, "bom.screen.json", status: 0, messages: [])
    }

    @Test("a YAML alias bomb (9 anchors × 9 aliases, 1 KB) is refused before expansion, in milliseconds (exit 65)")
    func yamlAliasBomb() throws {
        let space = try Workspace("yaml")
        var lines = ["schemaVersion: 1", "name: T", "views: []", #"a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]"#]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
            previous = name
        }
        try space.note("bomb.screen.yaml", lines.joined(separator: "\n") + "\n")
        try Self.expectPreview(space, "bomb.screen.yaml", status: 65, messages: ["bomb.screen.yaml:4:", "YAML anchors (&name) are not supported"], timeout: 20)
        // An alias as a mapping key is hashed by the composer itself: refused before it too.
        try space.note("key.screen.yaml", "schemaVersion: 1\nname: &n T\nviews: []\n? *n\n: 1\n")
        try Self.expectPreview(space, "key.screen.yaml", status: 65, messages: ["key.screen.yaml:2:"], timeout: 20)
        // Text that only looks like YAML syntax is text.
        try space.note("text.screen.yaml", "schemaVersion: 1\nname: 'T & C'\nviews:\n  - kind: label\n    id: a\n    text: 5*3 & more\n")
        try Self.expectPreview(space, "text.screen.yaml", status: 0, messages: [])
    }

    @Test("an overlay stack of 3,000 labels: overlaps listed at most 3 per view, a capped report")
    func overlayStack() throws {
        let space = try Workspace("overlay")
        let labels = (0..<3000).map { #"{"kind": "label", "id": "l\#($0)", "text": "Label \#($0)"}"# }.joined(separator: ",")
        try space.note("overlay.screen.json", Self.screen(#"{"kind": "stack", "id": "o", "axis": "overlay", "children": [\#(labels)]}"#))
        try Self.expectPreview(space, "overlay.screen.json", status: 0, messages: [], timeout: 240)
        let report = try Data(contentsOf: URL(fileURLWithPath: space.path("out/report.json")))
        #expect(report.count < 2_000_000, "report.json is \(report.count) bytes")
        let view = try #require(AdversarialInputTests.views(try AdversarialInputTests.report(space.path("out"))).first)
        let findings = ((view["findings"] as? [String: [[String: Any]]]) ?? [:])["large"] ?? []
        #expect(findings.count <= 200, "\(findings.count) findings")
        #expect(findings.contains { $0["kind"] as? String == "moreFindings" })
    }

    @Test("files a screen reads are inputs: --out holding one is refused (exit 64), nothing written")
    func screenReadsAreInputs() throws {
        let space = try Workspace("reads")
        let data = try space.folder("data")
        try Data("Body text from a file.".utf8).write(to: data.appendingPathComponent("report.json"))
        try space.note("article.screen.json", Self.screen(#"{"kind": "textView", "id": "t", "file": "../data/report.json"}"#))
        try AdversarialInputTests.untouched([space.root.path]) {
            let result = try DyntypeRunner.run(
                ["preview", space.notes.appendingPathComponent("article.screen.json").path, "--out", data.path] + Self.large)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("report.json"), "\(result.stderr)")
        }
    }
}

/// Careless inputs that used to be silently replaced by something else.
@Suite("careless inputs (end to end)")
struct CarelessInputTests {
    @Test("--strings without screens is a usage error (64), not a run over the sample notes")
    func stringsWithoutScreens() throws {
        let space = try AdversarialInputTests.Workspace("strings-alone")
        try space.note("a.txt", "A note\nwith text\n")
        let strings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/screens/Localizable.xcstrings").standardizedFileURL.path
        try AdversarialInputTests.untouched([space.root.path]) {
            for inputs in [[], [space.notes.path]] {
                let result = try DyntypeRunner.run(["preview"] + inputs + ["--strings", strings, "--out", space.path("out"), "--categories", "large"])
                #expect(result.status == 64, "\(result.stderr)")
                #expect(result.stderr.contains("--strings gives texts to screens"), "\(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: space.path("out")))
    }

    @Test("with only screens, the summary names the devices they were drawn on, not the default device")
    func summaryDevices() throws {
        let space = try AdversarialInputTests.Workspace("summary")
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/screens/article.screen.json").standardizedFileURL.path
        let result = try DyntypeRunner.run(["preview", article, "--out", space.path("out"), "--categories", "large"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Rendered 1 screen at 1 category (iPhone SE, 320 pt, 2×)"), "\(result.stdout)")
    }
}
