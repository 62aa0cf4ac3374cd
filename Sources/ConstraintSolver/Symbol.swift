// The solver's own unknowns: one for each external variable, plus the slack, error and dummy
// variables it adds for each constraint (Badros, Borning & Stuckey 2001, section 2; kiwi/symbol.h).

/// An unknown of the tableau. Its id orders symbols by creation, which every "first symbol" choice
/// uses (lowest id first, as kiwi's sorted maps give), so that the solver is deterministic whatever
/// the hashing seed and, as Bland's rule, does not cycle.
struct Symbol: Hashable, Sendable {
    /// What the symbol stands for, which decides where it may be pivoted.
    enum Kind: UInt8, Sendable {
        /// A user's variable: unrestricted in sign.
        case external
        /// A non-negative slack of an inequality (also the artificial variable).
        case slack
        /// A non-negative error of an optional constraint, weighted in the objective.
        case error
        /// A marker of a required equality; never pivoted into the basis except to drop a
        /// redundant constraint.
        case dummy
    }

    let id: Int
    let kind: Kind

    /// Restricted symbols are non-negative (all but external ones).
    var isRestricted: Bool { kind != .external }
    /// Slack and error symbols may leave or enter the basis freely.
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
