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
        /// Fragments stderr must hold (what, where, how to fix).
        var says: [String]
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
                        VStack(spacing: .infinity) { Spacer(minLength: 1e308); Text("A").frame(width: -40) }
                    }
                }
                """
            ],
            arguments: ["preview", "$P/Inf.swift", "--out", "$O", "--categories", "large"], status: 65,
            says: ["Inf.swift", "line 4"]),
        Case(
            name: "Swift nested past the parser's bound (12,000 modifiers), in preview",
            files: ["Deep.swift": deep(#"Text("A")@"#, 12_000)],
            arguments: ["preview", "$P/Deep.swift", "--out", "$O", "--categories", "large"], status: 65,
            says: ["Deep.swift", "line 4", "split it"]),
        Case(
            name: "Swift nested past the parser's bound, in lint: an unreadable-file finding at its line",
            files: ["Deep.swift": deep(#"Text("A")@"#, 12_000)],
            arguments: ["lint", "$P", "--format", "sarif"], status: 1,
            says: ["1 finding (1 error)"]),
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
            says: ["20000 findings", "19500 more findings not listed (Fonts.swift 19500)", "500 per file"]),
        Case(
            name: "a screen text file of ../../ and an absolute path",
            files: [
                "screens/a.screen.json": #"{"schemaVersion": 1, "name": "A", "views": [{"kind": "text", "id": "t", "file": "../../secret.txt"}]}"#
            ],
            arguments: ["preview", "$P/screens", "--out", "$O", "--categories", "large"], status: 65,
            says: ["a.screen.json", "secret.txt", "inside"]),
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
    ]

    @Test("each class: documented exit, a message with what and where, inputs unchanged, nothing outside --out, no secret in any output", arguments: cases)
    func hostile(_ test: Case) throws {
        let space = try Workspace("m32")
        let project = try space.folder("project")
        try Data(Self.secret.utf8).write(to: space.root.appendingPathComponent("secret.txt"))
        for (name, text) in test.files {
            let url = project.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
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
            for fragment in test.says {
                #expect(result.stderr.contains(fragment), "\(test.name): stderr lacks '\(fragment)': \(result.stderr.suffix(1500))")
            }
            #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret))
            for file in try Self.files(under: out) {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                #expect(data.range(of: Data(Self.secret.utf8)) == nil, "\(file) holds what lies outside the inputs")
            }
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
