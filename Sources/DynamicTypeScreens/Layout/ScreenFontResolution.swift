import DynamicTypeCore
import FontSystem
import Foundation

/// Turns a view's ``FontSpec`` into a font at a category, as UIKit does: a text style's preferred
/// font; a custom font scaled by `UIFontMetrics(forTextStyle:)` when it is `relativeTo` a style,
/// capped at its `maximumPointSize`; a view that does not adjust keeps its `large` size.
enum ScreenFontResolution {
    /// The font at `category` (or at `large` when `adjusts` is false) and its size at `large`.
    static func font(
        _ spec: FontSpec, category: ContentSizeCategory, adjusts: Bool, environment: ScreenLayoutEnvironment
    ) throws -> (font: ResolvedFont, sizeAtLarge: Double) {
        let seen = adjusts ? category : .large
        let profile = environment.profile
        switch spec.kind {
        case .style(let style):
            let descriptor = try FontDescriptor.preferred(
                for: style, category: seen, legibilityWeight: environment.legibility, profile: profile)
            let atLarge = try FontDescriptor.preferred(
                for: style, category: .large, legibilityWeight: environment.legibility, profile: profile)
            return (try environment.resolver.resolve(descriptor), atLarge.size)
        case .custom(let custom):
            var size = custom.size
            if let style = custom.relativeTo, seen != .large {
                size *= try FontMetrics(forTextStyle: style, profile: profile).scaleFactor(for: seen)
            }
            if let maximum = custom.maximumPointSize, maximum > 0 { size = min(size, maximum) }
            size = min(max(size, 1), FontDescriptor.maximumPointSize)
            if let file = custom.file {
                let full = try containedPath(file, base: environment.baseDirectory, view: "", what: "font")
                return (try environment.resolver.font(atPath: full, size: size), custom.size)
            }
            var descriptor = FontDescriptor(
                family: custom.family ?? profile.systemFamily, size: size, weight: custom.weight,
                legibilityWeight: environment.legibility, boldText: profile.boldText)
            if custom.italic { descriptor = descriptor.withSymbolicTraits(.italic) }
            let resolved: ResolvedFont
            do { resolved = try environment.resolver.resolve(descriptor) } catch {
                // A name neither mapped nor installed is a typo or a font iOS never had: resolving
                // it by name, as UIFont(name:size:) does, says so with the closest known family.
                if let family = custom.family, case .familyUnavailable = error {
                    _ = try environment.resolver.resolve(named: family, size: size, traits: descriptor.symbolicTraits)
                }
                throw error
            }
            return (resolved, custom.size)
        }
    }

    /// `file` resolved against `base` when relative.
    static func path(_ file: String, base: String?) -> String {
        guard !file.hasPrefix("/"), let base else { return file }
        return URL(fileURLWithPath: base).appendingPathComponent(file).standardizedFileURL.path
    }

    /// `file` resolved against the screen's folder `base`, refused unless it lies below that folder
    /// once `..` and every symbolic link are resolved (issue 32): a screen file names files of its
    /// own, never `../../etc/passwd`, `/proc/self/environ` or a link out. A screen without a folder
    /// (built in Swift) names files as its code does.
    ///
    /// - Throws: ``ScreenLayoutError/outsideScreenFolder(view:what:file:resolved:)``.
    static func containedPath(_ file: String, base: String?, view: String, what: String) throws(ScreenLayoutError) -> String {
        let full = path(file, base: base)
        guard let base else { return full }
        // The folder itself (`{image:.}`) is let through: its reader says it is a directory.
        guard let relation = ResolvedPath.relation(of: full, to: base), relation != .contains else {
            throw .outsideScreenFolder(view: view, what: what, file: file, resolved: ResolvedPath.resolve(full))
        }
        return full
    }
}
