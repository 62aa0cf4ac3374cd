import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

// Tables: one cell per row from the template, and the `{field}` substitution that fills it.

extension ScreenLayoutPass {
    /// Places a table at (x, y), `width` wide, one cell per row; returns its height.
    func placeTable(
        _ spec: TableSpec, x: Double, y: Double, width: Double, parent: Int?, limits: CategoryLimits,
        category: ContentSizeCategory, path: String
    ) throws -> Double {
        let index = views.count
        views.append(
            LaidOutView(
                path: path, kind: .table, frame: Rect(x: x, y: y, width: width, height: 0), parent: parent, category: category,
                background: spec.background, cornerRadius: 0, minimumTapTarget: nil,
                content: .table(separators: [], rowFrames: [])))
        var cursor = y
        var separators: [Double] = []
        var rowFrames: [Rect] = []
        let inner = width - spec.cellPadding.horizontal
        for (row, fields) in spec.rows.enumerated() {
            let start = views.count
            let content = try place(
                spec.cell, x: x + spec.cellPadding.leading, y: cursor + spec.cellPadding.top, width: inner, fill: true,
                parent: index, limits: limits, prefix: "\(path)[\(row + 1)].", fields: fields)
            let rowHeight: Double
            switch spec.rowHeight {
            case .automatic: rowHeight = content + spec.cellPadding.vertical
            case .fixed(let fixed): rowHeight = fixed
            }
            let rowFrame = Rect(x: x, y: cursor, width: width, height: rowHeight)
            rowFrames.append(rowFrame)
            if case .fixed = spec.rowHeight {
                // What does not fit the row is cut at its bottom, as a cell clips to its bounds.
                for child in start..<views.count {
                    guard var text = views[child].text else { continue }
                    let bottom = min(text.box.maxY, rowFrame.maxY)
                    text.box.size.height = max(0, bottom - text.box.minY)
                    views[child].content = .text(text)
                }
            }
            cursor += rowHeight
            if spec.separators, row + 1 < spec.rows.count { separators.append(cursor) }
        }
        views[index].frame.size.height = cursor - y
        views[index].content = .table(separators: separators, rowFrames: rowFrames)
        return cursor - y
    }
}

/// `{field}` in a table cell's texts and keys, replaced by the row's values.
enum Substitution {
    /// `source` with the fields replaced in its literal text or its key.
    static func apply(_ fields: [String: String], to source: TextSource) -> TextSource {
        guard !fields.isEmpty else { return source }
        switch source {
        case .literal(let text): return .literal(apply(fields, to: text))
        case .key(let key): return .key(apply(fields, to: key))
        case .keyWithoutArguments(let key): return .keyWithoutArguments(apply(fields, to: key))
        }
    }

    /// `text` with each `{name}` replaced by its field's value.
    static func apply(_ fields: [String: String], to text: String) -> String {
        guard text.contains("{") else { return text }
        var result = text
        for (name, value) in fields { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
        return result
    }
}
