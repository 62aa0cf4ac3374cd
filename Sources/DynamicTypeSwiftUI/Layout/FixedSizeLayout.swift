import DynamicTypeCore
import DynamicTypeScreens

/// `fixedSize(horizontal:vertical:)`: the child is proposed nil on the fixed axes, so it takes
/// its ideal size there (an `idealWidth` frame's ideal, a text's unwrapped width), and is centred
/// in the bounds (OpenSwiftUI `Layout/FixedSizeLayout.swift`, `_FixedSizeLayout`;
/// swiftuifieldguide.com/layout/ideal-size/: "This modifier proposes nil for both dimensions").
struct FixedSizeLayout: ContainerLayout {
    let horizontal: Bool
    let vertical: Bool

    func childProposal(_ proposal: Proposal) -> Proposal {
        Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        try subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        try subviews.map { subview in
            let offer = childProposal(proposal)
            return SubviewPlacement(origin: Alignment2D.center.origin(of: try subview.sizeThatFits(offer), in: bounds), proposal: offer)
        }
    }
}
