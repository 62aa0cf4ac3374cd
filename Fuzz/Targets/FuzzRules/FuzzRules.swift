// libFuzzer target: the highlight-rules reader (`*.rules.json`, ICU patterns compiled). Run with
// scripts/fuzz.sh rules.
import DyntypeFuzzSupport
import Foundation
import TextStack

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? HighlightRuleSet(jsonData: data, origin: "fuzz.rules.json")
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
