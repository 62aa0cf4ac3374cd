import ConstraintSolver
import DynamicTypeCore

/// The constraints `UIStackView` generates for its arranged subviews (its visible subviews:
/// hidden ones are not arranged), per distribution and alignment, as Apple documents them
/// (UIStackView.Distribution, UIStackView.Alignment) and WWDC 2015 session 218 "Mysteries of
/// Auto Layout, Part 1" shows them (`UISV-spacing`, `UISV-alignment`, `UISV-canvas-connection`);
/// the generated priorities (999 − i, 149, 51, 49) are UIKit's own, as its constraint dumps show
/// them (A. Grebenyuk, "Let's Build UIStackView", kean.blog, 2017; UIKitMetrics).
extension AutoLayoutSystem {
    /// The constraints of stack view `index` (`box` gives each view's frame).
    func stackConstraints(_ index: Int, box: (Int) -> Box) -> [Constraint] {
        let view = screen.views[index]
        guard let stack = view.stack else { return [] }
        let arranged = view.children.filter { !screen.views[$0].hidden }
        var container = box(index)
        if stack.marginsRelative { container = marginBox(index, box: box) }
        guard let first = arranged.first, let last = arranged.last else {
            // An empty stack has no size of its own (it is a plain view then); nothing to arrange.
            return []
        }
        // Right to left, a horizontal stack arranges from the right and a vertical stack's leading
        // alignment is at the right: horizontal positions are measured leftwards from the right.
        let flipped = view.rightToLeft
        func leading(_ frame: Box) -> Expression { flipped ? -1 * (frame.left + frame.width) : frame.left }
        func start(_ frame: Box) -> Expression { stack.vertical ? frame.top : leading(frame) }
        func length(_ frame: Box) -> Expression { stack.vertical ? frame.height : frame.width }
        func end(_ frame: Box) -> Expression { start(frame) + length(frame) }
        func crossStart(_ frame: Box) -> Expression { stack.vertical ? leading(frame) : frame.top }
        func crossLength(_ frame: Box) -> Expression { stack.vertical ? frame.width : frame.height }
        func crossEnd(_ frame: Box) -> Expression { crossStart(frame) + crossLength(frame) }

        var constraints: [Constraint] = []
        // Along the axis: the first and last views at the stack's edges (`UISV-canvas-connection`).
        constraints.append(start(box(first)) == start(container))
        constraints.append(end(box(last)) == end(container))
        let pairs = zip(arranged, arranged.dropFirst())
        switch stack.distribution {
        case "equalSpacing":
            // Equal gaps, at least `spacing` (`UISV-distributing-edge`, `UISV-spacing`).
            let gap = Expression(Variable("\(view.id).gap"))
            constraints.append(gap >= stack.spacing)
            for (a, b) in pairs { constraints.append(start(box(b)) == end(box(a)) + gap) }
        case "equalCentering":
            // Equal distances between centres (gap guides of equal length, `UISV-fill-equally` at
            // 149: below compression resistance, so the gaps give way before the views shrink); at
            // least `spacing` between edges, required (`UISV-spacing`).
            let distance = Expression(Variable("\(view.id).centerDistance"))
            for (a, b) in pairs {
                let centreA = start(box(a)) + 0.5 * length(box(a)), centreB = start(box(b)) + 0.5 * length(box(b))
                constraints.append((centreB == centreA + distance) | LayoutPriorityStrength.strength(UIKitMetrics.stackEqualCenteringPriority.value))
                constraints.append(start(box(b)) >= end(box(a)) + stack.spacing)
            }
        default:
            for (a, b) in pairs { constraints.append(start(box(b)) == end(box(a)) + stack.spacing) }
        }
        switch stack.distribution {
        case "fillEqually":
            for other in arranged.dropFirst() { constraints.append(length(box(other)) == length(box(first))) }
        case "fillProportionally":
            // Each size a share of the stack's length (`UISV-fill-proportionally`): the view's
            // intrinsic size over all intrinsic sizes plus the spacings, at priorities 999, 998, …
            // in order, so with spacing the last views give way first.
            let sizes = arranged.map { (stack.vertical ? intrinsic[$0].height : intrinsic[$0].width) ?? 0 }
            let total = sizes.reduce(0, +) + stack.spacing * Double(arranged.count - 1)
            if sizes.contains(where: { $0 > 0 }), total > 0 {
                for (order, (view, size)) in zip(arranged, sizes).enumerated() {
                    let priority = max(1, UIKitMetrics.stackFillProportionallyPriority.value - Double(order))
                    constraints.append((length(box(view)) == (size / total) * length(container)) | LayoutPriorityStrength.strength(priority))
                }
            }
        default:
            break
        }
        // Across the axis, per alignment (`UISV-alignment`, `UISV-spanning-boundary`).
        let alignment = stack.alignment
        for view in arranged {
            let frame = box(view)
            switch alignment {
            case "leading", "top":
                constraints.append(crossStart(frame) == crossStart(container))
                constraints.append(crossEnd(frame) <= crossEnd(container))
            case "trailing", "bottom":
                constraints.append(crossEnd(frame) == crossEnd(container))
                constraints.append(crossStart(frame) >= crossStart(container))
            case "center":
                constraints.append(crossStart(frame) + 0.5 * crossLength(frame) == crossStart(container) + 0.5 * crossLength(container))
                constraints.append(crossStart(frame) >= crossStart(container))
            // Baselines align a horizontal stack's views only (a `where` binds to the one pattern before it).
            case "firstBaseline" where !stack.vertical, "lastBaseline" where !stack.vertical:
                let attribute: IBConstraint.Attribute = alignment == "firstBaseline" ? .firstBaseline : .lastBaseline
                constraints.append(
                    Self.expression(attribute, of: frame, baseline: intrinsic[view])
                        == Self.expression(attribute, of: box(first), baseline: intrinsic[first]))
                constraints.append(crossStart(frame) >= crossStart(container))
                constraints.append(crossEnd(frame) <= crossEnd(container))
            default:
                constraints.append(crossStart(frame) == crossStart(container))
                constraints.append(crossEnd(frame) == crossEnd(container))
            }
        }
        if alignment != "fill" {
            // The stack is as small as its views allow across the axis: UIKit spans them with a
            // spacer as long as the stack, kept short at 51 (`UISV-spanning-fit`); baseline
            // alignments also keep the stack itself short at 49 (`UISV-canvas-fit`).
            constraints.append((crossLength(container) == 0) | LayoutPriorityStrength.strength(UIKitMetrics.stackSpanningFitPriority.value))
            if alignment.hasSuffix("Baseline") {
                constraints.append((crossLength(container) == 0) | LayoutPriorityStrength.strength(UIKitMetrics.stackCanvasFitPriority.value))
            }
        }
        return constraints
    }
}
