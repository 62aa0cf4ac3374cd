// The objective row, which knows its negative cells so that finding an entering symbol does not
// scan every error variable of the system at each pivot.

/// A row to minimise, tracking which non-dummy symbols have a negative coefficient: those are the
/// candidates to enter the basis (kiwi's getEnteringSymbol scans the whole row for the first one).
///
/// Its cells are a dictionary, not a sorted row: the objective holds every parametric error symbol
/// and takes them one at a time, which a sorted array would pay for with a shift each.
struct ObjectiveRow: Sendable {
    private var cells: [Symbol: Double] = [:]
    private(set) var constant = 0.0
    /// The non-dummy symbols whose coefficient is negative.
    private var negative: Set<Symbol> = []

    init() {}

    init(_ row: Row) {
        insert(row, 1)
    }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// The lowest-id non-dummy symbol with a negative coefficient: entering it lowers the objective
    /// (Bland's rule, which is also kiwi's choice of the first such symbol in id order).
    var enteringSymbol: Symbol? {
        negative.min { $0.id < $1.id }
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
        var value = (cells[symbol] ?? 0) + coefficient
        if isNearZero(value) { value = 0 }
        cells[symbol] = value == 0 ? nil : value
        if value < 0 && symbol.kind != .dummy {
            negative.insert(symbol)
        } else {
            negative.remove(symbol)
        }
    }

    mutating func insert(_ other: Row, _ coefficient: Double) {
        constant += other.constant * coefficient
        for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
    }

    /// Replaces `symbol` with the row it equals.
    mutating func substitute(_ symbol: Symbol, with other: Row) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        negative.remove(symbol)
        insert(other, coefficient)
    }

    mutating func remove(_ symbol: Symbol) {
        cells[symbol] = nil
        negative.remove(symbol)
    }
}
