import DynamicTypeCore
import DynamicTypeScreens

/// `frame(width:height:alignment:)`: a fixed size on the axes given, the child's on the others
/// (OpenSwiftUI `Layout/Modifier/FrameLayout.swift`, `_FrameLayout`; Apple's
/// developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:): "If `width` is
/// `nil`, the resulting view assumes this view's sizing behavior").
struct FrameLayout: ContainerLayout {
    let width: Double?
    let height: Double?
    let alignment: Alignment2D

    /// The proposal the child gets: the frame's on the axes it fixes, the frame's own elsewhere.
    func childProposal(_ proposal: Proposal) -> Proposal {
        Proposal(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        // Both fixed: the child is not asked (`_FrameLayout.sizeThatFits`).
        if let width, let height { return Size(width: width, height: height) }
        let child = try subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return Size(width: width ?? child.width, height: height ?? child.height)
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        try subviews.map { subview in
            let offer = childProposal(proposal)
            return SubviewPlacement(origin: alignment.origin(of: try subview.sizeThatFits(offer), in: bounds), proposal: offer)
        }
    }
}
