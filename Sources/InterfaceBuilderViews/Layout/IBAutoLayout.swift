import ConstraintSolver
import DynamicTypeCore
import DynamicTypeScreens

/// A screen of an Interface Builder file laid out with Auto Layout at one category: intrinsic
/// content sizes measured in the fonts, the constraint system solved, multi-line text measured
/// again at the width it got and the system solved again (UIKit's two passes), until the widths
/// settle (at most ``maximumPasses``).
struct IBAutoLayout {
    /// The views' frames in root coordinates.
    var frames: [Rect]
    /// Each view's content as measured at the final widths.
    var intrinsic: [IntrinsicContent]
    /// Constraints UIKit would break.
    var broken: [(constraint: IBConstraint?, description: String)]
    /// File constraints left out, with why.
    var skipped: [(constraint: IBConstraint, reason: String)]
    /// Views whose frames the constraints do not settle (only when asked).
    var ambiguous: [Int]
    /// Whether the solver gave up and the recorded frames are shown.
    var solverFailure: String?
    /// Font families laid out with the system font.
    var missingFamilies: Set<String>

    /// The most layout passes (UIKit: one, then one more when a multi-line label's width changed).
    static let maximumPasses = 3

    /// How leaf sizes are found.
    enum Sizing {
        /// Text measured in the fonts at the category; images and controls from the metrics table.
        case measured
        /// Every view with content takes the size Xcode recorded for it (calibration).
        case recorded
    }

    /// `screen` laid out at `category` in a `width` × `height` screen with `safeArea`.
    static func layout(
        _ screen: IBScreen, category: ContentSizeCategory, environment: ScreenLayoutEnvironment, width: Double, height: Double,
        safeArea: EdgeInsets, sizing: Sizing, findAmbiguity: Bool
    ) throws -> IBAutoLayout {
        var measure = IBTextMeasure(environment: environment, category: category)
        var intrinsic = try screen.views.map { view in try Self.intrinsic(view, screen: screen, sizing: sizing, width: nil, measure: &measure) }
        let root = screen.views[0]
        let design = UIKitMetrics.design(of: screen)
        var rootWidth = width
        var rootHeight: Double? = height
        let recorded = root.frame
        var opaqueBars = (top: false, bottom: false)
        // A scene's view, or a xib's top-level view drawn at the design device's size (a view
        // controller's view loaded from the xib): it has the screen's safe area and root margins.
        var fullScreen = screen.role == .scene
        switch screen.role {
        case .scene:
            if let recorded, let design, abs(recorded.width - design.width) > 0.5 || abs(recorded.height - design.height) > 0.5 {
                let shrink = design.height - recorded.height
                let bars = screen.simulatedBars
                if abs(recorded.width - design.width) <= 0.5, shrink > 0, shrink <= bars.top + bars.bottom + 0.5 {
                    // Opaque simulated bars: the view is laid out below (above) them, shorter by
                    // their height, and they no longer inset it.
                    rootHeight = height - shrink
                    opaqueBars = (top: bars.top > 0, bottom: bars.bottom > 0 && shrink > bars.top + 0.5)
                } else {
                    // A freeform scene (a form sheet, a popover drawn at its own size) keeps its size.
                    rootWidth = recorded.width
                    rootHeight = recorded.height
                }
            }
        case .cell, .topLevelView:
            // A view drawn narrower than the design device keeps its width; a full-width one takes the screen's.
            if let recorded, let design, abs(recorded.width - design.width) > 0.5 { rootWidth = recorded.width }
            rootHeight = nil
            if screen.role == .cell, let flow = screen.flowLayout, !flow.selfSizing, let recorded,
                abs(recorded.width - flow.itemSize.width) <= 0.5, abs(recorded.height - flow.itemSize.height) <= 0.5
            {
                // A flow layout without an estimated size gives every cell its item size, whatever
                // its content needs (UICollectionViewFlowLayout.itemSize). A prototype drawn at
                // another size in IB is sized by code (the delegate's sizeForItemAt): it keeps the
                // self-sizing height below.
                rootWidth = flow.itemSize.width
                rootHeight = flow.itemSize.height
            }
            if screen.role == .topLevelView, let recorded, let design, abs(recorded.height - design.height) < 0.5,
                abs(recorded.width - design.width) < 0.5
            {
                rootHeight = height
                fullScreen = true
            }
        }
        var rootSafeArea = EdgeInsets()
        if fullScreen {
            rootSafeArea = safeArea
            rootSafeArea.top += screen.simulatedBars.top
            rootSafeArea.bottom += screen.simulatedBars.bottom
            if opaqueBars.top { rootSafeArea.top = 0 }
            if opaqueBars.bottom { rootSafeArea.bottom = 0 }
        }
        // The readable width follows the body size at the category (UIKit's readable content guide).
        let body = (try? environment.profile.metrics(for: .body, category: category).size) ?? 17
        let readableWidth = UIKitMetrics.readableWidth(bodySize: body)
        func system(rootHeight: Double?, hint: [Rect]?) -> AutoLayoutSystem {
            AutoLayoutSystem(
                screen: screen, rootWidth: rootWidth, rootHeight: rootHeight, safeArea: rootSafeArea, rootIsScreen: fullScreen, intrinsic: intrinsic,
                screenWidth: width, readableWidth: readableWidth, hint: hint)
        }
        var widths: [Double?] = Array(repeating: nil, count: screen.views.count)
        var solution: AutoLayoutSystem.Solution?
        var hint: [Rect]?
        for _ in 0..<maximumPasses {
            var pass = system(rootHeight: rootHeight, hint: hint)
            var solved: AutoLayoutSystem.Solution
            do {
                solved = try pass.solve()
                if rootHeight == nil, solved.frames[0].height < 0.5, let recorded = root.frame?.height, recorded > 0 {
                    // Nothing sets the height (no chain of constraints top to bottom): UIKit's table
                    // falls back to its row height; the recorded one is shown.
                    rootHeight = recorded
                    pass = system(rootHeight: rootHeight, hint: hint)
                    solved = try pass.solve()
                }
            } catch {
                return IBAutoLayout(
                    frames: AutoLayoutSystem.recordedFrames(screen), intrinsic: intrinsic, broken: [], skipped: [], ambiguous: [],
                    solverFailure: error.description, missingFamilies: measure.missingFamilies)
            }
            solution = solved
            // Guides worked out on other frames than the solution's (a subview's safe area, margins
            // and readable width): laid out again on the solution, as UIKit's next pass would.
            var changed = pass.guideChoices(solved.frames) != pass.guideChoices(pass.hint)
            hint = solved.frames
            // Multi-line text: measured again at the width it got.
            if sizing == .measured {
                for (i, view) in screen.views.enumerated() where view.text != nil && view.text?.numberOfLines != 1 && view.kind == .label {
                    let width = solved.frames[i].width
                    if let previous = widths[i], abs(previous - width) < 0.5 { continue }
                    widths[i] = width
                    intrinsic[i] = try Self.intrinsic(view, screen: screen, sizing: sizing, width: width, measure: &measure)
                    changed = true
                }
            }
            if !changed { break }
        }
        guard let solution else { throw SolverError.internalInconsistency("no layout pass ran") }
        var ambiguous: [Int] = []
        if findAmbiguity {
            // Ambiguity: the same system with every preference moved; views that follow are not settled by their constraints.
            let shiftedSystem = system(rootHeight: rootHeight ?? solution.frames[0].height, hint: hint)
            if let shifted = try? shiftedSystem.solve(stayShift: 37) {
                ambiguous = screen.views.indices.filter { i in
                    let a = solution.frames[i], b = shifted.frames[i]
                    return abs(a.minX - b.minX) > 0.5 || abs(a.minY - b.minY) > 0.5 || abs(a.width - b.width) > 0.5 || abs(a.height - b.height) > 0.5
                }
            }
        }
        return IBAutoLayout(
            frames: solution.frames, intrinsic: intrinsic, broken: solution.broken, skipped: solution.skipped, ambiguous: ambiguous,
            solverFailure: nil, missingFamilies: measure.missingFamilies)
    }

