// `==`, `<=` and `>=` between linear operands make constraints; `|` gives one a strength.
//
// `a == b` between two `Variable`s is also `Equatable`'s `==`: where the type is not given by the
// context (`let c = a == b`), write `let c: Constraint = a == b`. `|` binds tighter than `==` in
// Swift, so write `(a == b) | .strong`.

/// The operands a constraint can compare: variables, terms, expressions and numbers.
public protocol LinearOperand {
    /// The operand as an expression.
    var linearExpression: Expression { get }
}

extension Variable: LinearOperand {
    /// `1 * self`.
    public var linearExpression: Expression { Expression(self) }
}

extension Term: LinearOperand {
    /// The term alone.
    public var linearExpression: Expression { Expression([self]) }
}

extension Expression: LinearOperand {
    /// The expression itself.
    public var linearExpression: Expression { self }
}

extension Double: LinearOperand {
    /// The constant expression.
    public var linearExpression: Expression { Expression(constant: self) }
}

/// `lhs == rhs`, required.
public func == (lhs: some LinearOperand, rhs: some LinearOperand) -> Constraint {
    Constraint(lhs.linearExpression - rhs.linearExpression, .equal)
}

/// `lhs <= rhs`, required.
public func <= (lhs: some LinearOperand, rhs: some LinearOperand) -> Constraint {
    Constraint(lhs.linearExpression - rhs.linearExpression, .lessThanOrEqual)
}

/// `lhs >= rhs`, required.
public func >= (lhs: some LinearOperand, rhs: some LinearOperand) -> Constraint {
    Constraint(lhs.linearExpression - rhs.linearExpression, .greaterThanOrEqual)
}

/// The constraint with another strength: `(a == b) | .strong`.
public func | (lhs: Constraint, rhs: Strength) -> Constraint {
    lhs.withStrength(rhs)
}
