import Foundation

// How much a constraint matters: kiwi's strengths (kiwi/strength.h), and UIKit's priorities mapped
// onto them.

/// The weight of a constraint: ``required`` constraints must hold; the others are satisfied as
/// well as their weights allow (the solver minimises the sum of each optional constraint's error
/// times its strength, so several weaker constraints can together outweigh a stronger one, as in
/// Cassowary and kiwi).
///
/// Values are kiwi's: `Strength.create(a, b, c)` is `a * 1_000_000 + b * 1_000 + c` with each of
/// `a`, `b`, `c` clipped to 0...1000, so ``strong`` = 1,000,000, ``medium`` = 1,000, ``weak`` = 1
/// and ``required`` = `create(1000, 1000, 1000)` = 1,001,001,000 (nucleic/kiwi, kiwi/strength.h).
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The weight, in 0...1,001,001,000 (a larger value is clipped to ``required``, a negative one
    /// to 0), or NaN, which the solver refuses.
    public let value: Double

    /// A strength of the given weight, clipped to 0...``required`` as kiwi's `strength::clip`.
    /// NaN is kept so that the solver can refuse it with a clear error.
    public init(_ value: Double) {
        self.value = value.isNaN ? value : Swift.max(0, Swift.min(Self.requiredValue, value))
    }

    /// kiwi's `strength::create(a, b, c, w)`: `a*w`, `b*w` and `c*w` are each clipped to 0...1000
    /// and weigh 1,000,000, 1,000 and 1.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Strength {
        func clipped(_ part: Double) -> Double {
            part.isNaN ? part : Swift.max(0, Swift.min(1000, part))
        }
        return Strength(clipped(a * w) * 1_000_000 + clipped(b * w) * 1_000 + clipped(c * w))
    }

    private static let requiredValue = 1_001_001_000.0

    /// Must hold: a required constraint the others contradict is refused with
    /// ``SolverError/unsatisfiableConstraint(_:)``.
    public static let required = Strength(requiredValue)
    /// `create(1, 0, 0)` = 1,000,000: above every optional UIKit priority.
    public static let strong = create(1, 0, 0)
    /// `create(0, 1, 0)` = 1,000: the weight of UIKit priority 1.
    public static let medium = create(0, 1, 0)
    /// `create(0, 0, 1)` = 1: below every UIKit priority, for the "stay where you are" constraints
    /// that make a solution unique.
    public static let weak = create(0, 0, 1)

    /// The strength of a UIKit layout priority (`UILayoutPriority`, 1...1000): the one mapping
    /// from priorities to weights (the Interface Builder layout uses it).
    ///
    /// Priority 1000 (`.required`) is ``required``. A priority `p` below 1000 weighs `10^(p/125)`:
    /// priority 1 weighs 1.02 (just above ``weak``), `defaultLow` 250 weighs 100, `defaultHigh`
    /// 750 weighs 10⁶ (``strong``), and 999 weighs about 9.8 × 10⁷, all below ``required``.
    ///
    /// Why not proportional weights (`p * 1000`, kiwi's `create(0, p, 0)`)? UIKit satisfies
    /// constraints in priority order, highest first (Auto Layout Guide › Anatomy of a Constraint
    /// › Constraint Priorities): a compression resistance of 750 beats a hugging of 250 however
    /// many points the hugging loses. A Cassowary solver minimises a weighted sum of errors, so
    /// with proportional weights 100 pt of hugging at 250 would outweigh 1 pt of compression at
    /// 750. Growing tenfold every 125 points keeps UIKit's order for every conflict under 10,000
    /// times larger on the lower side, and equal-length conflicts between neighbouring
    /// priorities (250 against 251) still go to the higher one.
    /// - Throws: ``SolverError/priorityOutOfRange(_:)`` for a priority that is not finite or not in
    ///   1...1000 (UIKit's documented range for `UILayoutPriority`).
    public init(priority: Double) throws(SolverError) {
        guard priority.isFinite, (1...1000).contains(priority) else {
            throw .priorityOutOfRange(priority)
        }
        self = priority == 1000 ? .required : Strength(Foundation.pow(10, priority / 125))
    }

    /// Whether this is ``required``.
    public var isRequired: Bool { value >= Self.requiredValue }

    /// Orders by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }

    /// `required`, `strong`, `medium`, `weak`, or the weight.
    public var description: String {
        switch self {
        case .required: "required"
        case .strong: "strong"
        case .medium: "medium"
        case .weak: "weak"
        default: "\(value)"
        }
    }
}
