import Testing

@testable import ConstraintSolver

/// Each public operation and error of the solver, on systems small enough to solve by hand.
@Suite("Constraint solver API")
struct SolverAPITests {
    let left = Variable("left"), width = Variable("width"), right = Variable("right")

    @Test("required equalities and inequalities hold; an optional one gives way")
    func basicSolve() throws {
        var solver = Solver()
        try solver.addConstraint(left == 8)
        try solver.addConstraint(left + width <= 320 - 8)
        try solver.addConstraint((width == 400) | .strong)
        #expect(solver.value(of: left) == 8)
        #expect(abs(solver.value(of: width) - 304) < 1e-9)
        #expect(solver.value(of: right) == 0, "a variable no constraint mentions is 0")
    }

    @Test("a stronger optional constraint wins over a weaker one")
    func strengthsCompete() throws {
        var solver = Solver()
        try solver.addConstraint((width == 100) | .weak)
        try solver.addConstraint((width == 200) | .medium)
        #expect(abs(solver.value(of: width) - 200) < 1e-9)
        try solver.addConstraint((width == 300) | .strong)
        #expect(abs(solver.value(of: width) - 300) < 1e-9)
    }

    @Test("a contradicting required constraint is refused and the solver is unchanged")
    func unsatisfiable() throws {
        var solver = Solver()
        try solver.addConstraint(left == 10)
        try solver.addConstraint(width == left * 2)
        let bad: Constraint = width == 5
        #expect(throws: SolverError.unsatisfiableConstraint(bad)) { try solver.addConstraint(bad) }
        #expect(!solver.hasConstraint(bad))
        #expect(abs(solver.value(of: width) - 20) < 1e-9)
        // An inequality needing the artificial variable: left >= 11 contradicts left == 10.
        let tooBig: Constraint = left >= 11
        #expect(throws: SolverError.unsatisfiableConstraint(tooBig)) { try solver.addConstraint(tooBig) }
        #expect(abs(solver.value(of: left) - 10) < 1e-9)
        try solver.addConstraint(left <= 10)  // redundant but consistent
        #expect(abs(solver.value(of: left) - 10) < 1e-9)
    }
}

/// The errors, each with the state it leaves.
@Suite("Constraint solver errors")
struct SolverErrorTests {
    let x = Variable("x"), y = Variable("y")

    @Test("adding a constraint twice, removing an unknown one")
    func duplicateAndUnknownConstraint() throws {
        var solver = Solver()
        let constraint: Constraint = x == 10
        try solver.addConstraint(constraint)
        #expect(throws: SolverError.duplicateConstraint(constraint)) { try solver.addConstraint(constraint) }
        // A constraint written alike is another constraint: added, and redundant.
        try solver.addConstraint(x == 10)
        let other: Constraint = y == 3
        #expect(throws: SolverError.unknownConstraint(other)) { try solver.removeConstraint(other) }
        try solver.removeConstraint(constraint)
        #expect(throws: SolverError.unknownConstraint(constraint)) { try solver.removeConstraint(constraint) }
        #expect(abs(solver.value(of: x) - 10) < 1e-9, "the copy written alike still holds x")
    }

