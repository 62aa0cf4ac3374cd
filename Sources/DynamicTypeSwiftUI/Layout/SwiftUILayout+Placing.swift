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

    /// Places `node`, measured for `p`, with its top-left corner at `origin`.
    func place(_ node: ViewNode, at origin: Point, _ p: Proposal, _ env: TextEnvironment, parent: Int?) throws {
        let size = try self.size(node, p, env)
        let frame = Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        let inner = childEnvironment(node, env)
        switch node.kind {
        case .text(let source):
            var text = try textLayout(source, width: p.width.map { min($0, size.width + 0.5) } ?? size.width + 0.5, height: p.height, env)
            text.origin = origin
            text.box = Rect(x: origin.x, y: origin.y, width: size.width, height: text.box.height)
            add(node, kind: .label, frame: frame, parent: parent, env: env, content: .text(text))
        case .image:
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: RGBAColor(white: 0.78)))
        case .fill(let color):
            guard color.alpha > 0 else { return }
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: color))
        case .divider:
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: RGBAColor(white: 0.78)))
        case .opaque(let name):
            add(node, kind: .image, frame: frame, parent: parent, env: env, content: .image(circular: false, color: RGBAColor(white: 0.62)))
            findings.append(
                Finding(
                    kind: .notLaidOut, severity: .info, element: "\(node.name) \(node.location)", category: category,
                    message: "\(name) is drawn as an opaque box of \(fmt(size.width)) × \(fmt(size.height)) pt: what it shows is only known at run time"
                ).at(frame))
        case .spacer:
            return
        case .stack(let axis, let alignment, let spacing):
            let index = container(node, axis: axis, frame: frame, parent: parent, env: env)
            let laid = try stackChildren(node, axis: axis, spacing: spacing, p, inner)
            var cursor = axis == .horizontal ? origin.x : origin.y
            for (offset, child) in node.children.enumerated() {
                let childSize = laid.sizes[offset]
                let cross = axis == .horizontal ? size.height - childSize.height : size.width - childSize.width
                let shift = cross * Double(alignment + 1) / 2
                let point = axis == .horizontal ? Point(x: cursor, y: origin.y + shift) : Point(x: origin.x + shift, y: cursor)
                try place(child, at: point, laid.proposals[offset], inner, parent: index)
                cursor += childSize[axis] + laid.gap
            }
        case .zstack(let alignment):
            let index = container(node, axis: .overlay, frame: frame, parent: parent, env: env)
            for child in node.children {
                let childSize = try self.size(child, p, inner)
                try place(child, at: aligned(childSize, in: frame, alignment), p, inner, parent: index)
            }
        case .scroll(let axis):
            let index = container(node, axis: axis, frame: frame, parent: parent, env: env)
            guard let child = node.children.first else { return }
            var childProposal = p
            childProposal[axis] = nil
            let first = views.count
            try place(child, at: origin, childProposal, inner, parent: index)
            if axis == .horizontal {
                // What lies past the scroll view's trailing edge is scrolled off, not off screen.
                dropViews(from: first) { $0.frame.minX >= frame.maxX - 0.5 }
            }
        case .list:
            let index = container(node, axis: .vertical, frame: frame, parent: parent, env: env, background: Self.groupedBackground)
            for (section, top) in try listLayout(node, width: size.width, inner).sections {
                try place(section: section, at: Point(x: origin.x, y: origin.y + top), inner, parent: index)
            }
        case .section:
            let layout = try listSection(node, width: size.width, inner, inList: false)
            let index = container(node, axis: .vertical, frame: frame, parent: parent, env: env)
            try place(section: layout, at: origin, inner, parent: index)
        case .viewThatFits:
            let index = container(node, axis: .vertical, frame: frame, parent: parent, env: env)
            if let chosen = try fittingChild(node, p, inner) { try place(chosen, at: origin, p, inner, parent: index) }
        case .button:
            let index = container(node, kind: .button, axis: .vertical, frame: frame, parent: parent, env: env)
            let laid = try column(node.children, p, inner)
            var y = origin.y
            var columnEnv = inner
            columnEnv.stackAxis = .vertical
            for (offset, child) in node.children.enumerated() {
                let x = origin.x + (size.width - laid.sizes[offset].width) / 2
                try place(child, at: Point(x: x, y: y), p, columnEnv, parent: index)
                y += laid.sizes[offset].height + Self.defaultSpacing
            }
        case .padding(let top, let leading, let bottom, let trailing):
            let (t, l, b, r) = (try points(top, env), try points(leading, env), try points(bottom, env), try points(trailing, env))
            let childProposal = Proposal(width: p.width.map { max(0, $0 - l - r) }, height: p.height.map { max(0, $0 - t - b) })
            try place(node.children[0], at: Point(x: origin.x + l, y: origin.y + t), childProposal, inner, parent: parent)
        case .frame(let spec):
            let laid = try frameLayout(node, spec, p, inner)
            let point = aligned(laid.child, in: frame, spec.alignment)
            try place(node.children[0], at: point, laid.proposal, inner, parent: parent)
            checkOverflow(node, spec, frame: frame, child: laid.child, env: env)
        case .fixedSize(let horizontal, let vertical):
            try place(node.children[0], at: origin, Proposal(width: horizontal ? nil : p.width, height: vertical ? nil : p.height), inner, parent: parent)
        case .background(let color, let radius):
            let index = container(node, axis: .vertical, frame: frame, parent: parent, env: env, background: color, cornerRadius: radius)
            try place(node.children[0], at: origin, p, inner, parent: index)
        case .environment:
            try place(node.children[0], at: origin, p, inner, parent: parent)
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

    /// Where a child of `size` goes in `frame` with `alignment` (it may stick out on both sides).
    func aligned(_ size: Size, in frame: Rect, _ alignment: Alignment2D) -> Point {
        Point(
            x: frame.minX + (frame.width - size.width) * Double(alignment.x + 1) / 2,
            y: frame.minY + (frame.height - size.height) * Double(alignment.y + 1) / 2)
    }

    /// A fixed or maximum frame its content does not fit: SwiftUI does not clip, it draws the
    /// content past the frame, over what is around it (a title in a `.frame(height: 44)` button).
    private func checkOverflow(_ node: ViewNode, _ spec: FrameSpec, frame: Rect, child: Size, env: TextEnvironment) {
        var parts: [String] = []
        if spec.height != nil || spec.maxHeight != nil, child.height > frame.height + 0.5 {
            parts.append("needs \(fmt(child.height)) pt of height but the frame gives \(fmt(frame.height)) pt")
        }
        if spec.width != nil || spec.maxWidth != nil, child.width > frame.width + 0.5 {
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
