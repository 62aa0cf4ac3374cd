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
