import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import DynamicTypeScreens

/// Issue 32: files a screen names (text files, rules, images, fonts) must lie below the screen
/// file's folder once `..` and symbolic links are resolved; anything else is a layout error
/// naming the view and the path, and nothing of it is read.
@Suite("Screen-referenced files stay in the screen's folder")
struct ScreenFileContainmentTests {
    static func layout(_ view: ScreenView, base: String) throws -> LaidOutScreen {
        let environment = ScreenLayoutEnvironment(
            resolver: try FontResolver.shared(), width: 320, height: 568, texts: LocalizedTexts(), baseDirectory: base)
        return try ScreenLayout.layout(Screen(name: "T", views: [view]), category: .large, environment: environment)
    }

    @Test("a text file below the folder is read; `..`, absolute paths and links out are refused")
    func textFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("screen-paths-\(UUID().uuidString)")
        let screens = root.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: screens.appendingPathComponent("texts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("Inside".utf8).write(to: screens.appendingPathComponent("texts/inside.txt"))
        try Data("SECRET".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: screens.appendingPathComponent("link.txt").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: screens.appendingPathComponent("ok.txt").path, withDestinationPath: "texts/inside.txt")

        for good in ["texts/inside.txt", "ok.txt", "texts/../texts/inside.txt"] {
            let laidOut = try Self.layout(.textView(TextViewSpec(id: "body", file: good)), base: screens.path)
            #expect(laidOut.views.first?.text?.storage.string == "Inside", "\(good)")
        }
        let bad = [
            ("../secret.txt", root.path + "/secret.txt"), ("../../../../../../etc/passwd", "/etc/passwd"), ("/etc/passwd", "/etc/passwd"),
            ("link.txt", root.path + "/secret.txt"), (root.path + "/secret.txt", root.path + "/secret.txt"),
        ]
        for (file, resolved) in bad {
            #expect("\(file)") {
                try Self.layout(.textView(TextViewSpec(id: "body", file: file)), base: screens.path)
            } throws: { error in
                guard case .outsideScreenFolder(let view, let what, let named, let leads)? = error as? ScreenLayoutError else { return false }
                // /tmp may itself be a link: compare with the resolved root.
                return view == "body" && what == "text file" && named == file && leads == ResolvedPath.resolve(resolved)
            }
        }
        let message = ScreenLayoutError.outsideScreenFolder(view: "body", what: "text file", file: "/etc/passwd", resolved: "/etc/passwd")
        #expect(message.description.hasPrefix("view 'body': text file '/etc/passwd' is outside the screen file's folder"))
        #expect(!message.isMissingInput)
    }

    @Test("rules, image exclusions, inline images and font files are held to the same folder")
    func otherFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let views: [(ScreenView, String)] = [
            (.textView(TextViewSpec(id: "r", text: .literal("x"), rules: "../rules.json")), "rules"),
            (.textView(TextViewSpec(id: "e", text: .literal("x"), exclusions: [.image(file: "/etc/passwd", x: 0, y: 0, width: 10)])), "image"),
            (.label(LabelSpec(id: "i", text: .literal("a {image:../../a.png 10x10} b"))), "image"),
            (.label(LabelSpec(id: "f", text: .literal("x"), font: .custom(CustomFont(file: "/etc/passwd", size: 17)))), "font"),
        ]
        for (view, what) in views {
            #expect("\(what)") {
                try Self.layout(view, base: folder.path)
            } throws: { error in
                guard case .outsideScreenFolder(_, let kind, _, _)? = error as? ScreenLayoutError else { return false }
                return kind == what
            }
        }
    }
}
