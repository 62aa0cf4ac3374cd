import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import NotepadViews
import Testing
import TextStack

/// One pipeline: every command reports what the library's one findings function finds, and every
/// command's help is reviewed like code.
@Suite("one pipeline (end to end)")
struct PipelineTests {
    static let helpFixtures = SwitchCommandTests.fixtures.appendingPathComponent("Help")

    /// `kind element: message` of each finding about the note's editor.
    static func editorKeys(_ findings: [(kind: String, element: String, message: String)]) -> Set<String> {
        Set(findings.filter { $0.element.hasPrefix("editor") }.map { "\($0.kind) \($0.element): \($0.message)" })
    }

    static func parse(_ object: Any?) -> [(kind: String, element: String, message: String)] {
        (object as? [[String: Any]] ?? []).map {
            ($0["kind"] as? String ?? "", $0["element"] as? String ?? "", $0["message"] as? String ?? "")
        }
    }

    @Test("one note at one category: preview, switch, snapshot and the library give the same findings")
    func sameFindingsEverywhere() throws {
        let folder = try PreviewCommandTests.temporaryFolder("pipeline-notes")
        let out = try PreviewCommandTests.temporaryFolder("pipeline-out")
        let snapshots = try PreviewCommandTests.temporaryFolder("pipeline-snap")
        defer {
            for url in [folder, out, snapshots] { try? FileManager.default.removeItem(at: url) }
        }
        let text = "Checks\nThis is URGENT now, read it. Supercalifragilisticexpialidociouslylongwordthatcannotfit here. 中文"
        try Data(text.utf8).write(to: folder.appendingPathComponent("checks.txt"))

        let preview = try DyntypeRunner.run(["preview", folder.path, "--categories", "large", "--out", out.path])
        #expect(preview.status == 0, "\(preview.stderr)")
        let report = try RealSizeTests.report(out)
        let view = try RealSizeTests.view(report, id: "checks")
        let fromPreview = Self.editorKeys(Self.parse((view["findings"] as? [String: Any])?["large"]))

        let change = try DyntypeRunner.run(["switch", "xSmall", "large", folder.path, "--format", "json"])
        #expect(change.status == 0, "\(change.stderr)")
        let switchReport = try #require(try JSONSerialization.jsonObject(with: Data(change.stdout.utf8)) as? [String: Any])
        let fromSwitch = Self.editorKeys(Self.parse(switchReport["findings"]).filter { $0.kind != "staleState" })

        let record = try DyntypeRunner.run([
            "snapshot", "record", folder.path, "--categories", "large", "--device", "iphone-15", "--out", snapshots.path,
        ])
        #expect(record.status == 0, "\(record.stderr)")
        let dump = try String(contentsOf: snapshots.appendingPathComponent("checks/03-large.txt"), encoding: .utf8)
        let dumpFindings = dump.split(separator: "\n").drop { $0 != "findings:" }.dropFirst().map { line in
            // "  [warning] kind element: message"
            let body = line.drop { $0 == " " }.drop { $0 != "]" }.dropFirst(2)
            let kind = String(body.prefix { $0 != " " })
            let rest = body.dropFirst(kind.count + 1)
            let element = rest.hasPrefix("editor: Checks · date label") ? "editor: Checks · date label" : rest.hasPrefix("editor: Checks") ? "editor: Checks" : ""
            return (kind, element, String(rest.dropFirst(element.count + 2)))
        }
        let fromSnapshot = Self.editorKeys(dumpFindings)

        // The library, directly.
        let notes = try NoteLoader.load(from: folder.path).notes.map { note -> Note in
            var dated = note
            dated.timestamp = NoteLoader.sampleDate
            return dated
        }
        let editor = try NoteEditor(
            note: notes[0], viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .large),
            resolver: try FontResolver.shared())
        let fromLibrary = Self.editorKeys(
            ReadabilityChecks.findings(in: editor, profile: .ios).map { ($0.kind.rawValue, $0.element, $0.message) })

        #expect(fromLibrary.contains { $0.hasPrefix("lowContrast editor: Checks:") })
        #expect(fromLibrary.contains { $0.hasPrefix("wordWiderThanLine") })
        #expect(fromLibrary.contains { $0.hasPrefix("fallbackFont") })
        #expect(fromPreview == fromLibrary)
        #expect(fromSwitch == fromLibrary)
        #expect(fromSnapshot == fromLibrary)
    }

    @Test("--rules styles the editors everywhere: its colour is checked like the seeds' rules")
    func rulesFile() throws {
        let folder = try PreviewCommandTests.temporaryFolder("rules-notes")
        let out = try PreviewCommandTests.temporaryFolder("rules-out")
        defer { for url in [folder, out] { try? FileManager.default.removeItem(at: url) } }
        try Data("Todo\nA TODO item".utf8).write(to: folder.appendingPathComponent("todo.txt"))
        let rules = out.deletingLastPathComponent().appendingPathComponent("rules-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: rules) }
        try Data(##"{"schemaVersion": 1, "rules": [{"name": "todo", "pattern": "\\bTODO\\b", "foregroundColor": "#DD99DD"}]}"##.utf8)
            .write(to: rules)
        let preview = try DyntypeRunner.run([
            "preview", folder.path, "--rules", rules.path, "--categories", "large", "--out", out.path,
        ])
        #expect(preview.status == 0, "\(preview.stderr)")
        let view = try RealSizeTests.view(try RealSizeTests.report(out), id: "todo")
        let messages = Self.parse((view["findings"] as? [String: Any])?["large"]).map(\.message)
        #expect(messages.contains { $0.hasPrefix("#DD99DD text (\"TODO\")") })
        let change = try DyntypeRunner.run(["switch", "large", "AX1", folder.path, "--rules", rules.path])
        #expect(change.stdout.contains("#DD99DD text (\"TODO\")"))
        let missing = try DyntypeRunner.run(["preview", folder.path, "--rules", rules.path + ".none", "--out", out.path])
        #expect(missing.status == 66)
    }

    static let helpPaths: [[String]] = [
        [], ["preview"], ["switch"], ["merge"], ["fonts"], ["categories"], ["measure"], ["snapshot"], ["snapshot", "record"],
        ["snapshot", "verify"], ["serve"], ["env"], ["bench"], ["bench", "fonts"], ["bench", "layout"], ["bench", "restyle"], ["bench", "scale"], ["bench", "lint"], ["lint"], ["strings"],
    ]

    @Test("every command's --help matches its reviewed reference", arguments: helpPaths)
    func help(path: [String]) throws {
        let result = try DyntypeRunner.run(path + ["--help"])
        #expect(result.status == 0)
        let name = (["dyntype"] + path).joined(separator: "-") + ".txt"
        let url = Self.helpFixtures.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DYNTYPE_RECORD"] != nil {
            try FileManager.default.createDirectory(at: Self.helpFixtures, withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: url, options: .atomic)
            Issue.record("recorded \(name); run again without DYNTYPE_RECORD")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(result.stdout == expected, "dyntype \(path.joined(separator: " ")) --help changed; re-record with DYNTYPE_RECORD=1 if intended")
        // Help wraps at the terminal width, never mid-sentence at a source line break.
        #expect(!result.stdout.split(separator: "\n").contains { $0.count > 80 && !$0.hasPrefix("USAGE:") })
    }
}
