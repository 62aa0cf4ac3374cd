import DynamicTypeCore
import TextStack

/// One screen of an app, described as data (a `*.screen.json` or `*.screen.yaml` file, or Swift):
/// a vertical column of views laid out at a device width from the text's intrinsic sizes.
///
/// The screen is the root of the layout: its `views` stack vertically inside `padding`, `spacing`
/// apart (see ``ScreenLayout`` for the rules). `minimumCategory`/`maximumCategory` clamp the
/// category every view sees, as iOS 15's `minimumContentSizeCategory`/`maximumContentSizeCategory`.
public struct Screen: Hashable, Sendable {
    /// The file format's version; 1 today.
    public static let currentSchemaVersion = 1

    /// The file format's version the screen was written for.
    public var schemaVersion: Int
    /// The screen's name (shown in reports; also its id in findings and file names).
    public var name: String
    /// A device id from the catalog (`iphone-se`, `iphone-15`, …); overrides the command's `--device`.
    public var device: String?
    /// A width in points; overrides the device's width.
    public var width: Double?
    /// The screen's background (default white).
    public var background: RGBAColor
    /// Space around the views (default 16 pt on every side).
    public var padding: EdgeInsets
    /// Space between the top-level views (default 8 pt).
    public var spacing: Double
    /// Whether the screen scrolls: if it does, content below the device height is information
    /// (`belowFold`); if not, it is cut off (`offScreen`).
    public var scrolls: Bool
    /// The smallest category the screen's views see (iOS 15 `minimumContentSizeCategory`).
    public var minimumCategory: ContentSizeCategory?
    /// The largest category the screen's views see (iOS 15 `maximumContentSizeCategory`).
    public var maximumCategory: ContentSizeCategory?
    /// The views, top to bottom.
    package var views: [ScreenView]

    /// A screen.
    package init(
        name: String, device: String? = nil, width: Double? = nil, background: RGBAColor = .white,
        padding: EdgeInsets = EdgeInsets(all: 16), spacing: Double = 8, scrolls: Bool = true,
        minimumCategory: ContentSizeCategory? = nil, maximumCategory: ContentSizeCategory? = nil,
        views: [ScreenView], schemaVersion: Int = Screen.currentSchemaVersion
    ) {
        self.schemaVersion = schemaVersion
        self.name = name
        self.device = device
        self.width = width
        self.background = background
        self.padding = padding
        self.spacing = spacing
        self.scrolls = scrolls
        self.minimumCategory = minimumCategory
        self.maximumCategory = maximumCategory
        self.views = views
    }
}

/// The categories a view (or screen) is limited to: iOS 15's `minimumContentSizeCategory` and
/// `maximumContentSizeCategory`.
package struct CategoryLimits: Hashable, Sendable {
    /// The smallest category the view sees.
    public var minimum: ContentSizeCategory?
    /// The largest category the view sees.
    public var maximum: ContentSizeCategory?

    /// Limits (nil = none on that side).
    public init(minimum: ContentSizeCategory? = nil, maximum: ContentSizeCategory? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// No limits.
    public static let none = CategoryLimits()

    /// `category` clamped to the limits.
    public func clamp(_ category: ContentSizeCategory) -> ContentSizeCategory {
        var result = category
        if let minimum, result < minimum { result = minimum }
        if let maximum, result > maximum { result = maximum }
        return result
    }

    /// These limits inside `outer`'s (a view inside a limited screen or stack): the narrower range.
    public func within(_ outer: CategoryLimits) -> CategoryLimits {
        CategoryLimits(
            minimum: [minimum, outer.minimum].compactMap { $0 }.max(),
            maximum: [maximum, outer.maximum].compactMap { $0 }.min())
    }
}
