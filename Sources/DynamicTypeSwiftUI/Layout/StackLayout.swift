import DynamicTypeCore
import DynamicTypeScreens

/// `HStack` and `VStack` (and their lazy forms, and a button's label): SwiftUI's stack
/// algorithm, as OpenSwiftUI `Layout/Stack/StackLayout.swift` implements it and
/// swiftuifieldguide.com/layout/hstack/ explains it.
///
/// With a length proposed along its axis the stack takes the spacing off it, then offers the
/// rest to its children group by group in decreasing `layoutPriority`; before the first group it
/// keeps back the least lengths of every lower-priority child, and gives each group's back as
/// that group comes (`sizeChildrenGenerallyWithConcreteMajorProposal`). Within a group the least
/// flexible child goes first (flexibility: the length it takes for an infinite proposal minus
/// the one for 0, `_LayoutTraits.FlexibilityEstimate`), each offered an even share of what is
/// left (`evenSplitAvailableSpace`), what it does not take going to the next. Without a length
/// along its axis every child is proposed nil there, its ideal length (`sizeChildrenIdeally`).
/// The stack is as long as its children and spacing, and as thick as the thickest child.
struct StackLayout: ContainerLayout {
    /// The major axis.
    let axis: StackAxis
    /// The alignment across: -1 leading/top, 0 centre, 1 trailing/bottom.
    let alignment: Int
    /// `spacing:` in points; nil: each pair's distance from their spacing preferences.
    let spacing: Double?

    /// Each child's distance to the one before it (0 for the first): the stack's `spacing`, else
    /// the pair's ``ViewSpacing`` distance (`StackLayout.makeChildren`, `distanceToPrevious`).
    func distances(_ subviews: [LayoutSubview]) -> [Double] {
        var result: [Double] = []
        for index in subviews.indices {
            if index == 0 {
                result.append(0)
            } else if let spacing {
                result.append(spacing)
            } else {
                result.append(subviews[index - 1].spacing.distance(to: subviews[index].spacing, along: axis))
            }
        }
        return result
    }

    /// Each child's size and the proposal it got, for `proposal`.
    func sizeChildren(_ proposal: Proposal, _ subviews: [LayoutSubview], distances: [Double]) throws -> [(size: Size, proposal: Proposal)] {
        let across = proposal[axis.across]
        guard let length = proposal[axis] else {
            return try subviews.map { subview in
                let offer = Proposal.along(axis, nil, across: across)
                return (try subview.sizeThatFits(offer), offer)
            }
        }
        var result = [(size: Size, proposal: Proposal)](repeating: (.zero, proposal), count: subviews.count)
        let priorities = subviews.map(\.priority)
        var least: [Double] = []
        var flexibility: [FlexibilityEstimate] = []
        for subview in subviews {
            let low = try subview.extent(axis, largest: false, across: across)
            least.append(low)
            flexibility.append(FlexibilityEstimate(least: low, largest: try subview.extent(axis, largest: true, across: across)))
        }
        // The fitting order: decreasing priority, then increasing flexibility, then source order
        // (`prioritize`'s `areInDecreasingFittingPriority`; its insertion sort is stable).
        let order = subviews.indices.sorted { a, b in
            if priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
            if flexibility[a] < flexibility[b] { return true }
            if flexibility[b] < flexibility[a] { return false }
            return a < b
        }
        var available = length - distances.reduce(0, +)
        var start = 0
        while start < order.count {
            let priority = priorities[order[start]]
            var end = start + 1
            while end < order.count, priorities[order[end]] == priority { end += 1 }
            if start == 0 {
                // Lower-priority children keep their least lengths until their group comes.
                available -= order[end...].reduce(0) { $0 + least[$1] }
            } else {
                available += order[start..<end].reduce(0) { $0 + least[$1] }
            }
            var remaining = Double(end - start)
            for index in order[start..<end] {
                let offer = Proposal.along(axis, max(available / remaining, 0), across: across)
                let size = try subviews[index].sizeThatFits(offer)
                result[index] = (size, offer)
                // An infinite child in an infinite proposal leaves infinity, not NaN (`mappingNaN`).
                let left = available - size[axis]
                if !left.isNaN { available = left }
                remaining -= 1
            }
            start = end
        }
        return result
    }

    func sizeThatFits(_ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> Size {
        guard !subviews.isEmpty else { return .zero }
        let distances = distances(subviews)
        let children = try sizeChildren(proposal, subviews, distances: distances)
        let along = children.reduce(0) { $0 + $1.size[axis] } + distances.reduce(0, +)
        // Children are aligned across on one guide, so the stack is as thick as the thickest
        // (`placeChildren1`'s `minorRange`, which starts at 0…0).
        let across = children.map { $0.size[axis.across] }.max() ?? 0
        return .along(axis, along, across: max(0, across))
    }

    func placeSubviews(in bounds: Rect, _ proposal: Proposal, _ subviews: [LayoutSubview]) throws -> [SubviewPlacement?] {
        guard !subviews.isEmpty else { return [] }
        // Placing, the stack proposes its own thickness across where it was proposed nothing
        // (`proposalWhenPlacing`).
        var placing = proposal
        let thickness = axis == .horizontal ? bounds.height : bounds.width
        placing[axis.across] = proposal[axis.across] ?? thickness
        let distances = distances(subviews)
        let children = try sizeChildren(placing, subviews, distances: distances)
        var cursor = axis == .horizontal ? bounds.minX : bounds.minY
        var placements: [SubviewPlacement?] = []
        for (index, child) in children.enumerated() {
            cursor += distances[index]
            let shift = (thickness - child.size[axis.across]) * Double(alignment + 1) / 2
            let origin =
                axis == .horizontal ? Point(x: cursor, y: bounds.minY + shift) : Point(x: bounds.minX + shift, y: cursor)
            placements.append(SubviewPlacement(origin: origin, proposal: child.proposal))
            cursor += child.size[axis]
        }
        return placements
    }
}

/// How flexible a child is along a stack's axis, ordered as OpenSwiftUI
/// `Layout/Geometry/LayoutTraits.swift` orders `_LayoutTraits.FlexibilityEstimate`: by the
/// difference of the largest and least lengths; among equally (infinitely) flexible children
/// the one with the larger least length first.
struct FlexibilityEstimate: Comparable {
    let least: Double
    let largest: Double

    static func < (l: FlexibilityEstimate, r: FlexibilityEstimate) -> Bool {
        let lRange = l.largest - l.least
        let rRange = r.largest - r.least
        guard lRange == rRange else { return lRange < rRange }
        let lKey = lRange == .infinity ? -l.least : 0
        let rKey = rRange == .infinity ? -r.least : 0
        return lKey < rKey
    }
}
