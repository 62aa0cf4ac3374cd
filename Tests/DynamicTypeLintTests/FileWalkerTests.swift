import Foundation
import Testing

@testable import DynamicTypeLint

@Suite("lint: folders, files and limits")
struct FileWalkerTests {
    typealias S = LintTestSupport

    @Test("a folder of mixed files: Swift and IB linted, other files and build folders skipped, output sorted")
    func mixedFolder() throws {
        let folder = try S.temporaryFolder("mixed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixed = "func f() { label.font = UIFont.systemFont(ofSize: 9) }\n"
        try S.write(fixed, to: "App/B.swift", in: folder)
        try S.write("let a = Text(\"a\").frame(height: 9)\n", to: "App/A.swift", in: folder)
        try S.write(InterfaceBuilderRuleTests.document("<label id=\"a\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"9\"/></label>"), to: "App/Main.storyboard", in: folder)
        try S.write("<document/>\n", to: "App/Empty.xib", in: folder)
        try S.write("# notes\nlabel.font = UIFont.systemFont(ofSize: 9)\n", to: "App/README.md", in: folder)
        for skipped in ["Pods/X/P.swift", "Carthage/Checkouts/C.swift", ".build/checkouts/B.swift", "build/D.swift", "DerivedData/E.swift", ".git/G.swift", "App/Generated/Gen.swift", "App/Model.generated.swift"] {
            try S.write(fixed, to: skipped, in: folder)
        }
        let configuration = LintConfiguration(excludedPaths: ["Generated/", "*.generated.swift"])
        let report = try Linter(configuration: configuration, root: folder.path).run([folder.path])
        #expect(report.filesChecked == 4)
        #expect(report.findings.map { "\($0.path):\($0.rule.rawValue)" } == [
            "App/A.swift:fixed-text-height", "App/B.swift:fixed-font-uikit", "App/Main.storyboard:ib-fixed-font",
        ])
        // The same folder given twice, and a file inside it, is linted once.
        let again = try Linter(configuration: configuration, root: folder.path).run([folder.path, folder.appendingPathComponent("App").path, folder.appendingPathComponent("App/B.swift").path])
        #expect(again == report)
        // An excluded file named on the command line stays excluded.
        let named = try Linter(configuration: configuration, root: folder.path).run([folder.appendingPathComponent("App/Generated/Gen.swift").path])
        #expect(named.filesChecked == 0)
    }

    @Test("symbolic links: files inside the folder linted once, links out of it and to folders not followed")
    func symlinks() throws {
        let folder = try S.temporaryFolder("links")
        let outside = try S.temporaryFolder("outside")
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        let fixed = "func f() { label.font = UIFont.systemFont(ofSize: 9) }\n"
        try S.write(fixed, to: "App/Real.swift", in: folder)
        try S.write(fixed, to: "Secret.swift", in: outside)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("App/Alias.swift").path, withDestinationPath: "Real.swift")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("App/Escape.swift").path, withDestinationPath: outside.appendingPathComponent("Secret.swift").path)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("App/Loop").path, withDestinationPath: folder.path)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("App/Out").path, withDestinationPath: outside.path)
        let report = try Linter(root: folder.path).run([folder.path])
        #expect(report.filesChecked == 1)
        #expect(report.findings.map(\.path).allSatisfy { $0.hasPrefix("App/") })
    }

    @Test("a FIFO in a folder is a finding; named on the command line it is an error, as is a missing path")
    func notRegular() throws {
        let folder = try S.temporaryFolder("fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let report = try Linter(root: folder.path).run([folder.path])
        #expect(report.findings.map(\.rule) == [.unreadableFile])
        #expect(report.findings.first?.message.contains("a FIFO") == true)
        #expect(throws: LintError.self) { try Linter(root: folder.path).run([fifo]) }
        do {
            _ = try Linter(root: folder.path).run([folder.appendingPathComponent("Missing.swift").path])
            Issue.record("a missing path was accepted")
        } catch {
            #expect(error.kind == .missingInput)
        }
        try S.write("x", to: "notes.txt", in: folder)
        do {
            _ = try Linter(root: folder.path).run([folder.appendingPathComponent("notes.txt").path])
            Issue.record("a text file was accepted")
        } catch {
            #expect(error.kind == .usage)
        }
    }

    @Test("a file over the size limit is a finding, not a crash or an error")
    func sizeLimit() throws {
        let folder = try S.temporaryFolder("size")
        defer { try? FileManager.default.removeItem(at: folder) }
        try S.write(String(repeating: "let a = 1\n", count: 200), to: "Big.swift", in: folder)
        try S.write("let a = 1\n", to: "Small.swift", in: folder)
        let report = try Linter(configuration: LintConfiguration(maximumFileSize: 1024), root: folder.path).run([folder.path])
        #expect(report.findings.map { "\($0.path):\($0.rule.rawValue)" } == ["Big.swift:unreadable-file"])
        #expect(report.findings.first?.message.contains("over the input size limit of 1 KB") == true)
    }

    @Test("a Swift file that does not parse is a finding at the error, and rules still run on the rest")
    func parseError() {
        let source = "func f() {\n    label.font = UIFont.systemFont(ofSize: 9)\n    let x = [1, 2\n}\n"
        let findings = Linter.check(swift: source)
        #expect(findings.map(\.rule).contains(.unreadableFile))
        #expect(findings.map(\.rule).contains(.fixedFontUIKit))
        let problem = findings.first { $0.rule == .unreadableFile }
        #expect(problem?.message.hasPrefix("Swift syntax error") == true)
        #expect((problem?.line ?? 0) >= 3)
        for garbage in ["", "\u{0}\u{1}\u{2}", "}}}}", String(repeating: "(", count: 10_000), "#if\n#else\n"] {
            _ = Linter.check(swift: garbage)
        }
    }

    @Test("many files in parallel give the same report every time")
    func deterministic() throws {
        let folder = try S.temporaryFolder("parallel")
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<60 {
            try S.write("func f\(index)() {\n    a.font = UIFont.systemFont(ofSize: \(index))\n    let t = Text(\"a\").frame(height: 9)\n}\n", to: "F\(index % 7)/File\(index).swift", in: folder)
        }
        let first = try Linter(root: folder.path).run([folder.path])
        #expect(first.findings.count == 120)
        for _ in 0..<3 { #expect(try Linter(root: folder.path).run([folder.path]) == first) }
        #expect(first.findings == first.findings.sorted(by: LintFinding.ordered))
    }
}
