import DynamicTypeCore
import TextStack

/// A table in the DSL (`UITableView`): one row per entry of `rows`, each from the `cell` template
/// with `{field}` replaced by the row's values.
///
/// ```swift
/// Table(id: "settings", rows: [["title": "Notifications", "value": "On"]]) {
///     HStack(accessibilityAxis: .vertical) { Label("{title}"); Label("{value}") }
/// }
/// ```
public struct Table: ScreenViewBuilder {
    /// The table as a draft.
    public var draft: ScreenViewDraft

    /// A table of `rows` made from `cell`.
    public init(id: String? = nil, rows: [[String: String]], cell: () -> some ScreenViewConvertible) {
        let cellDraft = cell().draft
        draft = ScreenViewDraft(
            view: .table(TableSpec(id: "", cell: .label(LabelSpec(id: "", text: .literal(""))), rows: rows)), givenID: id,
            children: [cellDraft])
    }

    private func editTable(_ change: (inout TableSpec) -> Void) -> Table {
        with {
            if case .table(var spec) = $0.view {
                change(&spec)
                $0.view = .table(spec)
            }
        }
    }

    /// How rows get their height.
    public func rowHeight(_ height: TableRowHeight) -> Table { editTable { $0.rowHeight = height } }

    /// Space around each cell's content.
    public func cellPadding(_ insets: EdgeInsets) -> Table { editTable { $0.cellPadding = insets } }

    /// Separators between rows.
    public func separators(_ shown: Bool) -> Table { editTable { $0.separators = shown } }

    /// The table's background.
    public func background(_ color: RGBAColor) -> Table { editTable { $0.background = color } }
}
