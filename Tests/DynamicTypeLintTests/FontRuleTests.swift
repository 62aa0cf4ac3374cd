import Foundation
import Testing

@testable import DynamicTypeLint

@Suite("lint: font rules")
struct FontRuleTests {
    typealias S = LintTestSupport

    @Test("fixed UIKit fonts set on text are reported", arguments: [
        "label.font = UIFont.systemFont(ofSize: 17)",
        "label.font = .systemFont(ofSize: 17, weight: .medium)",
        "label.font = UIFont.boldSystemFont(ofSize: 17)",
        "label.font = .italicSystemFont(ofSize: 12)",
        "label.font = UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular)",
        "label.font = UIFont(name: \"Avenir\", size: 17)",
        "label.font = UIFont.init(name: \"Avenir\", size: 17)",
        "let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 13)]",
        "button.titleLabel?.font = UIFont(name: \"Avenir\", size: 17) ?? .systemFont(ofSize: 17)",
    ])
    func fixedUIKit(line: String) {
        let rules = S.rules("import UIKit\nfunc f() {\n    \(line)\n}\n")
        #expect(rules.contains(.fixedFontUIKit), "\(line)")
        #expect(rules.allSatisfy { $0 == .fixedFontUIKit }, "\(line): \(rules)")
    }

    @Test("fonts scaled by UIFontMetrics, directly or through a local, are fine", arguments: [
        "label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17))",
        "label.font = UIFontMetrics.default.scaledFont(for: UIFont(name: \"Avenir\", size: 17)!)",
        "let f = UIFont.systemFont(ofSize: 17)\n    label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: f)",
        "guard let f = UIFont(name: \"Avenir\", size: 17) else { return }\n    label.font = UIFontMetrics.default.scaledFont(for: f, maximumPointSize: 40)",
        "label.font = UIFont.systemFont(ofSize: 17).scaled()",
        "label.font = UIFont.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize)",
        "label.font = UIFont.preferredFont(forTextStyle: .body)",
        "label.font = UIFont(descriptor: descriptor, size: 0)",
        "field.font = NSFont.systemFont(ofSize: 12)",
        "let image = UIImage(systemName: \"gear\", withConfiguration: UIImage.SymbolConfiguration(font: .systemFont(ofSize: 15)))",
    ])
    func scaledUIKit(line: String) {
        let rules = S.rules("import UIKit\nfunc f() {\n    \(line)\n}\n")
        #expect(!rules.contains(.fixedFontUIKit), "\(line): \(rules)")
    }

    @Test("a local scaled in another function does not count; a property scaled anywhere does")
    func dataFlowScope() {
        let local = """
            func a() { let f = UIFont.systemFont(ofSize: 17); label.font = f }
            func b() { let f = UIFont.systemFont(ofSize: 17); other.font = UIFontMetrics.default.scaledFont(for: f) }
            """
        #expect(S.placed(local).filter { $0.hasPrefix("fixed-font") } == ["fixed-font-uikit@1"])
        let property = """
            enum Fonts { static let title = UIFont(name: "Avenir", size: 20)!; static let plain = UIFont.systemFont(ofSize: 9) }
            func a() { label.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: Fonts.title) }
            """
        let findings = Linter.check(swift: property).filter { $0.rule == .fixedFontUIKit }
        #expect(findings.count == 1)
        #expect(findings.first?.line == 1)
        #expect(findings.first?.column == 87)
    }

    @Test("a property scaled in another linted file is fine (the names are joined across files)")
    func acrossFiles() throws {
        let folder = try S.temporaryFolder("across")
        defer { try? FileManager.default.removeItem(at: folder) }
        try S.write("enum Fonts { static let title = UIFont(name: \"Avenir\", size: 20)! }\n", to: "Fonts.swift", in: folder)
        try S.write("func a() { label.font = UIFontMetrics.default.scaledFont(for: Fonts.title) }\n", to: "Use.swift", in: folder)
        let report = try Linter(root: folder.path).run([folder.path])
        #expect(report.findings.filter { $0.rule == .fixedFontUIKit }.isEmpty)
        let alone = try Linter(root: folder.path).run([folder.appendingPathComponent("Fonts.swift").path])
        #expect(alone.findings.map(\.rule) == [.fixedFontUIKit])
    }

    @Test("AppKit-only files: implicit .systemFont(ofSize:) is NSFont's")
    func appKit() {
        #expect(S.rules("import AppKit\nfunc f() { field.font = .systemFont(ofSize: 12) }").isEmpty)
        #expect(S.rules("import UIKit\nfunc f() { field.font = .systemFont(ofSize: 12) }") == [.fixedFontUIKit])
    }

    @Test("SwiftUI: .system(size:) and .custom(_:fixedSize:) are reported; size:, relativeTo: and @ScaledMetric are fine")
    func swiftUI() {
        #expect(S.rules("let a = Text(\"a\").font(.system(size: 17))") == [.fixedFontSwiftUI])
        #expect(S.rules("let a = Text(\"a\").font(.system(size: 17, weight: .bold, design: .rounded))") == [.fixedFontSwiftUI])
        #expect(S.rules("let a = Text(\"a\").font(Font.system(size: 17))") == [.fixedFontSwiftUI])
        #expect(S.rules("let a = Text(\"a\").font(.custom(\"Avenir\", fixedSize: 17))") == [.fixedFontSwiftUI])
        #expect(S.rules("let a = Text(\"a\").font(.custom(\"Avenir\", size: 17))").isEmpty)
        #expect(S.rules("let a = Text(\"a\").font(.custom(\"Avenir\", size: 17, relativeTo: .title))").isEmpty)
        #expect(S.rules("let a = Text(\"a\").font(.system(.body))").isEmpty)
        #expect(S.rules("let a = Text(\"a\").font(.system(.body, design: .serif))").isEmpty)
        #expect(S.rules("extension Font { static func app(_ s: CGFloat) -> Font { custom(\"Avenir\", fixedSize: s) } }").isEmpty)
        let scaled = "struct V: View {\n  @ScaledMetric var size = 17.0\n  var body: some View { Text(\"a\").font(.system(size: size)) }\n}"
        #expect(S.rules(scaled).isEmpty)
    }

    @Test("previews are not linted")
    func previews() {
        let source = """
            #Preview { Text("a").font(.system(size: 40)).dynamicTypeSize(.xSmall) }
            struct A_Previews: PreviewProvider { static var previews: some View { Text("a").font(.system(size: 9)) } }
            """
        #expect(S.rules(source).isEmpty)
    }
}
