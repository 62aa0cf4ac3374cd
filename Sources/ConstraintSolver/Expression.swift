// A linear expression: a sum of terms plus a constant.

/// A linear expression `c1 * v1 + c2 * v2 + ... + constant`.
///
/// Built with the `+`, `-` and `*` operators from ``Variable``s, numbers and other expressions
/// (`left + 0.5 * width - 8`); comparing two expressions with `==`, `<=` or `>=` makes a
/// ``Constraint``. Only linear expressions can be written: there is no operator multiplying two
/// variables.
public struct Expression: Sendable, CustomStringConvertible {
    /// The terms, in the order they were written; a variable may appear more than once (the
    /// constraint adds such terms up).
    public var terms: [Term]
    /// The constant summand.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 * variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The expression with no terms, equal to `constant`.
    public init(constant: Double) {
        self.init([], constant: constant)
    }

    /// The expression's value for the given variable values (absent variables count as 0).
    public func value(_ valueOf: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * valueOf($1.variable) }
    }

    /// `2.0 * a + b + 3.0`.
    public var description: String {
        var parts = terms.map(\.description)
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }

    /// The same expression with each variable's terms added into one term (in order of first
    /// appearance), and terms whose coefficients add to zero left out.
    func reduced() -> Expression {
        var order: [Variable] = []
        var sums: [Variable: Double] = [:]
        for term in terms {
            if sums[term.variable] == nil { order.append(term.variable) }
            sums[term.variable, default: 0] += term.coefficient
        }
        let reducedTerms = order.compactMap { variable -> Term? in
            let coefficient = sums[variable] ?? 0
            return coefficient == 0 ? nil : Term(variable, coefficient: coefficient)
        }
        return Expression(reducedTerms, constant: constant)
    }
}
