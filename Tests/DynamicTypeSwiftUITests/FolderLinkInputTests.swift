import DynamicTypeCore
@testable import DynamicTypeSwiftUI
import Foundation
import ScreenFileViews
import Testing

/// Issue 32: Swift sources, token maps and screen files found in a folder are read only when
/// they lie in it; a link out is not followed (and, for Swift and token maps, said).
@Suite struct FolderLinkInputTests {
    @Test func linksOutOfAFolderAreNotRead() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("swift-links-\(UUID().uuidString)")
        let app = base.appendingPathComponent("App"), elsewhere = base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data("struct Inside: View { var body: some View { Text(\"In\") } }\n".utf8).write(to: app.appendingPathComponent("Inside.swift"))
        try Data("struct Outside: View { var body: some View { Text(\"Out\") } }\n".utf8).write(to: elsewhere.appendingPathComponent("Outside.swift"))
        try Data("fonts:\n  theme.body: title2\n".utf8).write(to: elsewhere.appendingPathComponent("t.fonts.yml"))
        try Data(#"{"schemaVersion": 1, "name": "S", "views": []}"#.utf8).write(to: elsewhere.appendingPathComponent("s.screen.json"))
        let links = ["Outside.swift": "../elsewhere/Outside.swift", "t.fonts.yml": "../elsewhere/t.fonts.yml", "s.screen.json": "../elsewhere/s.screen.json",
                     "Linked": "../elsewhere"]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let loaded = try SwiftUIDocuments.load([app.path])
        #expect(loaded.documents.map(\.slug) == ["Inside"])
        let refused = loaded.problems.map { ($0.file as NSString).lastPathComponent }
        #expect(refused.contains("Outside.swift") && refused.contains("t.fonts.yml"), "\(loaded.problems)")
        #expect(loaded.problems.allSatisfy { $0.reason.contains("outside") }, "\(loaded.problems)")
        #expect(ScreenFileReader.screenFiles(at: app.path).isEmpty)
    }
}
