import DynamicTypeCore
import TextStack

/// The shared body of `HStack` and `VStack`: a stack spec and its child drafts.
public protocol StackBuilder: ScreenViewBuilder {}

extension StackBuilder {
    private func editStack(_ change: (inout StackSpec) -> Void) -> Self {
        with {
            if case .stack(var spec) = $0.view {
                change(&spec)
                $0.view = .stack(spec)
            }
        }
    }

    /// Space around the children.
    public func padding(_ insets: EdgeInsets) -> Self { editStack { $0.padding = insets } }

    /// The same space on every side.
    public func padding(_ all: Double) -> Self { padding(EdgeInsets(all: all)) }

    /// A fixed width in points.
    public func frame(width: Double) -> Self { editStack { $0.width = width } }

    /// The stack's background.
    public func background(_ color: RGBAColor) -> Self { editStack { $0.background = color } }
}

/// Builds a stack draft (children resolved with the screen).
private func stackDraft(
    id: String?, axis: StackAxis, accessibilityAxis: StackAxis?, spacing: Double, alignment: StackAlignment,
    children: [ScreenViewDraft]
) -> ScreenViewDraft {
    ScreenViewDraft(
        view: .stack(
            StackSpec(id: "", axis: axis, accessibilityAxis: accessibilityAxis, spacing: spacing, alignment: alignment, children: [])),
        givenID: id, children: children)
}

/// A horizontal stack in the DSL: `HStack(accessibilityAxis: .vertical) { … }` turns vertical at
/// accessibility sizes.
public struct HStack: StackBuilder {
    /// The stack as a draft.
    public var draft: ScreenViewDraft

    /// A horizontal stack of `content`.
    public init(
        id: String? = nil, spacing: Double = 8, alignment: StackAlignment = .fill, accessibilityAxis: StackAxis? = nil,
        @ScreenBuilder content: () -> [ScreenViewDraft]
    ) {
        draft = stackDraft(
            id: id, axis: .horizontal, accessibilityAxis: accessibilityAxis, spacing: spacing, alignment: alignment, children: content())
    }
}

/// A vertical stack in the DSL: `VStack(spacing: 4) { … }`.
public struct VStack: StackBuilder {
    /// The stack as a draft.
    public var draft: ScreenViewDraft

    /// A vertical stack of `content`.
    public init(
        id: String? = nil, spacing: Double = 8, alignment: StackAlignment = .fill, accessibilityAxis: StackAxis? = nil,
        @ScreenBuilder content: () -> [ScreenViewDraft]
    ) {
        draft = stackDraft(
            id: id, axis: .vertical, accessibilityAxis: accessibilityAxis, spacing: spacing, alignment: alignment, children: content())
    }
}
