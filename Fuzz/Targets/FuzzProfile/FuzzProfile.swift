// libFuzzer target: the type-ramp profile reader (Profiles/*.json). Run with scripts/fuzz.sh profile.
import DynamicTypeCore
import DyntypeFuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? TypeRampProfile(jsonData: data, origin: "fuzz.json")
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
