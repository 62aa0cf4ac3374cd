import DynamicTypeCore
import FontSystem
import Foundation

/// The `dyntype fonts --family NAME --size PT` report: one font by name (`UIFont(name:size:)`), its
/// stand-in and why, at each selected category, next to what body would be there (JSON field names
/// are stable; see docs/commands.md).
package struct NamedFontReport: Encodable {
    /// The stand-in the family map declares for the requested name.
    package struct StandIn: Encodable {
        /// The map key the name resolved to (`Snell Roundhand` for `SnellRoundhand-Bold`).
        package var family: String
        /// The Apple font replaced, e.g. `Snell Roundhand (iOS 7)`.
        package var standsIn: String?
        /// metric-compatible | derived | look-alike.
        package var match: String?
        /// Why this stand-in.
        package var why: String?
        /// The Debian package of the font used.
        package var package: String?
    }

    /// One category: the same fixed size every time, and body's size there for comparison.
    package struct CategoryRow: Encodable {
        /// The category's name.
        package var category: String
        /// Its abbreviation (L, AX3…).
        package var abbreviation: String
        /// The profile's own label for the step, when it differs.
        package var label: String?
        /// The font's size here: always the requested size.
        package var size: Double
        /// Always false: `fontWithName:size:` does not follow the content-size category.
        package var scales = false
        /// What `preferredFont(forTextStyle: .body)` would be at this category (nil if the profile lacks body).
        package var bodySize: Double?
        /// The font used.
        package var resolved: FontsReport.Resolved

        /// Makes the value from its parts.
        package init(category: ContentSizeCategory, label: String?, bodySize: Double?, font: ResolvedFont) {
            self.category = category.name
            abbreviation = category.abbreviation
            self.label = label == category.name ? nil : label
            size = font.pointSize
            self.bodySize = bodySize
            resolved = FontsReport.Resolved(font)
        }
    }

    /// The report format's version; bumped on breaking changes.
    package var schemaVersion = 1
    /// The tool, its version and the command.
    package var tool = ReportTool(command: "fonts")
    /// The profile the categories come from.
    package var profile: FontsReport.ProfileInfo
    /// The name as given.
    package var requested: String
    /// Point size.
    package var size: Double
    /// Weight name.
    package var weight: String
    /// Whether the face is italic.
    package var italic: Bool
    /// Nil when the name is an installed family the map does not know (used as-is).
    package var standIn: StandIn?
    /// Each selected category.
    package var categories: [CategoryRow]
    /// Fonts and libraries the report was made with.
    package var environment: ReportEnvironment

    /// Makes the value from its parts.
    package init(
        requested: String, font: ResolvedFont, entry: FontFamilyMap.Entry?, package: String?,
        profile: TypeRampProfile, rows: [CategoryRow], environment: ReportEnvironment
    ) {
        self.requested = requested
        size = font.pointSize
        weight = font.descriptor.weight.name
        italic = font.descriptor.isItalic
        // The map's reason describes its declared stand-in; if a later candidate was used, say so instead.
        let declared = entry.map { $0.standIn.caseInsensitiveCompare(font.familyName) == .orderedSame } ?? false
        standIn = entry.map { entry in
            StandIn(
                family: entry.name, standsIn: entry.standsIn, match: declared ? entry.match?.rawValue : nil,
                why: declared
                    ? entry.why
                    : "fallback: the declared stand-in \(entry.standIn) is not installed"
                        + (entry.package.map { " (apt-get install \($0))" } ?? ""),
                package: package)
        }
        self.profile = FontsReport.ProfileInfo(
            name: profile.name, title: profile.title, platform: profile.platform, origin: profile.origin)
        categories = rows
        self.environment = environment
    }

    /// The report as terminal text.
    package func text() -> String {
        let points = PointFormat.string(size)
        var out = "Font \"\(requested)\" at \(points) pt (UIFont(name:size:)); profile \(profile.name)\n"
        let bodySizes = categories.compactMap(\.bodySize)
        for row in categories {
            out += "\n\(row.category) (\(row.abbreviation))" + (row.label.map { " — \($0)" } ?? "") + "\n"
            // A PostScript name shows the family it was read as: "ArialMT (Arial)".
            let asFamily = standIn.map { $0.family == requested ? "" : " (\($0.family))" } ?? ""
            var lines: [(String, String)] = [("requested", requested + asFamily)]
            lines.append(("font", "\(row.resolved.family) \(row.resolved.style), \(row.resolved.file)"))
            if let standIn {
                lines.append(("stand-in", (standIn.why ?? "family map") + (standIn.package.map { " [\($0)]" } ?? "")))
            } else {
                lines.append(("stand-in", "none: an installed family, used as named"))
            }
            var sizeLine = "\(PointFormat.string(row.size)) pt, fixed: does not scale"
            if let body = row.bodySize { sizeLine += " (body here: \(PointFormat.string(body)) pt)" }
            lines.append(("size", sizeLine))
            let width = lines.map(\.0.count).max() ?? 0
            for (key, value) in lines {
                out += "  " + key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value + "\n"
            }
        }
        out += "\nUIFont(name:size:) is a fixed size: \(points) pt at every category"
        if let low = bodySizes.min(), let high = bodySizes.max(), categories.count > 1 {
            out += ", while body goes from \(PointFormat.string(low)) to \(PointFormat.string(high)) pt"
        }
        out += ". Scale it with UIFontMetrics (FontMetrics) or use a text style to follow Dynamic Type.\n"
        return out
    }
}

extension NamedFontReport {
    /// `family` at `size` (with `traits`) resolved once — the size is the same at every category,
    /// which is the point of the report — and shown at each of `categories` next to body's size.
    package static func resolve(
        family: String, size: Double, traits: SymbolicTraits, profile: TypeRampProfile, categories: [ContentSizeCategory],
        resolver: FontResolver
    ) throws -> NamedFontReport {
        let font = try resolver.resolve(named: family, size: size, traits: traits)
        let rows = try categories.map { category in
            CategoryRow(
                category: category, label: profile.step(for: category)?.label,
                bodySize: profile.has(.body) ? try profile.metrics(for: .body, category: category).size : nil, font: font)
        }
        return NamedFontReport(
            requested: family, font: font, entry: resolver.familyMap.entry(for: font.descriptor.family),
            package: resolver.familyMap.package(for: font.familyName), profile: profile, rows: rows,
            environment: ReportEnvironment(resolver: resolver, fonts: [font]))
    }
}
