// The tableau's column index: for each parametric symbol, the basic symbols whose rows hold it.

/// Which rows hold each symbol (Badros et al.'s column sets), so that substituting a symbol touches
/// only its rows. Indexed by symbol id in an array (ids are small consecutive integers), which
/// spares one hash per update: on dense tableaus these updates are most of the solver's work.
struct ColumnIndex: Sendable {
    private var columns: [Set<Symbol>?] = []

    /// The rows that hold the symbol (empty if none).
    subscript(symbol: Symbol) -> Set<Symbol> {
        symbol.id < columns.count ? columns[symbol.id] ?? [] : []
    }

    mutating func insert(_ basic: Symbol, into symbol: Symbol) {
        if symbol.id >= columns.count {
            columns.append(contentsOf: repeatElement(nil, count: Swift.max(symbol.id + 1 - columns.count, columns.count)))
        }
        if columns[symbol.id] == nil {
            columns[symbol.id] = [basic]
        } else {
            columns[symbol.id]!.insert(basic)
        }
    }

    mutating func remove(_ basic: Symbol, from symbol: Symbol) {
        guard symbol.id < columns.count, columns[symbol.id] != nil else { return }
        columns[symbol.id]!.remove(basic)
        if columns[symbol.id]!.isEmpty { columns[symbol.id] = nil }
    }

    /// The symbol's rows, leaving its column empty (the symbol is leaving every row).
    mutating func take(_ symbol: Symbol) -> Set<Symbol> {
        guard symbol.id < columns.count, let column = columns[symbol.id] else { return [] }
        columns[symbol.id] = nil
        return column
    }
}
