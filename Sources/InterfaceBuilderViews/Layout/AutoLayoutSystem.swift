import ConstraintSolver
import DynamicTypeCore

/// One Auto Layout pass over a screen's views: the variables of every view's frame, the
/// constraints UIKit would hold (the file's, those it generates for autoresizing masks, stack
/// views and intrinsic content sizes) and the solution. Frames are in the root's coordinates.
///
/// What the constraints leave open is settled by the weakest preferences (each view near the
/// frame Xcode recorded), so an ambiguous layout still has one answer; ``solve(stayShift:)``
/// with another shift tells which views are ambiguous.
struct AutoLayoutSystem {
    /// The screen.
    let screen: IBScreen
    /// The root's width.
    let rootWidth: Double
    /// The root's height; nil: as small as its constraints allow (a self-sizing cell's
    /// `systemLayoutSizeFitting` at `fittingSizeLevel`).
    let rootHeight: Double?
    /// The root's safe area insets (scenes); zero for cells and top-level views.
    let safeArea: EdgeInsets
    /// Whether the root is a view controller's view (a scene's, or a xib's full-screen top-level
    /// view): its margins are the system minimum ones and include the safe area.
    let rootIsScreen: Bool
    /// Each view's content at this category.
    let intrinsic: [IntrinsicContent]
    /// Each view's recorded frame in root coordinates (the weak preferences).
    let recorded: [Rect]
    /// The width of the screen the root is shown on (a cell's table is as wide): a cell's
    /// accessory sits inside the table's side margin, which follows the screen's width.
    let screenWidth: Double
    /// The readable content guide's widest (``UIKitMetrics/readableWidth(bodySize:)`` at the category).
    let readableWidth: Double
    /// The frames the piecewise guides are worked out on (the previous pass's; the recorded
    /// ones at first): see ``guideChoices(_:)``.
    let hint: [Rect]
    private let indexOfID: [String: Int]

    /// A pass: `hint` nil takes the recorded frames.
    init(
        screen: IBScreen, rootWidth: Double, rootHeight: Double?, safeArea: EdgeInsets, rootIsScreen: Bool, intrinsic: [IntrinsicContent],
        screenWidth: Double, readableWidth: Double, hint: [Rect]? = nil
    ) {
        self.rootIsScreen = rootIsScreen
        self.screen = screen
        self.rootWidth = rootWidth
        self.rootHeight = rootHeight
        self.safeArea = safeArea
        self.intrinsic = intrinsic
        self.screenWidth = screenWidth
        self.readableWidth = readableWidth
        let recorded = Self.recordedFrames(screen)
        self.recorded = recorded
        self.hint = hint ?? recorded
        var index: [String: Int] = [:]
        for (i, view) in screen.views.enumerated() { index[view.id] = i }
        indexOfID = index
    }

