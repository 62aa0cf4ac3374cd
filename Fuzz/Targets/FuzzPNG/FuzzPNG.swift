// libFuzzer target: the PNG reader (libspng behind PNGDecoder). Run with scripts/fuzz.sh png.
import DyntypeFuzzSupport
import Foundation
import Rendering

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? PNGDecoder.decode(data)
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
