/// What a type ramp says about one text style at one content-size category.
package struct StyleMetrics: Hashable, Sendable {
    /// Point size.
    public var size: Double
    /// Line height (the HIG's "leading") in points: baseline-to-baseline distance of wrapped lines.
    public var leading: Double
    /// Weight without the bold trait.
    public var weight: FontWeight
    /// Weight with the bold symbolic trait (the HIG's "emphasized weight").
    public var emphasizedWeight: FontWeight
    /// Tracking in 1/1000 em from the profile's tracking table (0 when the platform has none).
    public var trackingPerMille: Double
    /// True when the cell was derived (not published) — see the profile's `choices`.
    public var isDerived: Bool

    /// A cell with every value given.
    public init(
        size: Double, leading: Double, weight: FontWeight, emphasizedWeight: FontWeight,
        trackingPerMille: Double = 0, isDerived: Bool = false
    ) {
        self.size = size
        self.leading = leading
        self.weight = weight
        self.emphasizedWeight = emphasizedWeight
        self.trackingPerMille = trackingPerMille
        self.isDerived = isDerived
    }

    /// Tracking converted to points at this size.
    public var trackingPoints: Double { trackingPerMille * size / 1000 }
}

/// A category as a profile offers it: its name in the profile's own terms, and Android's font scale.
package struct ProfileCategory: Hashable, Sendable {
    /// The content-size category this step corresponds to.
    public var category: ContentSizeCategory
    /// How the platform labels it (e.g. "115%" on Android); the category name when the profile gives none.
    public var label: String
    /// Android only: the `Settings.System.FONT_SCALE` value of this step.
    public var fontScale: Double?

    /// A profile step.
    public init(category: ContentSizeCategory, label: String? = nil, fontScale: Double? = nil) {
        self.category = category
        self.label = label ?? category.name
        self.fontScale = fontScale
    }
}

/// One source a profile cites for its numbers.
package struct ProfileSource: Hashable, Sendable {
    /// Short key used in per-style `source` notes, e.g. `HIG`.
    public var key: String
    /// What the source is.
    public var description: String
    /// Where to find it.
    public var url: String?
}
