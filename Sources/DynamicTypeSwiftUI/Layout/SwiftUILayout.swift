import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import TextStack

/// A size proposed to a view; nil in a dimension asks for its ideal size there (SwiftUI's
/// `ProposedViewSize`: "a nil value … the view's ideal size", WWDC22 "Compose custom layouts with
/// SwiftUI").
struct Proposal: Hashable {
    var width: Double?
    var height: Double?

    subscript(_ axis: StackAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

extension Size {
    subscript(_ axis: StackAxis) -> Double { axis == .horizontal ? width : height }
}

/// Measures SwiftUI view trees the way SwiftUI does (WWDC19 "Building Custom Views with
/// SwiftUI": "the parent proposes a size, the child chooses its own size, the parent places the
/// child"): each container proposes sizes to its children, each child answers with the size it
/// takes, and the container decides its own size from theirs. Text is measured with the project's
/// text stack (the fonts and line breaking screen files use), so every size is real.
///
/// This file measures (``size(_:_:_:)``); `SwiftUILayout+Placing.swift` places what was measured.
final class SwiftUILayoutPass {
    let environment: ScreenLayoutEnvironment
    let category: ContentSizeCategory
    /// The views placed, parents first.
    var views: [LaidOutView] = []
    /// The engine's findings (frames text overflows, opaque boxes, fonts not installed).
    var findings: [Finding] = []
    /// Paths used, for unique paths of repeated views.
    var pathCounts: [String: Int] = [:]
    /// The sections made for lists, per list node (so measuring twice reuses them).
    var sectionCache: [ObjectIdentifier: [ViewNode]] = [:]
    private var sizes: [SizeKey: Size] = [:]
    private var extents: [ExtentKey: Double] = [:]

    private struct ExtentKey: Hashable {
        var node: ObjectIdentifier
        var horizontal: Bool
        var largest: Bool
    }
    private var fontFallbacks: Set<String> = []

    private struct SizeKey: Hashable {
        var node: ObjectIdentifier
        var proposal: Proposal
    }

    /// SwiftUI's default spacing between views in a stack (iOS: 8 pt for most pairs of views).
    static let defaultSpacing = 8.0
    /// `Spacer()`'s minimum length in a stack (the default spacing).
    static let spacerMinimum = 8.0
    /// The ideal size of views that fill what they are offered (`Color`, shapes): SwiftUI's 10 pt.
    static let fillIdeal = 10.0
    /// The size of opaque boxes where their proposal does not say.
    static let opaqueDefault = 100.0

    init(environment: ScreenLayoutEnvironment, category: ContentSizeCategory) {
        self.environment = environment
        self.category = category
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
        case .zstack, .list, .section, .scroll, .viewThatFits: env.stackAxis = nil
        case .button: env.inButton = true
        default: break
        }
        return env
    }

    // MARK: Measuring

    /// The size `node` takes for `proposal` (cached per node and proposal within the pass).
    func size(_ node: ViewNode, _ proposal: Proposal, _ env: TextEnvironment) throws -> Size {
        let key = SizeKey(node: ObjectIdentifier(node), proposal: proposal)
        if let known = sizes[key] { return known }
        let size = try measure(node, proposal, env)
        sizes[key] = size
        return size
    }

    private func measure(_ node: ViewNode, _ p: Proposal, _ env: TextEnvironment) throws -> Size {
        let inner = childEnvironment(node, env)
        switch node.kind {
        case .text(let source):
            let text = try textLayout(source, width: p.width ?? .infinity, height: p.height, env)
            return Size(width: textWidth(text, proposed: p.width), height: text.box.height)
        case .image(let symbol, let resizable):
            if symbol {
                let side = try symbolSide(env)
                return Size(width: side, height: side)
            }
            if resizable { return Size(width: finite(p.width, 44), height: finite(p.height, 44)) }
            return Size(width: 44, height: 44)
        case .stack(let axis, _, let spacing):
            let children = try stackChildren(node, axis: axis, spacing: spacing, p, inner)
            return children.total
        case .zstack:
            let sizes = try node.children.map { try size($0, p, inner) }
            return Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        case .spacer(let minimum):
            let axis = env.stackAxis ?? .vertical
            let least = try minimum.map { try points($0, env) } ?? Self.spacerMinimum
            let along = max(least, p[axis] ?? least)
            return axis == .horizontal ? Size(width: along, height: 0) : Size(width: 0, height: along)
        case .divider:
            if env.stackAxis == .horizontal { return Size(width: 1, height: finite(p.height, 20)) }
            return Size(width: finite(p.width, 0), height: 1)
        case .fill:
            return Size(width: finite(p.width, Self.fillIdeal), height: finite(p.height, Self.fillIdeal))
        case .opaque:
            return Size(width: finite(p.width, Self.opaqueDefault), height: finite(p.height, Self.opaqueDefault))
        case .scroll(let axis):
            // A scroll view offers its content unlimited length along its axis; here it takes its
            // content's length (the screen scrolls as a whole: docs/swiftui.md).
            var childProposal = p
            childProposal[axis] = nil
            let content = try node.children.first.map { try size($0, childProposal, inner) } ?? .zero
            return axis == .vertical
                ? Size(width: finite(p.width, content.width), height: content.height)
                : Size(width: finite(p.width, content.width), height: content.height)
        case .list:
            return try listLayout(node, width: finite(p.width, 320), inner).size
        case .section:
            return try listSection(node, width: finite(p.width, 320), inner, inList: false).size
        case .viewThatFits:
            guard let chosen = try fittingChild(node, p, inner) else { return .zero }
            return try size(chosen, p, inner)
        case .button:
            return try column(node.children, p, inner).total
        case .padding(let top, let leading, let bottom, let trailing):
            let (t, l, b, r) = (try points(top, env), try points(leading, env), try points(bottom, env), try points(trailing, env))
            let child = try size(
                node.children[0], Proposal(width: p.width.map { max(0, $0 - l - r) }, height: p.height.map { max(0, $0 - t - b) }), inner)
            return Size(width: max(0, child.width + l + r), height: max(0, child.height + t + b))
        case .frame(let frame):
            return try frameLayout(node, frame, p, inner).size
        case .fixedSize(let horizontal, let vertical):
            return try size(node.children[0], Proposal(width: horizontal ? nil : p.width, height: vertical ? nil : p.height), inner)
        case .background, .environment:
            return try node.children.first.map { try size($0, p, inner) } ?? .zero
        }
    }

    /// `value` when given and finite, else `fallback`.
    func finite(_ value: Double?, _ fallback: Double) -> Double {
        guard let value, value.isFinite else { return fallback }
        return value
    }

    // MARK: Stacks

    /// A stack's children's sizes and proposals for `p`, and the stack's size.
    ///
    /// SwiftUI's stack algorithm (WWDC22 "Compose custom layouts with SwiftUI"; Apple's `HStack`
    /// documentation): the stack subtracts its spacing from the proposed length, then offers the
    /// rest to its children in order of `layoutPriority` (highest first) and, within a priority,
    /// of flexibility (least flexible first: the difference between the sizes a child takes for
    /// the smallest and the largest proposal), each getting an equal share of what remains; what
    /// a child does not use goes to the next. Lower-priority children keep their minimum.
    func stackChildren(
        _ node: ViewNode, axis: StackAxis, spacing: Length?, _ p: Proposal, _ env: TextEnvironment
    ) throws -> (sizes: [Size], proposals: [Proposal], gap: Double, total: Size) {
        let children = node.children
        guard !children.isEmpty else { return ([], [], 0, .zero) }
        let gap = try spacing.map { try points($0, env) } ?? Self.defaultSpacing
        let gaps = gap * Double(children.count - 1)
        var sizes = [Size](repeating: .zero, count: children.count)
        var proposals = [Proposal](repeating: p, count: children.count)
        if let length = p[axis] {
            let available = max(0, length - gaps)
            var minimum: [Double] = []
            var flexibility: [Double] = []
            for child in children {
                let low = try extent(child, axis, largest: false, env)
                minimum.append(low)
                flexibility.append(try extent(child, axis, largest: true, env) - low)
            }
            var remaining = available
            let priorities = Set(children.map(\.priority)).sorted(by: >)
            for priority in priorities {
                let group = children.indices.filter { children[$0].priority == priority }.sorted {
                    (flexibility[$0], $0) < (flexibility[$1], $1)
                }
                let reserved = children.indices.filter { children[$0].priority < priority }.reduce(0) { $0 + minimum[$1] }
                var share = remaining - reserved
                var left = Double(group.count)
                for index in group {
                    var offer = p
                    offer[axis] = max(0, share / left)
                    let taken = try size(children[index], offer, env)
                    sizes[index] = taken
                    proposals[index] = offer
                    share -= taken[axis]
                    left -= 1
                    remaining -= taken[axis]
                }
            }
        } else {
            for (index, child) in children.enumerated() { sizes[index] = try size(child, p, env) }
        }
        let cross: StackAxis = axis == .horizontal ? .vertical : .horizontal
        let along = sizes.reduce(0) { $0 + $1[axis] } + gaps
        let across = sizes.map { $0[cross] }.max() ?? 0
        return (sizes, proposals, gap, axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along))
    }

