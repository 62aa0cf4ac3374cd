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
            "run: bash \"$GITHUB_ACTION_PATH/scripts/check-swift.sh\"",
            "uses: actions/cache@",
            "swift build -c release --product dyntype --package-path \"$GITHUB_ACTION_PATH\"",
            "GITHUB_ACTIONS: \"true\"",
            "uses: github/codeql-action/upload-sarif@",
            "uses: actions/upload-artifact@",
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
            environment: [
                "DYNTYPE_COMMAND": "preview 'My Screens'\n--fail-on truncated@accessibility1...", "GITHUB_OUTPUT": output.path,
                "RUNNER_TEMP": folder.path,
            ])
        #expect(run.stdout == "<preview><My Screens><--fail-on><truncated@accessibility1...>")
        #expect(run.status == 3)
        #expect((try? String(contentsOf: output, encoding: .utf8)) == "exit-code=3\n")
    }

    /// A folder for one test, removed by the caller.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-action-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a command with shell syntax from a branch name stays text: nothing runs, the words reach dyntype as written")
    func commandIsNeverEvaluated() throws {
        let script = try Self.runScript(ofStep: "run", in: String(contentsOf: Self.file, encoding: .utf8))
        let folder = try Self.temporaryFolder("words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = folder.appendingPathComponent("dyntype")
        try "#!/bin/sh\nprintf '<%s>' \"$@\"\n".write(to: stub, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        let pwned = folder.appendingPathComponent("pwned").path
        // What `command: preview --out pr-${{ github.head_ref }}` becomes for hostile branch names.
        let command = "preview --out pr-$(touch \(pwned)) a;touch${IFS}\(pwned) `touch \(pwned)` $HOME"
        let run = try DyntypeRunner.shell(
            "cd \"\(folder.path)\" && DYNTYPE=\"\(stub.path)\" bash -eo pipefail run.sh",
            environment: ["DYNTYPE_COMMAND": command, "GITHUB_OUTPUT": folder.appendingPathComponent("output").path, "RUNNER_TEMP": folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "<preview><--out><pr-$(touch><\(pwned))><a;touch${IFS}\(pwned)><`touch><\(pwned)`><$HOME>")
        #expect(!FileManager.default.fileExists(atPath: pwned), "the command ran as shell")

        let unpaired = try DyntypeRunner.shell(
            "cd \"\(folder.path)\" && DYNTYPE=\"\(stub.path)\" bash -eo pipefail run.sh",
            environment: ["DYNTYPE_COMMAND": "preview --out \"pr-a;x", "GITHUB_OUTPUT": folder.appendingPathComponent("output2").path, "RUNNER_TEMP": folder.path])
        #expect(unpaired.status == 64 && unpaired.stderr.contains("its quotes do not pair up"), "\(unpaired.stderr)")
        #expect(unpaired.stdout.isEmpty, "dyntype ran on an unpaired quote")
    }

    /// The outputs step's script in a workspace a pull request controls: links named like the SARIF
    /// file or the artifact folder, a link or a checked-out file inside the folder, a path outside
    /// the workspace. Only what the run wrote, as regular files inside the workspace, is named.
    @Test(
        "uploads: a symlinked SARIF file or artifact folder, a link or a stale file inside it, a path outside: none uploaded, each said",
        arguments: ["sarif-link", "folder-link", "link-inside", "stale-inside", "outside", "not-run", "fork", "clean"])
    func uploadsOnlyWhatTheRunWrote(_ variant: String) throws {
        let script = try Self.runScript(ofStep: "outputs", in: String(contentsOf: Self.file, encoding: .utf8))
        let folder = try Self.temporaryFolder("uploads")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = folder.appendingPathComponent("workspace")
        let temp = folder.appendingPathComponent("temp")
        let manager = FileManager.default
        try manager.createDirectory(at: workspace.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try manager.createDirectory(at: temp, withIntermediateDirectories: true)
        try Data("token=secret".utf8).write(to: workspace.appendingPathComponent(".git/config"))
        // Checked out before the run: older than the run's start.
        let checkedOut = workspace.appendingPathComponent("checked-out.txt")
        try Data("from the pull request".utf8).write(to: checkedOut)
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: checkedOut.path)
        try Data().write(to: temp.appendingPathComponent("dyntype-run-started"))
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -30)], ofItemAtPath: temp.appendingPathComponent("dyntype-run-started").path)
        let preview = workspace.appendingPathComponent("preview")
        let sarif = workspace.appendingPathComponent("dyntype.sarif")
        var environment = ["GITHUB_WORKSPACE": workspace.path, "RUNNER_TEMP": temp.path, "SARIF": "dyntype.sarif", "ARTIFACT_PATH": "preview"]
        switch variant {
        case "sarif-link":
            try manager.createSymbolicLink(atPath: sarif.path, withDestinationPath: ".git/config")
        case "folder-link":
            try manager.createSymbolicLink(atPath: preview.path, withDestinationPath: ".git")
        case "link-inside":
            try manager.createDirectory(at: preview, withIntermediateDirectories: true)
            try Data("<html>".utf8).write(to: preview.appendingPathComponent("index.html"))
            try manager.createSymbolicLink(atPath: preview.appendingPathComponent("config").path, withDestinationPath: "../.git/config")
        case "stale-inside":
            try manager.createDirectory(at: preview, withIntermediateDirectories: true)
            try Data("<html>".utf8).write(to: preview.appendingPathComponent("index.html"))
            try manager.moveItem(at: checkedOut, to: preview.appendingPathComponent("checked-out.txt"))
        case "fork":
            try Data("{}".utf8).write(to: sarif)
            environment["FROM_FORK"] = "true"
            environment["ARTIFACT_PATH"] = ""
        case "not-run":
            // The build failed before dyntype ran: a SARIF file and a folder from the checkout.
            try manager.removeItem(at: temp.appendingPathComponent("dyntype-run-started"))
            try Data("{}".utf8).write(to: sarif)
            try manager.createDirectory(at: preview, withIntermediateDirectories: true)
        case "outside":
            try Data("{}".utf8).write(to: folder.appendingPathComponent("elsewhere.sarif"))
            environment["SARIF"] = folder.appendingPathComponent("elsewhere.sarif").path
            environment["ARTIFACT_PATH"] = ".git"
        default:
            try Data("{}".utf8).write(to: sarif)
            try manager.createDirectory(at: preview, withIntermediateDirectories: true)
            try Data("<html>".utf8).write(to: preview.appendingPathComponent("index.html"))
        }
        try script.write(to: folder.appendingPathComponent("outputs.sh"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("output")
        environment["GITHUB_OUTPUT"] = output.path
        let run = try DyntypeRunner.shell("cd \"\(workspace.path)\" && bash -eo pipefail ../outputs.sh", environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let named = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let real = workspace.resolvingSymlinksInPath().path
        switch variant {
        case "clean":
            #expect(named == "sarif=\(real)/dyntype.sarif\nartifact=\(real)/preview\n", "\(named)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        default:
            #expect(!named.contains(".git") && !named.contains("artifact=") && !named.contains("sarif="), "\(variant) uploads: \(named)")
            let said = [
                "sarif-link": "sarif 'dyntype.sarif' is a symbolic link: not uploaded",
                "folder-link": "artifact-path 'preview' is a symbolic link: not uploaded",
                "link-inside": "holds 'preview/config', which is not a regular file (a link, a FIFO): not uploaded",
                "stale-inside": "holds 'preview/checked-out.txt', which this run did not write: not uploaded",
                "outside": "is outside the workspace",
                "not-run": "dyntype did not run, so nothing it wrote is uploaded",
                "fork": "a pull request from a fork has a read-only token: the SARIF file is not uploaded",
            ][variant] ?? ""
            #expect(run.stderr.contains("title=dyntype::") && run.stderr.contains(said), "\(variant): \(run.stderr)")
        }
    }

    @Test("the build cache restores its exact key only: no restore-keys, so another key's .build is never restored")
    func cacheRestoresExactKeyOnly() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let step = try #require(lines.firstIndex { $0.contains("uses: actions/cache@") })
        let with = lines[(step + 1)...].prefix { $0.hasPrefix("        ") || $0 == "      with:" }
        let keys = with.filter { $0.hasPrefix("        ") }.compactMap { $0.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init) }
        #expect(keys == ["path", "key"], "the cache step's inputs: \(keys)")
        let code = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        #expect(!code.contains { $0.contains("restore-keys") })
        // Every action is pinned to a commit (a tag can be moved to other code).
        for line in code where line.trimmingCharacters(in: .whitespaces).hasPrefix("uses: ") {
            #expect(line.range(of: #"@[0-9a-f]{40} # v"#, options: .regularExpression) != nil, "not pinned: \(line)")
        }
    }

    @Test(
        "the toolchain check: a tested Swift passes, another 6.x warns, Swift 5 and an unreadable version are 69 with how to fix it",
        arguments: [
            ("Swift version 6.3.1 (swift-6.3.1-RELEASE)", 0, "a tested toolchain"),
            ("Apple Swift version 6.1 (swift-6.1-RELEASE)", 0, "::warning title=dyntype::Swift 6.1 is not a tested toolchain"),
            ("Swift version 5.10.1 (swift-5.10.1-RELEASE)", 69, "Swift 5.10 is too old: dyntype needs Swift 6"),
            ("", 69, "cannot read the Swift version"),
        ])
    func toolchainCheck(banner: String, status: Int32, says: String) throws {
        let folder = try Self.temporaryFolder("swift")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = folder.appendingPathComponent("swift")
        try "#!/bin/sh\nprintf '%s\\n' \"$SWIFT_BANNER\"\n".write(to: stub, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        let script = CIExampleTests.root.appendingPathComponent("scripts/check-swift.sh").path
        let run = try DyntypeRunner.shell(
            "PATH=\"\(folder.path):/usr/bin:/bin\" bash \"\(script)\"", environment: ["SWIFT_BANNER": banner])
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderr.contains(says), "\(run.stderr)")
    }
}
