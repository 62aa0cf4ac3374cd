// One row of the simplex tableau: `basic = constant + sum of coefficient * symbol` (kiwi/row.h).

/// Values whose magnitude is below this are zero: kiwi's `nearZero` uses 1.0e-8 (kiwi/util.h), so
/// that rounding left over from pivots neither keeps dead cells nor makes a feasible row look
/// infeasible. Layout values (points, up to ~10^5) keep about 8 significant digits of headroom.
let nearZeroEpsilon = 1.0e-8

@inline(__always)
func isNearZero(_ value: Double) -> Bool { abs(value) < nearZeroEpsilon }

/// A linear combination of symbols plus a constant. Cells whose coefficient becomes near zero are
/// dropped, so a row lists exactly the symbols it depends on.
struct Row: Sendable {
    var cells: [Symbol: Double]
    var constant: Double

    init(constant: Double = 0, cells: [Symbol: Double] = [:]) {
        self.constant = constant
        self.cells = cells
    }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// Adds `coefficient * symbol`; returns the cell's new coefficient (0 when the cell was dropped).
    @discardableResult
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> Double {
        let sum = (cells[symbol] ?? 0) + coefficient
        if isNearZero(sum) {
            cells[symbol] = nil
            return 0
        }
        cells[symbol] = sum
        return sum
    }

    /// Adds `coefficient * other` (its constant and every cell).
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (symbol, value) in other.cells {
            insert(symbol, value * coefficient)
        }
    }

    mutating func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key]! = -cells[key]! }
    }

    /// Turns `0 = a * symbol + rest` into `symbol = -rest / a` (the symbol leaves the cells).
    mutating func solve(for symbol: Symbol) {
        let factor = -1 / cells.removeValue(forKey: symbol)!
        constant *= factor
        for key in cells.keys { cells[key]! *= factor }
    }

    /// Turns `lhs = b * rhs + rest` into `rhs = (lhs - rest) / b`.
    mutating func solve(lhs: Symbol, rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// The lowest-id symbol of the cells that passes the test, if any (kiwi's "first" in its
    /// id-sorted map).
    func firstSymbol(where test: (Symbol, Double) -> Bool) -> Symbol? {
        var found: Symbol?
        for (symbol, value) in cells where test(symbol, value) {
            if found == nil || symbol.id < found!.id { found = symbol }
        }
        return found
    }
}
