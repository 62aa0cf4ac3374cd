import Foundation

/// A semantic text style such as `body` or `headline` (UIKit `UIFont.TextStyle`, SwiftUI `Font.TextStyle`).
///
/// A struct rather than an enum because the set grows with the platforms (iOS 17 added
/// `extraLargeTitle`; watchOS has `footnote2`). Which styles exist, and their sizes, is data in a
/// ``TypeRampProfile``. Names print with SwiftUI's spelling (`title`, `caption`); parsing also
/// accepts UIKit's (`title1`, `caption1`, `UIFontTextStyleBody`, `UICTFontTextStyleBody`).
public struct TextStyle: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Canonical identifier used in profiles: `largeTitle`, `title1`, `caption1`, …
    public let identifier: String

    /// A style with this profile identifier (no validation; use ``init(parsing:)`` for user input).
    public init(identifier: String) { self.identifier = identifier }

    /// UIKit `.extraLargeTitle` (`UIFont.TextStyle.extraLargeTitle`).
    public static let extraLargeTitle = TextStyle(identifier: "extraLargeTitle")
    /// UIKit `.extraLargeTitle2` (`UIFont.TextStyle.extraLargeTitle2`).
    public static let extraLargeTitle2 = TextStyle(identifier: "extraLargeTitle2")
    /// UIKit `.largeTitle` (`UIFont.TextStyle.largeTitle`).
    public static let largeTitle = TextStyle(identifier: "largeTitle")
    /// UIKit `.title1` (`UIFont.TextStyle.title1`).
    public static let title1 = TextStyle(identifier: "title1")
    /// UIKit `.title2` (`UIFont.TextStyle.title2`).
    public static let title2 = TextStyle(identifier: "title2")
    /// UIKit `.title3` (`UIFont.TextStyle.title3`).
    public static let title3 = TextStyle(identifier: "title3")
    /// UIKit `.headline` (`UIFont.TextStyle.headline`).
    public static let headline = TextStyle(identifier: "headline")
    /// UIKit `.subheadline` (`UIFont.TextStyle.subheadline`).
    public static let subheadline = TextStyle(identifier: "subheadline")
    /// UIKit `.body` (`UIFont.TextStyle.body`).
    public static let body = TextStyle(identifier: "body")
    /// UIKit `.callout` (`UIFont.TextStyle.callout`).
    public static let callout = TextStyle(identifier: "callout")
    /// UIKit `.footnote` (`UIFont.TextStyle.footnote`).
    public static let footnote = TextStyle(identifier: "footnote")
    /// UIKit `.caption1` (`UIFont.TextStyle.caption1`).
    public static let caption1 = TextStyle(identifier: "caption1")
    /// UIKit `.caption2` (`UIFont.TextStyle.caption2`).
    public static let caption2 = TextStyle(identifier: "caption2")
    /// watchOS only: the HIG's "Footnote 2".
    public static let footnote2 = TextStyle(identifier: "footnote2")

    /// Every style any bundled profile knows, largest first (the order tables print in).
    public static let knownStyles: [TextStyle] = [
        .extraLargeTitle, .extraLargeTitle2, .largeTitle, .title1, .title2, .title3, .headline,
        .subheadline, .body, .callout, .footnote, .footnote2, .caption1, .caption2,
    ]

    /// SwiftUI spelling, as printed: `title` for `title1`, `caption` for `caption1`.
    public var name: String {
        switch identifier {
        case "title1": "title"
        case "caption1": "caption"
        default: identifier
        }
    }

    /// UIKit constant name, e.g. `UIFontTextStyleBody`, `UIFontTextStyleTitle1`.
    public var uikitConstant: String {
        "UIFontTextStyle" + identifier.prefix(1).uppercased() + identifier.dropFirst()
    }

    public var description: String { name }

    private var order: Int { Self.knownStyles.firstIndex(of: self) ?? Int.max }

    public static func < (lhs: TextStyle, rhs: TextStyle) -> Bool {
        (lhs.order, lhs.identifier) < (rhs.order, rhs.identifier)
    }

    private static let aliasTable: [String: TextStyle] = {
        var table: [String: TextStyle] = [:]
        for style in knownStyles {
            let id = style.identifier.lowercased()
            table[id] = style
            table[style.name.lowercased()] = style
            table["uifonttextstyle" + id] = style
            table["uictfonttextstyle" + id] = style
            table["." + id] = style
            table["." + style.name.lowercased()] = style
        }
        // UIKit raw values that differ from the identifier (temoki's dump, type-ramps.md §1a).
        table["uictfonttextstyletitle0"] = .largeTitle
        table["uictfonttextstylesubhead"] = .subheadline
        table["subhead"] = .subheadline
        table["footnote1"] = .footnote
        table["emphasizedlargetitle"] = nil
        return table
    }()

    /// Parses a style name case-insensitively in SwiftUI, UIKit or raw spelling.
    ///
    /// - Throws: ``TextStyleParseError`` with the closest valid name.
    public init(parsing text: String) throws {
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let style = Self.aliasTable[key] {
            self = style
            return
        }
        throw TextStyleParseError(
            input: text,
            suggestion: ClosestMatch.find(key, among: Array(Self.aliasTable.keys)).flatMap { Self.aliasTable[$0]?.name })
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try TextStyle(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

/// A text-style name that none of the known spellings match.
package struct TextStyleParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the user typed.
    public let input: String
    /// The closest valid style name, if any is close.
    public let suggestion: String?

    public var description: String {
        var text = "unknown text style '\(input)'"
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        return text + "; valid: " + TextStyle.knownStyles.map(\.name).joined(separator: ", ")
    }
}
