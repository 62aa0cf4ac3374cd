import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import TextStack

/// Placing: each container puts its children where its measurement said, as SwiftUI's
/// `placeSubviews` does, and every view becomes a ``LaidOutView`` the screen drawing and checks read.
extension SwiftUILayoutPass {
    /// A unique path for `node`: `Text Row.swift:12`, then `#2`, `#3` for repeats (`ForEach`).
    func path(_ node: ViewNode) -> String {
        let base = "\(node.name) \(node.location)"
        pathCounts[base, default: 0] += 1
        let count = pathCounts[base]!
        return count == 1 ? base : "\(base) #\(count)"
    }

    /// Appends a view; returns its index.
    @discardableResult
    func add(
        _ node: ViewNode, kind: ScreenView.Kind, frame: Rect, parent: Int?, env: TextEnvironment, background: RGBAColor? = nil,
        cornerRadius: Double = 0, content: LaidOutView.Content
    ) -> Int {
        views.append(
            .external(
                path: path(node), kind: kind, frame: frame, parent: parent, category: category(env), background: background,
                cornerRadius: cornerRadius, content: content))
        return views.count - 1
    }

    /// A container's own view (a stack, a button, a background).
    func container(_ node: ViewNode, kind: ScreenView.Kind = .stack, axis: StackAxis, frame: Rect, parent: Int?, env: TextEnvironment,
        background: RGBAColor? = nil, cornerRadius: Double = 0) -> Int
    {
        add(
            node, kind: kind, frame: frame, parent: parent, env: env, background: background, cornerRadius: cornerRadius,
            content: .stack(axis: axis, naturalWidth: frame.width, availableWidth: frame.width, hasAccessibilityAxis: false))
    }

    /// Places `node`, measured for `p`, with its top-left corner at `origin`: its layout places its
    /// children (``ContainerLayout/placeSubviews(in:_:_:)``), each placed in turn; views that draw
    /// become ``LaidOutView``s.
    package func place(_ node: ViewNode, at origin: Point, _ p: Proposal, _ env: TextEnvironment, parent: Int?) throws {
        let size = try self.size(node, p, env)
        let frame = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        placements.append((node, frame))
        guard let layout = try layout(of: node, env) else {
            try placeLeaf(node, frame: frame, p, env, parent: parent)
            return
        }
        let index = containerView(node, frame: frame, parent: parent, env: env)
        let subviews = subviews(of: node, env)
        let first = views.count
        var placed = Array(zip(subviews, try layout.placeSubviews(in: frame, p, subviews)))
        // A background's views are drawn first, under the view they decorate.
        if case .secondary(_, behind: true) = node.kind { placed.reverse() }
        for (subview, placement) in placed {
            guard let placement else { continue }
            try place(subview.node, at: placement.origin, placement.proposal, subview.env, parent: index ?? parent)
            if case .frame(let spec) = node.kind {
                checkOverflow(node, spec, frame: frame, child: try subview.sizeThatFits(placement.proposal), env: env)
            }
        }
        if case .scroll(let axis) = node.kind {
            // What lies past the scroll view's far edge is scrolled off, not off screen.
            if axis == .horizontal {
                dropViews(from: first) { $0.frame.minX >= frame.maxX - 0.5 }
            } else if p.height != nil {
                dropViews(from: first) { $0.frame.minY >= frame.maxY - 0.5 }
            }
        }
    }

    /// The view a container draws as (stacks, buttons, backgrounds, scroll views); nil for
    /// modifiers that only move their child (padding, frames, `fixedSize`, environment).
    private func containerView(_ node: ViewNode, frame: Rect, parent: Int?, env: TextEnvironment) -> Int? {
        switch node.kind {
        case .stack(let axis, _, _), .scroll(let axis): container(node, axis: axis, frame: frame, parent: parent, env: env)
        case .zstack: container(node, axis: .overlay, frame: frame, parent: parent, env: env)
        case .viewThatFits: container(node, axis: .vertical, frame: frame, parent: parent, env: env)
        case .button: container(node, kind: .button, axis: .vertical, frame: frame, parent: parent, env: env)
        case .background(let color, let radius):
            container(node, axis: .vertical, frame: frame, parent: parent, env: env, background: color, cornerRadius: radius)
        default: nil
        }
    }

