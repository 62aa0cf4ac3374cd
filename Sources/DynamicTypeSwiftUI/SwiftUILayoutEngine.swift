import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// A SwiftUI view as a screen document's layout engine: the view is laid out with SwiftUI's rules
/// (``SwiftUILayoutPass``) into the screen model's laid-out types, so `preview`, `switch`,
/// `snapshot` and `serve` draw and check it as they do a screen file; its own findings are the
/// parts it could not lay out, the documented defaults it used, unresolved design tokens and
/// frames their content overflows.
package struct SwiftUILayoutEngine: ScreenLayoutEngine {
    /// The view.
    package let view: SwiftUIView
    package let fingerprint: Int

    /// The engine of `view` (`fingerprint`: what changes when the file's text does).
    package init(view: SwiftUIView, fingerprint: Int) {
        self.view = view
        self.fingerprint = fingerprint
    }

    /// The screen a view is shown as: its title, the grouped background under a `List`/`Form`,
    /// scrolling when its root is a scroll view or list.
    package static func screen(for view: SwiftUIView) -> Screen {
        let root = scrollingRoot(view.root)
        return Screen(
            name: view.title, background: root.isList ? SwiftUILayoutPass.groupedBackground : .white, padding: .zero, spacing: 0,
            scrolls: root.scrolls, views: [])
    }

    /// Whether the root (through modifiers and single-child containers) is a scroll view or list.
    static func scrollingRoot(_ node: ViewNode) -> (scrolls: Bool, isList: Bool) {
        var current = node
        for _ in 0..<ViewBuilder.maximumDepth {
            switch current.kind {
            case .scroll(.vertical): return (true, false)
            case .list: return (true, true)
            case .padding, .frame, .environment, .background, .fixedSize: break
            case .stack where current.children.count == 1: break
            default: return (false, false)
            }
            guard let child = current.children.first else { return (false, false) }
            current = child
        }
        return (false, false)
    }

    package func layout(
        _ document: ScreenDocument, category: ContentSizeCategory, environment: ScreenLayoutEnvironment
    ) throws -> (screen: LaidOutScreen, findings: [Finding]) {
        let pass = SwiftUILayoutPass(environment: environment, category: category)
        let safe = environment.safeArea
        let width = max(1, environment.width - safe.leading - safe.trailing)
        let height = max(1, environment.height - safe.top - safe.bottom)
        let screen = document.screen
        // The hosting view proposes the safe area's size; a scrolling root gets unlimited height.
        let proposal = Proposal(width: width, height: screen.scrolls ? nil : height)
        let env = TextEnvironment()
        let size = try pass.size(view.root, proposal, env)
        // The hosting view centres its content horizontally; it is drawn from the top (docs/swiftui.md).
        let x = safe.leading + max(0, (width - size.width) / 2)
        try pass.place(view.root, at: Point(x: x, y: safe.top), proposal, env, parent: nil)
        let contentHeight = safe.top + size.height + safe.bottom
        let laidOut = LaidOutScreen.external(
            screen: screen, category: category, locale: environment.texts.locale,
            size: Size(width: environment.width, height: max(environment.height, contentHeight)), foldHeight: environment.height,
            views: pass.views, contentHeight: contentHeight)
        var findings = pass.findings.map { finding -> Finding in
            var named = finding
            named.element = "\(screen.name): \(finding.element)"
            named.locale = environment.texts.locale
            return named
        }
        findings += notes(category: category, locale: environment.texts.locale)
        return (laidOut, findings)
    }

    /// The reader's notes and the coverage figure, as findings at `category`.
    private func notes(category: ContentSizeCategory, locale: String?) -> [Finding] {
        var findings = view.notes.map { note in
            Finding(
                kind: note.kind == .unresolvedToken ? .unresolvedToken : .notLaidOut, severity: .info,
                element: "\(view.title): \(note.location)", category: category,
                message: note.kind == .unresolvedToken
                    ? "\(note.message) is a design token the files and the token map (a *.fonts.yml input) do not resolve: the inherited value is used"
                    : note.message,
                locale: locale)
        }
        let opaque = view.root.opaqueNodes.count
        if opaque > 0 {
            let total = view.root.count
            findings.append(
                Finding(
                    kind: .notLaidOut, severity: .info, element: view.title, category: category,
                    message: "coverage \(Int((view.coverage * 100).rounded(.down))) %: \(opaque) of \(total) views could not be laid out and are opaque boxes",
                    locale: locale))
        }
        return findings
    }
}
