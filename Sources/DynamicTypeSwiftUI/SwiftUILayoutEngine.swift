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
    /// How much of the view is laid out, and the stand-ins it is drawn with (counted once: the tree
    /// does not change).
    package let coverage: ViewCoverage?

    /// The engine of `view`. Its fingerprint is the view as read — its tree, with the app's views
    /// and tokens resolved into it, and the reader's notes — so the live preview redraws a view when
    /// any file it is built from changes, not only the file declaring it.
    package init(view: SwiftUIView) {
        self.view = view
        var hasher = Hasher()
        view.root.hashStructure(into: &hasher)
        hasher.combine(view.notes)
        hasher.combine(view.title)
        fingerprint = hasher.finalize()
        coverage = Self.coverage(of: view.root)
    }

    /// `root`'s node counts, its opaque boxes and its SF Symbols, each place once (with how many
    /// times it occurs when a `ForEach` repeats it).
    static func coverage(of root: ViewNode) -> ViewCoverage {
        var opaque = CountedPlaces(), symbols = CountedPlaces(), samples = CountedPlaces()
        var nodes = 0, pending = [root]
        while let node = pending.popLast() {
            nodes += 1
            if let sample = node.sample { samples.add("\(sample) (\(node.location))") }
            switch node.kind {
            case .opaque: opaque.add("\(node.name) (\(node.location))")
            case .image(symbol: true, _): symbols.add("Image(systemName:) (\(node.location))")
            default: break
            }
            // Children are pushed in reverse so places are listed in source order.
            pending.append(contentsOf: node.children.reversed())
        }
        return ViewCoverage(
            nodes: nodes, laidOut: nodes - opaque.total, opaque: opaque.lines,
            approximations: symbols.lines.map {
                "\($0): an SF Symbol, drawn as a box of the symbol's size for its font (1.2 × the point size, square); the glyphs are Apple's and not on Linux"
            }, samples: samples.lines)
    }

    /// Places in first-seen order, with counts (`Row.swift:14 ×3`).
    private struct CountedPlaces {
        var order: [String] = []
        var counts: [String: Int] = [:]
        var total = 0

        mutating func add(_ place: String) {
            total += 1
            if counts[place] == nil { order.append(place) }
            counts[place, default: 0] += 1
        }

        var lines: [String] { order.map { counts[$0, default: 1] > 1 ? "\($0) ×\(counts[$0, default: 1])" : $0 } }
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
            case .padding, .frame, .environment, .background, .secondary, .fixedSize, .clip: break
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
        // A GeometryReader's proxy lengths are settled by the pass with what each reader is
        // offered (the screen's size for one at the root).
        let root = view.root
        let size = try pass.size(root, proposal, env)
        // The hosting view centres its content horizontally; it is drawn from the top (docs/swiftui.md).
        let x = safe.leading + max(0, (width - size.width) / 2)
        try pass.place(root, at: Point(x: x, y: safe.top), proposal, env, parent: nil)
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
                // A number out of range is a problem in the source (a warning); the others are the reader's choices.
                kind: note.kind == .unresolvedToken ? .unresolvedToken : .notLaidOut, severity: note.kind == .outOfRange ? .warning : .info,
                element: "\(view.title): \(note.location)", category: category,
                message: note.kind == .unresolvedToken
                    ? "\(note.message) is a design token the files and the token map (a *.fonts.yml input) do not resolve: the inherited value is used"
                    : note.message,
                locale: locale)
        }
        if let coverage, coverage.laidOut < coverage.nodes {
            findings.append(
                Finding(
                    kind: .notLaidOut, severity: .info, element: view.title, category: category,
                    message: "coverage \(coverage.percent) %: \(coverage.nodes - coverage.laidOut) of \(coverage.nodes) views could not be laid out and are opaque boxes",
                    locale: locale))
        }
        return findings
    }
}