    /// The recorded frames in root coordinates (a view without one sits at its parent's origin, empty).
    static func recordedFrames(_ screen: IBScreen) -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(screen.views.count)
        for view in screen.views {
            let local = view.frame ?? .zero
            guard let parent = view.parent else {
                frames.append(Rect(x: 0, y: 0, width: local.width, height: local.height))
                continue
            }
            frames.append(Rect(x: frames[parent].minX + local.minX, y: frames[parent].minY + local.minY, width: local.width, height: local.height))
        }
        return frames
    }

    /// A solution: each view's frame in root coordinates, the constraints UIKit would break, and
    /// the file's constraints left out (an item that is not a view of this screen).
    struct Solution {
        var frames: [Rect]
        var broken: [(constraint: IBConstraint?, description: String)]
        var skipped: [(constraint: IBConstraint, reason: String)]
    }

    /// A frame's four variables.
    struct Box {
        var left: Expression, top: Expression, width: Expression, height: Expression

        init(_ left: Expression, _ top: Expression, _ width: Expression, _ height: Expression) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
        }

        func inset(_ insets: EdgeInsets) -> Box {
            Box(
                left + insets.leading, top + insets.top, width - (insets.leading + insets.trailing),
                height - (insets.top + insets.bottom))
        }
    }

    /// Solves, with the preferences `stayShift` points off the recorded frames (0 for the layout;
    /// another value to find ambiguous views).
    ///
    /// - Throws: ``SolverError`` when the solver gives up (a pivot limit) — the caller shows the
    ///   recorded frames instead.
    func solve(stayShift: Double = 0) throws(SolverError) -> Solution {
        let views = screen.views
        let left = views.map { Variable("\($0.id).left") }, top = views.map { Variable("\($0.id).top") }
        let width = views.map { Variable("\($0.id).width") }, height = views.map { Variable("\($0.id).height") }
        func box(_ i: Int) -> Box { Box(Expression(left[i]), Expression(top[i]), Expression(width[i]), Expression(height[i])) }
        var content: [Int: Box] = [:]
        var solver = Solver()
        var broken: [(constraint: IBConstraint?, description: String)] = []
        var skipped: [(constraint: IBConstraint, reason: String)] = []

        /// Adds a constraint; a required one that contradicts those before it is what UIKit breaks.
        func add(_ constraint: Constraint, from source: IBConstraint?, _ what: @autoclosure () -> String) throws(SolverError) {
            do {
                try solver.addConstraint(constraint)
            } catch .unsatisfiableConstraint {
                broken.append((source, what()))
            } catch {
                throw error
            }
        }

        // The root.
        try add(Expression(left[0]) == 0, from: nil, "root position")
        try add(Expression(top[0]) == 0, from: nil, "root position")
        try add(Expression(width[0]) == rootWidth, from: nil, "root width")
        if let rootHeight {
            try add(Expression(height[0]) == rootHeight, from: nil, "root height")
        } else {
            try add((Expression(height[0]) == 0) | LayoutPriorityStrength.strength(UIKitMetrics.fittingSizeLevel.value), from: nil, "fitting height")
        }
        // Scroll views' content areas: at the scroll view's origin (content offset zero), as large as their content.
        for (i, view) in views.enumerated() where view.kind == .scroll {
            let area = Box(
                Expression(Variable("\(view.id).content.left")), Expression(Variable("\(view.id).content.top")),
                Expression(Variable("\(view.id).content.width")), Expression(Variable("\(view.id).content.height")))
            content[i] = area
            try add(area.left == box(i).left, from: nil, "scroll content")
            try add(area.top == box(i).top, from: nil, "scroll content")
        }

        // Views placed by their autoresizing masks, a cell's content view, stack views' arranged subviews.
        for (i, view) in views.enumerated() {
            guard let parent = view.parent else { continue }
            if views[parent].kind == .cell {
                // A cell's content view fills the cell but for its accessory's room at the trailing edge.
                let accessory = views[parent].accessory.flatMap { UIKitMetrics.accessoryRoom($0, screenWidth: screenWidth) } ?? 0
                // Right to left, the accessory is at the left.
                let leftRoom = views[parent].rightToLeft ? accessory : 0
                try add(box(i).left == box(parent).left + leftRoom, from: nil, "content view of \(views[parent].displayName)")
                try add(box(i).top == box(parent).top, from: nil, "content view of \(views[parent].displayName)")
                try add(box(i).width == box(parent).width - accessory, from: nil, "content view of \(views[parent].displayName)")
                try add(box(i).height == box(parent).height, from: nil, "content view of \(views[parent].displayName)")
                continue
            }
            if views[parent].kind == .stack { continue }
            guard view.translatesAutoresizingMask, let frame = view.frame, let parentFrame = views[parent].frame else { continue }
            for constraint in Self.autoresizing(view.autoresizing ?? IBAutoresizing(), frame: frame, parentFrame: parentFrame, box: box(i), parent: box(parent)) {
                try add(constraint, from: nil, "autoresizing mask of \(view.displayName)")
            }
        }
        for (i, view) in views.enumerated() where view.kind == .stack {
            for constraint in stackConstraints(i, box: box) {
                try add(constraint, from: nil, "stack view arrangement of \(view.displayName)")
            }
        }

        // The file's constraints, in document order.
        for (i, view) in views.enumerated() {
            for constraint in view.constraints {
                // Leading and trailing run in the direction of the view holding the constraint (the
                // items' common ancestor, where IB puts it), so both sides of it agree.
                let rightToLeft = view.rightToLeft
                guard
                    let first = item(
                        constraint.firstItem, constraint.firstAttribute, other: constraint.secondItem, owner: i, box: box, content: content,
                        rightToLeft: rightToLeft)
                else {
                    skipped.append((constraint, "its first item \(constraint.firstItem) is not a view of this screen"))
                    continue
                }
                var rhs = Expression(constant: constraint.constant)
                if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
                    guard
                        let expression = item(
                            second, attribute, other: constraint.firstItem, owner: i, box: box, content: content, rightToLeft: rightToLeft)
                    else {
                        skipped.append((constraint, "its second item \(second) is not a view of this screen"))
                        continue
                    }
                    rhs = constraint.multiplier * expression + constraint.constant
                }
                let relation: Constraint
                switch constraint.relation {
                case .equal: relation = first == rhs
                case .lessThanOrEqual: relation = first <= rhs
                case .greaterThanOrEqual: relation = first >= rhs
                }
                try add(relation | LayoutPriorityStrength.strength(constraint.priority), from: constraint, "")
            }
        }

        // Intrinsic content sizes: hugging (<=) and compression resistance (>=) at their priorities.
        for (i, view) in views.enumerated() {
            let own = intrinsic[i]
            for (size, value, hug, resist) in [
                (width[i], own.width, view.hugging.horizontal, view.compressionResistance.horizontal),
                (height[i], own.height, view.hugging.vertical, view.compressionResistance.vertical),
            ] {
                guard let value else { continue }
                try add((Expression(size) <= value) | LayoutPriorityStrength.strength(hug), from: nil, "content hugging of \(view.displayName)")
                try add((Expression(size) >= value) | LayoutPriorityStrength.strength(resist), from: nil, "compression resistance of \(view.displayName)")
            }
        }

        // What is still open: each view near its recorded frame.
        for i in views.indices {
            let frame = recorded[i]
            try add((Expression(left[i]) == frame.minX + stayShift) | LayoutPriorityStrength.stay, from: nil, "")
            try add((Expression(top[i]) == frame.minY + stayShift) | LayoutPriorityStrength.stay, from: nil, "")
            try add((Expression(width[i]) == frame.width + stayShift) | LayoutPriorityStrength.stay, from: nil, "")
            try add((Expression(height[i]) == frame.height + stayShift) | LayoutPriorityStrength.stay, from: nil, "")
        }
        let frames = views.indices.map { i in
            Rect(
                x: solver.value(of: left[i]), y: solver.value(of: top[i]), width: max(0, solver.value(of: width[i])),
                height: max(0, solver.value(of: height[i])))
        }
        return Solution(frames: frames, broken: broken, skipped: skipped)
    }

    // MARK: Items and attributes

    /// The expression of `attribute` of the item with IB id `id`, in a constraint held by view
    /// `owner` whose other item is `other`; nil when the id names nothing of this screen.
    private func item(
        _ id: String, _ attribute: IBConstraint.Attribute, other: String?, owner: Int, box: (Int) -> Box, content: [Int: Box],
        rightToLeft: Bool
    ) -> Expression? {
        let frame: Box
        var baselineView: Int?
        if let index = indexOfID[id] {
            // A scroll view's edges, seen from its content, are its content area's.
            if let area = content[index], let other, let otherIndex = indexOfID[other], isDescendant(otherIndex, of: index),
                attribute != .width, attribute != .height
            {
                frame = area
            } else {
                frame = box(index)
                baselineView = index
            }
            if Self.marginAttributes.contains(attribute) {
                return Self.expression(Self.base(of: attribute), of: marginBox(index, box: box), baseline: nil, rightToLeft: rightToLeft)
            }
        } else if let guide = screen.guides[id] {
            let owner = box(guide.owner)
            switch guide.kind {
            case .safeArea:
                frame = safeAreaBox(guide.owner, box: box)
            case .margins:
                frame = marginBox(guide.owner, box: box)
            case .readableContent:
                frame = readableBox(guide.owner, box: box)
            case .scrollContent:
                frame = content[guide.owner] ?? owner
            case .scrollFrame:
                frame = owner
            case .topLayoutGuide:
                frame = Box(owner.left, owner.top, owner.width, Expression(constant: safeArea.top))
            case .bottomLayoutGuide:
                frame = Box(owner.left, owner.top + owner.height - safeArea.bottom, owner.width, Expression(constant: safeArea.bottom))
            }
        } else {
            return nil
        }
        return Self.expression(Self.base(of: attribute), of: frame, baseline: baselineView.map { intrinsic[$0] }, rightToLeft: rightToLeft)
    }

    static let marginAttributes: Set<IBConstraint.Attribute> = [
        .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins,
    ]

    /// The attribute without its margin (`leadingMargin` → `leading`).
    static func base(of attribute: IBConstraint.Attribute) -> IBConstraint.Attribute {
        switch attribute {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: attribute
        }
    }

    /// `attribute` of `frame`. Leading is left, trailing right; right to left, leading and
    /// trailing are measured leftwards from the right (the negated right and left edges), so a
    /// constant between them moves the view left, as Auto Layout flips them. Baselines of text sit
    /// where its lines do, the text centred in its box as UILabel draws it; a view without text
    /// has its baselines at its bottom (`viewForFirstBaselineLayout` is the view itself).
    static func expression(
        _ attribute: IBConstraint.Attribute, of frame: Box, baseline content: IntrinsicContent?, rightToLeft: Bool = false
    ) -> Expression {
        switch attribute {
        case .leading where rightToLeft: return -1 * (frame.left + frame.width)
        case .trailing where rightToLeft: return -1 * frame.left
        case .left, .leading: return frame.left
        case .right, .trailing: return frame.left + frame.width
        case .top: return frame.top
        case .bottom: return frame.top + frame.height
        case .width: return frame.width
        case .height: return frame.height
        case .centerX: return frame.left + 0.5 * frame.width
        case .centerY: return frame.top + 0.5 * frame.height
        case .firstBaseline, .baseline, .lastBaseline:
            guard let content, let textHeight = content.textHeight,
                let offset = attribute == .firstBaseline ? content.firstBaseline : content.lastBaseline
            else { return frame.top + frame.height }
            return frame.top + 0.5 * frame.height + (offset - textHeight / 2)
        default: return frame.top
        }
    }

    /// Whether view `index` is inside view `ancestor`.
    private func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
        var current = screen.views[index].parent
        while let parent = current {
            if parent == ancestor { return true }
            current = screen.views[parent].parent
        }
        return false
    }

    /// View `index`'s own layout margins: its own, else a view controller's root view's (the safe
    /// area and the system minimum side margins), a cell content view's, or UIKit's 8 pt. A
    /// subview's safe area and its superview's margins are added by ``marginBox(_:box:)``.
    func margins(_ index: Int) -> EdgeInsets {
        let view = screen.views[index]
        var margins = directionalMargins(index)
        // Leading and trailing margins swap sides right to left (explicit left/right ones do not).
        if view.rightToLeft, !(view.absoluteMargins && view.layoutMargins != nil) { swap(&margins.leading, &margins.trailing) }
        return margins
    }

    /// View `index`'s margins with leading and trailing as in left-to-right layout.
    private func directionalMargins(_ index: Int) -> EdgeInsets {
        let view = screen.views[index]
        let side = UIKitMetrics.rootSideMargin(width: rootWidth)
        if index == 0, rootIsScreen {
            var margins = view.layoutMargins ?? EdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
            if view.insetsLayoutMarginsFromSafeArea {
                margins.top += safeArea.top
                margins.bottom += safeArea.bottom
                margins.leading += safeArea.leading
                margins.trailing += safeArea.trailing
            }
            return margins
        }
        if let own = view.layoutMargins { return own }
        if view.element == "tableViewCellContentView" {
            let vertical = UIKitMetrics.cellVerticalMargin.value
            let cellSide = UIKitMetrics.cellSideMargin(width: rootWidth)
            // Beside an accessory the content view's trailing edge is not the table's: its margin
            // there is UIKit's 8 pt (frames measured in the files: duckduckgo/iOS 7b3f6010
            // Bookmarks.storyboard's FolderCell, a 316.5 pt content view whose stack ends at 308.5).
            let hasAccessory = view.parent.flatMap { screen.views[$0].accessory }.flatMap { UIKitMetrics.accessoryRoom($0, screenWidth: screenWidth) } != nil
            return EdgeInsets(top: vertical, leading: cellSide, bottom: vertical, trailing: hasAccessory ? UIKitMetrics.defaultMargin.value : cellSide)
        }
        return EdgeInsets(all: UIKitMetrics.defaultMargin.value)
    }

    // MARK: Generated constraints

    /// The constraints UIKit makes of an autoresizing mask (`translatesAutoresizingMaskIntoConstraints`):
    /// fixed margins and sizes unless flexible, a flexible size taking the superview's change.
    static func autoresizing(_ mask: IBAutoresizing, frame: Rect, parentFrame: Rect, box: Box, parent: Box) -> [Constraint] {
        func axis(
            _ start: Expression, _ size: Expression, _ parentStart: Expression, _ parentSize: Expression, origin: Double, length: Double,
            parentLength: Double, flexibleMin: Bool, sizable: Bool, flexibleMax: Bool
        ) -> [Constraint] {
            let trailingMargin = parentLength - origin - length
            switch (flexibleMin, sizable, flexibleMax) {
            case (false, true, _):
                return [start == parentStart + origin, size == parentSize - (parentLength - length)]
            case (true, false, false):
                return [start + size == parentStart + parentSize - trailingMargin, size == length]
            case (true, false, true):
                // Both margins flexible: the view keeps its share of the superview.
                let share = parentLength > 0 ? (origin + length / 2) / parentLength : 0.5
                return [start + 0.5 * size == parentStart + share * parentSize, size == length]
            case (true, true, _):
                let share = parentLength > 0 ? origin / parentLength : 0
                return [start == parentStart + share * parentSize, start + size == parentStart + parentSize - trailingMargin]
            default:
                return [start == parentStart + origin, size == length]
            }
        }
        return axis(
            box.left, box.width, parent.left, parent.width, origin: frame.minX, length: frame.width, parentLength: parentFrame.width,
            flexibleMin: mask.flexibleMinX, sizable: mask.widthSizable, flexibleMax: mask.flexibleMaxX)
            + axis(
                box.top, box.height, parent.top, parent.height, origin: frame.minY, length: frame.height, parentLength: parentFrame.height,
                flexibleMin: mask.flexibleMinY, sizable: mask.heightSizable, flexibleMax: mask.flexibleMaxY)
    }
}
