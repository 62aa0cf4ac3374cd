import Foundation
import Testing

/// action.yml, read as text (its layout is fixed: two-space indents, one key per line): what
/// actionlint and the schema do not check — inputs the steps name but the Action does not declare
/// (GitHub gives them as empty strings, silently), the steps' order, and the run step's shell.
@Suite("GitHub Action metadata")
struct ActionMetadataTests {
    static let file = CIExampleTests.root.appendingPathComponent("action.yml")

    /// The keys directly under the top-level `section:` (two spaces in).
    static func keys(of section: String, in text: String) -> Set<String> {
        var inSection = false
        var keys = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty && !line.hasPrefix("#") { inSection = line == "\(section):" }
            guard inSection, line.hasPrefix("  "), !line.hasPrefix("   "), let colon = line.firstIndex(of: ":") else { continue }
            keys.insert(String(line[line.index(line.startIndex, offsetBy: 2)..<colon]))
        }
        return keys
    }

    /// Every `inputs.<name>` in `text`.
    static func referencedInputs(in text: String) -> Set<String> {
        Set(text.matches(of: /inputs\.([A-Za-z0-9_-]+)/).map { String($0.output.1) })
    }

    /// The `run: |` block of the step with `id: <id>`, unindented.
    static func runScript(ofStep id: String, in text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let step = try #require(lines.firstIndex(of: "      id: \(id)"), "no step with id \(id)")
        let start = try #require(lines[step...].firstIndex(of: "      run: |"), "step \(id) has no run block") + 1
        let body = lines[start...].prefix { $0.hasPrefix("        ") || $0.isEmpty }
        return body.map { String($0.dropFirst(8)) }.joined(separator: "\n") + "\n"
    }

    @Test("every inputs.* the steps name is declared, and every declared input is used")
    func inputsDeclaredAndUsed() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let declared = Self.keys(of: "inputs", in: text)
        let referenced = Self.referencedInputs(in: text)
        #expect(declared.isSuperset(of: ["command", "working-directory", "sarif", "artifact-name", "artifact-path"]), "declared: \(declared.sorted())")
        #expect(referenced.subtracting(declared).isEmpty, "named but not declared: \(referenced.subtracting(declared).sorted())")
        #expect(declared.subtracting(referenced).isEmpty, "declared but never used: \(declared.subtracting(referenced).sorted())")
        for output in Self.keys(of: "outputs", in: text) {
            #expect(text.contains("\n  \(output):\n    description:"), "output \(output) has no description")
        }
    }

    @Test("the steps run scripts/setup.sh, build the release binary, run dyntype, then upload even on failure")
    func stepsInOrder() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let markers = [
            "run: bash \"$GITHUB_ACTION_PATH/scripts/setup.sh\" --run-only",
            "uses: actions/cache@v4",
            "swift build -c release --product dyntype --package-path \"$GITHUB_ACTION_PATH\"",
            "GITHUB_ACTIONS: \"true\"",
            "uses: github/codeql-action/upload-sarif@v3",
            "uses: actions/upload-artifact@v4",
        ]
        let offsets = try markers.map { marker in try #require(text.range(of: marker), "action.yml lacks \(marker)").lowerBound }
        #expect(offsets == offsets.sorted(), "steps out of order: \(markers)")
        #expect(FileManager.default.fileExists(atPath: CIExampleTests.root.appendingPathComponent("scripts/setup.sh").path))
        for upload in markers.suffix(2) {
            // The line above the step's `uses:` (the one the marker starts on ends in its indentation).
            let before = text[..<text.range(of: upload)!.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? ""
            #expect(before.contains("if: always()"), "\(upload) must run when dyntype failed: \(before)")
        }
    }

    /// The run step's own script, with a stand-in for dyntype that prints its arguments and exits 3:
    /// the command's quotes are honoured (and a line break is a space), the exit code is the step's
    /// output, and the step fails.
    @Test("the run step passes the command's words, records dyntype's exit code and fails with it")
    func runStepPropagatesExitCode() throws {
        let script = try Self.runScript(ofStep: "run", in: String(contentsOf: Self.file, encoding: .utf8))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-action-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = folder.appendingPathComponent("dyntype")
        try "#!/bin/sh\nprintf '<%s>' \"$@\"\nexit 3\n".write(to: stub, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output")
        // DYNTYPE in the script itself: DyntypeRunner.shell sets it to the real binary.
        let run = try DyntypeRunner.shell(
            "DYNTYPE=\"\(stub.path)\" bash -eo pipefail \"\(folder.path)/run.sh\"",
            environment: ["DYNTYPE_COMMAND": "preview 'My Screens'\n--fail-on truncated@accessibility1...", "GITHUB_OUTPUT": output.path])
        #expect(run.stdout == "<preview><My Screens><--fail-on><truncated@accessibility1...>")
        #expect(run.status == 3)
        #expect((try? String(contentsOf: output, encoding: .utf8)) == "exit-code=3\n")
    }
}