    /// View `view`'s intrinsic content: measured text, an image's size from the file's resources,
    /// a control's from the metrics table, a placeholder size IB was told; or, calibrating, the
    /// recorded size of every view with content.
    static func intrinsic(_ view: IBView, screen: IBScreen, sizing: Sizing, width: Double?, measure: inout IBTextMeasure) throws -> IntrinsicContent {
        if let placeholder = view.placeholderIntrinsicSize { return IntrinsicContent(width: placeholder.width, height: placeholder.height) }
        switch view.kind {
        case .label, .button, .textField:
            if sizing == .recorded, let frame = view.frame {
                var content = try measure.intrinsic(view, width: frame.width)
                content.width = frame.width
                content.height = frame.height
                return content
            }
            return try measure.intrinsic(view, width: width)
        case .image:
            if sizing == .recorded, let frame = view.frame { return IntrinsicContent(width: frame.width, height: frame.height) }
            guard let name = view.imageName, let size = screen.imageSizes[name] else { return .none }
            return IntrinsicContent(width: size.width, height: size.height)
        case .control:
            if sizing == .recorded, let frame = view.frame {
                let metric = UIKitMetrics.controlSizes[view.element]
                return IntrinsicContent(width: metric?.width == nil ? nil : frame.width, height: metric?.height == nil ? nil : frame.height)
            }
            let metric = UIKitMetrics.controlSizes[view.element]
            return IntrinsicContent(width: metric?.width, height: metric?.height)
        default:
            return .none
        }
    }
}
