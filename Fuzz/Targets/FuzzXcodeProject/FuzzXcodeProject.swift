// libFuzzer target: a `project.pbxproj` as `dyntype lint` reads it to skip Swift files that no
// target builds — the old-style property list reader (bounded depth, no trap on any byte), then
// the project model (group tree walked from the main group, cycles and unknown source trees),
// then a membership question for a few paths. Run with scripts/fuzz.sh xcode-project.
import DynamicTypeLint
import DyntypeFuzzSupport
import Foundation

private let paths = ["/p/App/View.swift", "/p/App/Sub/Cell.swift", "/p/Other.swift", "/elsewhere/X.swift", "/p"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeProject(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    guard let plist = try? OldStylePropertyList.parse(input) else { return 0 }
    guard let project = XcodeProjectSources(plist: plist, pbxprojPath: "/p/App.xcodeproj/project.pbxproj") else { return 0 }
    let membership = TargetMembership(projects: [project], packageFolders: ["/p/Packages/Kit"])
    for path in paths {
        // A file outside every project's folder is never judged as in no target.
        if membership.isInNoTarget(path), !project.covers(path) { fatalError("\(path) judged outside the project's folder") }
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
