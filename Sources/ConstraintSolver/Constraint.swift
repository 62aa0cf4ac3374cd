// A linear relation with a strength: what the solver is given.

/// A linear constraint `expression relation 0` with a ``Strength``, such as
/// `button.left == label.right + 8`.
///
/// Made with `==`, `<=` and `>=` between variables, terms, expressions and numbers (the right side
/// is moved to the left: `a <= b + 8` is stored as `a - b - 8 <= 0`, with each variable's terms
/// added up), then given a strength with `| .strong` or ``withStrength(_:)`` (the default is
/// ``Strength/required``). As in kiwi, each constraint has an identity of its own: two constraints
/// written the same way are different constraints to the solver, and ``withStrength(_:)`` makes
/// a new one.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    private final class Identity: Sendable {}

    private let identity = Identity()

    /// The reduced expression the relation compares with zero.
    public let expression: Expression
    /// How ``expression`` compares with zero.
    public let relation: Relation
    /// How much the constraint matters.
    public let strength: Strength

    /// The constraint `expression relation 0` of the given strength.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = strength
    }

    /// A new constraint with the same expression and relation and another strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    /// The same constraint (not one written alike).
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs.identity === rhs.identity }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }

    /// `a + -1.0 * b + -8.0 <= 0 (strong)`.
    public var description: String { "\(expression) \(relation) 0 (\(strength))" }
}
