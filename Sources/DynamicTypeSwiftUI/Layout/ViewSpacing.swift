import DynamicTypeCore
import DynamicTypeScreens

/// A view's spacing preferences on its four edges (SwiftUI's `ViewSpacing`): the least distance
/// it wants to the next view on that edge, or nil when it has no preference. Two neighbours in a
/// stack without explicit spacing are as far apart as the larger preference on the edges that
/// meet; when neither has one, SwiftUI's default spacing (OpenSwiftUI `Layout.swift`,
/// `ViewSpacing.distance(to:along:)`, and `Spacing.swift`, `Spacing._distance(from:to:ofViewPreferring:)`).
///
/// Only the preferences that hold for any neighbour are modelled; SwiftUI's text-to-text and
/// baseline categories (`Spacing.Category.textToText`, …) are not (Tests/…/Conformance/known-deviations.txt).
struct ViewSpacing: Hashable {
    var top: Double?
    var leading: Double?
    var bottom: Double?
    var trailing: Double?

    /// SwiftUI's default distance between two views without preferences: 8 pt on each axis
    /// (OpenSwiftUI `OpenSwiftUIGlue.swift`, `defaultSpacing` returns `CGSize(width: 8, height: 8)`).
    static let defaultDistance = 8.0

    /// No preference on any edge (a view's `Spacing()`: OpenSwiftUI `LayoutComputer.swift`,
    /// the default engine's `spacing()`).
    static let none = ViewSpacing()

    /// 0 on every edge (OpenSwiftUI `Spacing.swift`, `Spacing.zero`: an empty stack's, a spacer's
    /// outside a stack).
    static let zero = ViewSpacing(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// 0 on the two edges across `axis`: a spacer in a stack along `axis` wants no space between it
    /// and its neighbours (OpenSwiftUI `Spacer.swift`, `SpacerLayoutComputer.Engine.spacing()`
    /// returns `.horizontal(.zero)` or `.vertical(.zero)`).
    static func zero(along axis: StackAxis) -> ViewSpacing {
        axis == .horizontal ? ViewSpacing(leading: 0, trailing: 0) : ViewSpacing(top: 0, bottom: 0)
    }

    /// The preference on the edge facing the next view along `axis` (trailing or bottom).
    func end(_ axis: StackAxis) -> Double? { axis == .horizontal ? trailing : bottom }
    /// The preference on the edge facing the previous view along `axis` (leading or top).
    func start(_ axis: StackAxis) -> Double? { axis == .horizontal ? leading : top }

    /// The distance from this view to `next` after it along `axis`: the larger preference of the
    /// two edges that meet, or the default when neither has one.
    func distance(to next: ViewSpacing, along axis: StackAxis) -> Double {
        switch (end(axis), next.start(axis)) {
        case (nil, nil): Self.defaultDistance
        case (let a?, nil): a
        case (nil, let b?): b
        case (let a?, let b?): max(a, b)
        }
    }

    /// `other`'s preferences on `edges` merged in, the larger winning (OpenSwiftUI `Spacing.swift`,
    /// `Spacing.incorporate(_:of:)`).
    mutating func incorporate(_ edges: Edges, of other: ViewSpacing) {
        func merge(_ mine: Double?, _ theirs: Double?) -> Double? {
            guard let theirs else { return mine }
            return max(mine ?? -.infinity, theirs)
        }
        if edges.contains(.top) { top = merge(top, other.top) }
        if edges.contains(.leading) { leading = merge(leading, other.leading) }
        if edges.contains(.bottom) { bottom = merge(bottom, other.bottom) }
        if edges.contains(.trailing) { trailing = merge(trailing, other.trailing) }
    }

    /// The preferences on `edges` dropped: a padding or frame that owns those edges hides its
    /// child's (OpenSwiftUI `Spacing.swift`, `Spacing.reset(_:)`, used by `PaddingLayout.spacing`
    /// and `_FrameLayout.spacing`; the text categories it sets are not modelled).
    mutating func clear(_ edges: Edges) {
        if edges.contains(.top) { top = nil }
        if edges.contains(.leading) { leading = nil }
        if edges.contains(.bottom) { bottom = nil }
        if edges.contains(.trailing) { trailing = nil }
    }

    /// A set of edges.
    struct Edges: OptionSet, Hashable {
        let rawValue: Int
        static let top = Edges(rawValue: 1)
        static let leading = Edges(rawValue: 2)
        static let bottom = Edges(rawValue: 4)
        static let trailing = Edges(rawValue: 8)
        static let horizontal: Edges = [.leading, .trailing]
        static let vertical: Edges = [.top, .bottom]
        static let all: Edges = [.top, .leading, .bottom, .trailing]

        /// The two edges across `axis` (top and bottom for a horizontal stack).
        static func across(_ axis: StackAxis) -> Edges { axis == .horizontal ? .vertical : .horizontal }
        /// The leading or top edge.
        static func start(_ axis: StackAxis) -> Edges { axis == .horizontal ? .leading : .top }
        /// The trailing or bottom edge.
        static func end(_ axis: StackAxis) -> Edges { axis == .horizontal ? .trailing : .bottom }
    }
}
