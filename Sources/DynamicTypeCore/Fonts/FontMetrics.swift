/// Scales custom fonts and layout values with Dynamic Type (UIKit `UIFontMetrics`).
///
/// Apple does not document the scaling curve (type-ramps.md §4). This simulator scales by the
/// ratio of the text style's size at the category to its size at `large` — exactly what
/// `preferredFont(forTextStyle:)` does, and within a few points of real `UIFontMetrics` at the
/// extremes (UIKit gives 16.333 for body 17 at medium where the ratio gives 16).
///
/// ```swift
/// let metrics = FontMetrics(forTextStyle: .title1, profile: .ios)
/// try metrics.scaledValue(for: 44, category: .accessibility3)  // 44 × 48/28
/// ```
public struct FontMetrics: Sendable {
    /// The style whose growth is followed.
    public let textStyle: TextStyle
    /// The ramp the ratios come from.
    public let profile: TypeRampProfile

    /// Metrics following `textStyle` in `profile`.
    public init(forTextStyle textStyle: TextStyle, profile: TypeRampProfile) {
        self.textStyle = textStyle
        self.profile = profile
    }

    /// `UIFontMetrics.default`: follows the body style.
    public static func `default`(profile: TypeRampProfile) -> FontMetrics {
        FontMetrics(forTextStyle: .body, profile: profile)
    }

    /// The growth factor at `category` relative to the profile's default category.
    public func scaleFactor(for category: ContentSizeCategory) throws(ProfileError) -> Double {
        let base = try profile.metrics(for: textStyle, category: profile.defaultCategory).size
        return try profile.metrics(for: textStyle, category: category).size / base
    }

    /// Scales a layout value given at the default category (UIKit `scaledValue(for:)`; no maximum).
    public func scaledValue(for value: Double, category: ContentSizeCategory) throws(ProfileError) -> Double {
        value * (try scaleFactor(for: category))
    }

    /// Scales a custom font given at its default-category size, optionally capped
    /// (UIKit `scaledFont(for:maximumPointSize:)`). The line height scales with it.
    public func scaledFont(
        for descriptor: FontDescriptor, maximumPointSize: Double? = nil, category: ContentSizeCategory
    ) throws(ProfileError) -> FontDescriptor {
        var size = descriptor.size * (try scaleFactor(for: category))
        if let maximumPointSize, maximumPointSize > 0 { size = min(size, maximumPointSize) }
        var scaled = descriptor.withSize(size)
        scaled.category = category
        return scaled
    }
}