    @Test("edit variables: duplicate, unknown, required")
    func editVariableErrors() throws {
        var solver = Solver()
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.suggestValue(x, 1) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
        #expect(throws: SolverError.badRequiredStrength(x)) { try solver.addEditVariable(x, strength: .required) }
        #expect(throws: SolverError.badRequiredStrength(x)) { try solver.addEditVariable(x, strength: Strength(2e9)) }
        #expect(!solver.hasEditVariable(x))
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, strength: .weak) }
    }

    @Test("NaN and infinite coefficients, constants, strengths and suggestions are refused")
    func nonFinite() throws {
        var solver = Solver()
        let cases: [Constraint] = [
            Double.nan * x == 1.0, x == Double.infinity, x / 0 >= 1.0, (x == 1) | Strength(.nan), Constraint(Expression([Term(x, coefficient: -.infinity)]), .equal),
        ]
        for constraint in cases {
            #expect(throws: SolverError.self) { try solver.addConstraint(constraint) }
            do {
                try solver.addConstraint(constraint)
            } catch {
                guard case .nonFiniteValue(let what) = error else {
                    Issue.record("\(constraint): \(error), expected nonFiniteValue")
                    continue
                }
                #expect(what.contains("x") || what.contains("constant"), "\(what)")
            }
        }
        #expect(solver.values.isEmpty, "nothing was added")
        #expect(throws: SolverError.nonFiniteValue(what: "the strength of edit variable x")) {
            try solver.addEditVariable(x, strength: Strength(.nan))
        }
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: SolverError.self) { try solver.suggestValue(x, .nan) }
        #expect(throws: SolverError.self) { try solver.suggestValue(x, -.infinity) }
        // Terms that add up to NaN (inf - inf) are refused too.
        #expect(throws: SolverError.self) { try solver.addConstraint(Double.infinity * y - Double.infinity * y == 0) }
    }

    @Test("a required constraint kiwi would keep part of after refusing it is dropped whole (nucleic/kiwi#52)")
    func refusedConstraintLeavesNoTrace() throws {
        // kiwisolver 1.5.1 on this system refuses x + y >= 30, then reports x = 5, y = 25: its
        // artificial row stays in the tableau and breaks the required x + y <= 20.
        var solver = Solver()
        try solver.addConstraint((x == 10) | .weak)
        try solver.addConstraint((y == 10) | .weak)
        try solver.addConstraint(x + y <= 20)
        try solver.addConstraint(x >= 0)
        try solver.addConstraint(y >= 0)
        try solver.addConstraint(x == 5)
        let refused: Constraint = x + y >= 30
        #expect(throws: SolverError.unsatisfiableConstraint(refused)) { try solver.addConstraint(refused) }
        #expect(abs(solver.value(of: x) - 5) < 1e-9)
        #expect(abs(solver.value(of: y) - 10) < 1e-9)
        // Remove and re-add works afterwards (kiwi.js#31 reports that it did not there).
        try solver.addConstraint(y <= 12)
        #expect(abs(solver.value(of: y) - 10) < 1e-9)
    }

    @Test("a redundant required equality is accepted; a contradicting one of dummies alone is refused")
    func redundantEquality() throws {
        var solver = Solver()
        try solver.addConstraint(x == y + 1)
        try solver.addConstraint(y == 4)
        try solver.addConstraint(x - y == 1)
        #expect(abs(solver.value(of: x) - 5) < 1e-9)
        let contradiction: Constraint = x - y == 2
        #expect(throws: SolverError.unsatisfiableConstraint(contradiction)) { try solver.addConstraint(contradiction) }
        #expect(abs(solver.value(of: x) - 5) < 1e-9)
    }

    @Test("past the pivot limit the call fails with iterationLimitExceeded and the solver is empty")
    func pivotLimit() throws {
        var solver = Solver()
        try solver.addConstraint((x == 10) | .weak)
        try solver.addConstraint(x >= 0)
        solver.pivotLimitOverride = 0
        // x <= 5 pulls x off its weak stay at 10: the solver must pivot, which the limit forbids.
        #expect(throws: SolverError.iterationLimitExceeded(limit: 0)) { try solver.addConstraint((x <= 5) | .strong) }
        #expect(solver.values.isEmpty && solver.constraints.isEmpty)
    }

    @Test("every error says what failed")
    func descriptions() {
        let constraint: Constraint = x == 1
        let texts = [
            SolverError.unsatisfiableConstraint(constraint), .duplicateConstraint(constraint), .unknownConstraint(constraint),
            .duplicateEditVariable(x), .unknownEditVariable(x), .badRequiredStrength(x), .nonFiniteValue(what: "the constant"),
            .priorityOutOfRange(0), .iterationLimitExceeded(limit: 7), .internalInconsistency("why"),
        ].map(\.description)
        #expect(texts[0].contains("x + -1.0 == 0 (required)"), "\(texts[0])")
        #expect(texts[3...5].allSatisfy { $0.contains("x") })
        #expect(texts[7].contains("1 to 1000") && texts[8].contains("7") && texts[9].contains("why"))
        #expect(Set(texts).count == texts.count)
    }
}

/// Edit variables, removal, strengths and priorities.
@Suite("Constraint solver behaviour")
struct SolverBehaviourTests {
    let left = Variable("left"), width = Variable("width"), container = Variable("container")

    /// A label between 8 pt margins in a container whose width is edited.
    func layout() throws -> Solver {
        var solver = Solver()
        try solver.addConstraint((left == 0) | .weak)
        try solver.addConstraint((width == 0) | .weak)
        try solver.addConstraint(left == 8)
        try solver.addConstraint(left + width == container - 8)
        try solver.addEditVariable(container, strength: .strong)
        return solver
    }

    @Test("suggested values move the layout (dual simplex); removing the edit variable lets go")
    func editVariables() throws {
        var solver = try layout()
        #expect(solver.hasEditVariable(container))
        for (suggested, expectedWidth) in [(320.0, 304.0), (1024, 1008), (100, 84), (16, 0)] {
            try solver.suggestValue(container, suggested)
            #expect(abs(solver.value(of: container) - suggested) < 1e-9)
            #expect(abs(solver.value(of: width) - expectedWidth) < 1e-9, "container \(suggested)")
        }
        // Below 16 pt the width would turn negative: nothing forbids it here, so it does.
        try solver.suggestValue(container, 10)
        #expect(abs(solver.value(of: width) + 6) < 1e-9)
        try solver.addConstraint(width >= 0)
        #expect(abs(solver.value(of: container) - 16) < 1e-9, "the required width >= 0 wins over the strong edit")
        try solver.removeEditVariable(container)
        #expect(!solver.hasEditVariable(container))
        #expect(abs(solver.value(of: width)) < 1e-9 && abs(solver.value(of: container) - 16) < 1e-9, "weak stay of width at 0")
    }

