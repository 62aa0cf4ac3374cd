import Foundation
import InterfaceBuilderViews
import Testing

/// docs/interface-builder.md prints the UIKit metrics table; each metric of the code is a row there
/// with its value, and each has a source.
@Suite("Interface Builder: metrics table")
struct MetricsTableTests {
    static let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/interface-builder.md")

    @Test("every metric is in the docs' table with its value and has a source")
    func table() throws {
        let text = try String(contentsOf: Self.doc, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        for metric in UIKitMetrics.all {
            #expect(!metric.source.isEmpty)
            let value = metric.value == metric.value.rounded() ? String(Int(metric.value)) : String(metric.value)
            // The docs' names may shorten the code's parenthesis ("UIButton (no configuration)").
            let key = metric.name.replacingOccurrences(of: " (system, no configuration)", with: " (no configuration)")
            #expect(rows.contains { $0.hasPrefix("| \(key) | \(value) |") }, "\(metric.name) = \(value) is not in docs/interface-builder.md")
        }
    }
}
