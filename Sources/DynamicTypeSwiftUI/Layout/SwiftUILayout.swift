import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import TextStack

/// Lays SwiftUI view trees out the way SwiftUI does (WWDC19 "Building Custom Views with SwiftUI":
/// "the parent proposes a size, the child chooses its own size, the parent places the child"):
/// each container is one ``ContainerLayout`` (`StackLayout`, `FlexFrameLayout`, `ZStackLayout`, …)
/// with SwiftUI's two steps, size for a proposal and then placing; leaves (text, images, spacers,
/// colours) answer in `SwiftUILayout+Leaves.swift`; text is measured by an injected
/// ``SwiftUITextMeasuring``. Sizes are cached per node and proposal for the pass, so each node
/// is measured once per distinct proposal.
///
/// This file measures; `SwiftUILayout+Placing.swift` places what was measured and makes the
/// laid-out views and findings; `SwiftUILayout+Lists.swift` lays out lists and forms.
package final class SwiftUILayoutPass {
    /// The screen's environment (profile, fonts, strings, scale).
    package let environment: ScreenLayoutEnvironment
    /// The category laid out.
    package let category: ContentSizeCategory
    /// How text is measured.
    let measurer: any SwiftUITextMeasuring
    /// The views placed, parents first.
    package var views: [LaidOutView] = []
    /// The engine's findings (frames text overflows, opaque boxes, fonts not installed).
    package var findings: [Finding] = []
    /// Every node placed, in the order placed (a parent before its children), with its frame:
    /// spacers and modifiers included, which draw nothing (the conformance suite reads it).
    package var placements: [(node: ViewNode, frame: Rect)] = []
    /// Paths used, for unique paths of repeated views.
    var pathCounts: [String: Int] = [:]
    /// The sections made for lists, per list node (so measuring twice reuses them).
    var sectionCache: [ObjectIdentifier: [ViewNode]] = [:]
    /// Font families not installed, said once each.
    var fontFallbacks: Set<String> = []
    /// The rectangles drawing is cut to while placing (`clipped()`, `clipShape`, `mask`,
    /// `cornerRadius`, scroll views), innermost last, each already within those outside it.
    var clipRects: [Rect] = []
    /// Sizes computed (not found in the cache): how much work a layout took, for the test that
    /// keeps nested stacks from growing exponentially.
    package private(set) var measurements = 0
    private var sizes: [SizeKey: Size] = [:]
    private var extents: [ExtentKey: Double] = [:]

    private struct SizeKey: Hashable {
        var node: ObjectIdentifier
        var proposal: Proposal
    }

    private struct ExtentKey: Hashable {
        var node: ObjectIdentifier
        var horizontal: Bool
        var largest: Bool
        var across: Double?
    }
    private var containerCache: [ObjectIdentifier: Bool] = [:]
    /// GeometryReaders with their content's proxy lengths settled, per proposal (kept for the
    /// pass, so their nodes' measurements are cached as any node's are).
    private var settledReaders: [SizeKey: ViewNode] = [:]
    private var spacingCache: [ObjectIdentifier: ViewSpacing] = [:]

    /// The size of opaque boxes (`GeometryReader`, …) on an axis proposed nothing: the tool's own
    /// choice, not SwiftUI's, as what they show is only known at run time.
    static let opaqueDefault = 100.0

    /// A pass at `category`; text measured by `measurer` (the project's fonts by default).
    package init(environment: ScreenLayoutEnvironment, category: ContentSizeCategory, measurer: (any SwiftUITextMeasuring)? = nil) {
        self.environment = environment
        self.category = category
        self.measurer = measurer ?? FontTextMeasurer()
    }

    /// The category `env` sees (the `dynamicTypeSize` limits applied).
    func category(_ env: TextEnvironment) -> ContentSizeCategory { env.limits.clamp(category) }

    /// A length at the category: `@ScaledMetric` values scale with their style.
    func points(_ length: Length, _ env: TextEnvironment) throws -> Double {
        guard let style = length.scalesWith else { return length.points }
        return length.points * (try FontMetrics(forTextStyle: style, profile: environment.profile).scaleFactor(for: category(env)))
    }

    /// The environment below a node (what its children see).
    func childEnvironment(_ node: ViewNode, _ env: TextEnvironment) -> TextEnvironment {
        var env = env
        switch node.kind {
        case .environment(let change):
            switch change {
            case .font(let font): env.font = font
            case .weight(let weight): env.weight = weight
            case .italic: env.italic = true
            case .lineLimit(let limit): env.lineLimit = limit
            case .alignment(let alignment): env.alignment = alignment
            case .lineBreak(let mode): env.lineBreak = mode
            case .minimumScaleFactor(let factor): env.minimumScaleFactor = factor
            case .color(let color): env.color = color
            case .limits(let limits): env.limits = limits.within(env.limits)
            }
        case .stack(let axis, _, _): env.stackAxis = axis
        // A button's label is a column (``layout(of:_:)``): its spacers and dividers follow it.
        case .button:
            env.inButton = true
            env.stackAxis = .vertical
        case .zstack, .list, .section, .scroll, .viewThatFits: env.stackAxis = nil
        default: break
        }
        return env
    }

    // MARK: Measuring

    /// The size `node` takes for `proposal` (cached per node and proposal within the pass).
    package func size(_ node: ViewNode, _ proposal: Proposal, _ env: TextEnvironment) throws -> Size {
        if let settled = settledReader(node, proposal) { return try size(settled, proposal, env) }
        let key = SizeKey(node: ObjectIdentifier(node), proposal: proposal)
        if let known = sizes[key] { return known }
        measurements += 1
        let size: Size
        if let layout = try layout(of: node, env) {
            size = try layout.sizeThatFits(proposal, subviews(of: node, env))
        } else {
            size = try leafSize(node, proposal, env)
        }
        sizes[key] = size
        return size
    }

    /// A `GeometryReader` (``FrameSpec/reader``) offered `proposal`, with its content's proxy
    /// lengths settled: the reader takes the whole proposal, so what it is offered is its proxy's
    /// size (`GeometryProxy.size`); on an axis offered nothing (nil) or unlimited space, lengths
    /// that need it are left out. Nil for any other node.
    func settledReader(_ node: ViewNode, _ proposal: Proposal) -> ViewNode? {
        guard case .frame(var spec) = node.kind, let reader = spec.reader else { return nil }
        let key = SizeKey(node: ObjectIdentifier(node), proposal: proposal)
        if let known = settledReaders[key] { return known }
        spec.reader = nil
        let settled = ViewNode(
            .frame(spec), children: node.children.map { $0.resolvingProxies(reader: reader, width: proposal.width, height: proposal.height) },
            location: node.location, priority: node.priority, sample: node.sample, markdown: node.markdown)
        settledReaders[key] = settled
        return settled
    }

    /// `node`'s children as its layout sees them.
    func subviews(of node: ViewNode, _ env: TextEnvironment) -> [LayoutSubview] {
        let inner = childEnvironment(node, env)
        return node.children.map { LayoutSubview(node: $0, env: inner, pass: self) }
    }

    /// The layout of a container or modifier node; nil for leaves and lists.
    func layout(of node: ViewNode, _ env: TextEnvironment) throws -> (any ContainerLayout)? {
        func value(_ length: Length?) throws -> Double? { try length.map { try points($0, env) } }
        switch node.kind {
        case .stack(let axis, let alignment, let spacing):
            return StackLayout(axis: axis, alignment: alignment, spacing: try value(spacing))
        case .button:
            // A button's label views stand in a column, centred (the default button style's label).
            return StackLayout(axis: .vertical, alignment: 0, spacing: nil)
        case .zstack(let alignment):
            return ZStackLayout(alignment: alignment)
        case .frame(let spec):
            let flexible = [spec.minWidth, spec.idealWidth, spec.maxWidth, spec.minHeight, spec.idealHeight, spec.maxHeight].contains { $0 != nil }
            guard flexible else { return FrameLayout(width: try value(spec.width), height: try value(spec.height), alignment: spec.alignment) }
            return FlexFrameLayout(
                width: .init(min: try value(spec.minWidth), ideal: try value(spec.idealWidth), max: try value(spec.maxWidth)),
                height: .init(min: try value(spec.minHeight), ideal: try value(spec.idealHeight), max: try value(spec.maxHeight)),
                alignment: spec.alignment)
        case .padding(let top, let leading, let bottom, let trailing):
            return PaddingLayout(
                top: try points(top, env), leading: try points(leading, env), bottom: try points(bottom, env),
                trailing: try points(trailing, env))
        case .fixedSize(let horizontal, let vertical):
            return FixedSizeLayout(horizontal: horizontal, vertical: vertical)
        case .background, .environment, .clip:
            return PrimaryLayout()
        case .secondary(let alignment, _):
            return SecondaryLayerLayout(alignment: alignment)
        case .viewThatFits(let horizontal, let vertical):
            return ViewThatFitsLayout(horizontal: horizontal, vertical: vertical)
        case .scroll(let axis):
            return ScrollLayout(axis: axis)
        case .text, .image, .spacer, .divider, .fill, .circle, .opaque, .list, .section:
            return nil
        }
    }

    /// The least or largest length `node` takes along `axis`: proposed 0 or infinity there and
    /// the stack's own proposal `across`, as SwiftUI measures flexibility (OpenSwiftUI
    /// `StackLayout.prioritize`, `lengthThatFits(.init(0, in: majorAxis, by: proposedSize[minorAxis]))`),
    /// so a text that wraps in the width a column is offered counts as flexible in its height.
    ///
    /// For a child with stacks inside, its ideal size across is used instead, once per node and
    /// pass: measuring such a child again for every proposal its stack gets made nested stacks
    /// exponential (each level would measure the next at three proposals per proposal it got).
    /// The two differ only for children with stacks inside whose range of lengths depends on the
    /// length offered across (docs/swiftui-conformance.md, known deviations).
    func extent(_ node: ViewNode, _ axis: StackAxis, largest: Bool, across: Double?, _ env: TextEnvironment) throws -> Double {
        let across = holdsContainers(node) ? nil : across
        let key = ExtentKey(node: ObjectIdentifier(node), horizontal: axis == .horizontal, largest: largest, across: across)
        if let known = extents[key] { return known }
        let value = try size(node, .along(axis, largest ? .infinity : 0, across: across), env)[axis]
        extents[key] = value
        return value
    }

    /// Whether `node` is or holds a container that lays out several children (a stack, a list,
    /// `ViewThatFits`, a scroll view, a button's label): measuring those at many proposals costs
    /// their whole subtree each time.
    func holdsContainers(_ node: ViewNode) -> Bool {
        let id = ObjectIdentifier(node)
        if let known = containerCache[id] { return known }
        let holds: Bool
        switch node.kind {
        case .stack, .zstack, .viewThatFits, .scroll, .list, .section, .button: holds = true
        default: holds = node.children.contains(where: holdsContainers)
        }
        containerCache[id] = holds
        return holds
    }

    // MARK: Priority and spacing

    /// `node`'s layout priority as its parent sees it: `layoutPriority(_:)` where the file sets
    /// it; through modifiers that make no layout of their own (`font`, `lineLimit`,
    /// `foregroundStyle`, …, and the clipping ones), through `background`, `overlay` and `fixedSize`, the child's; a spacer's is
    /// below every other (OpenSwiftUI `Layout/Separator/Spacer.swift`,
    /// `SpacerLayoutComputer.Engine.layoutPriority()` returns `-.infinity`); other layouts
    /// (`padding`, `frame`, stacks) report 0 (`UnaryLayout.layoutPriority(child:)` returns `.zero`
    /// in `Layout/LayoutView.swift`; `_FixedSizeLayout` returns the child's in `FixedSizeLayout.swift`;
    /// `BackgroundModifier.swift` keeps the content's layout computer).
    func priority(of node: ViewNode) -> Double {
        if let priority = node.priority { return priority }
        switch node.kind {
        case .environment, .background, .secondary, .fixedSize, .clip: return node.children.first.map(priority(of:)) ?? 0
        case .spacer: return -.infinity
        default: return 0
        }
    }

    /// `node`'s spacing preferences (``ViewSpacing``); `env` is the environment `node` sees. Cached
    /// per node: a stack asks for its children's at every proposal, and a stack's own walks its
    /// children's edges.
    func spacing(of node: ViewNode, _ env: TextEnvironment) -> ViewSpacing {
        let id = ObjectIdentifier(node)
        if let known = spacingCache[id] { return known }
        let spacing = computeSpacing(of: node, env)
        spacingCache[id] = spacing
        return spacing
    }

    private func computeSpacing(of node: ViewNode, _ env: TextEnvironment) -> ViewSpacing {
        let inner = childEnvironment(node, env)
        let child = { () -> ViewSpacing in node.children.first.map { self.spacing(of: $0, inner) } ?? .none }
        switch node.kind {
        case .spacer:
            return env.stackAxis.map { ViewSpacing.zero(along: $0) } ?? .zero
        case .stack(let axis, _, _):
            // A stack's edges carry its children's: every child's across, the first's at the start,
            // the last's at the end (OpenSwiftUI `StackLayout.swift`, `spacing()`).
            guard !node.children.isEmpty else { return .zero }
            var result = ViewSpacing.none
            for (index, element) in node.children.enumerated() {
                var edges = ViewSpacing.Edges.across(axis)
                if index == 0 { edges.formUnion(.start(axis)) }
                if index == node.children.count - 1 { edges.formUnion(.end(axis)) }
                result.incorporate(edges, of: spacing(of: element, inner))
            }
            return result
        case .padding(let top, let leading, let bottom, let trailing):
            // Padded edges drop the child's preferences (`_PaddingLayout.spacing`).
            var result = child()
            var edges: ViewSpacing.Edges = []
            if top.points != 0 { edges.insert(.top) }
            if leading.points != 0 { edges.insert(.leading) }
            if bottom.points != 0 { edges.insert(.bottom) }
            if trailing.points != 0 { edges.insert(.trailing) }
            result.clear(edges)
            return result
        case .frame(let spec):
            // A frame owns the edges of the axes it constrains (`_FrameLayout.spacing`, `_FlexFrameLayout.spacing`).
            var result = child()
            if spec.width != nil || spec.minWidth != nil || spec.idealWidth != nil || spec.maxWidth != nil { result.clear(.horizontal) }
            if spec.height != nil || spec.minHeight != nil || spec.idealHeight != nil || spec.maxHeight != nil { result.clear(.vertical) }
            return result
        case .environment, .background, .secondary, .fixedSize, .clip:
            return child()
        case .zstack:
            // The first of the highest-priority children speaks for the stack (`_ZStackLayout.spacing`).
            let top = node.children.map(priority(of:)).max()
            return node.children.first { priority(of: $0) == top }.map { spacing(of: $0, inner) } ?? .zero
        default:
            return .none
        }
    }
}
