import Foundation

/// One of the twelve text sizes a user can pick in Settings (Display & Brightness › Text Size, and
/// Accessibility › Larger Text), from `xSmall` to `accessibility5`.
///
/// Cases are ordered from smallest to largest, so `<`, ranges and `max` work as users expect.
/// They print with SwiftUI's `DynamicTypeSize` names; ``ContentSizeCategory/init(parsing:)`` also
/// accepts the short (`XL`, `AX3`), UIKit (`extraLarge`, `accessibilityMedium`), raw
/// (`UICTContentSizeCategoryXL`) and kebab-case (`extra-large`) spellings.
///
/// ```swift
/// let category = try ContentSizeCategory(parsing: "AX3")   // .accessibility3
/// category.isAccessibilityCategory                          // true
/// ```
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Hashable, Sendable, Codable,
    CustomStringConvertible
{
    /// UIKit `.extraSmall`: the smallest setting (body 14 pt on iOS).
    case xSmall
    /// UIKit `.small` (body 15 pt).
    case small
    /// UIKit `.medium` (body 16 pt).
    case medium
    /// UIKit `.large`, the default setting (body 17 pt).
    case large
    /// UIKit `.extraLarge` (body 19 pt).
    case xLarge
    /// UIKit `.extraExtraLarge` (body 21 pt).
    case xxLarge
    /// UIKit `.extraExtraExtraLarge`: the largest without Larger Accessibility Sizes (body 23 pt).
    case xxxLarge
    /// UIKit `.accessibilityMedium`: the first accessibility size (body 28 pt).
    case accessibility1
    /// UIKit `.accessibilityLarge` (body 33 pt).
    case accessibility2
    /// UIKit `.accessibilityExtraLarge` (body 40 pt).
    case accessibility3
    /// UIKit `.accessibilityExtraExtraLarge` (body 47 pt).
    case accessibility4
    /// UIKit `.accessibilityExtraExtraExtraLarge`: the largest setting (body 53 pt).
    case accessibility5

    /// Decodes a category from its name in any accepted spelling (`"accessibility3"`, `"AX3"`),
    /// or from its index 0…11 as older reports wrote it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let index = try? container.decode(Int.self) {
            guard let category = ContentSizeCategory(rawValue: index) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "category index \(index) is not 0…11")
            }
            self = category
            return
        }
        let name = try container.decode(String.self)
        do {
            self = try ContentSizeCategory(parsing: name)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    /// Encodes the category by name (`"accessibility3"`), so reports read without a table.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The system default, `large` (some snapshot tools wrongly default to `medium`).
    public static let `default` = ContentSizeCategory.large

    /// The seven standard sizes, `xSmall…xxxLarge`.
    public static let standardCategories = Array(ContentSizeCategory.allCases.prefix(7))

    /// The five accessibility sizes, `accessibility1…accessibility5`.
    public static let accessibilityCategories = Array(ContentSizeCategory.allCases.suffix(5))

    /// Whether this is one of the five larger accessibility sizes (UIKit's `isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { self >= .accessibility1 }

    /// Position from 0 (`xSmall`) to 11 (`accessibility5`), used for file names such as `03-large.png`.
    public var ordinal: Int { rawValue }

    /// SwiftUI `DynamicTypeSize` name: `xSmall … accessibility5`.
    public var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .accessibility1: "accessibility1"
        case .accessibility2: "accessibility2"
        case .accessibility3: "accessibility3"
        case .accessibility4: "accessibility4"
        case .accessibility5: "accessibility5"
        }
    }

    /// Abbreviation for table headers: `xS S M L xL xxL xxxL AX1 … AX5`.
    public var abbreviation: String {
        switch self {
        case .xSmall: "xS"
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .xLarge: "xL"
        case .xxLarge: "xxL"
        case .xxxLarge: "xxxL"
        case .accessibility1: "AX1"
        case .accessibility2: "AX2"
        case .accessibility3: "AX3"
        case .accessibility4: "AX4"
        case .accessibility5: "AX5"
        }
    }

    /// UIKit `UIContentSizeCategory` case name, e.g. `extraExtraLarge`, `accessibilityMedium`.
    public var uikitName: String {
        switch self {
        case .xSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "extraLarge"
        case .xxLarge: "extraExtraLarge"
        case .xxxLarge: "extraExtraExtraLarge"
        case .accessibility1: "accessibilityMedium"
        case .accessibility2: "accessibilityLarge"
        case .accessibility3: "accessibilityExtraLarge"
        case .accessibility4: "accessibilityExtraExtraLarge"
        case .accessibility5: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// The raw string UIKit posts in `UIContentSizeCategoryNewValueKey`, e.g. `UICTContentSizeCategoryL`.
    public var rawUIKitValue: String {
        let suffix: String
        switch self {
        case .xSmall: suffix = "XS"
        case .small: suffix = "S"
        case .medium: suffix = "M"
        case .large: suffix = "L"
        case .xLarge: suffix = "XL"
        case .xxLarge: suffix = "XXL"
        case .xxxLarge: suffix = "XXXL"
        case .accessibility1: suffix = "AccessibilityM"
        case .accessibility2: suffix = "AccessibilityL"
        case .accessibility3: suffix = "AccessibilityXL"
        case .accessibility4: suffix = "AccessibilityXXL"
        case .accessibility5: suffix = "AccessibilityXXXL"
        }
        return "UICTContentSizeCategory" + suffix
    }

    /// Kebab-case spelling of the UIKit name, e.g. `extra-extra-large`, `accessibility-medium`.
    public var kebabName: String {
        var out = ""
        for ch in uikitName {
            if ch.isUppercase {
                out.append("-")
                out.append(Character(ch.lowercased()))
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// Two-digit ordinal plus name, the file-name stem used by previews and snapshots: `03-large`.
    public var fileStem: String {
        (ordinal < 10 ? "0" : "") + String(ordinal) + "-" + name
    }

    /// Every spelling that ``init(parsing:)`` accepts for this category.
    public var aliases: [String] {
        [name, abbreviation, uikitName, rawUIKitValue, kebabName]
    }

    public var description: String { name }

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The next larger category, or `nil` at `accessibility5`.
    public var next: ContentSizeCategory? { ContentSizeCategory(rawValue: rawValue + 1) }

    /// The next smaller category, or `nil` at `xSmall`.
    public var previous: ContentSizeCategory? { ContentSizeCategory(rawValue: rawValue - 1) }

    // MARK: Parsing

    /// Lower-cased alias → category, built once.
    private static let aliasTable: [String: ContentSizeCategory] = {
        var table: [String: ContentSizeCategory] = [:]
        for category in ContentSizeCategory.allCases {
            for alias in category.aliases { table[alias.lowercased()] = category }
            // `UICTContentSizeCategoryXS` is also written without the prefix in some dumps.
            table[category.rawUIKitValue.dropFirst("UICTContentSizeCategory".count).lowercased()] = category
            // SwiftUI's `.accessibility1` is often written `ax1`/`AX1`; also accept `a1`-less spellings like "accessibility-1".
            if category.isAccessibilityCategory {
                table["accessibility-\(category.ordinal - 6)"] = category
            }
        }
        // UIKit symbol spellings users paste from code.
        for category in ContentSizeCategory.allCases {
            table["uicontentsizecategory" + category.uikitName.lowercased()] = category
            table["." + category.name.lowercased()] = category
            table["." + category.uikitName.lowercased()] = category
        }
        return table
    }()

    /// Parses any documented spelling, case-insensitively.
    ///
    /// - Throws: ``CategoryParseError`` naming the closest valid name and listing the valid ones.
    public init(parsing text: String) throws {
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let found = Self.aliasTable[key] {
            self = found
            return
        }
        throw CategoryParseError(
            input: text,
            suggestion: ClosestMatch.find(key, among: Array(Self.aliasTable.keys)).flatMap { Self.aliasTable[$0]?.name })
    }
}

/// A content-size category name that is not one of the documented spellings.
package struct CategoryParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the user typed.
    public let input: String
    /// The closest valid category name, if any is close.
    public let suggestion: String?

    public var description: String {
        var text = "unknown content-size category '\(input)'"
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        text += "; valid: " + ContentSizeCategory.allCases.map(\.name).joined(separator: ", ")
        text += " (also XS S M L XL XXL XXXL AX1…AX5, UIKit names such as extraLarge/accessibilityMedium,"
        text += " UICTContentSizeCategoryXL, or ranges like large...accessibility2)"
        return text
    }
}
