import DynamicTypeCore

/// A share of a `GeometryReader`'s size in a length (`proxy.size.width * 0.5` is half its width):
/// the reader's size is what it is offered, known only at layout.
package struct ProxyShare: Hashable, Sendable {
    /// Which reader of the view (numbered as read).
    package var reader: Int
    /// The multiple of the reader's width and of its height.
    package var width: Double
    package var height: Double

    /// A share of reader `reader`'s size.
    package init(reader: Int, width: Double, height: Double) {
        self.reader = reader
        self.width = width
        self.height = height
    }
}

extension ViewNode {
    /// The tree with the lengths of reader `reader` given its size (`width`, `height`; a length
    /// that needs an axis given nil, where the reader is offered nothing, is left out, as an
    /// argument the file does not settle is). Other readers' lengths are kept: each is settled
    /// when the layout reaches its own reader (``FrameSpec/reader``), which holds all of them, as
    /// a proxy is only in scope inside its reader's closure. Values are held to the lengths' ranges
    /// (0…100,000 pt; ±100,000 pt for spacing and padding), as numbers read from source are.
    package func resolvingProxies(reader: Int, width: Double?, height: Double?) -> ViewNode {
        func resolve(_ length: Length?, negative: Bool = false) -> Length? {
            guard let length, let share = length.proxy else { return length }
            guard share.reader == reader else { return length }
            guard share.width == 0 || width != nil, share.height == 0 || height != nil else { return nil }
            let points = length.points + share.width * (width ?? 0) + share.height * (height ?? 0)
            guard points.isFinite else { return nil }
            return Length(min(max(points, negative ? -ViewBuilder.maximumPoints : 0), ViewBuilder.maximumPoints))
        }
        let kind: NodeKind
        switch self.kind {
        case .stack(let axis, let alignment, let spacing):
            kind = .stack(axis, alignment: alignment, spacing: resolve(spacing, negative: true))
        case .spacer(let minimum):
            kind = .spacer(minLength: resolve(minimum))
        case .padding(let top, let leading, let bottom, let trailing):
            let zero = Length(0)
            kind = .padding(
                top: resolve(top, negative: true) ?? zero, leading: resolve(leading, negative: true) ?? zero,
                bottom: resolve(bottom, negative: true) ?? zero, trailing: resolve(trailing, negative: true) ?? zero)
        case .frame(var spec):
            spec.width = resolve(spec.width)
            spec.height = resolve(spec.height)
            spec.minWidth = resolve(spec.minWidth)
            spec.idealWidth = resolve(spec.idealWidth)
            spec.maxWidth = resolve(spec.maxWidth)
            spec.minHeight = resolve(spec.minHeight)
            spec.idealHeight = resolve(spec.idealHeight)
            spec.maxHeight = resolve(spec.maxHeight)
            kind = .frame(spec)
        default:
            kind = self.kind
        }
        return ViewNode(
            kind, children: children.map { $0.resolvingProxies(reader: reader, width: width, height: height) }, location: location,
            priority: priority, sample: sample, markdown: markdown)
    }
}