    /// Places a view without a layout of its own.
    private func placeLeaf(_ node: ViewNode, frame: Rect, _ p: Proposal, _ env: TextEnvironment, parent: Int?) throws {
        let origin = Point(x: frame.minX, y: frame.minY)
        let size = Size(width: frame.width, height: frame.height)
        let inner = childEnvironment(node, env)
        switch node.kind {
        case .text(let source):
            guard var text = try measurer.draw(source, size: size, p, env, in: self) else { return }
            text.origin = origin
            text.box = Rect(x: origin.x, y: origin.y, width: size.width, height: text.box.height)
            add(node, kind: .label, frame: frame, parent: parent, env: env, content: .text(text))
        case .image:
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: RGBAColor(white: 0.78)))
        case .fill(let color):
            guard color.alpha > 0 else { return }
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: color))
        case .circle(let color):
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: true, color: color))
        case .divider:
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: RGBAColor(white: 0.78)))
        case .opaque(let name):
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: RGBAColor(white: 0.62)))
            findings.append(
                Finding(
                    kind: .notLaidOut, severity: .info, element: "\(node.name) \(node.location)", category: category,
                    message: "\(name) is drawn as an opaque box of \(fmt(size.width)) × \(fmt(size.height)) pt: what it shows is only known at run time"
                ).at(frame))
        case .list:
            let index = container(node, axis: .vertical, frame: frame, parent: parent, env: env, background: Self.groupedBackground)
            for (section, top) in try listLayout(node, width: size.width, inner).sections {
                try place(section: section, at: Point(x: origin.x, y: origin.y + top), inner, parent: index)
            }
        case .section:
            let layout = try listSection(node, width: size.width, inner, inList: false)
            let index = container(node, axis: .vertical, frame: frame, parent: parent, env: env)
            try place(section: layout, at: origin, inner, parent: index)
        default:
            // Spacers draw nothing; containers are placed by their layouts.
            return
        }
    }

    /// Removes the views from `first` on that `drop` says (and their descendants), keeping every
    /// parent index pointing at the same view.
    func dropViews(from first: Int, where drop: (LaidOutView) -> Bool) {
        var newIndex: [Int: Int] = [:]
        var kept: [LaidOutView] = Array(views[..<first])
        for index in first..<views.count {
            var view = views[index]
            if let parent = view.parent, parent >= first {
                guard let mapped = newIndex[parent] else { continue }  // its parent was dropped
                view.parent = mapped
            }
            guard !drop(view) else { continue }
            newIndex[index] = kept.count
            kept.append(view)
        }
        views = kept
    }

    /// A section's headers, rounded group with its rows and separators, and footers.
    private func place(section: SectionLayout, at origin: Point, _ env: TextEnvironment, parent: Int) throws {
        let noteEnv = noteEnvironment(env)
        for header in section.headers {
            try place(header.node, at: Point(x: origin.x + header.frame.minX, y: origin.y + header.frame.minY), header.proposal, noteEnv, parent: parent)
        }
        if !section.rows.isEmpty {
            let group = section.group.offsetBy(dx: origin.x, dy: origin.y)
            let separators = section.rows.dropFirst().map { origin.y + $0.row.minY }
            views.append(
                .external(
                    path: "Section group \(section.rows[0].node.location)" + (pathSuffix("Section group \(section.rows[0].node.location)")),
                    kind: .table, frame: group, parent: parent, category: category(env), background: .white, cornerRadius: 10,
                    content: .table(separators: separators, rowFrames: section.rows.map { $0.row.offsetBy(dx: origin.x, dy: origin.y) })))
            let index = views.count - 1
            var rowEnv = env
            rowEnv.stackAxis = .vertical
            for row in section.rows {
                try place(row.node, at: Point(x: origin.x + row.frame.minX, y: origin.y + row.frame.minY), row.proposal, rowEnv, parent: index)
            }
        }
        for footer in section.footers {
            try place(footer.node, at: Point(x: origin.x + footer.frame.minX, y: origin.y + footer.frame.minY), footer.proposal, noteEnv, parent: parent)
        }
    }

    private func pathSuffix(_ base: String) -> String {
        pathCounts[base, default: 0] += 1
        return pathCounts[base]! == 1 ? "" : " #\(pathCounts[base]!)"
    }

    /// A frame its content does not fit (fixed, maximum, or a minimum offered less than its
    /// content): SwiftUI does not clip, it draws the content past the frame, over what is around it
    /// (a title in a `.frame(height: 44)` button).
    private func checkOverflow(_ node: ViewNode, _ spec: FrameSpec, frame: Rect, child: Size, env: TextEnvironment) {
        var parts: [String] = []
        // Any constraint can leave the frame smaller than its content: a fixed size, a maximum, and
        // also a minimum alone when the frame is offered less than its content (it takes the offer,
        // not below the minimum: `_FlexFrameLayout.sizeThatFits`).
        let constrainsHeight = [spec.height, spec.minHeight, spec.idealHeight, spec.maxHeight].contains { $0 != nil }
        let constrainsWidth = [spec.width, spec.minWidth, spec.idealWidth, spec.maxWidth].contains { $0 != nil }
        if constrainsHeight, child.height > frame.height + 0.5 {
            parts.append("needs \(fmt(child.height)) pt of height but the frame gives \(fmt(frame.height)) pt")
        }
        if constrainsWidth, child.width > frame.width + 0.5 {
            parts.append("needs \(fmt(child.width)) pt of width but the frame gives \(fmt(frame.width)) pt")
        }
        guard !parts.isEmpty else { return }
        findings.append(
            Finding(
                kind: .clipped, severity: .error, element: "frame \(node.location)", category: category,
                message: "its content (\(node.children[0].name)) \(parts.joined(separator: " and ")): SwiftUI draws it past the frame, over the views around it"
            ).at(frame))
    }

    /// A length for messages.
    func fmt(_ value: Double) -> String { PointFormat.string((value * 10).rounded() / 10) }
}
