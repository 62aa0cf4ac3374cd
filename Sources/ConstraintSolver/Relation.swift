// How a constraint compares its two sides.

/// The comparison of a ``Constraint``: `lhs <= rhs`, `lhs == rhs` or `lhs >= rhs`.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    /// `lhs <= rhs`.
    case lessThanOrEqual
    /// `lhs == rhs`.
    case equal
    /// `lhs >= rhs`.
    case greaterThanOrEqual

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
