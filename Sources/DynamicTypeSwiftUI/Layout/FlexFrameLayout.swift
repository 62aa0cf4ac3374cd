import DynamicTypeCore
import DynamicTypeScreens

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, as OpenSwiftUI
/// `Layout/Modifier/FrameLayout.swift` (`_FlexFrameLayout`) implements it and Apple documents it
/// (developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)):
/// "The size proposed to this view is the size proposed to the frame, limited by any constraints
/// specified, and with any ideal dimensions specified replacing any corresponding unspecified
/// dimensions in the proposal. If no minimum or maximum constraint is specified in a given
/// dimension, the frame adopts the sizing behavior of its child in that dimension. If both
/// constraints are specified in a dimension, the frame unconditionally adopts the size proposed
/// for it, clamped to the constraints."
struct FlexFrameLayout: ContainerLayout {
    let width: Limits
    let height: Limits
    let alignment: Alignment2D

    /// One axis's minimum, ideal and maximum, made consistent as `_FlexFrameLayout.init` does: the
    /// minimum at least 0, the ideal at least the minimum, the maximum at least the ideal.
    struct Limits {
        let min: Double?
        let ideal: Double?
        let max: Double?

        init(min: Double?, ideal: Double?, max: Double?) {
            let low = min.map { Swift.max($0, 0) }
            let preferred = ideal.map { Swift.max(low ?? 0, $0) }
            self.min = low
            self.ideal = preferred
            self.max = max.map { Swift.max(preferred ?? 0, $0) }
        }

        /// The proposal to the child on this axis: the frame's (or the ideal when it has none),
        /// clamped to the limits (`childProposal(myProposal:)`).
        func childProposal(_ proposed: Double?) -> Double? {
            guard let value = proposed ?? ideal else { return nil }
            return Swift.min(Swift.max(value, min ?? -.infinity), max ?? .infinity)
        }

        /// The frame's length when it does not depend on the child: the proposal clamped when both
        /// limits are given, the ideal when nothing is proposed; nil: ask the child.
        func ownLength(_ proposed: Double?) -> Double? {
            guard let proposed else { return ideal }
            guard let min, let max, min <= max else { return nil }
            return Swift.min(Swift.max(proposed, min), max)
        }

        /// The frame's length from the child's (`sizeThatFits`' switch over the limits): a
        /// minimum alone takes the proposal down to the child's length but not below the minimum;
        /// a maximum alone takes the proposal up to the child's but not past the maximum.
        func length(child: Double, proposed: Double?) -> Double {
            switch (min, max) {
            case (let low?, let high?) where low <= high: return Swift.min(Swift.max(low, child), high)
            case (let low?, nil): return Swift.max(Swift.min(proposed ?? .infinity, child), low)
            case (nil, let high?): return Swift.min(Swift.max(proposed ?? -.infinity, child), high)
            default: return child
            }
        }

        /// The proposal the child is placed with: the frame's length, or nil (its ideal) when the
        /// frame was proposed nothing, has no ideal, and its length lies strictly inside the
        /// limits (`childPlacementProposal`, SwiftUI's `FlexFrameIdealSizing` semantics).
        func placementProposal(length: Double, proposed: Double?) -> Double? {
            guard ideal == nil, proposed == nil, (min ?? -.infinity) < length, length < (max ?? .infinity) else { return length }
            return nil
        }
    }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        let ownWidth = width.ownLength(proposal.width)
        let ownHeight = height.ownLength(proposal.height)
        if let ownWidth, let ownHeight { return Size(width: ownWidth, height: ownHeight) }
        let offer = Proposal(width: width.childProposal(proposal.width), height: height.childProposal(proposal.height))
        let child = try subviews.first?.sizeThatFits(offer) ?? .zero
        return Size(
            width: ownWidth ?? width.length(child: child.width, proposed: offer.width),
            height: ownHeight ?? height.length(child: child.height, proposed: offer.height))
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        let offer = Proposal(
            width: width.placementProposal(length: bounds.width, proposed: proposal.width),
            height: height.placementProposal(length: bounds.height, proposed: proposal.height))
        return try subviews.map { subview in
            SubviewPlacement(origin: alignment.origin(of: try subview.sizeThatFits(offer), in: bounds), proposal: offer)
        }
    }
}
