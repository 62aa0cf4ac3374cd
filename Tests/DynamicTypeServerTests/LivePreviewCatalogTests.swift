import Foundation
import Testing

import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeViewSources

@testable import DynamicTypeServer

extension LivePreviewCatalog {
    /// The catalog of `paths` as `dyntype serve` reads them (every standard source, default settings).
    static func reading(_ paths: [String]) throws -> LivePreviewCatalog {
        var selection = ViewInputSelection()
        selection.paths = paths
        return try LivePreviewCatalog(selection: selection, registry: .standard, settings: AuditSettings())
    }
}

/// The live preview's catalog: reloads name the views an edit changed; a broken file keeps the
/// last good views and shows its error until it is fixed.
@Suite("Live preview catalog")
struct LivePreviewCatalogTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("Groceries\nMilk".utf8).write(to: url.appendingPathComponent("a.txt"))
        try Data("Travel\nTickets".utf8).write(to: url.appendingPathComponent("b.txt"))
        return url
    }

    @Test("an edit changes one note's view (and the list when a title changes); nothing changed, nothing reported")
    func edits() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try LivePreviewCatalog.reading([folder.path])
        #expect(catalog.views.map(\.id) == ["list", "a", "b"])
        #expect(catalog.reload().changed.isEmpty)
        let generation = catalog.generation
        try Data("Groceries\nMilk and eggs".utf8).write(to: folder.appendingPathComponent("a.txt"))
        #expect(catalog.reload().changed == ["a"])
        #expect(catalog.generation == generation + 1)
        try Data("Shopping\nMilk and eggs".utf8).write(to: folder.appendingPathComponent("a.txt"))
        #expect(Set(catalog.reload().changed) == ["list", "a"])
    }

    @Test("a broken screen file is an error on the page; the views stay; fixing it clears the error")
    func brokenFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try LivePreviewCatalog.reading([folder.path])
        let screen = folder.appendingPathComponent("s.screen.json")
        try Data(#"{"schemaVersion": 1, "name": "S", "views": [{"kind": "label", "id": "l", "text": "x", "lines": -2}]}"#.utf8).write(to: screen)
        let broken = catalog.reload()
        #expect(broken.errorsChanged)
        #expect(catalog.errors.first?.contains("$.views[0].lines") == true)
        #expect(catalog.views.map(\.id) == ["list", "a", "b"], "the last good views stay")
        try Data(#"{"schemaVersion": 1, "name": "S", "views": [{"kind": "label", "id": "l", "text": "x"}]}"#.utf8).write(to: screen)
        let fixed = catalog.reload()
        #expect(fixed.errorsChanged && catalog.errors.isEmpty)
        #expect(catalog.views.map(\.id) == ["list", "a", "b", "s"])
        #expect(fixed.changed == ["s"])
    }

    @Test("the strings files beside an Interface Builder file are used without --strings, found again on reload: one added later changes its views")
    func discoveredStrings() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../InterfaceBuilderViewsTests/Fixtures/Localized").standardizedFileURL
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dyntype-catalog-ib-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("Base.lproj"), to: folder.appendingPathComponent("Base.lproj"))
        var selection = ViewInputSelection()
        selection.paths = [folder.path]
        selection.locales = "de"
        let catalog = try LivePreviewCatalog(selection: selection, registry: .standard, settings: AuditSettings())
        let screens = catalog.views.filter { $0.kind == "screen" }
        #expect(!screens.isEmpty && screens.allSatisfy { $0.locale == "de" }, "\(catalog.views)")
        #expect(!catalog.current.strings.locales.contains("de"))
        // The German strings arrive while the page is open: the next reload reads them.
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("de.lproj"), to: folder.appendingPathComponent("de.lproj"))
        let reloaded = catalog.reload()
        #expect(Set(reloaded.changed).isSuperset(of: screens.map(\.id)), "\(reloaded.changed)")
        #expect(catalog.current.strings.locales.contains("de"))
        #expect(catalog.current.readFiles.contains { $0.hasSuffix("de.lproj/Settings.strings") })
        #expect(catalog.errors.isEmpty, "\(catalog.errors)")
        // An edit to the discovered file changes the views again.
        try Data("\"ttl-l1-de1.text\" = \"Benachrichtigungen\";\n".utf8).write(to: folder.appendingPathComponent("de.lproj/Settings.strings"))
        #expect(Set(catalog.reload().changed).isSuperset(of: screens.map(\.id)))
    }

    @Test("the render cache is bounded in bytes, least recently used out")
    func cacheBound() {
        let cache = RenderCache(capacity: 1000)
        for index in 0..<10 { cache.store("k\(index)", .init(png: Data(count: 300), findingsJSON: Data())) }
        #expect(cache.usage.bytes <= 1000)
        #expect(cache.value("k9") != nil && cache.value("k0") == nil)
    }
}
