import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSwiftUI
import FontSystem
import Foundation

/// The fixture app (Tests/DynamicTypeSwiftUITests/Fixtures/App) read once, and helpers that lay
/// one of its views out at a category the way every command does (``ViewRenderer``).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/App").path
    static let resolver = try! FontResolver.shared()
    nonisolated(unsafe) static let documents = try! SwiftUIDocuments.load([folder]).documents
    static let strings = try! StringTable.load(files: [folder + "/en.lproj/Localizable.strings", folder + "/de.lproj/Localizable.strings"])

    /// A device of `width` × 852 pt without a safe area.
    static func settings(width: Double = 393) -> AuditSettings {
        AuditSettings(device: Device(id: "test", name: "test", width: width, height: 852, scale: 2))
    }

    /// The document of the view with `id`.
    static func document(_ id: String) throws -> ScreenDocument {
        guard let document = documents.first(where: { $0.slug == id }) else {
            throw FixtureError(description: "no view \(id); have \(documents.map(\.slug))")
        }
        return document
    }

    /// The view `id` built at `category` (in `locale`).
    static func live(_ id: String, at category: ContentSizeCategory, locale: String? = nil, width: Double = 393) throws -> ScreenLiveView {
        let source = ScreenSource(screens: [try document(id)], locales: [locale], strings: strings)
        let live = try ViewRenderer.build(source.views[0], of: source, category: category, settings: settings(width: width), resolver: resolver)
        return live as! ScreenLiveView
    }

    /// The findings of view `id` at `category`.
    static func findings(_ id: String, at category: ContentSizeCategory, locale: String? = nil, width: Double = 393) throws -> [Finding] {
        let live = try live(id, at: category, locale: locale, width: width)
        return ViewRenderer.findings(of: live, profile: .ios, scale: 1, category: category)
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }
}
