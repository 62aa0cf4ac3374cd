/// The platform's size-dependent tracking (HIG › Tracking values), in 1/1000 em.
///
/// Sizes between two rows are interpolated linearly; sizes outside the table take the nearest row.
/// The HIG publishes both a 1/1000 em and a point column and they disagree slightly; profiles use
/// the em column, which scales with the font (recorded in each profile's `tracking.choice`).
package struct TrackingTable: Hashable, Sendable {
    /// Point sizes, ascending.
    public let sizes: [Double]
    /// Tracking at each size in 1/1000 em.
    public let values: [Double]
    /// Where the table comes from.
    public let source: String

    /// A table; `sizes` must be ascending and as long as `values` (the profile loader checks).
    public init(sizes: [Double], values: [Double], source: String) {
        self.sizes = sizes
        self.values = values
        self.source = source
    }

    /// Tracking in 1/1000 em at `size`.
    public func perMille(atSize size: Double) -> Double {
        guard let first = sizes.first, let last = sizes.last else { return 0 }
        if size <= first { return values[0] }
        if size >= last { return values[values.count - 1] }
        var upper = 1
        while sizes[upper] < size { upper += 1 }
        let lower = upper - 1
        let t = (size - sizes[lower]) / (sizes[upper] - sizes[lower])
        return values[lower] + (values[upper] - values[lower]) * t
    }
}