    /// The least or largest length `node` takes along `axis` (proposed 0 or infinity there, its
    /// ideal size across), once per node and pass: stacks rank their children by it, and
    /// measuring it for every proposal made nested stacks exponential.
    func extent(_ node: ViewNode, _ axis: StackAxis, largest: Bool, _ env: TextEnvironment) throws -> Double {
        let key = ExtentKey(node: ObjectIdentifier(node), horizontal: axis == .horizontal, largest: largest)
        if let known = extents[key] { return known }
        var proposal = Proposal(width: nil, height: nil)
        proposal[axis] = largest ? .infinity : 0
        let value = try size(node, proposal, env)[axis]
        extents[key] = value
        return value
    }

    /// Views stacked vertically without a stack node (a button's label, a section's rows).
    func column(_ nodes: [ViewNode], _ p: Proposal, _ env: TextEnvironment) throws -> (sizes: [Size], total: Size) {
        var env = env
        env.stackAxis = .vertical
        let sizes = try nodes.map { try size($0, p, env) }
        let height = sizes.reduce(0) { $0 + $1.height } + Self.defaultSpacing * Double(max(0, sizes.count - 1))
        return (sizes, Size(width: sizes.map(\.width).max() ?? 0, height: height))
    }

    // MARK: Frames and ViewThatFits

