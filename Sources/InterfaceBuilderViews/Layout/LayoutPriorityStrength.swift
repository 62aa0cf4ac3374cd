import ConstraintSolver

/// UIKit layout priorities as solver strengths, through the solver's one mapping
/// (``Strength/init(priority:)``: 10^(p/125), so a higher priority wins as UIKit's ordering says).
enum LayoutPriorityStrength {
    /// The strength of UIKit priority `priority`; the reader keeps priorities in 1…1000 (IBLimits),
    /// and anything outside is held to that range rather than trusted.
    static func strength(_ priority: Double) -> Strength {
        let held = priority.isFinite ? min(1000, max(1, priority)) : 1000
        return (try? Strength(priority: held)) ?? .required
    }

    /// The strength of the preferences that settle what the constraints leave open (each view
    /// near its recorded frame): below every UIKit priority.
    static let stay = Strength(0.001)
}
