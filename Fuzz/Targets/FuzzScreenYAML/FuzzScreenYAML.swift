// libFuzzer target: the screen reader, YAML (`*.screen.yaml`, Yams). Run with scripts/fuzz.sh screen-yaml.
import DynamicTypeScreens
import DyntypeFuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreenYAML(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let screen = try? ScreenFile.decode(data, origin: "fuzz.screen.yaml", format: .yaml) else { return 0 }
    // A screen the reader accepted must survive the writer (JSON) and read back.
    guard let written = try? ScreenFile.encode(screen) else { return 0 }
    do {
        _ = try ScreenFile.decode(written, origin: "fuzz-roundtrip.screen.json", format: .json)
    } catch {
        fatalError("an accepted screen does not read back after ScreenFile.encode: \(error)")
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
