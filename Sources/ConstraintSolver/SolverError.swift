// Every way a solver call can fail, each with a message that says what and how to fix it.

/// Why a ``Solver`` call failed. After any error but ``iterationLimitExceeded(limit:)`` and
/// ``internalInconsistency(_:)`` the solver is unchanged; after those two it has been reset to
/// empty (see each case).
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required constraint contradicts the required constraints already added; it was not
    /// added, and the solver is as before the call.
    case unsatisfiableConstraint(Constraint)
    /// The constraint was added before (the same constraint, not one written alike).
    case duplicateConstraint(Constraint)
    /// The constraint to remove was never added, or was removed already.
    case unknownConstraint(Constraint)
    /// The variable is an edit variable already.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable (``Solver/addEditVariable(_:strength:)`` first).
    case unknownEditVariable(Variable)
    /// An edit variable's strength was ``Strength/required``, which edits cannot be.
    case badRequiredStrength(Variable)
    /// A coefficient, constant, strength or suggested value was NaN or infinite; `what` says which.
    case nonFiniteValue(what: String)
    /// A UIKit priority outside 1...1000 or not finite.
    case priorityOutOfRange(Double)
    /// The simplex took more pivots than the limit for one call (a hostile or degenerate system):
    /// the solver was reset to empty.
    case iterationLimitExceeded(limit: Int)
    /// The tableau was found inconsistent (an unbounded objective or a failed dual optimisation,
    /// which a correct solver never reaches on a finite system): the solver was reset to empty.
    case internalInconsistency(String)

    /// What failed and what to do.
    public var description: String {
        switch self {
        case .unsatisfiableConstraint(let constraint):
            "unsatisfiable constraint: \(constraint) contradicts the required constraints already added; "
                + "give one of them a lower strength (priority below 1000) or remove it"
        case .duplicateConstraint(let constraint):
            "duplicate constraint: \(constraint) was already added to this solver; add each constraint once"
        case .unknownConstraint(let constraint):
            "unknown constraint: \(constraint) is not in this solver (never added, or removed already)"
        case .duplicateEditVariable(let variable):
            "duplicate edit variable: \(variable.name) is already an edit variable of this solver"
        case .unknownEditVariable(let variable):
            "unknown edit variable: \(variable.name) is not an edit variable of this solver; call addEditVariable first"
        case .badRequiredStrength(let variable):
            "bad strength for edit variable \(variable.name): an edit variable cannot be required; use .strong or weaker"
        case .nonFiniteValue(let what):
            "non-finite value: \(what) is NaN or infinite; every coefficient, constant, strength and suggested value must be finite"
        case .priorityOutOfRange(let priority):
            "priority \(priority) is out of range: a UIKit layout priority is a number from 1 to 1000 (1000 = required)"
        case .iterationLimitExceeded(let limit):
            "the solver gave up after \(limit) simplex pivots in one call; the solver was reset to empty"
        case .internalInconsistency(let reason):
            "internal solver inconsistency (\(reason)); the solver was reset to empty. Please report the constraints that led here"
        }
    }
}
