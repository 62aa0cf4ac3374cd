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
        views[views.count - 1].sample = node.sample
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
        if let settled = settledReader(node, p) {
            try place(settled, at: origin, p, env, parent: parent)
            return
        }
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
        let clip = clipRect(of: node, frame: frame)
        if let clip { clipRects.append(clip) }
        for (subview, placement) in placed {
            guard let placement else { continue }
            let firstOfChild = views.count
            try place(subview.node, at: placement.origin, placement.proposal, subview.env, parent: index ?? parent)
            if case .frame(let spec) = node.kind {
                let size = try subview.sizeThatFits(placement.proposal)
                let content = Rect(x: placement.origin.x, y: placement.origin.y, width: size.width, height: size.height)
                checkOverflow(node, spec, frame: frame, content: content, firstView: firstOfChild, env: env)
            }
        }
        if let clip {
            clipRects.removeLast()
            if case .scroll(let axis) = node.kind {
                // What lies past the scroll view's far edge is scrolled off, not off screen: a view
                // wholly past it is left out, one partly past it is drawn to the edge.
                if axis == .horizontal {
                    dropViews(from: first) { $0.frame.minX >= frame.maxX - 0.5 }
                } else if p.height != nil {
                    dropViews(from: first) { $0.frame.minY >= frame.maxY - 0.5 }
                }
                if axis == .vertical, p.height != nil { scrolledContent(node, frame: frame, p, env) }
            }
            // A scroll view's content past its edge is reached by scrolling, not cut for good:
            // its frames are cut (nothing past the edge is off screen), its texts are not `clipped`.
            if case .scroll = node.kind { crop(from: first, to: clip, cuttingText: false) } else { crop(from: first, to: clip) }
        }
    }

    /// The rectangle `node` cuts its content's drawing to, within those already in force; nil when
    /// it cuts nothing. `clipped()`, `clipShape`, `mask` and `cornerRadius` cut at the view's
    /// bounds (``NodeKind/clip(_:)``); a scroll view cuts at its bounds too ("By default, a scroll
    /// view clips its content to its bounds", developer.apple.com/documentation/swiftui/view/scrollclipdisabled(_:)).
    private func clipRect(of node: ViewNode, frame: Rect) -> Rect? {
        switch node.kind {
        case .clip, .scroll: return clipRects.last.map { $0.intersection(frame) } ?? frame
        default: return nil
        }
    }

    /// Cuts the views from `first` on to `clip`: their frames (so nothing past it overlaps a
    /// neighbour or leaves the screen) and a text's box (so what is cut is drawn cut, and the text
    /// is reported `clipped`) unless `cuttingText` is false; a view wholly outside is left out.
    func crop(from first: Int, to clip: Rect, cuttingText: Bool = true) {
        dropViews(from: first) { view in
            let cut = view.frame.intersection(clip)
            return (cut.width <= 0 && view.frame.width > 0) || (cut.height <= 0 && view.frame.height > 0)
        }
        for index in first..<views.count {
            views[index].frame = views[index].frame.intersection(clip)
            guard cuttingText, case .text(var text) = views[index].content else { continue }
            let top = max(text.box.minY, clip.minY)
            let bottom = min(text.box.maxY, clip.maxY)
            guard top > text.box.minY + 1e-9 || bottom < text.box.maxY - 1e-9 else { continue }
            text.box = Rect(x: text.box.minX, y: top, width: text.box.width, height: max(0, bottom - top))
            views[index].content = .text(text)
        }
    }

    /// A vertical scroll view (not the screen's own) whose content is longer than it: the rest
    /// is reached by scrolling, a `belowFold` note as for a screen that scrolls.
    private func scrolledContent(_ node: ViewNode, frame: Rect, _ p: Proposal, _ env: TextEnvironment) {
        guard let content = node.children.first,
            let length = try? size(content, ScrollLayout(axis: .vertical).contentProposal(p), childEnvironment(node, env)).height,
            length > frame.height + 0.5
        else { return }
        findings.append(
            Finding(
                kind: .belowFold, severity: .info, element: "\(node.name) \(node.location)", category: category,
                message: "its content is \(fmt(length)) pt tall, \(fmt(length - frame.height)) pt below its \(fmt(frame.height)) pt (it scrolls)"
            ).at(frame))
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
            var textEnv = env
            textEnv.markdown = node.markdown
            guard var text = try measurer.draw(source, size: size, p, textEnv, in: self) else { return }
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
    /// content). SwiftUI does not cut content at its frame: "By default, a view's bounding frame
    /// is used only for layout, so any content that extends beyond the edges of the frame is still
    /// visible" (developer.apple.com/documentation/swiftui/view/clipped(antialiased:)). So the
    /// content is reported as overflowing its frame (`overflow`, a warning; where it covers a
    /// neighbour the screen checks add `overlapping`), and as `clipped` (an error) only where a
    /// `clipped()`, `clipShape`, `mask` or `cornerRadius` around it cuts it. A text cut that way
    /// is reported at the text (its box is cut, ``crop(from:to:)``), not again here. An asset
    /// image without `.resizable()` has a size the source does not give (44 pt stands in): that it
    /// does not fit is a guess, an info note, and it is drawn at the frame's size.
    private func checkOverflow(_ node: ViewNode, _ spec: FrameSpec, frame: Rect, content: Rect, firstView: Int, env: TextEnvironment) {
        var parts: [String] = []
        // Any constraint can leave the frame smaller than its content: a fixed size, a maximum, and
        // also a minimum alone when the frame is offered less than its content (it takes the offer,
        // not below the minimum: `_FlexFrameLayout.sizeThatFits`).
        let constrainsHeight = [spec.height, spec.minHeight, spec.idealHeight, spec.maxHeight].contains { $0 != nil }
        let constrainsWidth = [spec.width, spec.minWidth, spec.idealWidth, spec.maxWidth].contains { $0 != nil }
        if constrainsHeight, content.height > frame.height + 0.5 {
            parts.append("needs \(fmt(content.height)) pt of height but the frame gives \(fmt(frame.height)) pt")
        }
        if constrainsWidth, content.width > frame.width + 0.5 {
            parts.append("needs \(fmt(content.width)) pt of width but the frame gives \(fmt(frame.width)) pt")
        }
        guard !parts.isEmpty else { return }
        let shown = drawnContent(node.children[0])
        let clip = clipRects.last
        let cut = clip.map { content.intersection($0) != content } ?? false
        if case .image(symbol: false, resizable: false) = shown.kind {
            crop(from: firstView, to: frame)
            findings.append(
                Finding(
                    kind: cut ? .clipped : .overflow, severity: .info, element: "frame \(node.location)", category: category,
                    message: "its content (Image \(shown.location)) is an asset image without .resizable(), whose size is not in the source "
                        + "(44 pt stands in): it may not fit the frame; drawn at the frame's size"
                ).at(frame))
            return
        }
        // A text cut above or below is drawn cut and reported `clipped` at the text (its box);
        // cut at the sides (a `fixedSize` line), only here.
        if cut, let clip, case .text = shown.kind, content.minX >= clip.minX - 0.5, content.maxX <= clip.maxX + 0.5 { return }
        let what = "its content (\(node.children[0].name)) \(parts.joined(separator: " and "))"
        findings.append(
            Finding(
                kind: cut ? .clipped : .overflow, severity: cut ? .error : .warning, element: "frame \(node.location)", category: category,
                message: cut
                    ? "\(what): it is cut where it leaves the clipped view around it"
                    : "\(what): SwiftUI draws it past the frame, over the views around it (overlapping findings name them)"
            ).at(frame))
    }

    /// What `node` draws, through modifiers that only change its environment or its clipping.
    private func drawnContent(_ node: ViewNode) -> ViewNode {
        var current = node
        for _ in 0..<ViewBuilder.maximumDepth {
            switch current.kind {
            case .environment, .clip: if let child = current.children.first { current = child } else { return current }
            default: return current
            }
        }
        return current
    }

    /// A length for messages.
    func fmt(_ value: Double) -> String { PointFormat.string((value * 10).rounded() / 10) }
}
