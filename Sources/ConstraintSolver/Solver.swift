// The public face of the Cassowary solver: constraints in, variable values out. The simplex itself
// is in Solver+Simplex.swift.

/// An incremental Cassowary constraint solver: the simplex with dual optimisation of Badros, Borning
/// & Stuckey, "The Cassowary linear arithmetic constraint solving algorithm" (ACM TOCHI 8(4), 2001),
/// as nucleic/kiwi implements it (kiwi/solverimpl.h), in pure Swift.
///
/// Add required and optional linear constraints, then read ``value(of:)``: required constraints
/// all hold, and the optional ones minimise the sum of their errors weighted by their strengths.
/// Edit variables (``addEditVariable(_:strength:)``, ``suggestValue(_:_:)``) re-solve cheaply when
/// a value such as a screen width changes. The solution is unique only if the constraints make it
/// so; a layout adds weak constraints that keep each variable near a value to that end.
///
/// ```swift
/// var solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.addConstraint(left == 8)
/// try solver.addConstraint(left + width <= 320 - 8)
/// try solver.addConstraint((width == 400) | .strong)
/// solver.value(of: width) // 304
/// ```
///
/// A value: copies are independent solvers. Every error leaves the solver as it was before the
/// call, except ``SolverError/iterationLimitExceeded(limit:)`` and
/// ``SolverError/internalInconsistency(_:)``, after which it is empty (see ``SolverError``).
public struct Solver: Sendable {
    /// Where a constraint sits in the tableau: its marker symbol (slack, first error or dummy) and
    /// its second error symbol, if any (kiwi's `Tag`).
    struct Tag: Sendable {
        var marker: Symbol
        var other: Symbol?
    }

    /// An edit variable's constraint and the value last suggested for it.
    struct EditInfo: Sendable {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    /// The constraints added, with their symbols.
    var constraints: [Constraint: Tag] = [:]
    /// The tableau: each basic symbol's row in terms of the parametric (non-basic) symbols.
    var rows: [Symbol: Row] = [:]
    /// For each parametric symbol, the basic symbols whose rows contain it: the column index of
    /// Badros et al.'s tableau, so that a pivot touches only the rows it changes (kiwi scans every
    /// row instead).
    var columns = ColumnIndex()
    /// Each external variable's symbol.
    var variables: [Variable: Symbol] = [:]
    /// The edit variables.
    var edits: [Variable: EditInfo] = [:]
    /// Rows whose constants may have become negative, for the dual simplex.
    var infeasibleRows: [Symbol] = []
    /// The weighted errors of the optional constraints, minimised.
    var objective = ObjectiveRow()
    /// The objective while a row is added through an artificial variable.
    var artificial: ObjectiveRow?
    /// The next symbol's id (ids start at 1, as kiwi's).
    var nextSymbolID = 1
    /// Pivots done in the current call, and how many it may do.
    var pivotCount = 0
    var pivotLimit = 0
    /// A smaller pivot limit, for the tests of the limit's error.
    var pivotLimitOverride: Int?

    /// An empty solver.
    public init() {}

    /// Adds a constraint and re-solves.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it was added already,
    ///   ``SolverError/nonFiniteValue(what:)`` for a NaN or infinite coefficient, constant or
    ///   strength, ``SolverError/unsatisfiableConstraint(_:)`` if it is required and contradicts
    ///   the required constraints already added (it is then not added).
    public mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
        try Self.checkFinite(constraint)
        guard constraints[constraint] == nil else { throw .duplicateConstraint(constraint) }
        try guardedCall { solver throws(SolverError) in try solver.add(constraint) }
    }

    /// Removes a constraint and re-solves; the values are then those the remaining constraints give.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
    public mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard constraints[constraint] != nil else { throw .unknownConstraint(constraint) }
        try guardedCall { solver throws(SolverError) in try solver.remove(constraint) }
    }

    /// Whether the constraint was added (and not removed).
    public func hasConstraint(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

    /// Makes a variable editable: ``suggestValue(_:_:)`` then asks for it to take a value with
    /// this strength (the suggestion starts at 0, as in kiwi, until the first suggestion).
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it is one already,
    ///   ``SolverError/badRequiredStrength(_:)`` for a required strength,
    ///   ``SolverError/nonFiniteValue(what:)`` for a NaN strength.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.value.isNaN else { throw .nonFiniteValue(what: "the strength of edit variable \(variable.name)") }
        guard !strength.isRequired else { throw .badRequiredStrength(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try addConstraint(constraint)
        edits[variable] = EditInfo(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    /// Makes an edit variable an ordinary one again (its suggested value no longer counts).
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let info = edits[variable] else { throw .unknownEditVariable(variable) }
        try removeConstraint(info.constraint)
        edits[variable] = nil
    }

    /// Whether the variable is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Asks an edit variable to take a value, with its edit strength, and re-solves with the dual
    /// simplex (only the rows the change makes infeasible are pivoted).
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable,
    ///   ``SolverError/nonFiniteValue(what:)`` for a NaN or infinite value.
    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard edits[variable] != nil else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteValue(what: "the value suggested for \(variable.name)") }
        try guardedCall { solver throws(SolverError) in try solver.suggest(variable, value) }
    }

    /// The variable's value in the current solution; 0 for a variable no constraint mentions (as a
    /// fresh kiwi variable's value).
    public func value(of variable: Variable) -> Double {
        guard let symbol = variables[variable], let row = rows[symbol] else { return 0 }
        return row.constant
    }

    /// Every variable a constraint mentioned, with its value.
    public var values: [Variable: Double] {
        variables.mapValues { rows[$0]?.constant ?? 0 }
    }

    /// Removes every constraint and edit variable.
    public mutating func reset() {
        self = Solver()
    }

    /// Runs one public operation with a fresh pivot budget, and empties the solver after the
    /// errors that leave its tableau in an unknown state.
    private mutating func guardedCall(_ body: (inout Solver) throws(SolverError) -> Void) throws(SolverError) {
        pivotCount = 0
        pivotLimit = pivotLimitOverride ?? Self.pivotLimit(rowCount: rows.count)
        do {
            try body(&self)
        } catch {
            switch error {
            case .iterationLimitExceeded, .internalInconsistency: reset()
            default: break
            }
            throw error
        }
    }

    /// The most pivots one call may do. A call normally does a handful (the tableau changes by one
    /// row); a simplex phase needs at most a few times the number of rows in practice, so 100 per
    /// row plus 10,000 only stops a runaway.
    static func pivotLimit(rowCount: Int) -> Int { 10_000 + 100 * rowCount }

    private static func checkFinite(_ constraint: Constraint) throws(SolverError) {
        guard constraint.expression.constant.isFinite else {
            throw .nonFiniteValue(what: "the constant of \(constraint)")
        }
        for term in constraint.expression.terms where !term.coefficient.isFinite {
            throw .nonFiniteValue(what: "the coefficient of \(term.variable.name) in \(constraint)")
        }
        guard !constraint.strength.value.isNaN else { throw .nonFiniteValue(what: "the strength of \(constraint)") }
    }
}
