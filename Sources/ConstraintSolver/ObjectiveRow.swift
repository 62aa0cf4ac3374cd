// The objective row, which knows its negative cells so that finding an entering symbol does not
// scan every error variable of the system at each pivot.

/// A row to minimise, tracking which non-dummy symbols have a negative coefficient: those are the
/// candidates to enter the basis (kiwi's getEnteringSymbol scans the whole row for the first one).
struct ObjectiveRow: Sendable {
    private(set) var row = Row()
    /// The non-dummy symbols whose coefficient is negative.
    private var negative: Set<Symbol> = []

    init() {}

    init(_ row: Row) {
        self.row = Row(constant: row.constant)
        for (symbol, value) in row.cells { insert(symbol, value) }
    }

    var constant: Double { row.constant }

    func coefficient(for symbol: Symbol) -> Double { row.coefficient(for: symbol) }

    /// The lowest-id non-dummy symbol with a negative coefficient: entering it lowers the objective
    /// (Bland's rule, which is also kiwi's choice of the first such symbol in id order).
    var enteringSymbol: Symbol? {
        negative.min { $0.id < $1.id }
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
        let value = row.insert(symbol, coefficient)
        if value < 0 && symbol.kind != .dummy {
            negative.insert(symbol)
        } else {
            negative.remove(symbol)
        }
    }

    mutating func insert(_ other: Row, _ coefficient: Double) {
        row.constant += other.constant * coefficient
        for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
    }

    /// Replaces `symbol` with the row it equals.
    mutating func substitute(_ symbol: Symbol, with other: Row) {
        guard let coefficient = row.cells.removeValue(forKey: symbol) else { return }
        negative.remove(symbol)
        insert(other, coefficient)
    }

    mutating func remove(_ symbol: Symbol) {
        row.cells[symbol] = nil
        negative.remove(symbol)
    }
}
