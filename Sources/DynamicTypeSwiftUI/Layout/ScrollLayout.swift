import DynamicTypeCore
import DynamicTypeScreens

/// `ScrollView`: its content is proposed nothing along the scroll axis ("it proposes nil for the
/// height to its children. In other words, it tells its children to become their ideal
/// height") and the scroll view's own proposal across; the scroll view takes the length proposed
/// along its axis ("a vertical scroll view always becomes exactly as tall as proposed") and its
/// content's thickness across ("it only becomes as wide as the width of its contents")
/// (swiftuifieldguide.com/layout/scrollview/). Proposed nothing along its axis — a screen that
/// scrolls as a whole, docs/swiftui.md — it is as long as its content.
struct ScrollLayout: ContainerLayout {
    let axis: StackAxis

    func contentProposal(_ proposal: Proposal) -> Proposal { .along(axis, nil, across: proposal[axis.across]) }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        let content = try subviews.first?.sizeThatFits(contentProposal(proposal)) ?? .zero
        return .along(axis, proposal[axis] ?? content[axis], across: content[axis.across])
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        subviews.map { _ in SubviewPlacement(origin: Point(x: bounds.minX, y: bounds.minY), proposal: contentProposal(proposal)) }
    }
}
