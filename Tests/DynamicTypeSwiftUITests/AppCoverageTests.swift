import DynamicTypeSwiftUI
import Foundation
import Testing

/// Coverage on a real app, when one is given: `DYNTYPE_SWIFTUI_APP=<folder> swift test --filter AppCoverage`
/// prints the share of view bodies laid out without opaque boxes and the most common constructs
/// that became opaque (the figures in docs/swiftui.md come from here).
@Suite struct AppCoverageTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DYNTYPE_SWIFTUI_APP"] != nil))
    func coverageOfAnApp() throws {
        let folder = ProcessInfo.processInfo.environment["DYNTYPE_SWIFTUI_APP"]!
        let started = ContinuousClock.now
        let project = SwiftUIProject.load(files: SwiftUIProject.swiftFiles(at: folder))
        let bodies = project.views.filter { !$0.isPreview }
        let clean = bodies.filter { $0.root.opaqueNodes.isEmpty }
        var constructs: [String: Int] = [:]
        for view in bodies {
            for node in view.root.opaqueNodes {
                let name = String(node.name.prefix { $0 != "(" && $0 != "." && $0 != " " })
                constructs[name.isEmpty ? node.name : name, default: 0] += 1
            }
        }
        let nodes = bodies.reduce(0) { $0 + $1.root.count }
        let opaque = bodies.reduce(0) { $0 + $1.root.opaqueNodes.count }
        print("views \(project.views.count) (bodies \(bodies.count), previews \(project.views.count - bodies.count))")
        print("bodies without opaque boxes: \(clean.count) of \(bodies.count) (\(clean.count * 100 / max(1, bodies.count)) %)")
        print("nodes laid out: \(nodes - opaque) of \(nodes) (\((nodes - opaque) * 100 / max(1, nodes)) %)")
        print("read in \(ContinuousClock.now - started)")
        for (name, count) in constructs.sorted(by: { $0.value > $1.value }).prefix(25) { print("  \(count)\t\(name)") }
        for view in project.views.sorted(by: { $0.root.count > $1.root.count }).prefix(8) { print("  nodes \(view.root.count)\t\(view.id)") }
        #expect(!project.views.isEmpty)
    }
}
