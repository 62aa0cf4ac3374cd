import DynamicTypeCore
import DynamicTypeScreens

/// `ViewThatFits(in:)`: "evaluates its child views in the order you provide them to the
/// initializer. It selects the first child whose ideal size on the constrained axes fits within
/// the proposed size" and shows only that one; when none fits, the last
/// (developer.apple.com/documentation/swiftui/viewthatfits). A child's ideal size on a
/// constrained axis is its size proposed nil there (the ideal proposal, `ProposedViewSize`); an
/// axis proposed nothing constrains nothing.
struct ViewThatFitsLayout: ContainerLayout {
    let horizontal: Bool
    let vertical: Bool

    /// The index of the child shown for `proposal`.
    func chosen(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Int? {
        guard !subviews.isEmpty else { return nil }
        let ideal = Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        for (index, subview) in subviews.enumerated().dropLast() {
            let size = try subview.sizeThatFits(ideal)
            // Half a point of tolerance: measured widths are fractional, proposals often whole.
            let fitsWidth = !horizontal || proposal.width.map { size.width <= $0 + 0.5 } ?? true
            let fitsHeight = !vertical || proposal.height.map { size.height <= $0 + 0.5 } ?? true
            if fitsWidth && fitsHeight { return index }
        }
        return subviews.count - 1
    }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        guard let index = try chosen(proposal, subviews) else { return .zero }
        return try subviews[index].sizeThatFits(proposal)
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        let index = try chosen(proposal, subviews)
        return subviews.indices.map { $0 == index ? SubviewPlacement(origin: Point(x: bounds.minX, y: bounds.minY), proposal: proposal) : nil }
    }
}
