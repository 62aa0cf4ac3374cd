import Foundation
import Testing

@testable import DynamicTypeCore

/// Pins every (style, category) cell of the `ios` and `ios7` profiles against the reference tables
/// of type-ramps.md (a verbatim copy lives in Fixtures/, parsed here independently of the JSON).
@Suite("Type ramps match the reference tables")
struct TypeRampReferenceTests {
    /// Markdown style names → profile styles.
    static let styleNames: [String: TextStyle] = [
        "Large Title": .largeTitle, "Title 1": .title1, "Title 2": .title2, "Title 3": .title3,
        "Headline": .headline, "Body": .body, "Callout": .callout, "Subhead": .subheadline,
        "Subheadline": .subheadline, "Footnote": .footnote, "Caption 1": .caption1, "Caption1": .caption1,
        "Caption 2": .caption2, "Caption2": .caption2,
    ]

    /// Reads the table that follows `heading` in the fixture: style → 12 numbers (first number of a
    /// cell such as `40 (41*)`), plus weight columns when present.
    static func table(after heading: String) throws -> [TextStyle: (weights: [String], values: [Double])] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/type-ramps-reference.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: heading), "heading \(heading) not in fixture")
        var rows: [TextStyle: (weights: [String], values: [Double])] = [:]
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                inTable = true
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let style = styleNames[cells[0]] else { continue }
                let numbers = cells.dropFirst().compactMap { cell -> Double? in
                    Double(cell.split(separator: " ").first.map(String.init) ?? "")
                }
                let weights = cells.dropFirst().filter { Double($0.split(separator: " ").first.map(String.init) ?? "") == nil }
                rows[style] = (weights, numbers)
            } else if inTable {
                break
            }
        }
        return rows
    }

    @Test("ios: all 132 sizes, leadings and weights equal HIG tables §1c/§1d")
    func iosCells() throws {
        let profile = try TypeRampProfile.named("ios")
        let sizes = try Self.table(after: "### 1c. Point size")
        let leadings = try Self.table(after: "### 1d. Leading")
        #expect(sizes.count == 11)
        #expect(leadings.count == 11)
        var checked = 0
        for (style, row) in sizes {
            #expect(row.values.count == 12, "\(style) row has \(row.values.count) sizes")
            let leadingRow = try #require(leadings[style])
            for category in ContentSizeCategory.allCases {
                let cell = try profile.metrics(for: style, category: category)
                #expect(cell.size == row.values[category.ordinal], "size \(style) @ \(category)")
                #expect(cell.leading == leadingRow.values[category.ordinal], "leading \(style) @ \(category)")
                #expect(cell.weight == FontWeight(name: row.weights[0]), "weight \(style)")
                #expect(cell.emphasizedWeight == FontWeight(name: row.weights[1]), "emphasized \(style)")
                #expect(!cell.isDerived)
                checked += 1
            }
        }
        #expect(checked == 132)
    }

    @Test("ios7: six styles × 12 categories equal the iOS 8.4 table §2; only body grows past xxxLarge")
    func ios7Cells() throws {
        let profile = try TypeRampProfile.named("ios7")
        let sizes = try Self.table(after: "Point sizes (KLAAS")
        #expect(sizes.count == 6)
        #expect(profile.styles.count == 6)
        for (style, row) in sizes {
            for category in ContentSizeCategory.allCases {
                #expect(try profile.metrics(for: style, category: category).size == row.values[category.ordinal])
            }
            if style != .body {
                #expect(
                    try profile.metrics(for: style, category: .accessibility5).size
                        == profile.metrics(for: style, category: .xxxLarge).size)
            }
        }
        #expect(try profile.metrics(for: .body, category: .accessibility5).size == 53)
        #expect(try profile.metrics(for: .headline, category: .large).weight == .bold)
    }

    @Test("ios extra large titles: 36/28 pt bold at large, other cells derived from largeTitle")
    func extraLargeTitles() throws {
        let profile = try TypeRampProfile.named("ios")
        let xl = try profile.metrics(for: .extraLargeTitle, category: .large)
        #expect(xl.size == 36)
        #expect(xl.weight == .bold)
        #expect(try profile.metrics(for: .extraLargeTitle2, category: .large).size == 28)
        let ax5 = try profile.metrics(for: .extraLargeTitle, category: .accessibility5)
        #expect(ax5.isDerived)
        #expect(ax5.size == (36.0 * 60 / 34).rounded())
        // Derived cells never shrink as the category grows.
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let size = try profile.metrics(for: .extraLargeTitle, category: category).size
            #expect(size >= previous)
            previous = size
        }
    }

    @Test("every bundled profile loads, and every style grows (or stays) with the category")
    func bundledProfilesAreMonotonic() throws {
        for name in ["ios", "ios7", "watchos", "macos", "android"] {
            let profile = try TypeRampProfile.named(name)
            #expect(!profile.styles.isEmpty)
            #expect(!profile.sources.isEmpty, "\(name) cites no sources")
            for style in profile.styles {
                var previous = 0.0
                for step in profile.categories {
                    let cell = try profile.metrics(for: style, category: step.category)
                    #expect(cell.size >= previous, "\(name) \(style) shrinks at \(step.category)")
                    #expect(cell.leading >= cell.size * 0.9, "\(name) \(style) leading too small at \(step.category)")
                    previous = cell.size
                }
            }
        }
    }

    @Test("watchOS has its own category set and per-watch defaults")
    func watchOS() throws {
        let profile = try TypeRampProfile.named("watchos")
        #expect(profile.categories.map(\.category) == [
            .xSmall, .small, .large, .xLarge, .xxLarge, .xxxLarge, .accessibility1, .accessibility2, .accessibility3,
        ])
        #expect(profile.deviceDefaults["38mm"] == .small)
        #expect(profile.deviceDefaults["45mm"] == .xLarge)
        #expect(try profile.metrics(for: .body, category: .large).size == 16)
        #expect(try profile.metrics(for: .body, category: .large).leading == 18.5)
        #expect(throws: ProfileError.self) { try profile.metrics(for: .body, category: .medium) }
    }

    @Test("macOS sizes are fixed across categories")
    func macOS() throws {
        let profile = try TypeRampProfile.named("macos")
        for category in ContentSizeCategory.allCases {
            #expect(try profile.metrics(for: .body, category: category).size == 13)
            #expect(try profile.metrics(for: .headline, category: category).weight == .bold)
        }
    }

    @Test("tracking follows the SF Pro table (1/1000 em)")
    func tracking() throws {
        let profile = try TypeRampProfile.named("ios")
        #expect(try profile.metrics(for: .body, category: .large).trackingPerMille == -26)
        #expect(try profile.metrics(for: .largeTitle, category: .large).trackingPerMille == 12)
        #expect(try profile.metrics(for: .caption2, category: .large).trackingPerMille == 6)
        // 55 pt is not in the table: halfway between 54 (+6) and 56 (+6).
        let table = try #require(profile.tracking)
        #expect(table.perMille(atSize: 57) == 5.5)
    }
}
