import DynamicTypeCore
import DynamicTypeScreens

/// `ZStack`: as large as its highest-priority children for the proposal (the others do not
/// count), every child then proposed the stack's size and aligned on the highest-priority
/// children's guide (OpenSwiftUI `Layout/Stack/ZStack.swift`, `_ZStackLayout.sizeThatFits` and
/// `placeSubviews`).
struct ZStackLayout: ContainerLayout {
    let alignment: Alignment2D

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        guard let top = subviews.map(\.priority).max() else { return .zero }
        var size = Size.zero
        for subview in subviews where subview.priority == top {
            let child = try subview.sizeThatFits(proposal)
            size = Size(width: max(size.width, child.width), height: max(size.height, child.height))
        }
        return size
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        guard let top = subviews.map(\.priority).max() else { return [] }
        let offer = Proposal(Size(width: bounds.width, height: bounds.height))
        // The guide: the furthest alignment point among the highest-priority children.
        var guideX = -Double.infinity, guideY = -Double.infinity
        for subview in subviews where subview.priority == top {
            let child = try subview.sizeThatFits(offer)
            guideX = max(guideX, child.width * alignment.xFraction)
            guideY = max(guideY, child.height * alignment.yFraction)
        }
        return try subviews.map { subview in
            let child = try subview.sizeThatFits(offer)
            return SubviewPlacement(
                origin: Point(
                    x: bounds.minX + guideX - child.width * alignment.xFraction,
                    y: bounds.minY + guideY - child.height * alignment.yFraction),
                proposal: offer)
        }
    }
}
