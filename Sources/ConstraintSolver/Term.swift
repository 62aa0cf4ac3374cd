// One variable times a coefficient: the summand of an `Expression`.

/// A variable multiplied by a coefficient, such as `2 * width`.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public var variable: Variable
    /// The factor the variable is multiplied by.
    public var coefficient: Double

    /// Creates `coefficient * variable`.
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `2.0 * name`, or `name` when the coefficient is 1.
    public var description: String {
        coefficient == 1 ? variable.name : "\(coefficient) * \(variable.name)"
    }
}
