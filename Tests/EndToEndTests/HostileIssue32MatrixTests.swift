import Foundation
import Testing

/// Issue 32's classes through the binary, each with variants of our own, checked the same way:
/// the documented exit code (never a signal), a message that names the file and says what to do,
/// nothing created or changed outside `--out` (every input's SHA-256 kept), and no byte of what
/// lies outside the inputs — a file beside the project, an environment variable — in any output.
/// The runner's timeout turns a hang into a failure.
@Suite("Issue 32: every class of hostile input, one way of checking (end to end)")
struct HostileIssue32MatrixTests {
    typealias Workspace = AdversarialInputTests.Workspace
    static let local = AdversarialInputTests.local

    /// One hostile run: files to write under the workspace's `project/`, the arguments (with
    /// `$P` for the project folder and `$O` for `--out`), and what must come back.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String: String]
        var arguments: [String]
        var status: Int32
        /// Fragments the run must say (what, where, how to fix): on stderr or stdout, or in a
        /// report or layout text under `--out`.
        var says: [String]
        /// Files written as these bytes rather than as UTF-8 text.
        var bytes: [String: [UInt8]] = [:]
        var testDescription: String { name }
    }

    /// A secret the project must never reveal: written beside the project and set in the environment.
    static let secret = "ISSUE32_SECRET_\(UUID().uuidString.prefix(8))"

    static func deep(_ body: String, _ count: Int) -> String {
        "import SwiftUI\nstruct Deep: View {\n    var body: some View {\n        \(body)\n    }\n}\n".replacingOccurrences(
            of: "@", with: String(repeating: ".padding()", count: count))
    }

    static let cases: [Case] = [
        Case(
            name: "SwiftUI numbers out of range: infinite spacing, a huge spacer, a negative frame",
            files: [
                "Inf.swift": """
                import SwiftUI
                struct Inf: View {
                    var body: some View {
                        VStack(spacing: .infinity) {
                            Spacer(minLength: 1e308)
                            Text("A").frame(width: -40)
                        }
                    }
                }
                """
            ],
            arguments: ["preview", "$P/Inf.swift", "--out", "$O", "--categories", "large"], status: 0,
            says: [
                "Inf.swift:4", "VStack spacing .infinity is not a finite length (give -100000…100000 pt): ignored",
                "Spacer minLength 1e308 is outside 0…100000 pt", "frame width -40 is outside 0…100000 pt: 0 pt is used",
            ]),
        Case(
            name: "Swift nested past the parser's bound (12,000 modifiers), in preview",
            files: ["Deep.swift": deep(#"Text("A")@"#, 12_000)],
            arguments: ["preview", "$P/Deep.swift", "--out", "$O", "--categories", "large"], status: 65,
            says: ["Deep.swift: line 4", "too long to parse safely; split it", "every input was left out"]),
        Case(
            name: "Swift nested past the parser's bound, in lint: an unreadable-file finding at its line",
            files: ["Deep.swift": deep(#"Text("A")@"#, 12_000)],
            arguments: ["lint", "$P", "--format", "sarif"], status: 0,
            says: ["1 finding (1 warning)", "Deep.swift", "\"startLine\" : 4", "too long to parse safely"]),
        Case(
            name: "a token map that is a YAML alias bomb (--fonts)",
            files: [
                "Row.swift": "import SwiftUI\nstruct Row: View { var body: some View { Text(\"A\").font(theme.body) } }\n",
                "map.yml": "fonts:\n  a: &a [x,x,x,x,x,x,x,x,x]\n  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n  c: [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n",
            ],
            arguments: ["preview", "$P/Row.swift", "--fonts", "$P/map.yml", "--out", "$O", "--categories", "large"], status: 65,
            says: ["map.yml", "line 2", "anchors"]),
        Case(
            name: "a .dyntype.yml of backtracking globs",
            files: [
                "A.swift": "import SwiftUI\nlet f = Font.system(size: 12)\n",
                ".dyntype.yml": "exclude:\n  - \"" + String(repeating: "**/", count: 16) + "*a*a*a*a*a*a*a*a*b\"\n",
            ],
            arguments: ["lint", "$P", "--config", "$P/.dyntype.yml", "--format", "json"], status: 1,
            says: ["1 finding"]),
        Case(
            name: "20,000 findings in one Swift file: listed up to the caps, the rest counted",
            files: [
                "Fonts.swift": "import UIKit\nfunc make() {\n"
                    + (0..<20_000).map { "    let f\($0) = UIFont.systemFont(ofSize: 12)\n" }.joined() + "}\n"
            ],
            arguments: ["lint", "$P", "--format", "sarif"], status: 1,
            says: ["20000 findings", "19500 more findings not listed (", "Fonts.swift 19500)", "500 per file"]),
        Case(
            name: "a screen text file of ../../ and an absolute path",
            files: [
                "screens/a.screen.json": #"{"schemaVersion": 1, "name": "A", "views": [{"kind": "textView", "id": "t", "file": "../../secret.txt"}]}"#,
                "screens/b.screen.json": #"{"schemaVersion": 1, "name": "B", "views": [{"kind": "textView", "id": "t", "file": "/etc/hostname"}]}"#,
            ],
            arguments: ["preview", "$P/screens", "--out", "$O", "--categories", "large"], status: 65,
            says: ["a.screen.json", "text file '../../secret.txt' is outside the screen file's folder", "copy the file there"]),
        Case(
            name: "--sarif naming a token map the run reads",
            files: [
                "Row.swift": "import SwiftUI\nstruct Row: View { var body: some View { Text(\"A\").font(theme.body) } }\n",
                "map.yml": "fonts:\n  theme.body: title2\n",
            ],
            arguments: ["preview", "$P/Row.swift", "--fonts", "$P/map.yml", "--out", "$O", "--sarif", "$P/map.yml", "--categories", "large"],
            status: 64, says: ["map.yml", "a file this run reads"]),
        Case(
            name: "lint --write-baseline naming the config the run reads",
            files: ["A.swift": "import SwiftUI\nlet f = Font.system(size: 12)\n", ".dyntype.yml": "rules:\n  single-line-text: off\n"],
            arguments: ["lint", "$P", "--config", "$P/.dyntype.yml", "--write-baseline", "$P/.dyntype.yml"], status: 64,
            says: [".dyntype.yml", "lint reads"]),
        Case(
            name: "Interface Builder files in UTF-7, and in UTF-16 with a processing instruction: unreadable-file, no crash",
            files: [
                "U7.xib": "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">+ADw-?evil?+AD4-</document>\n"
            ],
            arguments: ["lint", "$P", "--format", "json"], status: 0,
            says: [
                "U7.xib", "encoding 'utf-7': Interface Builder files are UTF-8; save the file as UTF-8", "unreadable-file",
                "U16.xib", "a processing instruction (<?…?>): Interface Builder files have none besides the XML declaration",
            ],
            bytes: ["U16.xib": utf16XIB]),
        Case(
            name: "literal text with percent signs is drawn as written, in a screen and in SwiftUI",
            files: [
                "bat.screen.json": #"{"schemaVersion": 1, "name": "Bat", "views": [{"kind": "label", "id": "a", "text": "Battery 100% done, 20% off"}]}"#,
                "Bat.swift": "import SwiftUI\nstruct Bat: View { var body: some View { Text(verbatim: \"Charge 50% now, 5%d left\") } }\n",
            ],
            arguments: ["snapshot", "record", "$P", "--categories", "large", "--out", "$O"], status: 0,
            says: [#""Battery 100% done, 20% off""#, #""Charge 50% now, 5%d left""#]),
    ]

    /// An Interface Builder file in UTF-16 (with its BOM) carrying a processing instruction.
    static let utf16XIB: [UInt8] = {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<?evil pi?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects/></document>\n"
        return [0xFF, 0xFE] + Array(xml.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }()

    @Test("each class: documented exit, a message with what and where, inputs unchanged, nothing outside --out, no secret in any output", arguments: cases)
    func hostile(_ test: Case) throws {
        let space = try Workspace("m32")
        let project = try space.folder("project")
        try Data(Self.secret.utf8).write(to: space.root.appendingPathComponent("secret.txt"))
        for (name, data) in test.files.mapValues({ Data($0.utf8) }).merging(test.bytes.mapValues { Data($0) }, uniquingKeysWith: { $1 }) {
            let url = project.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let out = space.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let arguments = test.arguments.map {
            $0.replacingOccurrences(of: "$P", with: project.path).replacingOccurrences(of: "$O", with: out)
        }
        try HostileOuterInputTests.confined(space.root, outputs: [out]) {
            let result = try DyntypeRunner.run(
                arguments, environment: Self.local.merging(["ISSUE32_SECRET": Self.secret]) { $1 }, timeout: 90)
            #expect(result.status == test.status, "\(test.name): \(result.stderr.suffix(1500))")
            var said = result.stderr + result.stdout
            for file in try Self.files(under: out) {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(data.range(of: Data(Self.secret.utf8)) == nil, "\(file) holds what lies outside the inputs")
                if file.hasSuffix(".json") || file.hasSuffix(".txt") { said += String(decoding: data, as: UTF8.self) }
            }
            for fragment in test.says {
                #expect(said.contains(fragment), "\(test.name): nothing says '\(fragment)': \(result.stderr.suffix(1500))")
            }
            #expect(!said.contains(Self.secret))
        }
    }

    /// Every regular file under `folder`.
    static func files(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.map { (folder as NSString).appendingPathComponent($0) }.filter { path in
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
    }
}
