// libFuzzer target: the CI gate's readers of untrusted text — a findings baseline (--baseline)
// decoded and applied to findings, the same bytes as --fail-on values (one per line) and as a
// strings file indexed for key lines. Run with scripts/fuzz.sh baseline.
import DynamicTypeAudit
import DynamicTypeCore
import DyntypeFuzzSupport
import Foundation

private let findings: [Finding] = ContentSizeCategory.allCases.flatMap { category in
    [Finding.Kind.truncated, .clipped].map { kind in
        var finding = Finding(kind: kind, severity: .warning, element: "Checkout: buy", category: category, message: "m", locale: "de")
        finding.view = "checkout.de"
        return finding
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let baseline = try? FindingsBaseline(data: data, origin: "fuzz.json") {
        let outcome = baseline.apply(to: findings)
        precondition(outcome.accepted + outcome.new.count == findings.count, "a baseline lost findings")
    }
    let text = String(decoding: data, as: UTF8.self)
    let values = text.split(separator: "\n").prefix(8).map(String.init)
    if let policy = try? FailPolicy(parsing: values) { _ = policy.reasons(findings) }
    for path in ["a.xcstrings", "de.lproj/a.strings", "a.stringsdict"] { _ = StringKeyLines.index(text, path: path) }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
