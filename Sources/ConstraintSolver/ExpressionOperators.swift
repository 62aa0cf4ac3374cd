// The arithmetic that builds linear expressions: `+`, `-` and `*` (and `/` by a number) on
// variables, terms, expressions and numbers, as kiwi's symbolics.h offers.

// MARK: Conversions (one place that turns each operand into an expression)

extension Expression {
    fileprivate static func of(_ variable: Variable) -> Expression { Expression(variable) }
    fileprivate static func of(_ term: Term) -> Expression { Expression([term]) }

    fileprivate func scaled(by factor: Double) -> Expression {
        Expression(terms.map { Term($0.variable, coefficient: $0.coefficient * factor) }, constant: constant * factor)
    }

    fileprivate static func sum(_ lhs: Expression, _ rhs: Expression) -> Expression {
        Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
}

// MARK: Multiplication and division by a number

/// `factor * variable`.
public func * (lhs: Double, rhs: Variable) -> Term { Term(rhs, coefficient: lhs) }
/// `variable * factor`.
public func * (lhs: Variable, rhs: Double) -> Term { Term(lhs, coefficient: rhs) }
/// `variable / divisor` (a divisor of 0 makes an infinite coefficient, which the solver refuses).
public func / (lhs: Variable, rhs: Double) -> Term { Term(lhs, coefficient: 1 / rhs) }
/// `factor * term`.
public func * (lhs: Double, rhs: Term) -> Term { Term(rhs.variable, coefficient: rhs.coefficient * lhs) }
/// `term * factor`.
public func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, coefficient: lhs.coefficient * rhs) }
/// `term / divisor`.
public func / (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, coefficient: lhs.coefficient / rhs) }
/// `factor * expression`.
public func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
/// `expression * factor`.
public func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
/// `expression / divisor`.
public func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }

// MARK: Negation

/// `-variable`.
public prefix func - (operand: Variable) -> Term { Term(operand, coefficient: -1) }
/// `-term`.
public prefix func - (operand: Term) -> Term { Term(operand.variable, coefficient: -operand.coefficient) }
/// `-expression`.
public prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }

// MARK: Addition

/// `expression + expression`.
public func + (lhs: Expression, rhs: Expression) -> Expression { .sum(lhs, rhs) }
/// `expression + term`.
public func + (lhs: Expression, rhs: Term) -> Expression { .sum(lhs, .of(rhs)) }
/// `expression + variable`.
public func + (lhs: Expression, rhs: Variable) -> Expression { .sum(lhs, .of(rhs)) }
/// `expression + constant`.
public func + (lhs: Expression, rhs: Double) -> Expression { .sum(lhs, Expression(constant: rhs)) }
/// `term + expression`.
public func + (lhs: Term, rhs: Expression) -> Expression { .sum(.of(lhs), rhs) }
/// `term + term`.
public func + (lhs: Term, rhs: Term) -> Expression { .sum(.of(lhs), .of(rhs)) }
/// `term + variable`.
public func + (lhs: Term, rhs: Variable) -> Expression { .sum(.of(lhs), .of(rhs)) }
/// `term + constant`.
public func + (lhs: Term, rhs: Double) -> Expression { .sum(.of(lhs), Expression(constant: rhs)) }
/// `variable + expression`.
public func + (lhs: Variable, rhs: Expression) -> Expression { .sum(.of(lhs), rhs) }
/// `variable + term`.
public func + (lhs: Variable, rhs: Term) -> Expression { .sum(.of(lhs), .of(rhs)) }
/// `variable + variable`.
public func + (lhs: Variable, rhs: Variable) -> Expression { .sum(.of(lhs), .of(rhs)) }
/// `variable + constant`.
public func + (lhs: Variable, rhs: Double) -> Expression { .sum(.of(lhs), Expression(constant: rhs)) }
/// `constant + expression`.
public func + (lhs: Double, rhs: Expression) -> Expression { .sum(Expression(constant: lhs), rhs) }
/// `constant + term`.
public func + (lhs: Double, rhs: Term) -> Expression { .sum(Expression(constant: lhs), .of(rhs)) }
/// `constant + variable`.
public func + (lhs: Double, rhs: Variable) -> Expression { .sum(Expression(constant: lhs), .of(rhs)) }

// MARK: Subtraction

/// `expression - expression`.
public func - (lhs: Expression, rhs: Expression) -> Expression { .sum(lhs, -rhs) }
/// `expression - term`.
public func - (lhs: Expression, rhs: Term) -> Expression { .sum(lhs, .of(-rhs)) }
/// `expression - variable`.
public func - (lhs: Expression, rhs: Variable) -> Expression { .sum(lhs, .of(-rhs)) }
/// `expression - constant`.
public func - (lhs: Expression, rhs: Double) -> Expression { .sum(lhs, Expression(constant: -rhs)) }
/// `term - expression`.
public func - (lhs: Term, rhs: Expression) -> Expression { .sum(.of(lhs), -rhs) }
/// `term - term`.
public func - (lhs: Term, rhs: Term) -> Expression { .sum(.of(lhs), .of(-rhs)) }
/// `term - variable`.
public func - (lhs: Term, rhs: Variable) -> Expression { .sum(.of(lhs), .of(-rhs)) }
/// `term - constant`.
public func - (lhs: Term, rhs: Double) -> Expression { .sum(.of(lhs), Expression(constant: -rhs)) }
/// `variable - expression`.
public func - (lhs: Variable, rhs: Expression) -> Expression { .sum(.of(lhs), -rhs) }
/// `variable - term`.
public func - (lhs: Variable, rhs: Term) -> Expression { .sum(.of(lhs), .of(-rhs)) }
/// `variable - variable`.
public func - (lhs: Variable, rhs: Variable) -> Expression { .sum(.of(lhs), .of(-rhs)) }
/// `variable - constant`.
public func - (lhs: Variable, rhs: Double) -> Expression { .sum(.of(lhs), Expression(constant: -rhs)) }
/// `constant - expression`.
public func - (lhs: Double, rhs: Expression) -> Expression { .sum(Expression(constant: lhs), -rhs) }
/// `constant - term`.
public func - (lhs: Double, rhs: Term) -> Expression { .sum(Expression(constant: lhs), .of(-rhs)) }
/// `constant - variable`.
public func - (lhs: Double, rhs: Variable) -> Expression { .sum(Expression(constant: lhs), .of(-rhs)) }
