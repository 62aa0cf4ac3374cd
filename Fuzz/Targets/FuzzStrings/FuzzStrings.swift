// libFuzzer target: the strings parsers — String Catalogs (`.xcstrings`, JSON), `.strings` (text or
// XML plist) and `.stringsdict` (plist). Every input goes to all three. Run with scripts/fuzz.sh strings.
// The parsers are internal: this imports the module @testable (fuzz builds are debug builds,
// compiled with -enable-testing).
@testable import DynamicTypeScreens
import DyntypeFuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? StringCatalogParser(file: "fuzz.xcstrings").parse(data)
    _ = try? StringsFileParser(file: "de.lproj/fuzz.strings").parse(data, locale: "de")
    _ = try? StringsDictParser(file: "de.lproj/fuzz.stringsdict").parse(data, locale: "de")
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
