// One row of the simplex tableau: `basic = constant + sum of coefficient * symbol` (kiwi/row.h).

/// Values whose magnitude is below this are zero: kiwi's `nearZero` uses 1.0e-8 (kiwi/util.h), so
/// that rounding left over from pivots neither keeps dead cells nor makes a feasible row look
/// infeasible. Layout values (points, up to ~10^5) keep about 8 significant digits of headroom.
let nearZeroEpsilon = 1.0e-8

@inline(__always)
func isNearZero(_ value: Double) -> Bool { abs(value) < nearZeroEpsilon }

/// A linear combination of symbols plus a constant. Cells whose coefficient becomes near zero are
/// dropped, so a row lists exactly the symbols it depends on.
///
/// The cells are two arrays sorted by symbol id (as kiwi's sorted `AssocVector`): adding one row
/// into another is then a merge, with no hashing, which is what dominates on dense tableaus (a
/// chain of views makes rows as long as the chain); a short row added into a long one is inserted
/// cell by cell with binary searches instead.
struct Row: Sendable {
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []
    var constant: Double

    init(constant: Double = 0) {
        self.constant = constant
    }

    var isEmpty: Bool { symbols.isEmpty }

    /// The cells in id order.
    var cells: Zip2Sequence<[Symbol], [Double]> { zip(symbols, coefficients) }

    /// Where the symbol is, or where it would be inserted.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low, low < symbols.count && symbols[low].id == symbol.id)
    }

    func contains(_ symbol: Symbol) -> Bool { position(of: symbol).found }

    func coefficient(for symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? coefficients[index] : 0
    }

    /// Adds `coefficient * symbol`; returns the cell's new coefficient (0 when the cell was dropped).
    @discardableResult
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> Double {
        let (index, found) = position(of: symbol)
        if found {
            let sum = coefficients[index] + coefficient
            if isNearZero(sum) {
                symbols.remove(at: index)
                coefficients.remove(at: index)
                return 0
            }
            coefficients[index] = sum
            return sum
        }
        if isNearZero(coefficient) { return 0 }
        symbols.insert(symbol, at: index)
        coefficients.insert(coefficient, at: index)
        return coefficient
    }

    /// Takes the symbol out of the row; its coefficient, if it was there.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double? {
        let (index, found) = position(of: symbol)
        guard found else { return nil }
        symbols.remove(at: index)
        return coefficients.remove(at: index)
    }

    /// Adds `coefficient * other` (its constant and every cell), reporting the symbols that enter
    /// and leave the row (for the tableau's column index).
    mutating func insert(
        _ other: Row, _ coefficient: Double, added: (Symbol) -> Void = { _ in }, removed: (Symbol) -> Void = { _ in }
    ) {
        constant += other.constant * coefficient
        if other.symbols.count * 8 < symbols.count {
            for (symbol, value) in other.cells {
                let found = position(of: symbol).found
                let result = insert(symbol, value * coefficient)
                if !found && result != 0 { added(symbol) } else if found && result == 0 { removed(symbol) }
            }
            return
        }
        var mergedSymbols: [Symbol] = []
        var mergedCoefficients: [Double] = []
        mergedSymbols.reserveCapacity(symbols.count + other.symbols.count)
        mergedCoefficients.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0, j = 0
        let count = symbols.count, otherCount = other.symbols.count
        while i < count || j < otherCount {
            if j == otherCount || (i < count && symbols[i].id < other.symbols[j].id) {
                mergedSymbols.append(symbols[i])
                mergedCoefficients.append(coefficients[i])
                i += 1
            } else if i == count || other.symbols[j].id < symbols[i].id {
                let value = other.coefficients[j] * coefficient
                if !isNearZero(value) {
                    mergedSymbols.append(other.symbols[j])
                    mergedCoefficients.append(value)
                    added(other.symbols[j])
                }
                j += 1
            } else {
                let value = coefficients[i] + other.coefficients[j] * coefficient
                if isNearZero(value) {
                    removed(symbols[i])
                } else {
                    mergedSymbols.append(symbols[i])
                    mergedCoefficients.append(value)
                }
                i += 1
                j += 1
            }
        }
        symbols = mergedSymbols
        coefficients = mergedCoefficients
    }

    mutating func reverseSign() {
        constant = -constant
        for index in coefficients.indices { coefficients[index] = -coefficients[index] }
    }

    /// Turns `0 = a * symbol + rest` into `symbol = -rest / a` (the symbol leaves the cells).
    mutating func solve(for symbol: Symbol) {
        let factor = -1 / remove(symbol)!
        constant *= factor
        for index in coefficients.indices { coefficients[index] *= factor }
    }

    /// Turns `lhs = b * rhs + rest` into `rhs = (lhs - rest) / b`.
    mutating func solve(lhs: Symbol, rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// The lowest-id symbol of the cells that passes the test, if any (kiwi's "first" in its
    /// id-sorted map).
    func firstSymbol(where test: (Symbol, Double) -> Bool) -> Symbol? {
        cells.first(where: test)?.0
    }
}
