/// Android 14's non-linear font scaling: `FontScaleConverterFactory` and `FontScaleConverterTable`.
///
/// Text sizes in sp are converted to dp through lookup tables per font scale (1.15, 1.3, 1.5, 1.8,
/// 2.0 in AOSP), so large text grows less than small text. The algorithm follows AOSP/AndroidX
/// (type-ramps.md §5b): below the smallest table key minus `minScaleOffset` scaling is linear;
/// an exact key uses its table; between two keys each table point is interpolated; above the
/// largest key scaling is linear again. Inside a table, values between points interpolate
/// linearly, below the first point from (0, 0), and above the last point sizes are unscaled
/// (ratio of the last point).
package struct AndroidFontScaleConverter: Hashable, Sendable {
    /// One lookup table: `fromSp[i]` converts to `toDp[i]` at `scale`.
    public struct Table: Hashable, Sendable {
        /// The font scale this table is for.
        public var scale: Double
        /// Sizes in sp, ascending.
        public var fromSp: [Double]
        /// Converted sizes in dp.
        public var toDp: [Double]

        /// A table; the arrays must be equally long and ascending (the profile loader checks).
        public init(scale: Double, fromSp: [Double], toDp: [Double]) {
            self.scale = scale
            self.fromSp = fromSp
            self.toDp = toDp
        }

        /// Looks `sp` up in this table (AndroidX `FontScaleConverterTable.convertSpToDp`).
        public func convert(_ sp: Double) -> Double {
            let magnitude = abs(sp)
            let sign: Double = sp < 0 ? -1 : 1
            guard let firstSp = fromSp.first, let lastSp = fromSp.last else { return sp }
            if magnitude >= lastSp {
                // Beyond the table: keep the last point's ratio (100 → 100 in AOSP: unscaled).
                return sign * magnitude * (toDp[toDp.count - 1] / lastSp)
            }
            var lowerSp = 0.0, lowerDp = 0.0, upperSp = firstSp, upperDp = toDp[0]
            if magnitude >= firstSp {
                var index = 0
                while fromSp[index + 1] <= magnitude { index += 1 }
                if fromSp[index] == magnitude { return sign * toDp[index] }
                lowerSp = fromSp[index]
                lowerDp = toDp[index]
                upperSp = fromSp[index + 1]
                upperDp = toDp[index + 1]
            }
            let t = (magnitude - lowerSp) / (upperSp - lowerSp)
            return sign * (lowerDp + (upperDp - lowerDp) * t)
        }
    }

    /// The tables, by ascending scale.
    public var tables: [Table]
    /// Non-linear scaling starts at `smallest key − minScaleOffset` (0.02 in AOSP → 1.13).
    public var minScaleOffset: Double

    /// A converter over `tables` (sorted by scale here).
    public init(tables: [Table], minScaleOffset: Double = 0.02) {
        self.tables = tables.sorted { $0.scale < $1.scale }
        self.minScaleOffset = minScaleOffset
    }

    /// Whether `fontScale` uses the non-linear tables (`isNonLinearFontScalingActive`).
    public func isNonLinear(_ fontScale: Double) -> Bool {
        guard let first = tables.first else { return false }
        return fontScale >= first.scale - minScaleOffset
    }

    /// Converts a size in sp to dp at `fontScale`.
    public func convertSpToDp(_ sp: Double, fontScale: Double) -> Double {
        guard isNonLinear(fontScale), let first = tables.first, let last = tables.last else {
            return sp * fontScale
        }
        // AOSP keys tables by (int)(fontScale × 100) in float arithmetic, where 1.15 × 100 is exactly
        // 115; in Double it is 114.999…, so nudge before truncating.
        let key = Int((fontScale * 100 + 1e-6).rounded(.towardZero))
        if let exact = tables.first(where: { Int(($0.scale * 100).rounded()) == key }) {
            return exact.convert(sp)
        }
        // Below the first table or above the last one AOSP falls back to a linear table {1 → fontScale}.
        guard fontScale > first.scale, fontScale < last.scale else { return sp * fontScale }
        let upperIndex = tables.firstIndex { $0.scale > fontScale }!
        let upper = tables[upperIndex]
        let lower = tables[upperIndex - 1]
        let lowerScale = lower.scale
        let lowerValue = lower.convert(sp)
        let t = min(1, max(0, (fontScale - lowerScale) / (upper.scale - lowerScale)))
        return lowerValue + (upper.convert(sp) - lowerValue) * t
    }
}
