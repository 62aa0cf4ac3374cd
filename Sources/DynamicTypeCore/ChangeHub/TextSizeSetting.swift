/// The two user settings that decide how large and how heavy Dynamic Type text is drawn: the
/// content-size category (Settings › Display & Brightness › Text Size, or Accessibility › Larger
/// Text) and Bold Text.
///
/// It is a plain value so that a ``ContentSizeChange`` can carry the whole setting from before and
/// after a change, and observers never have to read the hub again to learn what changed.
///
/// ```swift
/// let setting = TextSizeSetting(category: .accessibility3, legibilityWeight: .bold)
/// setting.description   // "accessibility3, Bold Text on"
/// ```
public struct TextSizeSetting: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The user's preferred content-size category.
    public var category: ContentSizeCategory
    /// The user's Bold Text setting (`.bold` = on).
    public var legibilityWeight: LegibilityWeight

    /// A setting with the given category and Bold Text state.
    ///
    /// - Parameters:
    ///   - category: the content-size category; the system default is `.large`.
    ///   - legibilityWeight: `.bold` when Bold Text is on.
    public init(category: ContentSizeCategory = .default, legibilityWeight: LegibilityWeight = .regular) {
        self.category = category
        self.legibilityWeight = legibilityWeight
    }

    /// What a fresh device starts with: `large`, Bold Text off.
    public static let `default` = TextSizeSetting()

    /// `"large, Bold Text off"`: the category's SwiftUI name and the Bold Text state.
    public var description: String {
        "\(category.name), Bold Text \(legibilityWeight == .bold ? "on" : "off")"
    }
}
