import ConstraintSolver
import DynamicTypeCore

/// The layout guides whose edges UIKit computes piecewise — a subview's safe area (its part
/// inside the root's safe area), layout margins that take the safe area or the superview's
/// margins in (`insetsLayoutMarginsFromSafeArea`, `preservesSuperviewLayoutMargins`) and the
/// readable content guide (the margins, at most the readable width) — as linear expressions.
///
/// Each is a `max`/`min` of two edges, which a simplex cannot hold; UIKit itself computes them
/// from the frames of the previous layout pass and lays out again when they change. So does
/// this: ``hint`` (the previous pass's frames, the recorded ones at first) picks the side of each
/// `max`/`min`, and ``IBAutoLayout`` solves again while ``guideChoices(_:)`` of the solution
/// differ from the hint's.
extension AutoLayoutSystem {
    /// A box by its four edges.
    struct Edges {
        var left: Expression, top: Expression, right: Expression, bottom: Expression

        init(_ box: Box) {
            left = box.left
            top = box.top
            right = box.left + box.width
            bottom = box.top + box.height
        }

        var box: Box { Box(left, top, right - left, bottom - top) }
    }

    /// The same four edges in numbers (a hint frame, or a guide worked out on one).
    struct Sides: Equatable {
        var left, top, right, bottom: Double

        init(_ rect: Rect) {
            left = rect.minX
            top = rect.minY
            right = rect.minX + rect.width
            bottom = rect.minY + rect.height
        }

        init(left: Double, top: Double, right: Double, bottom: Double) {
            self.left = left
            self.top = top
            self.right = right
            self.bottom = bottom
        }
    }

    /// The root's safe area in root coordinates, in numbers (its height: the hint's when the
    /// root's height is solved).
    private func rootSafeSides(_ frames: [Rect]) -> Sides {
        let height = rootHeight ?? frames[0].height
        return Sides(left: safeArea.leading, top: safeArea.top, right: rootWidth - safeArea.trailing, bottom: height - safeArea.bottom)
    }

    /// View `index`'s safe area in numbers on `frames`: its frame cut to the root's safe area
    /// (UIKit's `safeAreaInsets` of a subview are how far the root's unsafe edges reach into it).
    func safeSides(_ index: Int, on frames: [Rect]) -> Sides {
        let own = Sides(frames[index])
        guard index != 0 else {
            let safe = rootSafeSides(frames)
            return Sides(left: own.left + safe.left, top: own.top + safe.top, right: own.left + safe.right, bottom: own.top + safe.bottom)
        }
        let safe = rootSafeSides(frames)
        return Sides(left: max(own.left, safe.left), top: max(own.top, safe.top), right: min(own.right, safe.right), bottom: min(own.bottom, safe.bottom))
    }

    /// View `index`'s safe area guide: its own edges where they are inside the root's safe area
    /// (on the hint), else the root's safe edges.
    func safeAreaBox(_ index: Int, box: (Int) -> Box) -> Box {
        let own = Edges(box(index))
        guard index != 0 else { return box(0).inset(safeArea) }
        let root = Edges(box(0).inset(safeArea))
        let frame = Sides(hint[index]), safe = rootSafeSides(hint)
        var edges = own
        if frame.left < safe.left { edges.left = root.left }
        if frame.top < safe.top { edges.top = root.top }
        if frame.right > safe.right { edges.right = root.right }
        if frame.bottom > safe.bottom { edges.bottom = root.bottom }
        return edges.box
    }

    /// View `index`'s margins in numbers on `frames`: its own margins inside its safe area (when
    /// it insets them from the safe area), pushed in to the superview's margins where those reach
    /// further in (when it preserves them). The root view of a screen has the system margins.
    func marginSides(_ index: Int, on frames: [Rect]) -> Sides {
        let view = screen.views[index]
        let own = margins(index)
        if index == 0 { return Self.inset(Sides(frames[0]), own) }
        var sides = Self.inset(view.insetsLayoutMarginsFromSafeArea ? safeSides(index, on: frames) : Sides(frames[index]), own)
        if view.preservesSuperviewLayoutMargins, let parent = view.parent {
            let outer = marginSides(parent, on: frames)
            sides = Sides(left: max(sides.left, outer.left), top: max(sides.top, outer.top), right: min(sides.right, outer.right), bottom: min(sides.bottom, outer.bottom))
        }
        return sides
    }

