import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore

/// `dyntype categories`: the twelve content-size categories with every accepted spelling.
struct CategoriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories",
        abstract: "List the content-size categories and the names each accepts.")

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    func run() throws {
        try runReportingErrors {
            switch format {
            case .json:
                struct Entry: Encodable {
                    var ordinal: Int
                    var name: String
                    var abbreviation: String
                    var uikit: String
                    var raw: String
                    var kebab: String
                    var isAccessibilityCategory: Bool
                    var isDefault: Bool
                }
                struct Report: Encodable {
                    var schemaVersion = 1
                    var tool = ReportTool(command: "categories")
                    var categories: [Entry]
                }
                let entries = ContentSizeCategory.allCases.map {
                    Entry(
                        ordinal: $0.ordinal, name: $0.name, abbreviation: $0.abbreviation, uikit: $0.uikitName,
                        raw: $0.rawUIKitValue, kebab: $0.kebabName, isAccessibilityCategory: $0.isAccessibilityCategory,
                        isDefault: $0 == .default)
                }
                StandardOutput.write(try JSONOutput.encode(Report(categories: entries)))
            case .text:
                var table = TextTable(header: ["#", "name", "short", "UIKit", "raw value", "kebab", "accessibility"])
                table.rightAligned = [0]
                for category in ContentSizeCategory.allCases {
                    table.add([
                        String(category.ordinal), category.name + (category == .default ? " (default)" : ""),
                        category.abbreviation, category.uikitName, category.rawUIKitValue, category.kebabName,
                        category.isAccessibilityCategory ? "yes" : "no",
                    ])
                }
                StandardOutput.write(
                    table.render()
                        + "\nRanges: large...accessibility2, ...xxxLarge, accessibility1..., all, standard, accessibility\n")
            }
        }
    }
}
