import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

// Stacks: vertical, horizontal (with the row's width shared out) and overlay.

extension ScreenLayoutPass {
    /// Places a stack and its children at (x, y), offered `offered` width (all of it with `fill`,
    /// else its natural width at most); returns its height.
    func placeStack(
        _ spec: StackSpec, x: Double, y: Double, offered: Double, fill: Bool, parent: Int?, limits: CategoryLimits,
        category: ContentSizeCategory, path: String, prefix: String, fields: [String: String]
    ) throws -> Double {
        let axis = spec.axis(at: category)
        var width = spec.width ?? offered
        let naturals = try spec.children.map { try naturalWidth($0, limits: limits, fields: fields) }
        let spacingTotal = spec.spacing * Double(max(0, spec.children.count - 1))
        let natural: Double
        switch axis {
        case .horizontal: natural = naturals.reduce(0, +) + spacingTotal + spec.padding.horizontal
        case .vertical, .overlay: natural = (naturals.max() ?? 0) + spec.padding.horizontal
        }
        if !fill, spec.width == nil { width = min(offered, natural) }
        let inner = width - spec.padding.horizontal
        let index = views.count
        views.append(
            LaidOutView(
                path: path, kind: .stack, frame: Rect(x: x, y: y, width: width, height: 0), parent: parent, category: category,
                background: spec.background, cornerRadius: 0, minimumTapTarget: nil,
                content: .stack(
                    axis: axis, naturalWidth: natural - spec.padding.horizontal, availableWidth: inner,
                    hasAccessibilityAxis: spec.accessibilityAxis != nil && spec.accessibilityAxis != spec.axis)))
        let top = y + spec.padding.top
        var height = 0.0
        switch axis {
        case .vertical:
            var cursor = top
            for (offset, child) in spec.children.enumerated() {
                if offset > 0 { cursor += spec.spacing }
                let childFill = spec.alignment == .fill
                let childWidth = childFill ? inner : min(inner, naturals[offset])
                var childX = x + spec.padding.leading
                switch spec.alignment {
                case .center: childX += (inner - childWidth) / 2
                case .trailing: childX += inner - childWidth
                case .fill, .leading: break
                }
                cursor += try place(
                    child, x: childX, y: cursor, width: childWidth, fill: childFill, parent: index, limits: limits,
                    prefix: prefix, fields: fields)
            }
            height = cursor - top
        case .overlay:
            for child in spec.children {
                height = max(
                    height,
                    try place(
                        child, x: x + spec.padding.leading, y: top, width: inner, fill: true, parent: index, limits: limits,
                        prefix: prefix, fields: fields))
            }
        case .horizontal:
            let widths = Self.rowWidths(
                children: spec.children, naturals: naturals, available: inner - spacingTotal)
            var cursor = x + spec.padding.leading
            var placed: [(start: Int, height: Double)] = []
            for (offset, child) in spec.children.enumerated() {
                if offset > 0 { cursor += spec.spacing }
                let start = views.count
                let childHeight = try place(
                    child, x: cursor, y: top, width: widths[offset], fill: true, parent: index, limits: limits, prefix: prefix,
                    fields: fields)
                placed.append((start, childHeight))
                cursor += views[start].frame.width
            }
            height = placed.map(\.height).max() ?? 0
            if spec.alignment == .center || spec.alignment == .trailing {
                for (offset, item) in placed.enumerated() {
                    let end = offset + 1 < placed.count ? placed[offset + 1].start : views.count
                    let dy = spec.alignment == .center ? (height - item.height) / 2 : height - item.height
                    shift(item.start..<end, dy: dy)
                }
            }
        }
        let total = height + spec.padding.vertical
        views[index].frame.size.height = total
        return total
    }

    /// Widths for a row's children (see ``ScreenLayout``).
    static func rowWidths(children: [ScreenView], naturals: [Double], available: Double) -> [Double] {
        let flexible = children.map { child -> Bool in
            switch child {
            case .label(let spec): spec.width == nil
            case .button(let spec): spec.title.width == nil
            case .stack(let spec): spec.width == nil
            case .textView, .table: true
            case .image: false
            }
        }
        // Views that take any width (text views, tables) share what the others leave.
        let greedy = naturals.map { !$0.isFinite }
        let finiteTotal = zip(naturals, greedy).filter { !$0.1 }.map(\.0).reduce(0, +)
        var widths = naturals
        if greedy.contains(true) {
            let share = max(ScreenLayout.minimumFlexibleWidth, (available - finiteTotal) / Double(greedy.filter { $0 }.count))
            for index in widths.indices where greedy[index] { widths[index] = share }
            return widths
        }
        let total = naturals.reduce(0, +)
        if total <= available {
            if let first = flexible.firstIndex(of: true) { widths[first] += available - total }
            return widths
        }
        var overflow = total - available
        let flexibleTotal = zip(naturals, flexible).filter { $0.1 }.map(\.0).reduce(0, +)
        guard flexibleTotal > 0 else { return widths }
        for index in widths.indices where flexible[index] {
            let floor = min(naturals[index], ScreenLayout.minimumFlexibleWidth)
            let cut = min(naturals[index] - floor, (total - available) * naturals[index] / flexibleTotal)
            widths[index] -= cut
            overflow -= cut
        }
        return widths
    }

    /// Moves views (and their text) down by `dy`.
    private func shift(_ range: Range<Int>, dy: Double) {
        guard dy != 0 else { return }
        for index in range {
            views[index].frame.origin.y += dy
            if var text = views[index].text {
                text.origin.y += dy
                text.box.origin.y += dy
                for image in text.images.indices { text.images[image].frame.origin.y += dy }
                views[index].content = .text(text)
            }
        }
    }
}
