// libFuzzer target: lint's own untrusted files — `.dyntype.yml` (size, anchors and aliases
// refused before composing, rules, severities, exclude globs) with every exclude pattern matched
// against nested paths, and the same bytes as a lint baseline (--baseline) applied to a report.
// Run with scripts/fuzz.sh lint-config.
@testable import DynamicTypeLint
import DyntypeFuzzSupport
import Foundation

private let paths = ["App/Views/Row.swift", "a/a/a/a/a/a/a/a/a/a/a/b", "Pods/X/Y.xib", ".build/z.swift", "Main.storyboard"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLintConfig(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    if let configuration = try? LintConfiguration(yaml: text, origin: ".dyntype.yml") {
        // Globs are matched without backtracking: every pattern against every path, at once.
        for pattern in configuration.excludedPaths.prefix(32) {
            let glob = GlobPattern(pattern)
            for path in paths { _ = glob.matches(path, isFolder: false) }
        }
    }
    if let baseline = try? Baseline(data: data, origin: "baseline.json") {
        _ = baseline.filter(LintReport(findings: [], filesChecked: 0))
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
