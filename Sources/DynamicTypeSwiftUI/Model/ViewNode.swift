import DynamicTypeCore
import DynamicTypeScreens

/// A length in a SwiftUI file: a number, or a `@ScaledMetric` property's value, which scales with
/// its text style as `UIFontMetrics.scaledValue(for:)` does.
package struct Length: Hashable, Sendable {
    /// The value at `large`, in points.
    package var points: Double
    /// The style it scales with (`@ScaledMetric(relativeTo:)`; `body` by default); nil: fixed.
    package var scalesWith: TextStyle?
    /// A share of a `GeometryReader`'s size added to ``points`` (`proxy.size.width * 0.5`): settled
    /// when the view is laid out (``ViewNode/resolvingProxies(reader:width:height:)``); nil: none.
    package var proxy: ProxyShare?

    /// A length.
    package init(_ points: Double, scalesWith: TextStyle? = nil, proxy: ProxyShare? = nil) {
        self.points = points
        self.scalesWith = scalesWith
        self.proxy = proxy
    }
}

/// A font as a SwiftUI file spells it, resolved to a ``FontSpec`` at layout time (a style with a
/// weight needs the profile's size at `large`).
package struct FontChoice: Hashable, Sendable {
    /// A text style (`.body`, `.system(.title)`), nil for an explicit size.
    package var style: TextStyle?
    /// An explicit size at `large` (`.system(size:)`, `.custom(_:size:)`).
    package var size: Double?
    /// The style an explicit size scales with (`.custom(_:size:)` scales with `body`; `relativeTo:`);
    /// nil: a fixed size (`.system(size:)`, `fixedSize:`).
    package var relativeTo: TextStyle?
    /// A family (`.custom("Avenir", …)`); nil: the system's.
    package var family: String?
    /// `.weight(_:)`, `.bold()`; nil: the style's own.
    package var weight: FontWeight?
    /// `.italic()`.
    package var italic = false

    /// A text style's font.
    package static func style(_ style: TextStyle) -> FontChoice { FontChoice(style: style) }
}

/// What the environment gives text below a modifier (`font`, `lineLimit`, …): SwiftUI's
/// environment values that reach every `Text` inside.
package struct TextEnvironment: Hashable, Sendable {
    /// The font (SwiftUI's default is `body`).
    package var font = FontChoice.style(.body)
    /// `.bold()` / `.fontWeight(_:)` applied outside the font.
    package var weight: FontWeight?
    /// `.italic()`.
    package var italic = false
    /// `lineLimit`: nil for none (SwiftUI's default: text wraps).
    package var lineLimit: Int?
    /// `multilineTextAlignment`.
    package var alignment = LabelAlignment.leading
    /// `truncationMode` (SwiftUI's default is the tail).
    package var lineBreak = LineBreak.truncateTail
    /// `minimumScaleFactor`.
    package var minimumScaleFactor: Double?
    /// `foregroundStyle`/`foregroundColor`; nil: the primary label colour (or the accent colour in a button).
    package var color: RGBAColor?
    /// `dynamicTypeSize(_:)` limits.
    package var limits = CategoryLimits.none
    /// The axis of the stack the view is directly in (Spacer and Divider follow it).
    package var stackAxis: StackAxis?
    /// Inside a `Button`: text takes the accent colour unless given one.
    package var inButton = false
    /// The `Text` being measured is a `LocalizedStringKey`'s, whose Markdown SwiftUI draws (set
    /// per text from ``ViewNode/markdown``, not inherited).
    package var markdown = false

    /// SwiftUI's environment at the root of a view.
    package init() {}
}

/// A change a modifier makes to the environment of what it wraps.
package enum EnvironmentChange: Hashable, Sendable {
    case font(FontChoice)
    case weight(FontWeight)
    case italic
    case lineLimit(Int?)
    case alignment(LabelAlignment)
    case lineBreak(LineBreak)
    case minimumScaleFactor(Double)
    case color(RGBAColor)
    case limits(CategoryLimits)
}

