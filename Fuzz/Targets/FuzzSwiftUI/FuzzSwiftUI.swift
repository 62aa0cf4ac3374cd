// libFuzzer target: the SwiftUI reader — a `.swift` file as `preview` reads it (swift-syntax, the
// declarations, the view tree with modifiers, previews, syntax problems) and, after a
// `\n---tokens---\n` line, a design-token map (`--fonts map.yml`); every view laid out at
// accessibility5 and checked. No input may crash, hang or grow a view past the reader's limits.
// Run with scripts/fuzz.sh swiftui.
import DynamicTypeAudit
import DynamicTypeCore
@testable import DynamicTypeSwiftUI
import DyntypeFuzzSupport
import FontSystem
import Foundation

private let resolver = try! FontResolver.shared()
private let settings = AuditSettings(device: Device(id: "fuzz", name: "fuzz", width: 320, height: 568, scale: 1))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftUI(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: bytes.map { UnsafeBufferPointer(start: $0, count: count) } ?? UnsafeBufferPointer(start: nil, count: 0), as: UTF8.self)
    let parts = text.components(separatedBy: "\n---tokens---\n")
    let tokens = parts.count > 1 ? (try? DesignTokens.parse(parts[1], file: "fuzz.fonts.yml")) ?? DesignTokens() : DesignTokens()
    let project = SwiftUIProject.parse(parts[0], path: "Fuzz.swift", tokens: tokens)
    for problem in project.problems where !problem.reason.hasPrefix("line ") {
        fatalError("a syntax problem without its line: \(problem)")
    }
    let documents = SwiftUIDocuments.documents(project, files: [])
    for (view, document) in zip(project.views, documents) {
        guard view.root.count <= ViewBuilder.maximumNodes + 1 else { fatalError("\(view.id): \(view.root.count) nodes") }
        if let coverage = document.engine?.coverage, coverage.laidOut > coverage.nodes || coverage.percent > 100 {
            fatalError("\(view.id): coverage \(coverage)")
        }
        let source = ScreenSource(screens: [document])
        guard let built = try? ViewRenderer.build(source.views[0], of: source, category: .accessibility5, settings: settings, resolver: resolver)
        else { continue }
        let rendering = ViewRenderer.render(built, category: .accessibility5, profile: .ios, scale: 1)
        for finding in rendering.findings where !(finding.area.map { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) } ?? true) {
            fatalError("\(view.id): a finding with a non-finite area: \(finding)")
        }
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