    /// View `index`'s layout margins guide, each edge from what ``marginSides(_:on:)`` picks on the hint.
    func marginBox(_ index: Int, box: (Int) -> Box) -> Box {
        let view = screen.views[index]
        let own = margins(index)
        if index == 0 { return box(0).inset(own) }
        let frame = Sides(hint[index]), safe = safeSides(index, on: hint)
        var edges = Edges((view.insetsLayoutMarginsFromSafeArea && safe != frame ? safeAreaBox(index, box: box) : box(index)).inset(own))
        if view.preservesSuperviewLayoutMargins, let parent = view.parent {
            let mine = Self.inset(view.insetsLayoutMarginsFromSafeArea ? safe : frame, own)
            let outerSides = marginSides(parent, on: hint)
            let outer = Edges(marginBox(parent, box: box))
            if outerSides.left > mine.left { edges.left = outer.left }
            if outerSides.top > mine.top { edges.top = outer.top }
            if outerSides.right < mine.right { edges.right = outer.right }
            if outerSides.bottom < mine.bottom { edges.bottom = outer.bottom }
        }
        return edges.box
    }

    /// View `index`'s readable content guide in numbers on `frames`: the margins, narrowed to
    /// ``readableWidth`` about their centre when wider (Apple documentation, readableContentGuide).
    func readableSides(_ index: Int, on frames: [Rect]) -> Sides {
        var sides = marginSides(index, on: frames)
        let width = sides.right - sides.left
        if width > readableWidth {
            let centre = (sides.left + sides.right) / 2
            sides.left = centre - readableWidth / 2
            sides.right = centre + readableWidth / 2
        }
        return sides
    }

    /// View `index`'s readable content guide: its margins guide, or a box ``readableWidth`` wide
    /// centred in it when the margins are wider on the hint.
    func readableBox(_ index: Int, box: (Int) -> Box) -> Box {
        let margins = marginBox(index, box: box)
        let sides = marginSides(index, on: hint)
        guard sides.right - sides.left > readableWidth else { return margins }
        return Box(margins.left + 0.5 * margins.width - readableWidth / 2, margins.top, Expression(constant: readableWidth), margins.height)
    }

    /// The choices every piecewise guide makes on `frames` (which edges of which views are
    /// taken from elsewhere): the layout is settled when the solution makes the hint's choices.
    func guideChoices(_ frames: [Rect]) -> [Bool] {
        var choices: [Bool] = []
        for index in screen.views.indices where index != 0 {
            let frame = Sides(frames[index]), safe = safeSides(index, on: frames)
            choices += [safe.left != frame.left, safe.top != frame.top, safe.right != frame.right, safe.bottom != frame.bottom]
            let view = screen.views[index]
            if view.preservesSuperviewLayoutMargins, let parent = view.parent {
                let mine = Self.inset(view.insetsLayoutMarginsFromSafeArea ? safe : frame, margins(index))
                let outer = marginSides(parent, on: frames)
                choices += [outer.left > mine.left, outer.top > mine.top, outer.right < mine.right, outer.bottom < mine.bottom]
            }
        }
        for guide in screen.guides.values.sorted(by: { $0.owner < $1.owner }) where guide.kind == .readableContent {
            let sides = marginSides(guide.owner, on: frames)
            choices.append(sides.right - sides.left > readableWidth)
        }
        return choices
    }

    /// `sides` moved in by `insets`.
    static func inset(_ sides: Sides, _ insets: EdgeInsets) -> Sides {
        Sides(left: sides.left + insets.leading, top: sides.top + insets.top, right: sides.right - insets.trailing, bottom: sides.bottom - insets.bottom)
    }
}
