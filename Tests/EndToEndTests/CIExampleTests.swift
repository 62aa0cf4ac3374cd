import Foundation
import Testing

/// docs/ci: the CI examples are real files users copy, so they are linted and checked here.
@Suite("CI examples")
struct CIExampleTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/ci").standardizedFileURL

    /// `actionlint` on PATH (scripts/setup.sh installs it with pip), or nil.
    static var actionlint: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return paths.map { "\($0)/actionlint" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("actionlint reports nothing on docs/ci/github-actions.yml", .enabled(if: actionlint != nil, "actionlint is not installed (bash scripts/setup.sh)"))
    func actionlintIsClean() throws {
        let file = Self.docs.appendingPathComponent("github-actions.yml").path
        let run = try DyntypeRunner.shell("\"\(Self.actionlint!)\" -no-color \"\(file)\"")
        #expect(run.status == 0 && run.stdout.isEmpty, "actionlint:\n\(run.stdout)\(run.stderr)")
    }

    @Test("the examples shard 3 ways, merge, and write the switch summary")
    func examplesShardAndMerge() throws {
        let github = try String(contentsOf: Self.docs.appendingPathComponent("github-actions.yml"), encoding: .utf8)
        #expect(github.contains("shard: [1, 2, 3]"))
        #expect(github.contains("bash scripts/setup.sh"))
        #expect(github.contains("swift run -c release dyntype preview --shard ${{ matrix.shard }}/3"))
        #expect(github.contains("dyntype merge shard-1 shard-2 shard-3"))
        #expect(github.contains("switch --sweep --format markdown >> \"$GITHUB_STEP_SUMMARY\""))
        let gitlab = try String(contentsOf: Self.docs.appendingPathComponent("gitlab-ci.yml"), encoding: .utf8)
        #expect(gitlab.contains("parallel: 3"))
        #expect(gitlab.contains("--shard \"$CI_NODE_INDEX/$CI_NODE_TOTAL\""))
        // Both parse as YAML (python3's yaml module, where present).
        for name in ["github-actions.yml", "gitlab-ci.yml"] {
            let path = Self.docs.appendingPathComponent(name).path
            let run = try DyntypeRunner.shell(
                "python3 -c 'import yaml' 2>/dev/null || exit 0; python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' \"\(path)\"")
            #expect(run.status == 0, "\(name) is not valid YAML: \(run.stderr)")
        }
    }
}
