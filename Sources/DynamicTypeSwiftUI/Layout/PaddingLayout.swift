import DynamicTypeCore
import DynamicTypeScreens

/// `padding`: the proposal less the insets (never below 0) to the child, the child's size plus
/// the insets (never below 0) for the padding, the child at the leading and top insets
/// (OpenSwiftUI `Layout/Modifier/PaddingLayout.swift`, `_PaddingLayout.sizeThatFits` and
/// `placement`; `_ProposedSize.inset(by:)` and `CGSize.outset(by:)` in `ProposedSize.swift` and
/// `EdgeInsets.swift`). Negative insets pull the edges in.
struct PaddingLayout: ContainerLayout {
    let top: Double
    let leading: Double
    let bottom: Double
    let trailing: Double

    func childProposal(_ proposal: Proposal) -> Proposal {
        Proposal(
            width: proposal.width.map { max(0, $0 - leading - trailing) },
            height: proposal.height.map { max(0, $0 - top - bottom) })
    }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        let child = try subviews.first?.sizeThatFits(childProposal(proposal)) ?? .zero
        return Size(width: max(0, child.width + leading + trailing), height: max(0, child.height + top + bottom))
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        subviews.map { _ in
            SubviewPlacement(origin: Point(x: bounds.minX + leading, y: bounds.minY + top), proposal: childProposal(proposal))
        }
    }
}
