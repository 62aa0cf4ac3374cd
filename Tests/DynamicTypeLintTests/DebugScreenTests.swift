import Foundation
import Testing

@testable import DynamicTypeLint

/// Developer screens' files (`Debug` as a word in a file's or folder's name) are skipped and
/// counted; the config key and the option lint them.
@Suite("lint: debug screens")
struct DebugScreenTests {
    @Test(
        "Debug as a word in a file or folder name marks a debug screen",
        arguments: [
            ("DuckDuckGo/Debug.storyboard", true),
            ("DuckDuckGo/BookmarksDebugViewController.swift", true),
            ("App/debug_menu.xib", true),
            ("App/Debug/Flags.swift", true),
            ("App/MenuDebug.swift", true),
            ("App/NetworkProtection-debug.swift", true),
            ("App/Debugger.swift", false),
            ("App/Debugging.swift", false),
            ("App/Undebuggable.swift", false),
            ("App/Settings/DebugReport", true),
            ("App/Views/TitleView.swift", false),
        ])
    func names(_ path: String, _ isDebug: Bool) {
        #expect(DebugScreens.isDebugPath(path) == isDebug, "\(path)")
    }

    @Test("only components below the root count")
    func belowRoot() {
        #expect(!DebugScreens.isDebugPath("/home/me/Debug/app/View.swift", below: "/home/me/Debug/app"))
        #expect(DebugScreens.isDebugPath("/home/me/app/Debug/View.swift", below: "/home/me/app"))
    }

    static let fixedFont = "import UIKit\nlet font = UIFont.systemFont(ofSize: 13)\n"
    static let storyboard = AppModelTests.scene(label: AppModelTests.fixedLabel)

    /// A folder with a fixed font in a screen, a debug view controller, a debug folder and a debug storyboard.
    static func app() throws -> URL {
        let folder = try LintTestSupport.temporaryFolder("debug-screens")
        for file in ["App/View.swift", "App/FlagsDebugViewController.swift", "App/Debug/Overrides.swift"] {
            try LintTestSupport.write(fixedFont, to: file, in: folder)
        }
        try LintTestSupport.write(storyboard, to: "App/Debug.storyboard", in: folder)
        try LintTestSupport.write(storyboard, to: "App/Main.storyboard", in: folder)
        return folder
    }

    @Test("debug screens' files are skipped and counted in text, JSON and SARIF")
    func skips() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Linter(root: folder.path).run([folder.path])
        #expect(Set(report.findings.map(\.path)) == ["App/View.swift", "App/Main.storyboard"])
        #expect(report.debugFiles == 3)
        #expect(report.filesChecked == 2)
        #expect(report.summary().contains("3 debug-screen files skipped (Debug in the name; --lint-debug-files reads them)"))
        let json = try JSONSerialization.jsonObject(with: Data(report.json(toolVersion: "0").utf8)) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["debugFiles"] as? Int == 3)
        #expect(report.sarif(toolVersion: "0", root: folder.path, configuration: LintConfiguration(), documentationURL: nil).contains("3 debug-screen files skipped"))
    }

    @Test("only names below the folder given count: an app inside a Debug folder is linted, and so is a file named directly")
    func belowInput() throws {
        let outer = try LintTestSupport.temporaryFolder("outer")
        defer { try? FileManager.default.removeItem(at: outer) }
        let app = outer.appendingPathComponent("Debug/App")
        try LintTestSupport.write(Self.fixedFont, to: "View.swift", in: app)
        try LintTestSupport.write(Self.fixedFont, to: "Flags/FlagsDebugView.swift", in: app)
        // The root elsewhere (as the build plugin gives it): paths are absolute.
        let report = try Linter(root: FileManager.default.temporaryDirectory.path + "/elsewhere").run([app.path])
        #expect(report.findings.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["View.swift"])
        #expect(report.debugFiles == 1)
        let file = try Linter(root: outer.path).run([app.appendingPathComponent("View.swift").path])
        #expect(file.findings.count == 1)
    }

    @Test("the config key and the option lint them; a bad value is refused")
    func off() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try LintConfiguration(yaml: "debug-files: lint\n", origin: ".dyntype.yml")
        #expect(!configuration.skipsDebugFiles)
        let report = try Linter(configuration: configuration, root: folder.path).run([folder.path])
        #expect(report.findings.count == 5)
        #expect(report.debugFiles == 0)
        #expect(!report.summary().contains("debug-screen"))
        #expect(throws: LintError.self) { try LintConfiguration(yaml: "debug-files: sometimes\n", origin: "x") }
        #expect(try LintConfiguration(yaml: "debug-files: skip\n", origin: "x").skipsDebugFiles)
        var invocation = LintInvocation()
        invocation.paths = [folder.path]
        invocation.root = folder.path
        invocation.lintsDebugFiles = true
        invocation.format = .json
        let outcome = try invocation.run(toolVersion: "0", environment: [:])
        let json = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["findings"] as? Int == 5)
    }
}
