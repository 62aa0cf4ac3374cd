import Foundation
import TestSupport
import Testing

/// action.yml's steps run as a runner runs them (ActionStepRunner: each `run:` script with bash and the
/// GITHUB_* / RUNNER_* variables, `uses:` steps reported, not run) in a temporary repository holding a
/// screen file: with the default inputs (the debug dyntype as DYNTYPE_PREBUILT, so nothing is built),
/// and with `version:` and a release tarball at a file:// address (the debug dyntype and its bundles,
/// packed as scripts/package.sh packs them), which must be refused when its checksum is wrong or missing.
@Suite("GitHub Action run as a runner does")
struct ActionRunTests {
    static let root = CIExampleTests.root

    /// A repository as actions/checkout leaves it: `.git`, and the example settings screen with its
    /// strings under Screens/, all older than the run.
    static func workspace(in folder: URL) throws -> URL {
        let workspace = folder.appendingPathComponent("workspace")
        let screens = workspace.appendingPathComponent("Screens")
        let manager = FileManager.default
        try manager.createDirectory(at: workspace.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try manager.createDirectory(at: screens, withIntermediateDirectories: true)
        for file in ["settings.screen.json", "Localizable.xcstrings"] {
            let copy = screens.appendingPathComponent(file)
            try manager.copyItem(at: CIFindingsTests.examples.appendingPathComponent(file), to: copy)
            try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: copy.path)
        }
        return workspace
    }

    /// The step with `id`, or named starting with `name`.
    static func step(_ steps: [ActionStepRunner.Step], id: String? = nil, name: String? = nil) throws -> ActionStepRunner.Step {
        try #require(steps.first { (id != nil && $0.id == id) || (name != nil && $0.name.hasPrefix(name!)) }, "no step \(id ?? name ?? "")")
    }

