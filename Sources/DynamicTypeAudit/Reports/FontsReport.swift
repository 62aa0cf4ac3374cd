import DynamicTypeCore
import FontSystem
import Foundation

/// The `dyntype fonts` report (JSON field names are stable; see docs/commands.md).
package struct FontsReport: Encodable {
    /// A resolved font as the report shows it.
    package struct Resolved: Encodable {
        /// The family name.
        package var family: String
        /// The style (face) name, or the text style.
        package var style: String
        /// The font file.
        package var file: String
        /// The face's index in the file.
        package var faceIndex: Int
        /// Weight name.
        package var weight: String
        /// Whether the face is italic.
        package var italic: Bool
        /// Font units per em.
        package var unitsPerEm: Double
        /// Ascender in points.
        package var ascender: Double
        /// Descender in points.
        package var descender: Double
        /// Line gap in points.
        package var lineGap: Double
        /// Line height in points.
        package var lineHeight: Double
        /// Cap height in points.
        package var capHeight: Double
        /// x-height in points.
        package var xHeight: Double
        /// Set when the font is a stand-in.
        package var substitution: Substitution?

        /// The report's view of a resolved font; metrics rounded to 1/1000 pt.
        package init(_ font: ResolvedFont) {
            func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
            family = font.familyName
            style = font.styleName
            file = font.filePath
            faceIndex = font.faceIndex
            weight = font.weight.name
            italic = font.isItalic
            unitsPerEm = font.unitsPerEm
            ascender = round(font.ascender)
            descender = round(font.descender)
            lineGap = round(font.lineGap)
            lineHeight = round(font.lineHeight)
            capHeight = round(font.capHeight)
            xHeight = round(font.xHeight)
            substitution = font.substitution.map(Substitution.init)
        }
    }

    /// Why another font was used than the one asked for.
    package struct Substitution: Encodable {
        /// The family (or name) asked for.
        package var requested: String
        /// The family used.
        package var used: String
        /// Why (`mapped`, `fallback`, …).
        package var reason: String
        /// The families that were not installed.
        package var missing: [String]
        /// metric-compatible | derived | look-alike, when `used` is the map's declared stand-in.
        package var match: String?
        /// The family map's reason for the stand-in.
        package var why: String?

        /// Makes the value from its parts.
        package init(_ substitution: FontSubstitution) {
            requested = substitution.requested
            used = substitution.used
            reason = substitution.reason.rawValue
            missing = substitution.missing
            match = substitution.match?.rawValue
            why = substitution.why
        }
    }

    /// One text style at one category.
    package struct Row: Encodable {
        /// The style (face) name, or the text style.
        package var style: String
        /// Point size.
        package var size: Double
        /// Leading in points.
        package var leading: Double
        /// Weight name.
        package var weight: String
        /// The weight the descriptor asked for.
        package var requestedWeight: String
        /// Tracking in 1/1000 em.
        package var trackingPerMille: Double
        /// Whether the cell is derived, not published.
        package var derived: Bool
        /// The font used.
        package var resolved: Resolved
        /// The font itself (not encoded).
        package let font: ResolvedFont

        /// Makes the value from its parts.
        package init(style: TextStyle, cell: StyleMetrics, descriptor: FontDescriptor, font: ResolvedFont) {
            self.style = style.name
            size = cell.size
            leading = cell.leading
            weight = cell.weight.name
            requestedWeight = descriptor.weight.name
            trackingPerMille = (cell.trackingPerMille * 100).rounded() / 100
            derived = cell.isDerived
            self.font = font
            resolved = Resolved(font)
        }

        /// The JSON keys.
        package enum CodingKeys: String, CodingKey {
            case style, size, leading, weight, requestedWeight, trackingPerMille, derived, resolved
        }
    }

    /// One category's styles.
    package struct CategoryBlock: Encodable {
        /// The category's name.
        package var category: String
        /// Its abbreviation (L, AX3…).
        package var abbreviation: String
        /// The profile's own label for the step, when it differs.
        package var label: String?
        /// The styles at this category.
        package var rows: [Row]

        /// Makes the value from its parts.
        package init(category: ContentSizeCategory, label: String?, rows: [Row]) {
            self.category = category.name
            abbreviation = category.abbreviation
            self.label = label == category.name ? nil : label
            self.rows = rows
        }

        /// The JSON keys (`rows` is written as `styles`).
        package enum CodingKeys: String, CodingKey {
            case category, abbreviation, label
            case rows = "styles"
        }
    }

    /// The profile's identity.
    package struct ProfileInfo: Encodable {
        /// Its name.
        package var name: String
        /// Its title.
        package var title: String
        /// Its platform.
        package var platform: String
        /// Where its values come from.
        package var origin: String
    }

    /// The report format's version; bumped on breaking changes.
    package var schemaVersion = 1
    /// The tool, its version and the command.
    package var tool = ReportTool(command: "fonts")
    /// The profile resolved against.
    package var profile: ProfileInfo
    /// Whether Bold Text was on.
    package var boldText: Bool
    /// The symbolic traits added to every style.
    package var traits: String
    /// Each category with its styles.
    package var categories: [CategoryBlock]
    /// Fonts and libraries the report was made with.
    package var environment: ReportEnvironment

    /// Makes the value from its parts.
    package init(
        profile: TypeRampProfile, boldText: Bool, traits: SymbolicTraits, blocks: [CategoryBlock],
        environment: ReportEnvironment
    ) {
        self.profile = ProfileInfo(name: profile.name, title: profile.title, platform: profile.platform, origin: profile.origin)
        self.boldText = boldText
        self.traits = traits.description
        categories = blocks
        self.environment = environment
    }

    /// The report as terminal text.
    package func text() -> String {
        var out = "Profile \(profile.name): \(profile.title)\n"
        out += "Bold Text: \(boldText ? "on" : "off")   traits: \(traits)\n"
        for block in categories {
            out += "\n\(block.category) (\(block.abbreviation))" + (block.label.map { " — \($0)" } ?? "") + "\n"
            var table = TextTable(header: ["style", "size", "leading", "weight", "family", "face", "file"])
            table.rightAligned = [1, 2]
            for row in block.rows {
                var family = row.resolved.family
                if let substitution = row.resolved.substitution, substitution.reason != "mapped" {
                    family += " (fallback: \(substitution.requested) → \(substitution.used))"
                }
                table.add([
                    row.style + (row.derived ? "*" : ""), PointFormat.string(row.size), PointFormat.string(row.leading),
                    row.requestedWeight, family, row.resolved.style, row.resolved.file,
                ])
            }
            out += table.render()
        }
        if categories.contains(where: { $0.rows.contains(where: \.derived) }) {
            out += "\n* derived value (not published); see the profile's \"choices\"\n"
        }
        return out
    }
}

