import DynamicTypeCore
import DynamicTypeTesting
import FontSystem
import Foundation
import Notepad
import NotepadViews
import Testing
import TextStack

/// Issue 21: a rule's `"family": "Courier New"` drew Liberation Mono in preview (the machine's
/// fontconfig) and DejaVu Sans Mono in snapshots (the hermetic set, which lacked the stand-in).
/// One resolution of the stand-in now serves both.
@Suite("A rule's font family: the same stand-in in preview and snapshots")
struct RuleStandInFontTests {
    static let courier = try! HighlightRuleSet([
        HighlightRule(name: "code", pattern: #"`([^`]+)`"#, group: 1, style: HighlightStyle(family: "Courier New"))
    ])

    @Test("the machine's resolver (preview's) draws Courier New with Liberation Mono; the family map says so")
    func previewStandIn() throws {
        let system = try FontResolver.shared()
        #expect(system.familyMap.candidates(for: "Courier New", size: 17).first == "Liberation Mono")
        let files = system.standInFiles(for: "Courier New")
        #expect(files.contains { $0.hasSuffix("/LiberationMono-Regular.ttf") })
        #expect(files.contains { $0.hasSuffix("/LiberationMono-BoldItalic.ttf") })
        #expect(try system.resolve(FontDescriptor(family: "Courier New", size: 17)).familyName == "Liberation Mono")
    }

    @Test("a snapshot of an editor with the rule draws the rule's text with preview's file")
    func snapshotUsesPreviewStandIn() throws {
        let note = Note(slug: "code", contents: "Run `make test` before pushing.", timestamp: Date(timeIntervalSince1970: 0), source: "test")
        let preview = try FontResolver.shared().resolve(FontDescriptor(family: "Courier New", size: 17))
        let rendering = try NotepadScreen.editor(note: note, viewSize: Size(width: 320, height: 568), rules: Self.courier).render()
        let drawn = rendering.fontsUsed.map { HermeticFontSet.realPath($0.filePath) }
        #expect(drawn.contains(HermeticFontSet.realPath(preview.filePath)), "drawn with \(drawn)")
        #expect(!drawn.contains { $0.hasSuffix("/DejaVuSansMono.ttf") })
        let fingerprint = try rendering.fingerprint(includingScale: false)
        let locked = try #require(fingerprint.fonts.first { $0.file == HermeticFontSet.realPath(preview.filePath) })
        #expect(locked.package == "fonts-liberation2")
    }

    @Test("the seeds' rules add nothing to the project set (Zapfino's Z003 is in it): references keep their fonts")
    func seedsUnchanged() throws {
        let system = try FontResolver.shared()
        #expect(HermeticFontSet.project.includingStandIns(for: HighlightRuleSet.seeds.families, resolvedBy: system) == .project)
        let extended = HermeticFontSet.project.includingStandIns(for: Self.courier.families, resolvedBy: system)
        #expect(extended.packages.map(\.name).last == "fonts-liberation2")
        let hermetic = try extended.resolver().resolve(FontDescriptor(family: "Courier New", size: 17, weight: .bold))
        let machine = try system.resolve(FontDescriptor(family: "Courier New", size: 17, weight: .bold))
        #expect(HermeticFontSet.realPath(hermetic.filePath) == HermeticFontSet.realPath(machine.filePath))
    }
}
