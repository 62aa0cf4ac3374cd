import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// A screen of an Interface Builder file as a screen document's layout engine: laid out with
/// Auto Layout (``IBAutoLayout``) at each category into the screen model's laid-out types, so
/// `preview`, `switch`, `snapshot` and `serve` draw and check it as any screen; its own findings
/// are what UIKit would log or show that the generic checks do not see: constraints UIKit would
/// break, labels clipped by their height constraints, ambiguous layouts, and what is an opaque box.
package struct IBLayoutEngine: ScreenLayoutEngine {
    /// The screen.
    package let screen: IBScreen
    package let fingerprint: Int
    package let coverage: ViewCoverage?
    /// Whether content takes Xcode's recorded sizes on the design device (`--recorded-sizes`)
    /// instead of being measured at each category on the run's device.
    package let recordedSizes: Bool

    /// The engine of `screen`; with `recordedSizes`, the calibration layout.
    package init(screen: IBScreen, recordedSizes: Bool = false) {
        self.screen = screen
        self.recordedSizes = recordedSizes
        var hasher = Hasher()
        hasher.combine(screen)
        hasher.combine(recordedSizes)
        fingerprint = hasher.finalize()
        coverage = Self.coverage(of: screen)
    }

    /// The screen's views, those drawn as opaque boxes, and the stand-ins: custom classes laid out as their base class.
    static func coverage(of screen: IBScreen) -> ViewCoverage {
        var opaque: [String] = []
        var approximations: [String] = []
        for view in screen.views {
            if case .opaque(let reason) = view.kind { opaque.append("\(view.displayName) (line \(view.line)): \(reason)") }
            if let custom = view.customClass {
                approximations.append("\(custom) (line \(view.line)): a custom class, laid out as its base class \(view.baseClass)")
            }
        }
        return ViewCoverage(nodes: screen.views.count, laidOut: screen.views.count - opaque.count, opaque: opaque, approximations: approximations)
    }

    /// The screen model's screen for `screen`.
    package static func screenModel(_ screen: IBScreen) -> Screen {
        Screen(name: screen.name, background: .white, padding: .zero, spacing: 0, scrolls: false, views: [])
    }

    /// A view's path in findings and dumps: `UILabel "Sign in" [abc-12-xyz]`; the IB id in brackets
    /// locates it in the file.
    static func path(_ view: IBView) -> String {
        let name = view.customClass.map { "\($0) (\(view.baseClass))" } ?? view.baseClass
        let text = view.text.map { $0.text.isEmpty ? "" : " \"\($0.text.prefix(20))\"" } ?? ""
        return "\(name)\(text) [\(view.id)]"
    }

    package func layout(
        _ document: ScreenDocument, category: ContentSizeCategory, environment: ScreenLayoutEnvironment
    ) throws -> (screen: LaidOutScreen, findings: [Finding]) {
        // Everything below lays out, draws and names the texts of the locale being checked.
        let (localized, untranslated) = IBLocalizedText.screen(self.screen, in: environment.texts)
        // …in its direction (right to left in Arabic, Hebrew, Persian, Urdu…).
        let screen = IBLayoutDirection.screen(localized, locale: environment.texts.locale)
        var environment = environment
        if recordedSizes, let design = UIKitMetrics.design(of: screen) {
            environment.width = design.width
            environment.height = design.height
            // The simulated bars are added by the layout.
            environment.safeArea = design.safeArea
            environment.safeArea.top -= screen.simulatedBars.top
            environment.safeArea.bottom -= screen.simulatedBars.bottom
        }
        let solved = try IBAutoLayout.layout(
            screen, category: category, environment: environment, width: environment.width, height: environment.height,
            safeArea: environment.safeArea, sizing: recordedSizes ? .recorded : .measured, findAmbiguity: category == .large)
        var measure = IBTextMeasure(environment: environment, category: category)
        var views: [LaidOutView] = []
        var findings: [Finding] = []
        var laidOutIndex: [Int: Int] = [:]
        let locale = environment.texts.locale
        func finding(_ kind: Finding.Kind, _ severity: Finding.Severity, _ element: String, _ message: String, area: Rect? = nil) {
            findings.append(
                Finding(kind: kind, severity: severity, element: "\(screen.name): \(element)", category: category, message: message, locale: locale).at(area))
        }
        for (i, view) in screen.views.enumerated() {
            // Hidden views are laid out but not drawn, nor their subviews.
            if view.hidden { continue }
            if let parent = view.parent, laidOutIndex[parent] == nil { continue }
            let frame = solved.frames[i]
            let parent = view.parent.flatMap { laidOutIndex[$0] }
            let path = Self.path(view)
            var kind: ScreenView.Kind = .stack
            var content: LaidOutView.Content = .stack(axis: .overlay, naturalWidth: 0, availableWidth: 0, hasAccessibilityAxis: false)
            switch view.kind {
            case .label, .button, .textField:
                kind = view.kind == .button ? .button : .label
                if let text = view.text {
                    let drawn = try drawText(view, text: text, frame: frame, measure: &measure)
                    content = .text(drawn.text)
                    if let clip = drawn.clippedBy {
                        finding(.clipped, .error, path, clip, area: frame)
                    }
                }
            case .image, .control:
                kind = .image
                content = .image(circular: false, color: RGBAColor(white: 0.85))
            case .opaque(let reason):
                kind = .image
                content = .image(circular: false, color: RGBAColor(white: 0.62))
                finding(
                    .notLaidOut, .info, path, "\(reason): drawn as an opaque box of \(fmt(frame.width)) × \(fmt(frame.height)) pt (line \(view.line))",
                    area: frame)
            case .stack:
                if let stack = view.stack, !stack.vertical {
                    let arranged = view.children.filter { !screen.views[$0].hidden }
                    let natural = arranged.map { solved.intrinsic[$0].width ?? solved.frames[$0].width }.reduce(0, +)
                        + stack.spacing * Double(max(0, arranged.count - 1))
                    content = .stack(axis: .horizontal, naturalWidth: natural, availableWidth: frame.width, hasAccessibilityAxis: false)
                } else {
                    content = .stack(axis: .vertical, naturalWidth: 0, availableWidth: 0, hasAccessibilityAxis: false)
                }
            case .container, .scroll, .cell:
                break
            }
            var laidOutView = LaidOutView.external(
                path: path, kind: kind, frame: frame, parent: parent, category: category, minimumTapTarget: view.kind == .button ? 44 : nil, content: content)
            // Layout dumps point each frame at its element: the file's name, line and object id.
            laidOutView.declaration = SourceElement(file: (screen.file as NSString).lastPathComponent, line: view.line, id: view.id)
            views.append(laidOutView)
            laidOutIndex[i] = views.count - 1
            if case .textStyle(let style) = view.text?.font, view.text?.adjustsFontForContentSizeCategory == false, category == .large {
                finding(
                    .notScaling, .info, path,
                    "text style \(style.name) without adjustsFontForContentSizeCategory: laid out at the size the label was created with (large here); a label created at launch keeps that launch size until its screen is rebuilt (line \(view.line))")
            }
        }
        for missing in untranslated {
            let view = screen.views[missing.view]
            guard !view.hidden, laidOutIndex[missing.view] != nil else { continue }
            finding(
                .missingTranslation, .warning, Self.path(view),
                "key \"\(missing.key)\" has no \(locale ?? "") translation while other texts of the screen have one: the file's text is shown (line \(view.line))")
        }
        for broken in solved.broken {
            if let constraint = broken.constraint {
                finding(
                    .unsatisfiableConstraints, .warning, "NSLayoutConstraint [\(constraint.id)]",
                    "UIKit would break \(Self.describe(constraint)) (line \(constraint.line)): it contradicts the required constraints before it; lower its priority or remove the conflict")
            } else {
                finding(.unsatisfiableConstraints, .warning, screen.name, "UIKit would break the \(broken.description): it contradicts the file's required constraints")
            }
        }
        for skipped in solved.skipped {
            finding(.notLaidOut, .info, "NSLayoutConstraint [\(skipped.constraint.id)]", "left out (line \(skipped.constraint.line)): \(skipped.reason)")
        }
        for index in solved.ambiguous.prefix(20) where index != 0 {
            let view = screen.views[index]
            finding(
                .ambiguousLayout, .info, Self.path(view),
                "its frame is not settled by its constraints (line \(view.line)): UIKit may place it anywhere they allow; shown where Xcode drew it")
        }
        if let failure = solved.solverFailure {
            finding(.notLaidOut, .warning, screen.name, "not laid out (the solver gave up: \(failure)); shown with the frames Xcode recorded")
        }
        for family in solved.missingFamilies.union(measure.missingFamilies).sorted() {
            finding(.fallbackFont, .info, family, "font family \"\(family)\" is not installed: laid out with the system font at its size")
        }
        if let coverage, coverage.laidOut < coverage.nodes {
            finding(
                .notLaidOut, .info, "coverage",
                "coverage \(coverage.percent) %: \(coverage.nodes - coverage.laidOut) of \(coverage.nodes) views are opaque boxes")
        }
        let root = solved.frames[0]
        let fold = screen.role == .scene ? environment.height : root.height
        let laidOut = LaidOutScreen.external(
            screen: document.screen, category: category, locale: locale, size: Size(width: max(environment.width, root.width), height: max(fold, root.height)),
            foldHeight: fold, views: views, contentHeight: root.height)
        return (laidOut, findings)
    }

    /// A view's text drawn in its frame: centred vertically as UILabel draws it, cut to the lines
    /// that fit its height; with why it is clipped when its frame is shorter than its text.
    private func drawText(_ view: IBView, text: IBText, frame: Rect, measure: inout IBTextMeasure) throws -> (text: LaidOutText, clippedBy: String?) {
        let padding = IBTextMeasure.padding(view)
        let box = Rect(x: frame.minX + padding.width / 2, y: frame.minY + padding.height / 2, width: max(1, frame.width - padding.width), height: max(0, frame.height - padding.height))
        var laid = try measure.layout(text, kind: view.kind, width: box.width)
        let needed = laid.box.height
        var clipped: String?
        // An empty label is 0 pt tall (its intrinsic size; Xcode records such frames): no text, nothing to cut.
        if needed > box.height + 0.5, !text.text.isEmpty {
            let fitting = max(1, laid.lines.filter { $0.rect.maxY <= box.height + 0.5 }.count)
            if text.numberOfLines == 0 || fitting < text.numberOfLines {
                laid = try measure.layout(text, kind: view.kind, width: box.width, lines: fitting)
            }
            let holder = view.constraints.first { constraint in
                constraint.firstItem == view.id && constraint.firstAttribute == .height && constraint.secondItem == nil && constraint.priority >= 1000
                    && constraint.relation != .greaterThanOrEqual
            }
            let by =
                holder.map { "its required height constraint [\($0.id)] (line \($0.line)) holds it at \(fmt($0.constant)) pt" }
                ?? "its constraints give it \(fmt(box.height)) pt (vertical compression resistance \(fmt(view.compressionResistance.vertical)))"
            clipped = "\"\(text.text.prefix(30))\" needs \(fmt(needed)) pt at \(fmt(box.width)) pt wide but \(by) (line \(view.line))"
        }
        let textHeight = min(laid.box.height, box.height)
        laid.origin = Point(x: box.minX, y: box.minY + max(0, (box.height - laid.box.height) / 2))
        laid.box = Rect(x: box.minX, y: box.minY + max(0, (box.height - textHeight) / 2), width: box.width, height: max(textHeight, box.height))
        // The clipping is this engine's finding (with the constraint that holds the label); the
        // generic "row" check does not repeat it.
        laid.neededHeight = min(laid.neededHeight, laid.box.height)
        return (laid, clipped)
    }

    /// `first.top == 1.0 × second.bottom + 8 (priority 750) [id]`.
    static func describe(_ constraint: IBConstraint) -> String {
        let relation = constraint.relation == .equal ? "==" : constraint.relation == .lessThanOrEqual ? "<=" : ">="
        var text = "\(constraint.firstItem).\(constraint.firstAttribute.rawValue) \(relation) "
        if let second = constraint.secondItem, let attribute = constraint.secondAttribute {
            text += constraint.multiplier == 1 ? "" : "\(fmt(constraint.multiplier)) × "
            text += "\(second).\(attribute.rawValue)"
            if constraint.constant != 0 { text += " \(constraint.constant < 0 ? "-" : "+") \(fmt(abs(constraint.constant)))" }
        } else {
            text += fmt(constraint.constant)
        }
        if constraint.priority < 1000 { text += " (priority \(fmt(constraint.priority)))" }
        return text + " [\(constraint.id)]"
    }
}

/// Points with at most two decimals.
func fmt(_ value: Double) -> String { PointFormat.string((value * 100).rounded() / 100) }
