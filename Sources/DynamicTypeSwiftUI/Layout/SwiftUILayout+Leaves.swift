import DynamicTypeCore
import DynamicTypeScreens

/// The sizes of views without a layout of their own: text, images, spacers, dividers, colours and
/// shapes, opaque boxes; lists and sections (`SwiftUILayout+Lists.swift`).
extension SwiftUILayoutPass {
    /// The size of the leaf `node` for `p`.
    func leafSize(_ node: ViewNode, _ p: Proposal, _ env: TextEnvironment) throws -> Size {
        switch node.kind {
        case .text(let source):
            var env = env
            env.markdown = node.markdown
            return try measurer.size(of: source, p, env, in: self)
        case .image(let symbol, let resizable):
            // An SF Symbol is as large as its font makes it; an asset image's point size is not
            // in the source: 44 pt stands in (the tool's own choice). A resizable image, symbol or
            // asset, fills what it is offered (`resizable(capInsets:resizingMode:)` "Sets the mode by
            // which SwiftUI resizes an image to fit its space", its default mode `.stretch` "so that
            // it fills the available space": developer.apple.com/documentation/swiftui/image/resizingmode/stretch),
            // its natural size on an axis offered nothing.
            let natural = symbol ? try symbolSide(env) : 44
            if resizable { return Size(width: p.width ?? natural, height: p.height ?? natural) }
            return Size(width: natural, height: natural)
        case .spacer(let minimum):
            return try spacerSize(minimum, p, env)
        case .divider:
            return dividerSize(p, env)
        case .fill:
            return fillSize(p)
        case .circle:
            // The square of the shorter side (OpenSwiftUI `Shape/Shapes.swift`, `Circle.sizeThatFits`:
            // `min(size.width, size.height)` of the proposal with nil replaced by 10).
            let box = fillSize(p)
            let side = min(box.width, box.height)
            return Size(width: side, height: side)
        case .opaque:
            return Size(width: p.width ?? Self.opaqueDefault, height: p.height ?? Self.opaqueDefault)
        // A list or section proposed no width (under `fixedSize()`, in a horizontal scroll view)
        // has no ideal width in SwiftUI's documentation; 320 pt, the narrowest iPhone, is the
        // tool's choice.
        case .list:
            return try listLayout(node, width: finite(p.width, 320), childEnvironment(node, env)).size
        case .section:
            return try listSection(node, width: finite(p.width, 320), childEnvironment(node, env), inList: false).size
        default:
            // Containers are measured by their layouts (``layout(of:_:)``).
            return .zero
        }
    }

    /// A colour or shape: the proposal, whatever it is (infinity included, so a stack ranks it as
    /// fully flexible), with 10 pt where nothing is proposed (OpenSwiftUI
    /// `Layout/Geometry/ProposedSize.swift`, `fixingUnspecifiedDimensions()` "a default value of
    /// 10.0"; `Shape.sizeThatFits` "Returns the original proposal, with nil components replaced
    /// by a small positive value" in `Shape/Shape.swift`; swiftuifieldguide.com/layout/ideal-size/:
    /// "All the built-in shapes have an ideal size of 10×10").
    func fillSize(_ p: Proposal) -> Size {
        Size(width: p.width ?? 10, height: p.height ?? 10)
    }

    /// `Spacer(minLength:)`: along its stack's axis the proposal, at least its minimum (nil: the
    /// default spacing), and nothing across; outside a stack the same on both axes (OpenSwiftUI
    /// `Layout/Separator/Spacer.swift`, `SpacerLayoutComputer.Engine.sizeThatFits`;
    /// developer.apple.com/documentation/swiftui/spacer/minlength: "If nil, the system default
    /// spacing between views is used").
    func spacerSize(_ minimum: Length?, _ p: Proposal, _ env: TextEnvironment) throws -> Size {
        let least = try minimum.map { try points($0, env) } ?? ViewSpacing.defaultDistance
        func along(_ proposed: Double?) -> Double { max(proposed ?? -.infinity, least) }
        switch env.stackAxis {
        case .horizontal?: return Size(width: along(p.width), height: 0)
        case .vertical?: return Size(width: 0, height: along(p.height))
        default: return Size(width: along(p.width), height: along(p.height))
        }
    }

    /// `Divider()`: a colour as thick as a hairline across its stack's axis, a horizontal line
    /// outside a stack (OpenSwiftUI `Layout/Separator/Divider.swift`: the orientation is the
    /// other axis of the stack's, `.vertical` when there is none; `PlainDividerStyle.swift`:
    /// `Color(…).frame(width: horizontal ? nil : thickness, height: horizontal ? thickness : nil)`).
    /// The thickness is one pixel, and 1 pt at accessibility sizes (OpenSwiftUI
    /// `Data/EnvironmentKeys/EnvironmentAdditions.swift`, `dividerThickness`:
    /// `dynamicTypeSize.isAccessibilitySize ? 1.0 : pixelLength`).
    func dividerSize(_ p: Proposal, _ env: TextEnvironment) -> Size {
        let thickness = category(env).isAccessibilityCategory ? 1 : 1 / max(1, environment.scale)
        let line = fillSize(p)
        if env.stackAxis == .horizontal { return Size(width: thickness, height: line.height) }
        return Size(width: line.width, height: thickness)
    }

    /// `value` when given and finite, else `fallback`.
    func finite(_ value: Double?, _ fallback: Double) -> Double {
        guard let value, value.isFinite else { return fallback }
        return value
    }
}
