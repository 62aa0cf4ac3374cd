import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation

/// The calibration a team can run on its own files (`--recorded-sizes`): each screen laid out on
/// its design device at the default size with every view's content taking the size Xcode recorded
/// for it, and the frames compared with those Xcode recorded (every `<rect key="frame">` is
/// Xcode's own Auto Layout result). What agrees within ``tolerance`` checks this engine's reading
/// of the constraints, margins, guides and stacks, independently of fonts.
package enum RecordedSizeCalibration {
    /// Points a frame may differ on each edge and still agree.
    package static let tolerance = 0.5

    /// One view whose computed frame differs from Xcode's.
    package struct Miss: Sendable, Hashable {
        /// The view (`UILabel "Title" [id]`).
        package var view: String
        /// Its line.
        package var line: Int
        /// Xcode's frame in its superview.
        package var recorded: Rect
        /// The frame computed here, in its superview.
        package var computed: Rect
    }

    /// One screen's agreement.
    package struct Result: Sendable, Hashable {
        /// The file.
        package var file: String
        /// The screen.
        package var screen: String
        /// Views compared (every view but the root with a recorded frame).
        package var compared: Int
        /// Of those, views within the tolerance on every edge.
        package var agreeing: Int
        /// Of those, views positioned by constraints (not by an autoresizing mask), and how many of those agree.
        package var constraintPositioned: Int
        package var constraintAgreeing: Int
        /// Views drawn as opaque boxes, and all views (coverage).
        package var opaque: Int
        package var views: Int
        /// The views that differ.
        package var misses: [Miss]
        /// Why the screen could not be calibrated (no known design device, the solver gave up).
        package var skipped: String?
    }

    /// `screen` laid out with recorded sizes on its design device, compared with Xcode's frames.
    package static func calibrate(_ screen: IBScreen, resolver: FontResolver, profile: TypeRampProfile = .ios) -> Result {
        var result = Result(
            file: screen.file, screen: screen.name, compared: 0, agreeing: 0, constraintPositioned: 0, constraintAgreeing: 0,
            opaque: screen.views.filter { if case .opaque = $0.kind { true } else { false } }.count, views: screen.views.count, misses: [])
        guard var design = UIKitMetrics.design(of: screen) else {
            result.skipped = "the file names no design device this table knows (\(screen.designDevice ?? "none")); re-save it in a current Xcode"
            return result
        }
        // The simulated bars are added by the layout.
        design.safeArea.top -= screen.simulatedBars.top
        design.safeArea.bottom -= screen.simulatedBars.bottom
        let environment = ScreenLayoutEnvironment(
            profile: profile, resolver: resolver, width: design.width, height: design.height, texts: LocalizedTexts(), safeArea: design.safeArea,
            scale: 3)
        let solved: IBAutoLayout
        do {
            solved = try IBAutoLayout.layout(
                screen, category: .large, environment: environment, width: design.width, height: design.height, safeArea: design.safeArea,
                sizing: .recorded, findAmbiguity: false)
        } catch {
            result.skipped = "not laid out: \(error)"
            return result
        }
        if let failure = solved.solverFailure {
            result.skipped = "the solver gave up: \(failure)"
            return result
        }
        for (i, view) in screen.views.enumerated() {
            guard let parent = view.parent, let recorded = view.frame else { continue }
            let frame = solved.frames[i], parentFrame = solved.frames[parent]
            let computed = Rect(x: frame.minX - parentFrame.minX, y: frame.minY - parentFrame.minY, width: frame.width, height: frame.height)
            let agrees =
                abs(computed.minX - recorded.minX) <= tolerance && abs(computed.minY - recorded.minY) <= tolerance
                && abs(computed.width - recorded.width) <= tolerance && abs(computed.height - recorded.height) <= tolerance
            let byConstraints = !view.translatesAutoresizingMask || screen.views[parent].kind == .stack
            result.compared += 1
            if byConstraints { result.constraintPositioned += 1 }
            if agrees {
                result.agreeing += 1
                if byConstraints { result.constraintAgreeing += 1 }
            } else {
                result.misses.append(Miss(view: IBLayoutEngine.path(view), line: view.line, recorded: recorded, computed: computed))
            }
        }
        return result
    }

    /// The results of one file as the lines `--recorded-sizes` prints.
    package static func report(_ results: [Result], file: String, listing: Int = 20) -> String {
        let compared = results.map(\.compared).reduce(0, +), agreeing = results.map(\.agreeing).reduce(0, +)
        let byConstraints = results.map(\.constraintPositioned).reduce(0, +), constraintAgreeing = results.map(\.constraintAgreeing).reduce(0, +)
        let views = results.map(\.views).reduce(0, +), opaque = results.map(\.opaque).reduce(0, +)
        func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "–" : "\(a * 100 / b) %" }
        var lines = [
            "calibration (--recorded-sizes): \(agreeing) of \(compared) views within \(fmt(tolerance)) pt of Xcode's frames (\(percent(agreeing, compared))); constraint-positioned \(constraintAgreeing) of \(byConstraints) (\(percent(constraintAgreeing, byConstraints))); coverage \(percent(views - opaque, views)) (\(opaque) of \(views) views opaque)"
        ]
        for result in results {
            if let skipped = result.skipped { lines.append("  \(result.screen): not calibrated: \(skipped)") }
        }
        let misses = results.flatMap { result in result.misses.map { (result.screen, $0) } }
        for (screen, miss) in misses.prefix(listing) {
            lines.append(
                "  \(screen): \(miss.view) (line \(miss.line)): Xcode \(describe(miss.recorded)), here \(describe(miss.computed))")
        }
        if misses.count > listing { lines.append("  … and \(misses.count - listing) more") }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ rect: Rect) -> String { "(\(fmt(rect.minX)), \(fmt(rect.minY)), \(fmt(rect.width)) × \(fmt(rect.height)))" }
}