extension FontsReport {
    /// Every style of `styles` resolved at every category of `categories`, with `traits` added.
    package static func resolve(
        profile: TypeRampProfile, categories: [ContentSizeCategory], styles: [TextStyle], traits: SymbolicTraits, boldText: Bool,
        resolver: FontResolver
    ) throws -> FontsReport {
        var blocks: [CategoryBlock] = []
        for category in categories {
            var rows: [Row] = []
            for style in styles {
                let cell = try profile.metrics(for: style, category: category)
                let descriptor = try FontDescriptor.preferred(
                    for: style, category: category, legibilityWeight: boldText ? .bold : .regular, profile: profile
                ).withSymbolicTraits(traits)
                rows.append(Row(style: style, cell: cell, descriptor: descriptor, font: try resolver.resolve(descriptor)))
            }
            blocks.append(CategoryBlock(category: category, label: profile.step(for: category)?.label, rows: rows))
        }
        return FontsReport(
            profile: profile, boldText: boldText, traits: traits, blocks: blocks,
            environment: ReportEnvironment(resolver: resolver, fonts: blocks.flatMap { $0.rows.map(\.font) }))
    }

    /// `--style`: a comma list of text styles the profile has (nil: all of them).
    ///
    /// - Throws: ``TextStyleParseError`` or ``ProfileError/unknownStyle(profile:style:available:)`` (64).
    package static func styles(_ list: String?, in profile: TypeRampProfile) throws -> [TextStyle] {
        guard let list else { return profile.styles }
        return try list.split(separator: ",").map { name in
            let parsed = try TextStyle(parsing: String(name))
            guard profile.has(parsed) else {
                throw ProfileError.unknownStyle(profile: profile.name, style: parsed.name, available: profile.styles.map(\.name))
            }
            return parsed
        }
    }

    /// `--traits`: a comma list of bold, italic, monospace (nil: none).
    ///
    /// - Throws: ``RunFailure`` (64) naming an unknown trait.
    package static func traits(_ list: String?) throws -> SymbolicTraits {
        var result: SymbolicTraits = []
        for name in (list ?? "").split(separator: ",") {
            switch name.trimmingCharacters(in: .whitespaces).lowercased() {
            case "bold": result.insert(.bold)
            case "italic": result.insert(.italic)
            case "monospace", "mono": result.insert(.monoSpace)
            default: throw RunFailure(.usage, "unknown trait '\(name)'; valid traits: bold, italic, monospace")
            }
        }
        return result
    }
}
