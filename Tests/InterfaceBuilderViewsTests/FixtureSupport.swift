import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import InterfaceBuilderViews

/// The hand-written fixtures laid out the way every command does (``ViewRenderer``), and the
/// project's text stack to measure their texts with, so expectations are computed from measured
/// widths rather than written down.
enum IBFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let resolver = try! FontResolver.shared()
    /// The device the fixtures are checked on: 393 × 852 pt at 3×, no safe area.
    static let device = Device(id: "test", name: "test", width: 393, height: 852, scale: 3)
    static let settings = AuditSettings(device: device)

    /// The documents of fixture `file`.
    static func documents(_ file: String) throws -> [ScreenDocument] {
        try IBFile.read(path: folder + "/" + file).map { InterfaceBuilderViewReader.document($0, id: $0.name) }
    }

    /// The live view of fixture `file`'s first screen at `category`.
    static func live(_ file: String, at category: ContentSizeCategory) throws -> ScreenLiveView {
        let source = ScreenSource(screens: [try documents(file)[0]], locales: [nil], strings: StringTable())
        return try ViewRenderer.build(source.views[0], of: source, category: category, settings: settings, resolver: resolver) as! ScreenLiveView
    }

    /// The live view of fixture `file`'s screen `index` at `category` on `device`, in `locale`'s direction.
    static func live(_ file: String, screen index: Int, at category: ContentSizeCategory, on device: Device, locale: String? = nil) throws -> ScreenLiveView {
        let documents = try documents(file)
        let source = ScreenSource(screens: [documents[index]], locales: [locale], strings: StringTable())
        return try ViewRenderer.build(source.views[0], of: source, category: category, settings: AuditSettings(device: device), resolver: resolver)
            as! ScreenLiveView
    }

    /// The findings of fixture `file`'s screen `index` at `category` on the test device.
    static func findings(_ file: String, screen index: Int, at category: ContentSizeCategory) throws -> [Finding] {
        ViewRenderer.findings(of: try live(file, screen: index, at: category, on: device), profile: .ios, scale: 1, category: category)
    }

    /// The frame of the view with IB id `id` in `live`.
    static func frame(_ id: String, in live: ScreenLiveView) throws -> Rect {
        guard let view = live.laidOut.views.first(where: { $0.path.contains("[\(id)]") }) else {
            throw FixtureError(message: "no view \(id) in \(live.laidOut.views.map(\.path))")
        }
        return view.frame
    }

    /// A fixture that does not hold what a test looks for.
    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The findings of fixture `file`'s first screen at `category`.
    static func findings(_ file: String, at category: ContentSizeCategory) throws -> [Finding] {
        ViewRenderer.findings(of: try live(file, at: category), profile: .ios, scale: 1, category: category)
    }

    /// The environment texts are measured in.
    static var environment: ScreenLayoutEnvironment {
        ScreenLayoutEnvironment(resolver: resolver, width: device.width, height: device.height, texts: LocalizedTexts(), scale: device.scale)
    }

    /// `text` in the body style at `category`: its natural (one-line) width rounded up to pixels, as
    /// UIKit's intrinsic content size is.
    static func bodyWidth(_ text: String, at category: ContentSizeCategory) throws -> Double {
        let laid = try ExternalLayout.text(LabelSpec(id: "", text: .literal(text)), width: .infinity, category: category, environment: environment)
        let widest = laid.lines.map(\.textWidth).max() ?? 0
        return (widest * device.scale - 1e-6).rounded(.up) / device.scale
    }

    /// `text`'s height in the body style wrapped `width` points wide at `category`.
    static func bodyHeight(_ text: String, width: Double, at category: ContentSizeCategory) throws -> Double {
        try ExternalLayout.text(LabelSpec(id: "", text: .literal(text), lines: 0, lineBreak: .wordWrap), width: width, category: category, environment: environment)
            .box.height
    }
}
