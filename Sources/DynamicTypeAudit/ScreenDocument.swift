import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import FontSystem
import Rendering
import TextStack

/// A screen to check, with where it came from: its slug names its output folder and report entry;
/// relative font and text paths in it are read from ``baseDirectory``.
public struct ScreenDocument: Sendable {
    /// The screen.
    public var screen: Screen
    /// A file-name-safe id, unique among the views of a run.
    public var slug: String
    /// The file it was read from (nil for a screen built in Swift).
    public var source: String?
    /// Where relative paths in the screen start (the file's folder).
    public var baseDirectory: String?
    /// The engine that lays the document out instead of ``ScreenLayout`` (SwiftUI views read from
    /// source); nil for screen files and screens built in Swift.
    package var engine: (any ScreenLayoutEngine)?
    /// The line of ``source`` that declares the view (a SwiftUI view's `struct` or `#Preview`);
    /// nil for screen files, whose findings are located at their views' `id` lines.
    package var line: Int?

    /// A screen document; the slug defaults to the screen's name made file-name safe.
    public init(screen: Screen, slug: String? = nil, source: String? = nil, baseDirectory: String? = nil) {
        self.screen = screen
        self.slug = slug ?? ScreenDocument.slug(screen.name)
        self.source = source
        self.baseDirectory = baseDirectory
    }

    /// The view id of this screen in `locale`: `<slug>` or `<slug>.<locale>`.
    public func viewID(locale: String?) -> String { slug + (locale.map { ".\($0)" } ?? "") }

    /// The view's title in reports: `Checkout` or `Checkout (de)`.
    public func title(locale: String?) -> String { screen.name + (locale.map { " (\($0))" } ?? "") }

    /// The screen laid out at `category` in `texts` (a strings table in one locale), with
    /// `settings`' profile, Bold Text and device (unless the screen names its own device or width).
    public func layout(
        category: ContentSizeCategory, texts: LocalizedTexts, settings: AuditSettings, resolver: FontResolver
    ) throws -> LaidOutScreen {
        try layout(category: category, texts: texts as any ScreenTextProvider, settings: settings, resolver: resolver)
    }

    /// The screen laid out at `category` with any text provider (pseudo-locales, placeholders).
    package func layout(
        category: ContentSizeCategory, texts: any ScreenTextProvider, settings: AuditSettings, resolver: FontResolver
    ) throws -> LaidOutScreen {
        try checkedLayout(category: category, texts: texts, settings: settings, resolver: resolver).screen
    }

    /// The screen laid out at `category`, with the findings of its ``engine`` (none for ``ScreenLayout``).
    package func checkedLayout(
        category: ContentSizeCategory, texts: any ScreenTextProvider, settings: AuditSettings, resolver: FontResolver
    ) throws -> (screen: LaidOutScreen, findings: [Finding]) {
        if let engine {
            return try engine.layout(self, category: category, environment: environment(texts: texts, settings: settings, resolver: resolver))
        }
        do {
            let laidOut = try ScreenLayout.layout(
                screen, category: category, environment: environment(texts: texts, settings: settings, resolver: resolver))
            return (laidOut, [])
        } catch {
            // Name the screen file: the layout only knows view ids.
            throw ScreenRenderError.wrapping(error, document: self) ?? error
        }
    }

    /// The layout environment for `settings`.
    package func environment(texts: any ScreenTextProvider, settings: AuditSettings, resolver: FontResolver) -> ScreenLayoutEnvironment {
        let device = self.device(for: settings)
        let keyboard = keyboardHeight(for: settings)
        return ScreenLayoutEnvironment(
            profile: settings.profile, legibility: settings.legibility, resolver: resolver,
            width: screen.width ?? device.width, height: device.height, texts: texts, baseDirectory: baseDirectory,
            safeArea: device.safeArea, keyboardHeight: keyboard, images: PNGScreenImages(), scale: device.scale)
    }

    /// The device the screen is shown on: its own (held as the settings' device is, for
    /// `--orientation`), else the settings'.
    public func device(for settings: AuditSettings) -> Device {
        screen.device.flatMap { DeviceCatalog.bundled.device(named: $0)?.oriented(settings.device.orientation) } ?? settings.device
    }

    /// The keyboard's height over the screen: `--keyboard` means the keyboard of the device the
    /// screen is shown on; a height in points is that height.
    public func keyboardHeight(for settings: AuditSettings) -> Double {
        settings.keyboard == .device ? device(for: settings).keyboardHeight : settings.keyboard.points
    }

    /// Lower-case letters, digits and dashes.
    public static func slug(_ name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("-") && !out.isEmpty {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "screen" : out
    }
}

/// Screens' images read as PNGs (libspng), within the input size limit.
package struct PNGScreenImages: ScreenImageLoader {
    /// A PNG reader.
    package init() {}

    package func image(atPath path: String) throws -> ScreenImage {
        let image = try PNGDecoder.decode(try InputFile.read(atPath: path, limit: .default))
        return ScreenImage(rgba: image.pixels, width: image.width, height: image.height)
    }
}
