import DynamicTypeCore
import DynamicTypeScreens

/// Modifiers that do not change layout — `font`, `lineLimit`, `foregroundStyle`, … — and
/// `background`/`overlay`, whose size is their primary view's: the child takes the modifier's
/// proposal and its size, at its origin. A background's layout is its content's
/// (OpenSwiftUI `Modifier/ViewModifier/BackgroundModifier.swift`: `result.layoutComputer =
/// primaryOutputs.layoutComputer`); environment modifiers make no layout of their own, nor do
/// `clipped()`, `clipShape`, `mask` and `cornerRadius`, which only cut what is drawn.
struct PrimaryLayout: ContainerLayout {
    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        try subviews.first?.sizeThatFits(proposal) ?? .zero
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        subviews.map { _ in SubviewPlacement(origin: Point(x: bounds.minX, y: bounds.minY), proposal: proposal) }
    }
}
