import DynamicTypeCore
import DynamicTypeTesting
import FontSystem
import Foundation
import Notepad
import NotepadViews
import TextStack
import Testing

@Suite("hermetic fonts")
struct HermeticFontsTests {
    @Test("the project set resolves the system font to Inter from the private directory, and sees nothing else")
    func projectSet() throws {
        let resolver = try HermeticFontSet.project.resolver()
        let body = try resolver.resolve(FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
        #expect(body.familyName == "Inter")
        #expect(HermeticFontSet.realPath(body.filePath) == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        #expect(resolver.configurationSummary.hasPrefix("hermetic fontconfig configuration"))
        // The same resolver for the whole process.
        #expect(try HermeticFontSet.project.resolver() === resolver)
        // A family outside the set is not found, even if the machine has it (no host configuration).
        // (Nimbus Roman is installed by fonts-urw-base35 but is not part of the set.)
        #expect(throws: FontSystemError.self) {
            try resolver.resolve(FontDescriptor(family: "Nimbus Roman", size: 17, weight: .regular))
        }
        #expect(try FontResolver.shared().resolve(FontDescriptor(family: "Nimbus Roman", size: 17)).familyName == "Nimbus Roman")
    }

    @Test("every package of the project set is named, and every file exists on this machine")
    func projectSetInstalled() {
        #expect(HermeticFontSet.project.packages.map(\.name) == [
            "fonts-inter", "fonts-dejavu-core", "fonts-urw-base35", "fonts-wqy-microhei", "fonts-noto-color-emoji",
        ])
        #expect(HermeticFontSet.project.missingFiles().isEmpty, "run scripts/setup.sh")
        #expect(HermeticFontSet.project.package(forFile: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf") == "fonts-noto-color-emoji")
    }

    @Test("a missing font directory or file fails with 'install <package>'")
    func missingDirectory() throws {
        var lacksFile = HermeticFontSet.project
        lacksFile.packages[4].files.append("NotoColorEmoji-Extra.ttf")
        #expect {
            try lacksFile.makeResolver()
        } throws: { error in
            "\(error)".contains("1 file of fonts-noto-color-emoji in /usr/share/fonts/truetype/noto/ (NotoColorEmoji-Extra.ttf)")
        }
        var set = HermeticFontSet.project
        set.packages[0].directory = "/nonexistent/fonts/inter"
        #expect {
            try set.makeResolver()
        } throws: { error in
            let text = "\(error)"
            return text.contains("/nonexistent/fonts/inter/ does not exist (fonts-inter)")
                && text.contains("Install fonts-inter (sudo apt-get install fonts-inter")
        }
        // Through a snapshot: the failure names the package instead of showing a diff.
        let screen = NotepadScreen.editor(
            note: Note(slug: "tiny", contents: "Tiny", timestamp: Date(timeIntervalSince1970: 0), source: "test"),
            viewSize: Size(width: 320, height: 200), fontSet: set)
        let failures = verifyDynamicTypeSnapshots(
            of: screen, as: .layoutDump, named: "tiny", categories: [.large], record: .never,
            snapshotDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("dtt-none-\(UUID().uuidString)").path)
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("Install fonts-inter") == true)
    }
}