    /// A frame's size and the proposal it makes to its child, by Apple's `frame(minWidth:…)`
    /// documentation: the child is proposed the frame's proposal clamped to the constraints (ideal
    /// dimensions replacing missing ones); with both a minimum and a maximum the frame takes its
    /// proposal clamped to them, with one it takes the child's size clamped by it (a maximum alone
    /// takes the proposal up to the maximum: `maxWidth: .infinity` fills); fixed `width`/`height`
    /// are exactly that size whatever the child needs (the child may draw past it).
    func frameLayout(_ node: ViewNode, _ frame: FrameSpec, _ p: Proposal, _ env: TextEnvironment) throws -> (size: Size, child: Size, proposal: Proposal) {
        func value(_ length: Length?) throws -> Double? { try length.map { try points($0, env) } }
        let (width, height) = (try value(frame.width), try value(frame.height))
        let (minW, idealW, maxW) = (try value(frame.minWidth), try value(frame.idealWidth), try value(frame.maxWidth))
        let (minH, idealH, maxH) = (try value(frame.minHeight), try value(frame.idealHeight), try value(frame.maxHeight))
        func clamp(_ value: Double?, _ low: Double?, _ high: Double?) -> Double? {
            guard var value else { return nil }
            if let high { value = min(value, high) }
            if let low { value = max(value, low) }
            return value
        }
        let childProposal = Proposal(
            width: width ?? clamp(p.width ?? idealW, minW, maxW), height: height ?? clamp(p.height ?? idealH, minH, maxH))
        let child = try size(node.children[0], childProposal, env)
        func side(_ fixed: Double?, _ low: Double?, _ high: Double?, _ proposed: Double?, _ ideal: Double?, _ child: Double) -> Double {
            if let fixed { return fixed }
            switch (low, high) {
            case (nil, nil): return child
            case (let low?, let high?): return max(low, min(high, proposed ?? ideal ?? child))
            case (let low?, nil): return max(low, child)
            case (nil, let high?): return min(high, max(child, proposed ?? ideal ?? child))
            }
        }
        var size = Size(
            width: side(width, minW, maxW, p.width, idealW, child.width), height: side(height, minH, maxH, p.height, idealH, child.height))
        if !size.width.isFinite { size.width = child.width }
        if !size.height.isFinite { size.height = child.height }
        return (size, child, childProposal)
    }

