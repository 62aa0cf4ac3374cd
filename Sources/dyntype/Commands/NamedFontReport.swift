import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation

/// The `dyntype fonts --family NAME --size PT` report: one font by name (`UIFont(name:size:)`), its
/// stand-in and why, at each selected category, next to what body would be there (JSON field names
/// are stable; see README).
struct NamedFontReport: Encodable {
    /// The stand-in the family map declares for the requested name.
    struct StandIn: Encodable {
        /// The map key the name resolved to (`Snell Roundhand` for `SnellRoundhand-Bold`).
        var family: String
        /// The Apple font replaced, e.g. `Snell Roundhand (iOS 7)`.
        var standsIn: String?
        /// metric-compatible | derived | look-alike.
        var match: String?
        /// Why this stand-in.
        var why: String?
        /// The Debian package of the font used.
        var package: String?
    }

    /// One category: the same fixed size every time, and body's size there for comparison.
    struct CategoryRow: Encodable {
        var category: String
        var abbreviation: String
        var label: String?
        /// The font's size here: always the requested size.
        var size: Double
        /// Always false: `fontWithName:size:` does not follow the content-size category.
        var scales = false
        /// What `preferredFont(forTextStyle: .body)` would be at this category (nil if the profile lacks body).
        var bodySize: Double?
        var resolved: FontsReport.Resolved

        init(category: ContentSizeCategory, label: String?, bodySize: Double?, font: ResolvedFont) {
            self.category = category.name
            abbreviation = category.abbreviation
            self.label = label == category.name ? nil : label
            size = font.pointSize
            self.bodySize = bodySize
            resolved = FontsReport.Resolved(font)
        }
    }

    var schemaVersion = 1
    var tool = ReportTool(command: "fonts")
    var profile: FontsReport.ProfileInfo
    /// The name as given.
    var requested: String
    var size: Double
    var weight: String
    var italic: Bool
    /// Nil when the name is an installed family the map does not know (used as-is).
    var standIn: StandIn?
    var categories: [CategoryRow]
    var environment: ReportEnvironment

    init(
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

    func text() -> String {
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
