// The simplex behind `Solver`: building a constraint's row, choosing its subject, the artificial
// variable for required rows with no subject, primal optimisation after adds and removes, and dual
// optimisation after edits. Badros, Borning & Stuckey, "The Cassowary linear arithmetic constraint
// solving algorithm", ACM TOCHI 8(4) 2001, sections 2-4; the structure and the choices of subject,
// entering and leaving symbols follow nucleic/kiwi's kiwi/solverimpl.h (BSD), read and re-written,
// with a column index added so that substitutions touch only the rows that hold the symbol.

extension Solver {
    // MARK: Operations

    mutating func add(_ constraint: Constraint) throws(SolverError) {
        var (row, tag) = makeRow(for: constraint)
        var subject = chooseSubject(row, tag)
        // A row of dummies alone is a redundant required equality when its constant is zero (its
        // dummy may enter the basis) and a contradiction otherwise.
        if subject == nil && row.symbols.allSatisfy({ $0.kind == .dummy }) {
            guard isNearZero(row.constant) else { throw .unsatisfiableConstraint(constraint) }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(subject, row)
        } else if try !addWithArtificialVariable(row) {
            // The artificial phase's pivots may have left the objective above its minimum: return
            // to the optimum of the constraints that are in (kiwi throws here without doing so).
            try optimize()
            throw .unsatisfiableConstraint(constraint)
        }
        constraints[constraint] = tag
        try optimize()
    }

