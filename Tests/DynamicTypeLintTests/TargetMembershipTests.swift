import Foundation
import Testing

@testable import DynamicTypeLint

/// Swift files that no target of an Xcode project in the input builds are skipped and counted;
/// packages, synchronized folders and files outside every project stay linted; a hostile
/// `project.pbxproj` never crashes and never hides a file.
@Suite("lint: project membership")
struct TargetMembershipTests {
    /// A project whose app target builds App/View.swift; App/Unused.swift is in a group but in no
    /// sources phase; App/AppTests.swift only a unit-test bundle builds; Widgets/ is a synchronized
    /// folder of the app; Shared.swift is built through SOURCE_ROOT.
    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objects = {
        		B1 /* View.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* View.swift */; };
        		B2 = {isa = PBXBuildFile; fileRef = F3; };
        		F1 /* View.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = View.swift; sourceTree = "<group>"; };
        		F2 /* Unused.swift */ = {isa = PBXFileReference; path = Unused.swift; sourceTree = "<group>"; };
        		F3 = {isa = PBXFileReference; name = "Shared.swift"; path = "Shared/Shared.swift"; sourceTree = SOURCE_ROOT; };
        		S1 /* Widgets */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Widgets; sourceTree = "<group>"; };
        		G0 = {isa = PBXGroup; children = (G1, S1, F3, ); sourceTree = "<group>"; };
        		G1 /* App */ = {isa = PBXGroup; children = (F1, F2, F4, ); path = App; sourceTree = "<group>"; };
        		P1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (B1 /* View.swift in Sources */, B2, ); };
        		B3 = {isa = PBXBuildFile; fileRef = F4; };
        		F4 /* AppTests.swift */ = {isa = PBXFileReference; path = AppTests.swift; sourceTree = "<group>"; };
        		P2 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (B3, ); };
        		A1 /* App */ = {isa = PBXNativeTarget; buildPhases = (P1, ); fileSystemSynchronizedGroups = (S1, ); productType = "com.apple.product-type.application"; };
        		T1 /* AppTests */ = {isa = PBXNativeTarget; buildPhases = (P2, ); productType = "com.apple.product-type.bundle.unit-test"; };
        		R1 /* Project object */ = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; };
        	};
        	rootObject = R1 /* Project object */;
        }
        """

    static let fixedFont = "import UIKit\nlet font = UIFont.systemFont(ofSize: 13)\n"

    /// A folder holding the project and one fixed font in each kind of file.
    static func app(project: String = TargetMembershipTests.project) throws -> URL {
        let folder = try LintTestSupport.temporaryFolder("membership")
        try LintTestSupport.write(project, to: "App.xcodeproj/project.pbxproj", in: folder)
        for file in ["App/View.swift", "App/Unused.swift", "App/AppTests.swift", "Shared/Shared.swift", "Widgets/Deep/Widget.swift", "Kit/Sources/Kit/Kit.swift", "Old/Orphan.swift"] {
            try LintTestSupport.write(fixedFont, to: file, in: folder)
        }
        try LintTestSupport.write("// swift-tools-version:5.9\nimport PackageDescription\n", to: "Kit/Package.swift", in: folder)
        return folder
    }

    @Test("files in no target are skipped and counted in text, JSON and SARIF; built, synchronized and package files are linted")
    func skips() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Linter(root: folder.path).run([folder.path])
        #expect(Set(report.findings.map(\.path)) == ["App/View.swift", "Shared/Shared.swift", "Widgets/Deep/Widget.swift", "Kit/Sources/Kit/Kit.swift"])
        #expect(report.filesInNoTarget == 3)
        #expect(report.filesChecked == 5)
        #expect(report.summary().contains("3 files in no app target skipped (not built, or built only by tests)"))
        let json = try JSONSerialization.jsonObject(with: Data(report.json(toolVersion: "0").utf8)) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["filesInNoTarget"] as? Int == 3)
        #expect(report.sarif(toolVersion: "0", root: folder.path, configuration: LintConfiguration(), documentationURL: nil).contains("3 files in no app target skipped"))
    }

    @Test("the config key and the option turn the skip off")
    func off() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try LintConfiguration(yaml: "files-in-no-target: lint\n", origin: ".dyntype.yml")
        #expect(!configuration.skipsFilesInNoTarget)
        let report = try Linter(configuration: configuration, root: folder.path).run([folder.path])
        #expect(report.findings.count == 7)
        #expect(report.filesInNoTarget == 0)
        #expect(report.summary().contains("no app target") == false)
        #expect(throws: LintError.self) { try LintConfiguration(yaml: "files-in-no-target: maybe\n", origin: "x") }
        #expect(try LintConfiguration(yaml: "files-in-no-target: skip\n", origin: "x").skipsFilesInNoTarget)
    }

    @Test("without a project file nothing is skipped; linting a subfolder sees no project")
    func noProject() throws {
        let folder = try Self.app()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("App")
        let report = try Linter(root: folder.path).run([sub.path])
        #expect(Set(report.findings.map(\.path)) == ["App/View.swift", "App/Unused.swift", "App/AppTests.swift"])
        #expect(report.filesInNoTarget == 0)
        let excluded = try Linter(configuration: LintConfiguration(excludedPaths: ["*.xcodeproj/"]), root: folder.path).run([folder.path])
        #expect(excluded.findings.count == 7)
    }

    @Test("a project file that cannot be read hides nothing, and is reported at its line with how to fix it", arguments: [
        "{ objects = { R = {isa = PBXProject; mainGroup = G;}; }",  // unterminated
        "not a property list at all (",
        "{ objects = {}; rootObject = R; }",  // no root object
        String(repeating: "(", count: 10_000),
    ])
    func unreadable(_ text: String) throws {
        let folder = try Self.app(project: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Linter(root: folder.path).run([folder.path])
        // The seven findings of the code, every file linted, and the project file's own.
        #expect(report.findings.filter { $0.rule != .unreadableFile }.count == 7)
        #expect(report.filesInNoTarget == 0)
        let project = report.findings.filter { $0.rule == .unreadableFile }
        #expect(project.count == 1, "\(project.map(\.message))")
        #expect(project.first?.path.hasSuffix("project.pbxproj") == true)
        #expect(project.first?.message.contains("files in no target are not skipped under it") == true, "\(project.map(\.message))")
    }

    @Test("the property list reader: strings, escapes, comments, data; hostile input throws with an offset")
    func reader() throws {
        let value = try OldStylePropertyList.parse(Array(#"/* !$*UTF8*$! */ { a = "x\"y\\z\U00e9\101"; b = (c, /* note */ "d" , ); e = {}; f = <0fbd 12>; g = bare/path.swift; }"#.utf8))
        let entries = try #require(value.dictionary)
        #expect(entries["a"]?.string == "x\"y\\zéA")
        #expect(entries["b"]?.array == [.string("c"), .string("d")])
        #expect(entries["e"]?.dictionary == [:])
        #expect(entries["f"]?.string == "0fbd 12")
        #expect(entries["g"]?.string == "bare/path.swift")
        for hostile in ["", "{", "{ a = b }", "{ a b; }", "( a b )", "\"open", "/* open", "{ a = b; } trailing", "<12", "{ = ; }",
                        String(repeating: "{a=", count: 100), String(repeating: "(", count: 100_000)] {
            #expect(throws: OldStylePropertyList.ParseError.self) { try OldStylePropertyList.parse(Array(hostile.utf8)) }
        }
    }

    @Test("group cycles, unknown source trees and absolute paths: resolved without looping")
    func model() throws {
        let text = """
            { objects = {
              R = {isa = PBXProject; mainGroup = G; };
              G = {isa = PBXGroup; children = (H, F, K, ); path = Src; };
              H = {isa = PBXGroup; children = (G, ); path = Loop; };
              F = {isa = PBXFileReference; path = /abs/A.swift; sourceTree = "<absolute>"; };
              K = {isa = PBXFileReference; path = B.swift; sourceTree = SDKROOT; };
              B = {isa = PBXBuildFile; fileRef = F; };
              C = {isa = PBXBuildFile; fileRef = K; };
              P = {isa = PBXSourcesBuildPhase; files = (B, C, Missing, ); };
            }; rootObject = R; }
            """
        let project = try #require(XcodeProjectSources(plist: OldStylePropertyList.parse(Array(text.utf8)), pbxprojPath: "/p/X.xcodeproj/project.pbxproj"))
        #expect(project.projectFolder == "/p")
        #expect(project.builtFiles == ["/abs/a.swift"])
        #expect(project.builds("/abs/A.swift"))
        let membership = TargetMembership(projects: [project])
        #expect(membership.isInNoTarget("/p/Src/B.swift"))
        #expect(!membership.isInNoTarget("/q/B.swift"))  // outside the project's folder: not judged
    }
}
