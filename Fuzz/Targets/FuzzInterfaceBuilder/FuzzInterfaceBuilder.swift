// libFuzzer target: the Interface Builder reader of `dyntype lint` (`.xib`, `.storyboard`: XMLParser's
// SAX interface and the label, button, text field and text view rules). Every input is read as one
// document; malformed XML must end in an `unreadable-file` finding, never a crash or a hang.
// Run with scripts/fuzz.sh interface-builder.
import DynamicTypeLint
import DyntypeFuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilder(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let findings = InterfaceBuilderChecker.check(data, displayPath: "Fuzz.xib", configuration: LintConfiguration())
    // Every finding points inside the document.
    for finding in findings where finding.line < 1 || finding.column < 1 {
        fatalError("finding outside the document: \(finding)")
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
