import ConstraintSolver
import Foundation

/// UIKit layout priorities as solver strengths. UIKit satisfies constraints in priority order,
/// highest first (Auto Layout Guide › Anatomy of a Constraint › Constraint Priorities): a compression resistance of 750
/// beats a hugging of 250 however many points the hugging loses. A weighted sum proportional to
/// the priorities (``Strength/init(priority:)``) lets 100 pt of hugging at 250 outweigh 1 pt of
/// compression at 750; so here the weight grows tenfold every 125 priority points (10^(p/125):
/// 250 → 100, 750 → 10^6, 999 → ~10^8, all below required), which keeps UIKit's order for every
/// conflict under 10,000 times larger on the lower side, and equal-length conflicts between
/// neighbouring priorities (250 against 251) still go to the higher one.
enum LayoutPriorityStrength {
    /// The strength of UIKit priority `priority` (1…1000; 1000 is required).
    static func strength(_ priority: Double) -> Strength {
        priority >= 1000 ? .required : Strength(pow(10, max(1, priority) / 125))
    }

    /// The strength of the preferences that settle what the constraints leave open (each view
    /// near its recorded frame): below every UIKit priority.
    static let stay = Strength(0.001)
}
