import Foundation
import Testing

@testable import DynamicTypeLint

/// Code no iOS build compiles is not linted, and the skip is counted in every format.
@Suite("lint: platform awareness")
struct PlatformSkipTests {
    static let swift = """
        import SwiftUI
        struct V: View {
            var body: some View {
                #if os(macOS)
                Text("a").font(.system(size: 13))
                #elseif targetEnvironment(macCatalyst)
                Text("a").font(.system(size: 14))
                #else
                Text("a").font(.system(size: 15))
                #endif
            }
        }
        #if targetEnvironment(macCatalyst)
        let titleBarHeight = Text("t").frame(height: 28)
        #endif
        #if DEBUG
        let debug = Text("d").font(.system(size: 9))
        #else
        let release = Text("r").font(.system(size: 10))
        #endif
        """

    @Test("macOS and Mac Catalyst #if blocks are skipped; unsettled conditions keep every branch")
    func blocks() throws {
        #expect(LintTestSupport.placed(Self.swift) == ["fixed-font-swiftui@9", "fixed-font-swiftui@17", "fixed-font-swiftui@19"])
    }

    @Test("AppKit-only files and macOS documents are skipped and counted in text, JSON and SARIF")
    func files() throws {
        let folder = try LintTestSupport.temporaryFolder("platform")
        defer { try? FileManager.default.removeItem(at: folder) }
        try LintTestSupport.write(Self.swift, to: "V.swift", in: folder)
        try LintTestSupport.write("import AppKit\nlet f = NSFont.systemFont(ofSize: 13)\nlet h = label.heightAnchor.constraint(equalToConstant: 20)\n", to: "Mac.swift", in: folder)
        try LintTestSupport.write(
            #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0"><objects><textField id="a"><fontDescription key="fontDescription" type="system" pointSize="13"/></textField></objects></document>"#,
            to: "Mac.xib", in: folder)
        let report = try Linter(root: folder.path).run([folder.path])
        #expect(report.findings.allSatisfy { $0.path == "V.swift" })
        #expect(report.platformSkipped == PlatformSkipCount(files: 2, blocks: 3))
        #expect(report.summary().contains("2 files and 3 #if blocks skipped (not compiled for iOS: macOS, Mac Catalyst)"))
        let json = try JSONSerialization.jsonObject(with: Data(report.json(toolVersion: "0").utf8)) as? [String: Any]
        let summary = json?["summary"] as? [String: Any]
        #expect((summary?["platformSkipped"] as? [String: Int]) == ["files": 2, "blocks": 3])
        let sarif = report.sarif(toolVersion: "0", root: folder.path, configuration: LintConfiguration(), documentationURL: nil)
        #expect(sarif.contains("2 files and 3 #if blocks skipped"))
    }
}