    /// `ViewThatFits`: "evaluates its child views in the order you provide them … and selects the
    /// first child whose ideal size on the constrained axes fits within the proposed size"
    /// (Apple's documentation); the last when none fits.
    func fittingChild(_ node: ViewNode, _ p: Proposal, _ env: TextEnvironment) throws -> ViewNode? {
        for child in node.children {
            let ideal = try size(child, Proposal(width: nil, height: nil), env)
            let fitsWidth = p.width.map { ideal.width <= $0 + 0.5 } ?? true
            let fitsHeight = p.height.map { ideal.height <= $0 + 0.5 } ?? true
            if fitsWidth && fitsHeight { return child }
        }
        return node.children.last
    }

    // MARK: Text

    /// The font spec of `env` at layout time (a style with a weight becomes the style's font at
    /// `large`, of that weight, scaling with the style).
    func fontSpec(_ env: TextEnvironment) throws -> FontSpec {
        let choice = env.font
        let weight = env.weight ?? choice.weight
        let italic = env.italic || choice.italic
        if let style = choice.style {
            guard weight != nil || italic else { return .style(style) }
            let atLarge = try FontDescriptor.preferred(
                for: style, category: .large, legibilityWeight: environment.legibility, profile: environment.profile)
            return .custom(
                CustomFont(size: atLarge.size, weight: weight ?? atLarge.weight, italic: italic, relativeTo: style))
        }
        return .custom(
            CustomFont(family: choice.family, size: choice.size ?? 17, weight: weight ?? .regular, italic: italic, relativeTo: choice.relativeTo))
    }

    /// The side of an SF Symbol's box in `env`'s font: 1.2 × the point size (a medium-scale symbol).
    func symbolSide(_ env: TextEnvironment) throws -> Double {
        (try ExternalLayout.pointSize(try fontSpec(env), category: category(env), environment: environment) * 1.2).rounded()
    }

    /// `source` laid out `width` wide in `env`. SwiftUI's `Text` wraps by default; it truncates
    /// only at its `lineLimit` or when the proposed height has no room for more lines (then the
    /// last line that fits ends in "…", at least one line shown).
    func textLayout(_ source: TextSource, width: Double, height: Double?, _ env: TextEnvironment) throws -> LaidOutText {
        var text = source
        if let key = source.key, case .key(locale: nil)? = environment.texts.resolve(source).fallback {
            // No strings file in use: a LocalizedStringKey shows itself, formatted only when it has arguments.
            if case .key = source { text = .literal(PlaceholderSamples.fill(key)) } else { text = .literal(key) }
        }
        var spec = LabelSpec(
            id: "", text: text, font: try fontSpec(env), lines: env.lineLimit ?? 0, lineBreak: env.lineBreak,
            color: env.color ?? (env.inButton ? ViewBuilder.accent : .black), alignment: env.alignment,
            minimumScaleFactor: env.minimumScaleFactor)
        let seen = category(env)
        var laid: LaidOutText
        do {
            laid = try ExternalLayout.text(spec, width: width, category: seen, environment: environment)
        } catch {
            guard case .custom(var custom) = spec.font.kind, let family = custom.family else { throw error }
            // A family not installed here: the system font, said once per family.
            if fontFallbacks.insert(family).inserted {
                findings.append(
                    Finding(
                        kind: .fallbackFont, severity: .info, element: family, category: category,
                        message: "font family \"\(family)\" is not installed: laid out with the system font at its size"))
            }
            custom.family = nil
            spec.font = .custom(custom)
            laid = try ExternalLayout.text(spec, width: width, category: seen, environment: environment)
        }
        if let height, height.isFinite, laid.box.height > height + 0.5, spec.lines != 1 {
            let fitting = laid.lines.filter { $0.rect.maxY <= height + 0.5 }.count
            let lines = max(1, fitting)
            if spec.lines == 0 || lines < spec.lines {
                spec.lines = lines
                laid = try ExternalLayout.text(spec, width: width, category: seen, environment: environment)
            }
        }
        return laid
    }

    /// The width a text takes: its widest line (at most the proposal).
    func textWidth(_ text: LaidOutText, proposed: Double?) -> Double {
        let widest = text.lines.map(\.textWidth).max() ?? 0
        let width = widest.rounded(.up)
        guard let proposed, proposed.isFinite else { return width }
        return min(width, proposed)
    }
}