    @Test("removing a constraint gives the values of the system without it")
    func removeRestores() throws {
        var solver = try layout()
        try solver.suggestValue(container, 375)
        let before = solver.values
        let cap: Constraint = width <= 200
        try solver.addConstraint(cap)
        #expect(abs(solver.value(of: width) - 200) < 1e-9)
        #expect(abs(solver.value(of: container) - 216) < 1e-9)
        #expect(solver.hasConstraint(cap))
        try solver.removeConstraint(cap)
        #expect(!solver.hasConstraint(cap))
        for (variable, value) in before {
            #expect(abs(solver.value(of: variable) - value) < 1e-9, "\(variable)")
        }
        // The same for an optional equality whose error symbols are in the objective.
        let preferred = (width == 100) | .medium
        try solver.addConstraint(preferred)
        try solver.removeConstraint(preferred)
        #expect(abs(solver.value(of: width) - 359) < 1e-9)
    }

    @Test("a copy is an independent solver")
    func valueSemantics() throws {
        var solver = try layout()
        try solver.suggestValue(container, 200)
        var copy = solver
        try copy.suggestValue(container, 500)
        #expect(abs(solver.value(of: width) - 184) < 1e-9)
        #expect(abs(copy.value(of: width) - 484) < 1e-9)
        solver.reset()
        #expect(solver.values.isEmpty && !solver.hasEditVariable(container))
        #expect(abs(copy.value(of: width) - 484) < 1e-9)
    }

    @Test("kiwi's strengths: values, order and clipping (kiwi/strength.h)")
    func strengths() {
        #expect(Strength.required.value == 1_001_001_000)
        #expect(Strength.strong.value == 1_000_000 && Strength.medium.value == 1_000 && Strength.weak.value == 1)
        #expect(Strength.weak < .medium && Strength.medium < .strong && Strength.strong < .required)
        #expect(Strength.create(2000, 2000, 2000) == .required, "each part is clipped to 1000")
        #expect(Strength.create(1, 2, 3, 2).value == 2_004_006)
        #expect(Strength.create(-5, 0, 1).value == 1)
        #expect(Strength(5e9) == .required && Strength(-1).value == 0)
        #expect(Strength.required.isRequired && !Strength(1_001_000_999).isRequired)
    }

    @Test("UIKit priorities: 1000 is required, p below weighs 10^(p/125) (in UIKit's order whatever the lengths), outside 1...1000 refused")
    func priorities() throws {
        #expect(try Strength(priority: 1000) == .required)
        #expect(try abs(Strength(priority: 750).value - 1_000_000) < 1e-6)
        #expect(try abs(Strength(priority: 250).value - 100) < 1e-9)
        #expect(try Strength(priority: 1) > .weak && Strength(priority: 1) < .medium)
        #expect(try Strength(priority: 999) < .required && Strength(priority: 999) > .strong)
        #expect(try Strength(priority: 999.5) > Strength(priority: 999))
        #expect(try Strength(priority: 251) > Strength(priority: 250))
        for bad in [0, 1000.5, -1, .nan, .infinity] {
            #expect(throws: SolverError.self) { try Strength(priority: bad) }
        }
        // Hugging 250 against compression 750 on a view squeezed below its intrinsic width 100:
        // compression wins, as in UIKit.
        var solver = Solver()
        let width = Variable("width")
        try solver.addConstraint((width <= 100) | Strength(priority: 250))
        try solver.addConstraint((width >= 100) | Strength(priority: 750))
        try solver.addConstraint((width == 60) | Strength(priority: 500))
        #expect(abs(solver.value(of: width) - 100) < 1e-9)
        // 100 pt of hugging error at 250 against 1 pt of compression error at 750: UIKit keeps the
        // compression (priority order), which proportional weights (p * 1000) would not.
        var squeezed = Solver()
        let label = Variable("label")
        try squeezed.addConstraint((label <= 100) | Strength(priority: 250))
        try squeezed.addConstraint((label >= 201) | Strength(priority: 750))
        try squeezed.addConstraint((label <= 200) | Strength(priority: 749))
        #expect(abs(squeezed.value(of: label) - 201) < 1e-9)
    }

    @Test("expressions: operators, like terms added up, descriptions")
    func expressions() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        try solver.addConstraint(x + x == 10)
        try solver.addConstraint(2 * y - x / 5 >= 3 + 0.5 * (x - 4))
        try solver.addConstraint((y == 0) | .weak)
        #expect(abs(solver.value(of: x) - 5) < 1e-9)
        #expect(abs(solver.value(of: y) - 2.25) < 1e-9)  // 2y >= 1 + 3 + 0.5
        let constraint: Constraint = x + x - 3 <= y
        #expect(constraint.expression.terms.count == 2)
        #expect(constraint.description == "2.0 * x + -1.0 * y + -3.0 <= 0 (required)")
        #expect(Expression([Term(x)], constant: 2).value { $0 == x ? 3 : 0 } == 5)
        let cancelled: Constraint = x - x == 1
        #expect(cancelled.expression.terms.isEmpty)
        #expect(throws: SolverError.unsatisfiableConstraint(cancelled)) { try solver.addConstraint(cancelled) }
    }
}