    /// The SARIF file validates against the SARIF 2.1.0 schema; every result has a physical location
    /// naming a file of the workspace. Returns the results' file URIs.
    static func checkSARIF(_ sarif: URL, workspace: URL) throws -> [String] {
        let (status, output) = try PythonJSONSchema.validateSARIF([sarif.path])
        #expect(status == 0, "SARIF 2.1.0 schema: \(output)")
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let run = try #require((log?["runs"] as? [[String: Any]])?.first)
        var uris: [String] = []
        for result in (run["results"] as? [[String: Any]]) ?? [] {
            let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
            let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri != nil, "a result without a physical location: \(result)")
            if let uri {
                #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent(uri).path), "\(uri) is not a file of the workspace")
                uris.append(uri)
            }
        }
        return uris
    }

    @Test(
        "default inputs: setup, the prebuilt dyntype (no build), preview of the samples; the SARIF validates, uploads would run on the run's files",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func defaultInputs() throws {
        let folder = try ActionMetadataTests.temporaryFolder("run-default")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = try Self.workspace(in: folder)
        var runner = try ActionStepRunner(actionPath: Self.root, workspace: workspace, folder: folder)
        runner.workflowEnv = ["DYNTYPE_PREBUILT": DyntypeRunner.binary.path]
        let steps = try runner.run()
        let log = steps.map { "\($0.name): \($0.skipped ?? "status \($0.status)")\n\($0.stderr.suffix(600))" }.joined(separator: "\n")

        #expect(try Self.step(steps, name: "Install fonts").status == 0, "\(log)")
        let fetch = try Self.step(steps, id: "fetch")
        #expect(fetch.status == 0 && fetch.stderr.contains("using the prebuilt"), "\(log)")
        #expect(fetch.outputs["dyntype"] == DyntypeRunner.binary.resolvingSymlinksInPath().path)
        for skipped in [try Self.step(steps, name: "Check the Swift"), try Self.step(steps, id: "key"), try Self.step(steps, id: "build")] {
            #expect(skipped.skipped?.hasPrefix("if: steps.fetch.outputs.dyntype == ''") == true, "\(skipped.name) ran: \(log)")
        }
        let run = try Self.step(steps, id: "run")
        #expect(run.skipped == nil && run.status == 0 && run.outputs["exit-code"] == "0", "\(log)")
        #expect(run.env["DYNTYPE_COMMAND"] == "preview --sarif dyntype.sarif")
        let real = workspace.resolvingSymlinksInPath().path
        let outputs = try Self.step(steps, id: "outputs")
        #expect(outputs.outputs == ["sarif": "\(real)/dyntype.sarif", "artifact": "\(real)/preview"], "\(log)")
        let sarifUpload = try Self.step(steps, name: "Upload SARIF")
        #expect(sarifUpload.skipped?.hasSuffix("its if: is true)") == true && sarifUpload.with["sarif_file"] == "\(real)/dyntype.sarif", "\(log)")
        let artifact = try Self.step(steps, name: "Upload the contact sheet")
        #expect(artifact.skipped?.hasSuffix("its if: is true)") == true && artifact.with["path"] == "\(real)/preview")
        #expect(artifact.with["name"] == "dynamic-type-preview")

        // The samples are no file of the repository: their findings are counted, none is a result.
        let uris = try Self.checkSARIF(workspace.appendingPathComponent("dyntype.sarif"), workspace: workspace)
        #expect(uris.isEmpty, "results about the bundled samples: \(uris)")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("preview/contact-sheet.png").path))
        #expect(try String(contentsOf: runner.summary, encoding: .utf8).isEmpty == false, "no job summary")
    }

    /// `<folder>/releases/v<version>/dyntype-<version>-linux-x86_64.tar.gz` and its `.sha256`, the
    /// tarball holding the debug dyntype and its resource bundles in one folder, as package.sh lays it out.
    static func release(in folder: URL, version: String) throws -> URL {
        let releases = folder.appendingPathComponent("releases")
        let name = "dyntype-\(version)-linux-x86_64"
        let script = """
            set -eu
            stage="$FOLDER/stage/$NAME" tag="$FOLDER/releases/v$VERSION"
            mkdir -p "$stage" "$tag"
            cp "$DYNTYPE" "$stage/dyntype"
            cp -R "$(dirname "$DYNTYPE")"/*.resources "$stage/"
            tar -C "$FOLDER/stage" -cf - "$NAME" | gzip -1 > "$tag/$NAME.tar.gz"
            cd "$tag" && sha256sum "$NAME.tar.gz" > "$NAME.tar.gz.sha256"
            rm -rf "$FOLDER/stage"
            """
        let made = try DyntypeRunner.shell(script, environment: ["FOLDER": folder.path, "NAME": name, "VERSION": version])
        try #require(made.status == 0, "packing the release: \(made.stderr)")
        return releases
    }

    @Test(
        "version: the release tarball at a file:// address is checked and used (no build); its SARIF validates, every result in the screen file",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema: bash scripts/setup.sh"))
    func versionFromRelease() throws {
        let folder = try ActionMetadataTests.temporaryFolder("run-version")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = try Self.workspace(in: folder)
        let version = try DyntypeRunner.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let releases = try Self.release(in: folder, version: version)
        var runner = try ActionStepRunner(actionPath: Self.root, workspace: workspace, folder: folder)
        runner.inputs = [
            "version": version, "release-url": releases.absoluteString,
            "command": "preview Screens/settings.screen.json --strings Screens/Localizable.xcstrings --locales de --categories large,accessibility3 --sarif dyntype.sarif",
        ]
        let steps = try runner.run()
        let log = steps.map { "\($0.name): \($0.skipped ?? "status \($0.status)")\n\($0.stderr.suffix(600))" }.joined(separator: "\n")

        let fetch = try Self.step(steps, id: "fetch")
        let unpacked = runner.temp.appendingPathComponent("dyntype-release/dyntype-\(version)-linux-x86_64/dyntype").path
        #expect(fetch.status == 0 && fetch.outputs["dyntype"] == unpacked, "\(log)")
        #expect(fetch.stderr.contains("using the released dyntype \(version) from \(releases.absoluteString)"), "\(log)")
        #expect(try Self.step(steps, id: "build").skipped != nil, "built although a release was used: \(log)")
        let run = try Self.step(steps, id: "run")
        #expect(run.env["DYNTYPE"] == unpacked && run.status == 0, "\(log)")
        let uris = try Self.checkSARIF(workspace.appendingPathComponent("dyntype.sarif"), workspace: workspace)
        #expect(!uris.isEmpty, "the German settings screen truncates at accessibility3 (CIFindingsTests): no result")
        #expect(Set(uris) == ["Screens/settings.screen.json"], "\(uris)")
    }

    @Test(
        "version: a wrong or missing checksum, a link in the tarball or a malformed version is refused with an ::error; nothing runs after it",
        arguments: ["wrong-checksum", "missing-checksum", "link", "bad-version"])
    func versionRefused(_ variant: String) throws {
        let folder = try ActionMetadataTests.temporaryFolder("run-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = try Self.workspace(in: folder)
        let version = "1.2.3"
        let name = "dyntype-\(version)-linux-x86_64"
        let tag = folder.appendingPathComponent("releases/v\(version)")
        // A small tarball: each variant is refused before anything in it would run.
        let script = """
            set -eu
            mkdir -p "$TAG" "$FOLDER/stage/$NAME"
            printf '#!/bin/sh\\necho pwned > "$FOLDER/pwned"\\n' > "$FOLDER/stage/$NAME/dyntype"
            chmod +x "$FOLDER/stage/$NAME/dyntype"
            if [ "$VARIANT" = link ]; then ln -s /bin/sh "$FOLDER/stage/$NAME/helper"; fi
            tar -C "$FOLDER/stage" -czf "$TAG/$NAME.tar.gz" "$NAME"
            cd "$TAG" && sha256sum "$NAME.tar.gz" > "$NAME.tar.gz.sha256"
            case $VARIANT in
              wrong-checksum) echo "0000000000000000000000000000000000000000000000000000000000000000  $NAME.tar.gz" > "$NAME.tar.gz.sha256" ;;
              missing-checksum) rm "$NAME.tar.gz.sha256" ;;
            esac
            """
        let made = try DyntypeRunner.shell(
            script, environment: ["FOLDER": folder.path, "NAME": name, "TAG": tag.path, "VARIANT": variant])
        try #require(made.status == 0, "\(made.stderr)")
        var runner = try ActionStepRunner(actionPath: Self.root, workspace: workspace, folder: folder)
        runner.inputs = [
            "version": variant == "bad-version" ? "1.2.3;touch${IFS}pwned" : version,
            "release-url": folder.appendingPathComponent("releases").absoluteString,
        ]
        let steps = try runner.run()
        let log = steps.map { "\($0.name): \($0.skipped ?? "status \($0.status)")\n\($0.stderr.suffix(600))" }.joined(separator: "\n")
        let fetch = try Self.step(steps, id: "fetch")
        let said = [
            "wrong-checksum": "'s SHA-256 is ", "missing-checksum": "has no checksum at", "link": "holds entries other than files and folders",
            "bad-version": "is not a release version",
        ][variant]!
        #expect(fetch.status != 0 && fetch.stderr.contains("::error title=dyntype::") && fetch.stderr.contains(said), "\(log)")
        #expect(fetch.outputs["dyntype"] == nil)
        // The job has failed: no build, no dyntype; the outputs step (always) says dyntype did not run.
        #expect(try Self.step(steps, id: "build").skipped != nil && Self.step(steps, id: "run").skipped != nil, "\(log)")
        #expect(try Self.step(steps, id: "outputs").stderr.contains("dyntype did not run"), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "the refused tarball's dyntype ran")
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("pwned").path))
    }

    @Test("version: no such release falls back to building from source, said as a notice")
    func versionMissingBuilds() throws {
        let folder = try ActionMetadataTests.temporaryFolder("run-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = try Self.workspace(in: folder)
        var runner = try ActionStepRunner(actionPath: Self.root, workspace: workspace, folder: folder)
        runner.inputs = ["version": "9.9.9", "release-url": folder.appendingPathComponent("releases").absoluteString]
        // Through the cache key only: the steps after it build the release dyntype (minutes), which
        // the key step's running shows is where this goes.
        let steps = try runner.run(through: "key")
        let log = steps.map { "\($0.name): \($0.skipped ?? "status \($0.status)")\n\($0.stderr.suffix(600))" }.joined(separator: "\n")
        let fetch = try Self.step(steps, id: "fetch")
        #expect(fetch.status == 0 && fetch.outputs["dyntype"] == nil, "\(log)")
        #expect(fetch.stderr.contains("::notice title=dyntype::no release tarball at ") && fetch.stderr.contains("building dyntype from source"), "\(log)")
        let key = try Self.step(steps, id: "key")
        #expect(key.skipped == nil && key.status == 0 && key.outputs["key"]?.hasPrefix("dyntype-release-Linux-X64-") == true, "\(log)")
        #expect(try runner.evaluateCondition("steps.fetch.outputs.dyntype == ''", steps: steps, failed: false), "the build step would not run")
    }
}
