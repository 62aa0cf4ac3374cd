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

    /// The strength of a UIKit layout priority (`UILayoutPriority`, 1...1000).
    ///
    /// Priority 1000 (`.required`) is ``required``. A priority `p` below 1000 weighs `p * 1000`,
    /// kiwi's `create(0, p, 0)`: priority 1 is ``medium`` (1,000), `defaultLow` 250 is 250,000,
    /// `defaultHigh` 750 is 750,000, and 999 is 999,000, just below ``strong``. So a ``weak``
    /// constraint yields to every priority and a ``strong`` one (such as an edit variable) beats
    /// every optional priority; the weights stay proportional to the priorities, as the objective
    /// of a Cassowary solver is a weighted sum.
    /// - Throws: ``SolverError/priorityOutOfRange(_:)`` for a priority that is not finite or not in
    ///   1...1000 (UIKit's documented range for `UILayoutPriority`).
    public init(priority: Double) throws(SolverError) {
        guard priority.isFinite, (1...1000).contains(priority) else {
            throw .priorityOutOfRange(priority)
        }
        self = priority == 1000 ? .required : .create(0, priority, 0)
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
