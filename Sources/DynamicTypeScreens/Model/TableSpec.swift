import DynamicTypeCore
import TextStack

/// How rows get their height.
public enum TableRowHeight: Hashable, Sendable {
    /// Self-sizing cells (`UITableView.automaticDimension`): the cell's content plus its padding.
    case automatic
    /// A fixed height in points; content taller than it is clipped.
    case fixed(Double)
}

/// A table (`UITableView`): one row per entry of ``rows``, each made from the ``cell`` template
/// with `{field}` in its texts and keys replaced by the row's values.
package struct TableSpec: Hashable, Sendable {
    package typealias RowHeight = TableRowHeight

    /// The view's id.
    public var id: String
    /// The cell template.
    package var cell: ScreenView
    /// The rows' values: field name → text.
    public var rows: [[String: String]]
    /// Row height rule (default automatic).
    public var rowHeight: RowHeight
    /// Space around each cell's content (default 11 pt above and below, 16 on the sides, as
    /// `UITableViewCell`'s layout margins).
    public var cellPadding: EdgeInsets
    /// Separators between rows.
    public var separators: Bool
    /// The table's background.
    public var background: RGBAColor?
    /// The categories the table and its cells see.
    package var limits: CategoryLimits

    /// A table.
    package init(
        id: String, cell: ScreenView, rows: [[String: String]], rowHeight: RowHeight = .automatic,
        cellPadding: EdgeInsets = EdgeInsets(vertical: 11, horizontal: 16), separators: Bool = true,
        background: RGBAColor? = nil, limits: CategoryLimits = .none
    ) {
        self.id = id
        self.cell = cell
        self.rows = rows
        self.rowHeight = rowHeight
        self.cellPadding = cellPadding
        self.separators = separators
        self.background = background
        self.limits = limits
    }
}
