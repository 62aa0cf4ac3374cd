import DynamicTypeCore
import TextStack

/// A stack's direction.
public enum StackAxis: String, Hashable, Sendable, CaseIterable {
    /// Children side by side, leading to trailing (`HStack`).
    case horizontal
    /// Children top to bottom (`VStack`).
    case vertical
    /// Children on top of each other, each as wide as the stack (SwiftUI `ZStack`; a cell
    /// whose title is pinned leading and value trailing): their texts may collide.
    case overlay
}

/// Where children sit across the axis.
public enum StackAlignment: String, Hashable, Sendable, CaseIterable {
    /// Vertical stacks: children as wide as the stack. Horizontal: as tall as the tallest.
    case fill
    /// Leading (vertical stacks) or top (horizontal).
    case leading
    /// Centred across the axis.
    case center
    /// Trailing (vertical stacks) or bottom (horizontal).
    case trailing
}

/// A stack (`UIStackView`, SwiftUI `HStack`/`VStack`). At accessibility categories it uses
/// ``accessibilityAxis`` when one is given — the usual fix for rows that do not fit
/// (`traitCollection.preferredContentSizeCategory.isAccessibilityCategory` → vertical).
package struct StackSpec: Hashable, Sendable {
    package typealias Alignment = StackAlignment
    package typealias Axis = StackAxis

    /// The view's id.
    public var id: String
    /// The direction.
    public var axis: Axis
    /// The direction at accessibility categories (AX1–AX5); nil = always ``axis``.
    public var accessibilityAxis: Axis?
    /// Space between children.
    public var spacing: Double
    /// Cross-axis placement.
    public var alignment: Alignment
    /// Space around the children.
    public var padding: EdgeInsets
    /// A fixed width; nil = the width its parent offers.
    public var width: Double?
    /// The stack's background.
    public var background: RGBAColor?
    /// The children, in order.
    package var children: [ScreenView]
    /// The categories the stack and its children see.
    package var limits: CategoryLimits

    /// A stack.
    package init(
        id: String, axis: Axis, accessibilityAxis: Axis? = nil, spacing: Double = 8, alignment: Alignment = .fill,
        padding: EdgeInsets = .zero, width: Double? = nil, background: RGBAColor? = nil, children: [ScreenView],
        limits: CategoryLimits = .none
    ) {
        self.id = id
        self.axis = axis
        self.accessibilityAxis = accessibilityAxis
        self.spacing = spacing
        self.alignment = alignment
        self.padding = padding
        self.width = width
        self.background = background
        self.children = children
        self.limits = limits
    }

    /// The axis used at `category`.
    public func axis(at category: ContentSizeCategory) -> Axis {
        category.isAccessibilityCategory ? (accessibilityAxis ?? axis) : axis
    }
}