/// `frame(width:height:alignment:)` or `frame(minWidth:idealWidth:maxWidth:…)`.
package struct FrameSpec: Hashable, Sendable {
    package var width: Length?
    package var height: Length?
    package var minWidth: Length?
    package var idealWidth: Length?
    package var maxWidth: Length?
    package var minHeight: Length?
    package var idealHeight: Length?
    package var maxHeight: Length?
    /// Where the content sits in a frame larger than it (centre by default).
    package var alignment = Alignment2D.center
    /// The `GeometryReader` this frame stands for (its number, ``ProxyShare/reader``): the layout
    /// settles its content's proxy lengths with the size the reader is offered; nil for `.frame`.
    package var reader: Int?

    /// A frame (no argument: no constraint).
    package init(
        width: Length? = nil, height: Length? = nil, minWidth: Length? = nil, idealWidth: Length? = nil, maxWidth: Length? = nil,
        minHeight: Length? = nil, idealHeight: Length? = nil, maxHeight: Length? = nil, alignment: Alignment2D = .center
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// A two-dimensional alignment: `.leading`, `.topTrailing`, … (x and y each -1, 0 or 1).
package struct Alignment2D: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package static let center = Alignment2D(x: 0, y: 0)
}

/// What a node of a SwiftUI view tree is. Containers hold ``ViewNode/children``; modifiers that
/// change layout wrap one child.
package enum NodeKind: Hashable, Sendable {
    /// `Text`: a strings key (`LocalizedStringKey`) or verbatim text.
    case text(TextSource)
    /// `Image(systemName:)` (a box of the symbol's size for its font) or `Image(_:)` (44 pt, or its
    /// proposal when `.resizable()`).
    case image(symbol: Bool, resizable: Bool)
    /// `VStack`, `HStack` (and their lazy forms): spacing nil is SwiftUI's default.
    case stack(StackAxis, alignment: Int, spacing: Length?)
    /// `ZStack`.
    case zstack(Alignment2D)
    /// `Spacer(minLength:)`.
    case spacer(minLength: Length?)
    /// `Divider()`.
    case divider
    /// A `Color` or shape used as a view: fills what it is offered.
    case fill(RGBAColor)
    /// `Circle()`: the square of the shorter side of what it is offered.
    case circle(RGBAColor)
    /// `ScrollView`.
    case scroll(StackAxis)
    /// `List` / `Form` (inset grouped).
    case list
    /// `Section`: children are rows; `header`/`footer` nodes come first in ``ViewNode/children``
    /// with their counts here.
    case section(headers: Int, footers: Int)
    /// `ViewThatFits(in:)`: the first child whose ideal size fits along the axes it checks (both by
    /// default).
    case viewThatFits(horizontal: Bool, vertical: Bool)
    /// A `Button` (or link): its label, in the accent colour.
    case button
    /// What cannot be read statically: an opaque box of its frame (`GeometryReader`, …).
    case opaque(String)
    /// `padding`.
    case padding(top: Length, leading: Length, bottom: Length, trailing: Length)
    /// `frame`.
    case frame(FrameSpec)
    /// `fixedSize(horizontal:vertical:)`.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// `background(_:)` with a colour.
    case background(RGBAColor, cornerRadius: Double)
    /// `overlay(alignment:content:)`, or `background(alignment:content:)` with views (`behind`):
    /// the first child is the view modified, the second what is laid over or under it.
    case secondary(Alignment2D, behind: Bool)
    /// An environment modifier (`font`, `lineLimit`, …).
    case environment(EnvironmentChange)
    /// `clipped()`, `clipShape(_:)`, `mask(_:)` or `cornerRadius(_:)` (the modifier's name): the
    /// view's layout is unchanged, what its content draws outside its bounds is cut. Without one,
    /// SwiftUI draws content past its frame ("By default, a view's bounding frame is used only for
    /// layout, so any content that extends beyond the edges of the frame is still visible",
    /// developer.apple.com/documentation/swiftui/view/clipped(antialiased:); `cornerRadius(_:)`
    /// "Clips this view to its bounding frame"). A shape or mask is taken as the bounds it is
    /// drawn in: the corners a rounded shape cuts are not told apart.
    case clip(String)
}

/// One node of a SwiftUI view tree read from a file: a view or a modifier, with its children and
/// where it was written. A class so a layout pass can cache measurements per node; immutable.
package final class ViewNode: Sendable {
    /// What it is.
    package let kind: NodeKind
    /// Its children (a modifier's one, a stack's many).
    package let children: [ViewNode]
    /// `File.swift:12`: reported with every finding about it.
    package let location: String
    /// `layoutPriority(_:)` when the file sets it on this node; nil: the priority SwiftUI gives the
    /// node's kind (``SwiftUILayoutPass/priority(of:)``).
    package let priority: Double?
    /// For a `Text` drawn with sample text (its text is not in the files: `Text(item.title)`),
    /// what the sample stands for (`item.title (a title)`); every finding about the text says so.
    package let sample: String?
    /// For a `Text` of a `LocalizedStringKey` (a literal, `LocalizedStringKey(…)`): SwiftUI draws
    /// its inline Markdown (`**bold**`, `*italic*`, `` `code` ``, links) as styled runs.
    package let markdown: Bool

    /// A node.
    package init(
        _ kind: NodeKind, children: [ViewNode] = [], location: String, priority: Double? = nil, sample: String? = nil, markdown: Bool = false
    ) {
        self.kind = kind
        self.children = children
        self.location = location
        self.priority = priority
        self.sample = sample
        self.markdown = markdown
    }

    /// The same node with another layout priority (the modifier sets it on what it wraps).
    package func with(priority: Double) -> ViewNode {
        ViewNode(kind, children: children, location: location, priority: priority, sample: sample, markdown: markdown)
    }

    /// A short name for paths and reports: `Text`, `VStack`, `padding`.
    package var name: String {
        switch kind {
        case .text: "Text"
        case .image(let symbol, _): symbol ? "Image(systemName:)" : "Image"
        case .stack(let axis, _, _): axis == .horizontal ? "HStack" : "VStack"
        case .zstack: "ZStack"
        case .spacer: "Spacer"
        case .divider: "Divider"
        case .fill: "Color"
        case .circle: "Circle"
        case .scroll: "ScrollView"
        case .list: "List"
        case .section: "Section"
        case .viewThatFits: "ViewThatFits"
        case .button: "Button"
        case .opaque(let name): name
        case .padding: "padding"
        case .frame: "frame"
        case .fixedSize: "fixedSize"
        case .background: "background"
        case .secondary(_, let behind): behind ? "background" : "overlay"
        case .environment: "environment"
        case .clip(let modifier): modifier
        }
    }

    /// Feeds the whole tree (kinds, places, priorities, shape) to `hasher`: two trees that lay out
    /// alike hash alike. Trees are at most ``ViewBuilder/maximumDepth`` deep, so recursion is bounded.
    package func hashStructure(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(location)
        hasher.combine(priority)
        hasher.combine(sample)
        hasher.combine(markdown)
        hasher.combine(children.count)
        for child in children { child.hashStructure(into: &hasher) }
    }

    /// Nodes in the tree (this one included).
    package var count: Int { 1 + children.reduce(0) { $0 + $1.count } }

    /// Opaque nodes in the tree.
    package var opaqueNodes: [ViewNode] {
        if case .opaque = kind { return [self] }
        return children.flatMap(\.opaqueNodes)
    }
}
