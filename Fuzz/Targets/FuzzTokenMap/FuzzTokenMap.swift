// libFuzzer target: design-token maps (`--fonts map.yml`, `*.fonts.yml` in an input folder) —
// the YAML read as the SwiftUI reader reads it (anchors and aliases refused before composing,
// fonts and colours checked), then used to resolve a view's tokens. No input may crash, hang or
// grow past the map's limits. Run with scripts/fuzz.sh token-map.
@testable import DynamicTypeSwiftUI
import DyntypeFuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenMap(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: bytes.map { UnsafeBufferPointer(start: $0, count: count) } ?? UnsafeBufferPointer(start: nil, count: 0), as: UTF8.self)
    guard let tokens = try? DesignTokens.parse(text, file: "fuzz.fonts.yml") else { return 0 }
    // A map that reads is used: every token it names resolves in a view without trapping.
    let uses = (tokens.fonts.keys.prefix(8).map { "Text(\"a\").font(\($0))" } + tokens.colors.keys.prefix(8).map { "Text(\"b\").foregroundStyle(\($0))" })
    let source = "struct V: View { var body: some View { VStack { \(uses.joined(separator: "; ")) } } }"
    _ = SwiftUIProject.parse(source, path: "V.swift", tokens: tokens)
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
