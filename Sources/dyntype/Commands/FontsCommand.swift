import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype fonts`: every text style of a profile resolved to a real font at each category, or
/// one font by name (`UIFont(name:size:)`) with its stand-in at a fixed size.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "Resolve every text style to a real font at the chosen content-size categories.",
        discussion: """
            With --family and --size, resolves one font by name as UIFont(name:size:) does (an iOS \
            family such as "Snell Roundhand" or a PostScript name such as SnellRoundhand-Bold) and \
            shows its stand-in, why it was chosen, and that its size does not follow Dynamic Type.

            Examples:
              dyntype fonts                                   # ios profile at large
              dyntype fonts --categories all --bold-text
              dyntype fonts --profile ios7 --categories L...AX5 --style body
              dyntype fonts --categories AX3 --traits bold,italic --format json
              dyntype fonts --family "Snell Roundhand" --size 20 --categories xSmall,AX5
            """)

    @OptionGroup var options: ProfileOptions

    @Option(name: .long, help: "Only these text styles (comma-separated; SwiftUI or UIKit names).")
    var style: String?

    @Option(name: .long, help: "Symbolic traits to add to every style: bold, italic, or bold,italic.")
    var traits: String?

    @Option(
        name: .long,
        help: "A font by name, as UIFont(name:size:) takes it (family or PostScript name); needs --size.")
    var family: String?

    @Option(name: .long, parsing: .unconditional, help: "Point size for --family (a fixed size: it does not follow Dynamic Type).")
    var size: Double?

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    func run() throws {
        try runReportingErrors {
            if family != nil || size != nil {
                try runNamed()
                return
            }
            let profile = try options.loadProfile()
            let categories = try options.selectedCategories(in: profile)
            let styles = try selectedStyles(in: profile)
            let traits = try parsedTraits()
            let resolver = try FontResolver.shared()
            var blocks: [FontsReport.CategoryBlock] = []
            for category in categories {
                var rows: [FontsReport.Row] = []
                for style in styles {
                    let cell = try profile.metrics(for: style, category: category)
                    let descriptor = try FontDescriptor.preferred(
                        for: style, category: category, legibilityWeight: options.legibilityWeight, profile: profile
                    ).withSymbolicTraits(traits)
                    let font = try resolver.resolve(descriptor)
                    rows.append(FontsReport.Row(style: style, cell: cell, descriptor: descriptor, font: font))
                }
                blocks.append(.init(category: category, label: profile.step(for: category)?.label, rows: rows))
            }
            let report = FontsReport(
                profile: profile, boldText: options.boldText, traits: traits, blocks: blocks,
                environment: ReportEnvironment(resolver: resolver, fonts: blocks.flatMap { $0.rows.map(\.font) }))
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text())
            }
        }
    }

    /// `--family NAME --size PT`: one named font at every selected category, next to body's size.
    private func runNamed() throws {
        guard let family, let size else {
            throw CommandError(
                code: SysExit.usage,
                message: family == nil
                    ? "--size needs --family (a font by name, as UIFont(name:size:) takes it)"
                    : "--family needs --size: UIFont(name:size:) takes a fixed point size")
        }
        guard style == nil else {
            throw CommandError(
                code: SysExit.usage, message: "--style does not apply to --family: a font by name has no text style")
        }
        let profile = try options.loadProfile()
        let categories = try options.selectedCategories(in: profile)
        let traits = try parsedTraits()
        let resolver = try FontResolver.shared()
        // One resolution: the size is the same at every category, which is the point of the report.
        let font = try resolver.resolve(named: family, size: size, traits: traits)
        let rows = try categories.map { category in
            NamedFontReport.CategoryRow(
                category: category, label: profile.step(for: category)?.label,
                bodySize: profile.has(.body) ? try profile.metrics(for: .body, category: category).size : nil,
                font: font)
        }
        let report = NamedFontReport(
            requested: family, font: font, entry: resolver.familyMap.entry(for: font.descriptor.family),
            package: resolver.familyMap.package(for: font.familyName), profile: profile, rows: rows,
            environment: ReportEnvironment(resolver: resolver, fonts: [font]))
        switch format {
        case .json: StandardOutput.write(try JSONOutput.encode(report))
        case .text: StandardOutput.write(report.text())
        }
    }

    private func selectedStyles(in profile: TypeRampProfile) throws -> [TextStyle] {
        guard let style else { return profile.styles }
        return try style.split(separator: ",").map { name in
            let parsed = try TextStyle(parsing: String(name))
            guard profile.has(parsed) else {
                throw ProfileError.unknownStyle(profile: profile.name, style: parsed.name, available: profile.styles.map(\.name))
            }
            return parsed
        }
    }

    private func parsedTraits() throws -> SymbolicTraits {
        guard let traits else { return [] }
        var result: SymbolicTraits = []
        for name in traits.split(separator: ",") {
            switch name.trimmingCharacters(in: .whitespaces).lowercased() {
            case "bold": result.insert(.bold)
            case "italic": result.insert(.italic)
            case "monospace", "mono": result.insert(.monoSpace)
            default:
                throw CommandError(
                    code: SysExit.usage, message: "unknown trait '\(name)'; valid traits: bold, italic, monospace")
            }
        }
        return result
    }
}

/// The `dyntype fonts` report (JSON field names are stable; see README).
struct FontsReport: Encodable {
    struct Resolved: Encodable {
        var family: String
        var style: String
        var file: String
        var faceIndex: Int
        var weight: String
        var italic: Bool
        var unitsPerEm: Double
        var ascender: Double
        var descender: Double
        var lineGap: Double
        var lineHeight: Double
        var capHeight: Double
        var xHeight: Double
        var substitution: Substitution?

        /// The report's view of a resolved font; metrics rounded to 1/1000 pt.
        init(_ font: ResolvedFont) {
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

    struct Substitution: Encodable {
        var requested: String
        var used: String
        var reason: String
        var missing: [String]
        /// metric-compatible | derived | look-alike, when `used` is the map's declared stand-in.
        var match: String?
        /// The family map's reason for the stand-in.
        var why: String?

        init(_ substitution: FontSubstitution) {
            requested = substitution.requested
            used = substitution.used
            reason = substitution.reason.rawValue
            missing = substitution.missing
            match = substitution.match?.rawValue
            why = substitution.why
        }
    }

    struct Row: Encodable {
        var style: String
        var size: Double
        var leading: Double
        var weight: String
        var requestedWeight: String
        var trackingPerMille: Double
        var derived: Bool
        var resolved: Resolved
        let font: ResolvedFont

        init(style: TextStyle, cell: StyleMetrics, descriptor: FontDescriptor, font: ResolvedFont) {
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

        enum CodingKeys: String, CodingKey {
            case style, size, leading, weight, requestedWeight, trackingPerMille, derived, resolved
        }
    }

    struct CategoryBlock: Encodable {
        var category: String
        var abbreviation: String
        var label: String?
        var rows: [Row]

        init(category: ContentSizeCategory, label: String?, rows: [Row]) {
            self.category = category.name
            abbreviation = category.abbreviation
            self.label = label == category.name ? nil : label
            self.rows = rows
        }

        enum CodingKeys: String, CodingKey {
            case category, abbreviation, label
            case rows = "styles"
        }
    }

    struct ProfileInfo: Encodable {
        var name: String
        var title: String
        var platform: String
        var origin: String
    }

    var schemaVersion = 1
    var tool = ReportTool(command: "fonts")
    var profile: ProfileInfo
    var boldText: Bool
    var traits: String
    var categories: [CategoryBlock]
    var environment: ReportEnvironment

    init(
        profile: TypeRampProfile, boldText: Bool, traits: SymbolicTraits, blocks: [CategoryBlock],
        environment: ReportEnvironment
    ) {
        self.profile = ProfileInfo(name: profile.name, title: profile.title, platform: profile.platform, origin: profile.origin)
        self.boldText = boldText
        self.traits = traits.description
        categories = blocks
        self.environment = environment
    }

    func text() -> String {
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
