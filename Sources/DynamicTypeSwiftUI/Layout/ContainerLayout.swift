import DynamicTypeCore
import DynamicTypeScreens

/// One container's layout, in the two steps of SwiftUI's `Layout` protocol
/// (developer.apple.com/documentation/swiftui/layout): first the size the container takes for a
/// proposal, asking its subviews for theirs (`sizeThatFits(proposal:subviews:cache:)`), then where
/// each subview goes in the bounds the container was given, and with which proposal
/// (`placeSubviews(in:proposal:subviews:cache:)`). Each container has one type (`StackLayout`,
/// `FlexFrameLayout`, …); ``SwiftUILayoutPass`` caches the answers and turns placements into views.
protocol ContainerLayout {
    /// The container's size for `proposal`.
    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size
    /// Each subview's top-leading corner in `bounds` and the proposal it is placed with, in the
    /// order of `subviews`; nil for a subview the container does not show (`ViewThatFits`'s others).
    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?]
}

/// Where a container puts a subview.
struct SubviewPlacement {
    /// The subview's top-leading corner.
    var origin: Point
    /// The proposal the subview is placed with (it takes its size for it).
    var proposal: Proposal
}

/// A container's view of one child (SwiftUI's `LayoutSubview`): it can be asked its size for a
/// proposal, its layout priority and its spacing preferences, and nothing else.
struct LayoutSubview {
    /// The child.
    let node: ViewNode
    /// The environment the child sees.
    let env: TextEnvironment
    /// The pass that measures it (and caches its answers).
    unowned let pass: SwiftUILayoutPass

    /// The size the child takes for `proposal`.
    func sizeThatFits(_ proposal: Proposal) throws -> Size { try pass.size(node, proposal, env) }

    /// `layoutPriority`, as SwiftUI reads it from the child (``SwiftUILayoutPass/priority(of:)``).
    var priority: Double { pass.priority(of: node) }

    /// The child's spacing preferences (``ViewSpacing``).
    var spacing: ViewSpacing { pass.spacing(of: node, env) }

    /// The least (`largest` false) or largest length the child takes along `axis` with `across`
    /// proposed across, its flexibility's two ends (``SwiftUILayoutPass/extent(_:_:largest:across:_:)``).
    func extent(_ axis: StackAxis, largest: Bool, across: Double?) throws -> Double {
        try pass.extent(node, axis, largest: largest, across: across, env)
    }
}

extension Alignment2D {
    /// The horizontal alignment guide as a fraction of a view's width (leading 0, centre ½, trailing 1).
    var xFraction: Double { Double(x + 1) / 2 }
    /// The vertical alignment guide as a fraction of a view's height (top 0, centre ½, bottom 1).
    var yFraction: Double { Double(y + 1) / 2 }

    /// The point where a child of `size` goes in `bounds` (it may stick out on both sides):
    /// the child's alignment guide on the frame's (OpenSwiftUI `FrameLayout.swift`,
    /// `FrameLayoutCommon.commonPlacement`).
    func origin(of size: Size, in bounds: Rect) -> Point {
        Point(
            x: bounds.minX + (bounds.width - size.width) * xFraction,
            y: bounds.minY + (bounds.height - size.height) * yFraction)
    }
}
