import Foundation

/// A selection of content-size categories as users write it on the command line.
///
/// Accepts SwiftUI-style ranges (`large...accessibility2`, `...xxxLarge`, `accessibility1...`,
/// also `..<`), the words `all`, `standard` and `accessibility`, single names, and comma-separated
/// lists of any of these. The result is sorted and free of duplicates.
///
/// ```swift
/// try ContentSizeCategorySelection(parsing: "L...AX2").categories  // [.large, …, .accessibility2]
/// ```
package struct ContentSizeCategorySelection: Hashable, Sendable, CustomStringConvertible {
    /// The selected categories, smallest first.
    public let categories: [ContentSizeCategory]

    /// A selection of exactly these categories (sorted, deduplicated).
    public init(_ categories: some Sequence<ContentSizeCategory>) {
        self.categories = Array(Set(categories)).sorted()
    }

    /// Every category, `xSmall…accessibility5`.
    public static let all = ContentSizeCategorySelection(ContentSizeCategory.allCases)

    /// Parses `all`, `standard`, `accessibility`, a name, or a range; comma-separated lists combine.
    ///
    /// - Throws: ``CategoryParseError`` for an unknown name, or a ``CategoryRangeError`` for an empty range.
    public init(parsing text: String) throws {
        var selected: Set<ContentSizeCategory> = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: true)
        if parts.isEmpty { throw CategoryRangeError(input: text, reason: "no category given") }
        for rawPart in parts {
            let part = String(rawPart).trimmingCharacters(in: .whitespacesAndNewlines)
            switch part.lowercased() {
            case "all", "*":
                selected.formUnion(ContentSizeCategory.allCases)
                continue
            case "standard":
                selected.formUnion(ContentSizeCategory.standardCategories)
                continue
            case "accessibility", "ax":
                selected.formUnion(ContentSizeCategory.accessibilityCategories)
                continue
            default:
                break
            }
            if let range = try Self.parseRange(part) {
                selected.formUnion(range)
            } else {
                selected.insert(try ContentSizeCategory(parsing: part))
            }
        }
        self.init(selected)
    }

    private static func parseRange(_ text: String) throws -> [ContentSizeCategory]? {
        let halfOpen = text.contains("..<")
        let separator = halfOpen ? "..<" : "..."
        guard let found = text.range(of: separator) else { return nil }
        let lowerText = String(text[..<found.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        let upperText = String(text[found.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = lowerText.isEmpty ? ContentSizeCategory.xSmall : try ContentSizeCategory(parsing: lowerText)
        var upper = upperText.isEmpty ? ContentSizeCategory.accessibility5 : try ContentSizeCategory(parsing: upperText)
        if halfOpen {
            guard !upperText.isEmpty, let previous = upper.previous, previous >= lower else {
                throw CategoryRangeError(input: text, reason: "the half-open range is empty")
            }
            upper = previous
        }
        guard lower <= upper else {
            throw CategoryRangeError(
                input: text, reason: "'\(lower.name)' is larger than '\(upper.name)'; write the smaller category first")
        }
        return ContentSizeCategory.allCases.filter { $0 >= lower && $0 <= upper }
    }

    public var description: String {
        if categories == ContentSizeCategory.allCases { return "all" }
        if let first = categories.first, let last = categories.last,
            categories.count == last.rawValue - first.rawValue + 1, categories.count > 1
        {
            return "\(first.name)...\(last.name)"
        }
        return categories.map(\.name).joined(separator: ",")
    }
}

/// A category range that parses but selects nothing, or is written backwards.
package struct CategoryRangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The range as written.
    public let input: String
    /// Why it is invalid and how to fix it.
    public let reason: String
    public var description: String { "invalid category range '\(input)': \(reason)" }
}
