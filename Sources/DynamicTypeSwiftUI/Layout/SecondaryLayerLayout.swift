import DynamicTypeCore
import DynamicTypeScreens

/// `overlay(alignment:content:)` and `background(alignment:content:)` with views: the modifier is
/// its primary view's size and layout; the secondary layer is proposed the primary's size and
/// aligned in its bounds (centre by default) (OpenSwiftUI `Modifier/ViewModifier/OverlayModifier.swift`,
/// `makeSecondaryLayerView`: `result.layoutComputer = primaryOutputs.layoutComputer`, and
/// `SecondaryLayerGeometryQuery`, which sizes the secondary layer for `primarySize` and places it
/// by `alignment ?? .center`). Several views in the layer stand in a `ZStack`.
struct SecondaryLayerLayout: ContainerLayout {
    let alignment: Alignment2D

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        try subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        let layer = Proposal(Size(width: bounds.width, height: bounds.height))
        return try subviews.enumerated().map { index, subview in
            guard index > 0 else { return SubviewPlacement(origin: Point(x: bounds.minX, y: bounds.minY), proposal: proposal) }
            return SubviewPlacement(origin: alignment.origin(of: try subview.sizeThatFits(layer), in: bounds), proposal: layer)
        }
    }
}