    mutating func remove(_ constraint: Constraint) throws(SolverError) {
        let tag = constraints.removeValue(forKey: constraint)!
        // The error terms leave the objective before any pivot, or the substitutions would carry
        // them on (kiwi's comment on removeConstraintEffects).
        if tag.marker.kind == .error { removeMarkerEffects(tag.marker, strength: constraint.strength) }
        if let other = tag.other, other.kind == .error { removeMarkerEffects(other, strength: constraint.strength) }
        if removeRow(tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker) else {
                throw .internalInconsistency("the marker of \(constraint) is in no row")
            }
            var row = removeRow(leaving)!
            row.solve(lhs: leaving, rhs: tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize()
    }

    mutating func suggest(_ variable: Variable, _ value: Double) throws(SolverError) {
        var info = edits[variable]!
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        // The edit constraint is `variable - constant = errorPlus - errorMinus`: moving the
        // constant moves whichever symbol carries it (section 4.1 of the paper).
        if rows[info.tag.marker] != nil {
            rows[info.tag.marker]!.constant -= delta
            if rows[info.tag.marker]!.constant < 0 { infeasibleRows.append(info.tag.marker) }
        } else if let other = info.tag.other, rows[other] != nil {
            rows[other]!.constant += delta
            if rows[other]!.constant < 0 { infeasibleRows.append(other) }
        } else {
            let basics = columns[info.tag.marker].sorted { $0.id < $1.id }
            for basic in basics {
                let coefficient = rows[basic]!.coefficient(for: info.tag.marker)
                rows[basic]!.constant += delta * coefficient
                if rows[basic]!.constant < 0 && basic.isRestricted { infeasibleRows.append(basic) }
            }
        }
        try dualOptimize()
    }

    // MARK: Rows

    private mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextSymbolID += 1 }
        return Symbol(id: nextSymbolID, kind: kind)
    }

    private mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = variables[variable] { return symbol }
        let symbol = newSymbol(.external)
        variables[variable] = symbol
        return symbol
    }

    /// The constraint's row in terms of the current parametric symbols, with its slack, error or
    /// dummy symbols, and a non-negative constant; the errors enter the objective.
    private mutating func makeRow(for constraint: Constraint) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !isNearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let strength = constraint.strength.value
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression + slack = 0 for <=, expression - slack = 0 for >= (slack >= 0).
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            if constraint.strength.isRequired {
                tag = Tag(marker: slack, other: nil)
            } else {
                let error = newSymbol(.error)
                row.insert(error, -sign)
                objective.insert(error, strength)
                tag = Tag(marker: slack, other: error)
            }
        case .equal:
            if constraint.strength.isRequired {
                let dummy = newSymbol(.dummy)
                row.insert(dummy, 1)
                tag = Tag(marker: dummy, other: nil)
            } else {
                // expression = errorPlus - errorMinus, both weighted in the objective.
                let errorPlus = newSymbol(.error)
                let errorMinus = newSymbol(.error)
                row.insert(errorPlus, -1)
                row.insert(errorMinus, 1)
                objective.insert(errorPlus, strength)
                objective.insert(errorMinus, strength)
                tag = Tag(marker: errorPlus, other: errorMinus)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to solve a new row for: its lowest-id external symbol, else its marker or other
    /// symbol if that is a slack or error with a negative coefficient (so the row stays feasible).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.firstSymbol(where: { symbol, _ in symbol.kind == .external }) { return external }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) where candidate.isPivotable {
            if row.coefficient(for: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Adds a row that has no subject through an artificial variable (phase 1 of the simplex):
    /// minimises the artificial variable; the row is consistent with the required constraints
    /// exactly when the minimum is zero. Returns whether it was.
    private mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let art = newSymbol(.slack)
        insertRow(art, row)
        artificial = ObjectiveRow(row)
        try optimize(artificialObjective: true)
        let success = isNearZero(artificial!.constant)
        artificial = nil
        if var artRow = removeRow(art) {
            // The artificial variable is basic: with a minimum above zero, dropping its row leaves
            // the tableau as it was without the constraint (kiwi pivots the row back in even then,
            // which imposes the refused constraint).
            guard success, !artRow.isEmpty else { return success }
            guard let entering = artRow.firstSymbol(where: { symbol, _ in symbol.isPivotable }) else { return false }
            artRow.solve(lhs: art, rhs: entering)
            substitute(entering, with: artRow)
            insertRow(entering, artRow)
        }
        // The artificial variable is parametric and zero: it leaves every row.
        for basic in columns.take(art) { rows[basic]!.remove(art) }
        objective.remove(art)
        return success
    }

    private mutating func removeMarkerEffects(_ marker: Symbol, strength: Strength) {
        if let row = rows[marker] {
            objective.insert(row, -strength.value)
        } else {
            objective.insert(marker, -strength.value)
        }
    }

    // MARK: Tableau with its column index

    private mutating func insertRow(_ basic: Symbol, _ row: Row) {
        for symbol in row.symbols { columns.insert(basic, into: symbol) }
        rows[basic] = row
    }

    @discardableResult
    private mutating func removeRow(_ basic: Symbol) -> Row? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for symbol in row.symbols { columns.remove(basic, from: symbol) }
        return row
    }

    /// Replaces `symbol` by `row` in every row that holds it and in the objectives; rows that
    /// become infeasible are queued for the dual simplex in id order (as kiwi's sorted row map).
    private mutating func substitute(_ symbol: Symbol, with row: Row) {
        let basics = columns.take(symbol)
        if !basics.isEmpty {
            var infeasible: [Symbol] = []
            for basic in basics {
                Self.substitute(symbol, with: row, in: &rows[basic]!, basic: basic, columns: &columns)
                if basic.isRestricted && rows[basic]!.constant < 0 { infeasible.append(basic) }
            }
            infeasible.sort { $0.id < $1.id }
            infeasibleRows.append(contentsOf: infeasible)
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    private static func substitute(
        _ symbol: Symbol, with row: Row, in target: inout Row, basic: Symbol, columns: inout ColumnIndex
    ) {
        guard let coefficient = target.remove(symbol) else { return }
        target.insert(
            row, coefficient,
            added: { columns.insert(basic, into: $0) },
            removed: { columns.remove(basic, from: $0) })
    }

    // MARK: Pivoting

    /// Primal simplex (phase 2): pivots while a symbol lowers the objective.
    private mutating func optimize(artificialObjective: Bool = false) throws(SolverError) {
        while let entering = artificialObjective ? artificial!.enteringSymbol : objective.enteringSymbol {
            guard let leaving = leavingRow(for: entering) else {
                throw .internalInconsistency("the objective is unbounded")
            }
            try pivot(leaving: leaving, entering: entering)
        }
    }

    /// Dual simplex: the objective is optimal but edits made rows infeasible; pivots each such row
    /// until all are feasible again (section 4.2 of the paper).
    private mutating func dualOptimize() throws(SolverError) {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], !isNearZero(row.constant), row.constant < 0 else { continue }
            guard let entering = dualEnteringSymbol(row) else {
                throw .internalInconsistency("the dual optimisation found no entering symbol")
            }
            try pivot(leaving: leaving, entering: entering)
        }
    }

    private mutating func pivot(leaving: Symbol, entering: Symbol) throws(SolverError) {
        pivotCount += 1
        guard pivotCount <= pivotLimit else { throw .iterationLimitExceeded(limit: pivotLimit) }
        var row = removeRow(leaving)!
        row.solve(lhs: leaving, rhs: entering)
        substitute(entering, with: row)
        insertRow(entering, row)
    }

    /// The restricted row that limits the entering symbol first (minimum ratio test, ties to the
    /// lowest id); nil if none does (an unbounded objective).
    private func leavingRow(for entering: Symbol) -> Symbol? {
        var found: Symbol?
        var ratio = Double.greatestFiniteMagnitude
        for basic in columns[entering] where basic.isRestricted {
            let row = rows[basic]!
            let coefficient = row.coefficient(for: entering)
            guard coefficient < 0 else { continue }
            let candidate = -row.constant / coefficient
            if candidate < ratio || (candidate == ratio && found.map({ basic.id < $0.id }) ?? true) {
                ratio = candidate
                found = basic
            }
        }
        return found
    }

    /// The symbol of an infeasible row whose entering keeps the objective optimal: a positive
    /// coefficient with the least objective coefficient per unit (ties to the lowest id).
    private func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var found: Symbol?
        var ratio = Double.greatestFiniteMagnitude
        for (symbol, value) in row.cells where value > 0 && symbol.kind != .dummy {
            let candidate = objective.coefficient(for: symbol) / value
            if candidate < ratio || (candidate == ratio && found.map({ symbol.id < $0.id }) ?? true) {
                ratio = candidate
                found = symbol
            }
        }
        return found
    }

    /// The row to pivot a non-basic marker into when its constraint is removed (kiwi's
    /// getMarkerLeavingRow): a restricted row where the marker's coefficient is negative with the
    /// least ratio, else a restricted row with the least ratio, else an unrestricted row.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: Symbol?, second: Symbol?, third: Symbol?
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        let basics = columns[marker].sorted { $0.id < $1.id }
        for basic in basics {
            let row = rows[basic]!
            let coefficient = row.coefficient(for: marker)
            if !basic.isRestricted {
                third = basic
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < r1 { r1 = ratio; first = basic }
            } else {
                let ratio = row.constant / coefficient
                if ratio < r2 { r2 = ratio; second = basic }
            }
        }
        return first ?? second ?? third
    }
}
