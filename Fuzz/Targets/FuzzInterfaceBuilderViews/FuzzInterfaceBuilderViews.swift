// libFuzzer target: the Interface Builder view reader and its Auto Layout — a `.xib` or
// `.storyboard` as `preview` reads it (the XML guards, the SAX reader, the limits), each screen it
// gives made into the document the reader hands every command, then built, checked and drawn at
// large (with the ambiguity check) and accessibility5 by the one renderer, with the line locator
// reading the same bytes. The file name plays no part: the document's own `type` says whether it
// is a storyboard or a xib, so one target covers both. A bad file must end in a read error with its line,
// never a crash, a hang or a non-finite frame. Run with scripts/fuzz.sh interface-builder-views.
import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DyntypeFuzzSupport
import FontSystem
import Foundation
@testable import InterfaceBuilderViews

private let resolver = try! FontResolver.shared()
private let settings = AuditSettings(device: Device(id: "fuzz", name: "fuzz", width: 393, height: 852, scale: 1))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilderViews(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    // What the reader does with a file's bytes once it has read them (IBFile.read).
    let screens: [IBScreen]
    do {
        screens = try IBFile.screens(in: input, file: "Fuzz.storyboard")
    } catch {
        guard error.line >= 1, !error.message.isEmpty else { fatalError("a read error without its line or why: \(error)") }
        return 0
    }
    // Findings are located by the ids in the file's text, read as the locator reads it.
    _ = InterfaceBuilderLineLocator.idLines(String(decoding: input, as: UTF8.self))
    for (index, screen) in screens.enumerated() {
        guard !screen.views.isEmpty, screen.views.count <= IBLimits.maximumViews else {
            fatalError("\(screen.name): \(screen.views.count) views")
        }
        for view in screen.views {
            if let parent = view.parent, parent >= screen.views.count { fatalError("\(view.id): parent \(parent) out of range") }
            if view.children.contains(where: { $0 >= screen.views.count }) { fatalError("\(view.id): a child out of range") }
        }
        let document = InterfaceBuilderViewReader.document(screen, id: "fuzz-\(index)")
        if let coverage = document.engine?.coverage, coverage.laidOut > coverage.nodes || coverage.percent > 100 {
            fatalError("\(screen.name): coverage \(coverage)")
        }
        let source = ScreenSource(screens: [document])
        for category in [ContentSizeCategory.large, .accessibility5] {
            let built: any LiveView
            do {
                built = try ViewRenderer.build(source.views[0], of: source, category: category, settings: settings, resolver: resolver)
            } catch {
                // A layout may refuse what it cannot measure (a font); it says why.
                guard !"\(error)".isEmpty else { fatalError("\(screen.name): an error without a message") }
                continue
            }
            if let live = built as? ScreenLiveView {
                for view in live.laidOut.views where ![view.frame.minX, view.frame.minY, view.frame.width, view.frame.height].allSatisfy(\.isFinite) {
                    fatalError("\(screen.name) at \(category): \(view.path) has a non-finite frame \(view.frame)")
                }
            }
            let rendering = ViewRenderer.render(built, category: category, profile: .ios, scale: 1)
            for finding in rendering.findings where !(finding.area.map { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) } ?? true) {
                fatalError("\(screen.name) at \(category): a finding with a non-finite area: \(finding)")
            }
        }
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
