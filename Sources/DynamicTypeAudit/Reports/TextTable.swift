/// Aligned plain-text tables for terminal reports.
package struct TextTable {
    /// The column titles.
    package var header: [String]
    /// The rows, cells in column order.
    package var rows: [[String]] = []
    /// Columns aligned right (numbers).
    package var rightAligned: Set<Int> = []

    /// A table with `header`, numbers in `rightAligned` columns.
    package init(header: [String], rightAligned: Set<Int> = []) { (self.header, self.rightAligned) = (header, rightAligned) }

    /// Adds a row.
    package mutating func add(_ row: [String]) { rows.append(row) }

    /// The table, columns padded, a rule under the header.
    package func render() -> String {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var out = ""
            for (index, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
                let isLast = index == cells.count - 1
                out += rightAligned.contains(index) ? pad + cell : (isLast ? cell : cell + pad)
                if !isLast { out += "  " }
            }
            return out
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
