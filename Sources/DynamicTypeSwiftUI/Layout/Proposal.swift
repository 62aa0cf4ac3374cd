import DynamicTypeCore
import DynamicTypeScreens

/// A size proposed to a view; nil in a dimension asks for its ideal size there, 0 for its
/// least, infinity for its largest (SwiftUI's `ProposedViewSize`: "the zero proposal; the view
/// responds with its minimum size … the infinity proposal … its maximum size … the unspecified
/// proposal … its ideal size", developer.apple.com/documentation/swiftui/proposedviewsize).
package struct Proposal: Hashable, Sendable {
    /// The proposed width; nil: unspecified.
    package var width: Double?
    /// The proposed height; nil: unspecified.
    package var height: Double?

    /// A proposal.
    package init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    /// A size as a proposal (what a container proposes to a child it places in a box).
    package init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The unspecified proposal: ideal size on both axes (what `fixedSize()` proposes).
    package static let unspecified = Proposal(width: nil, height: nil)

    /// The proposal along `axis`.
    package subscript(_ axis: StackAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A proposal of `along` on `axis` and `across` on the other one.
    package static func along(_ axis: StackAxis, _ along: Double?, across: Double?) -> Proposal {
        axis == .horizontal ? Proposal(width: along, height: across) : Proposal(width: across, height: along)
    }
}

extension Size {
    /// The length along `axis`.
    subscript(_ axis: StackAxis) -> Double { axis == .horizontal ? width : height }

    /// A size of `along` on `axis` and `across` on the other one.
    static func along(_ axis: StackAxis, _ along: Double, across: Double) -> Size {
        axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}

extension StackAxis {
    /// The axis across this one (a stack's minor axis).
    var across: StackAxis { self == .horizontal ? .vertical : .horizontal }
}
