import DynamicTypeCore

/// The region text is laid out in (TextKit `NSTextContainer`): a size, padding, a line limit, an
/// optional outline (``shape``) and exclusions (paths, alpha masks) that text flows around.
///
/// A container is a reference type, as in TextKit, so a layout manager sees changes to its
/// exclusion paths; call `LayoutManager.invalidateLayout(for:)` (or let the editor do it) after
/// changing them. Not thread-safe: confine a container to the thread that lays it out.
///
/// The class is `final`: where TextKit subclasses `NSTextContainer` to change its outline (the
/// seeds' circular container), give it a ``TextContainerShape`` instead. Composition keeps the
/// exclusion handling, caching and the layout manager's assumptions in one place that no override
/// can bypass, and a shape is a plain value that can be tested, shared and swapped.
public final class TextContainer {
    /// Width and height in points; `height` may be `.infinity` (the seeds use CGFLOAT_MAX).
    public var size: Size
    /// Inset on each side of every line fragment, TextKit's default 5 pt.
    public var lineFragmentPadding: Double
    /// At most this many lines; 0 = unlimited.
    public var maximumNumberOfLines: Int
    /// How the last allowed line ends when text remains (only with a line limit or finite height).
    public var lineBreakMode: LineBreakMode
    /// Areas no text may enter, in container coordinates.
    public var exclusionPaths: [BezierPath] {
        didSet { cachedPolygons = nil }
    }
    /// Alpha-mask exclusions (text wraps around an image's opaque pixels), in container coordinates.
    public var exclusionMasks: [ExclusionMask]
    /// The outline text fills instead of the container's rectangle (TextKit: a container subclass
    /// overriding `lineFragmentRect(forProposedRect:…)`); nil = the rectangle. Clipped to the
    /// container's width; exclusions are cut out of it.
    public var shape: (any TextContainerShape)?
    /// Whether the width follows the view (the seeds' `widthTracksTextView`); informational here.
    public var widthTracksTextView: Bool
    /// Whether the height follows the view.
    public var heightTracksTextView: Bool

    private var cachedPolygons: [Polygon]?

    /// A container of `size` with TextKit's defaults (5 pt padding, no line limit, word wrap).
    public init(size: Size, lineFragmentPadding: Double = 5) {
        self.size = size
        self.lineFragmentPadding = lineFragmentPadding
        self.maximumNumberOfLines = 0
        self.lineBreakMode = .byWordWrapping
        self.exclusionPaths = []
        self.exclusionMasks = []
        self.shape = nil
        self.widthTracksTextView = false
        self.heightTracksTextView = false
    }

    /// Flattened exclusion polygons with their bounds, computed once per change of the paths.
    var polygons: [Polygon] {
        if let cachedPolygons { return cachedPolygons }
        let made = exclusionPaths.flatMap { $0.flattened() }.map(Polygon.init)
        cachedPolygons = made
        return made
    }

    /// Whether lines are plain bands of the container's rectangle: no shape and no exclusions
    /// (TextKit `isSimpleRectangularTextContainer`).
    public var isSimpleRectangularTextContainer: Bool {
        shape == nil && exclusionPaths.isEmpty && exclusionMasks.isEmpty
    }

    /// The horizontal segments of the band `y ..< y + height` that are free of exclusions, inside
    /// the container (and its ``shape``), left to right (TextKit's
    /// `lineFragmentRect(forProposedRect:…)` generalised to return every free piece, so text flows
    /// on both sides of an exclusion).
    public func freeSegments(y: Double, height: Double) -> [Rect] {
        var blocked: [(Double, Double)] = []
        for polygon in polygons {
            if let span = polygon.horizontalExtent(y0: y, y1: y + height) { blocked.append(span) }
        }
        for mask in exclusionMasks {
            if let span = mask.horizontalExtent(y0: y, y1: y + height) { blocked.append(span) }
        }
        let band = Rect(x: 0, y: y, width: size.width, height: height)
        guard let shape else { return Self.subtract(blocked, from: [band]) }
        let inside = shape.segments(in: band, containerSize: size).compactMap { piece -> Rect? in
            let clipped = piece.intersection(band)
            return clipped.width > 0 ? Rect(x: clipped.minX, y: y, width: clipped.width, height: height) : nil
        }
        return Self.subtract(blocked, from: inside)
    }

    /// `pieces` (left to right) with the x-ranges in `blocked` cut out.
    private static func subtract(_ blocked: [(Double, Double)], from pieces: [Rect]) -> [Rect] {
        guard !blocked.isEmpty else { return pieces.filter { $0.width > 0 } }
        let blocked = blocked.sorted { $0.0 < $1.0 }
        var segments: [Rect] = []
        for piece in pieces {
            var cursor = piece.minX
            for (start, end) in blocked where end > cursor {
                if start >= piece.maxX { break }
                if start > cursor { segments.append(Rect(x: cursor, y: piece.minY, width: start - cursor, height: piece.height)) }
                cursor = end
                if cursor >= piece.maxX { break }
            }
            if cursor < piece.maxX { segments.append(Rect(x: cursor, y: piece.minY, width: piece.maxX - cursor, height: piece.height)) }
        }
        return segments.filter { $0.width > 0 }
    }

    /// TextKit's `lineFragmentRect(forProposedRect:at:writingDirection:remainingRect:)`: the first
    /// free piece of the proposed rectangle's band at or after its `minX`, and the free piece after
    /// that (`remaining`), or nil. The line-fragment padding is not applied (the typesetter insets
    /// it, as TextKit does).
    public func lineFragmentRect(forProposedRect proposedRect: Rect) -> (rect: Rect, remaining: Rect?) {
        let pieces = freeSegments(y: proposedRect.minY, height: proposedRect.height).compactMap { piece -> Rect? in
            let x0 = max(piece.minX, proposedRect.minX), x1 = min(piece.maxX, proposedRect.maxX)
            return x1 > x0 ? Rect(x: x0, y: piece.minY, width: x1 - x0, height: piece.height) : nil
        }
        guard let first = pieces.first else { return (Rect(x: proposedRect.minX, y: proposedRect.minY, width: 0, height: 0), nil) }
        return (first, pieces.count > 1 ? pieces[1] : nil)
    }

    /// Whether a word wider than `segment` may be broken between characters there, rather than the
    /// segment left empty: when it is the only place text could ever go — the container's full
    /// width, or the band's only piece in a rectangular container. In a shaped container a lone
    /// piece may be a sliver (a circle's top), so only a piece at least half the shape's width
    /// counts: a word wider than that is broken rather than pushed down in search of room.
    func allowsForcedBreak(in segment: Rect, segmentCount: Int) -> Bool {
        if segment.width >= size.width - 1e-6 { return true }
        guard let shape else { return segmentCount == 1 }
        return segmentCount == 1 && segment.width >= shape.bounds(containerSize: size).width / 2
    }

    /// How far a shaped container's layout moves down when a band has no room: a shape can widen
    /// at any height (a circle's top), so the typesetter probes in steps this small.
    static let shapeProbeStep = 1.0

    /// Where layout tries next when no free segment of the band `y ..< y + height` takes text, or
    /// nil when nothing lower in this container can (the text continues in the next container).
    func nextTop(afterFullBandAt y: Double, height: Double) -> Double? {
        let exclusionBottom = bottomOfExclusions(intersecting: y, height: height)
        guard let shape else { return exclusionBottom.map { max($0, y + 1) } }
        let box = shape.bounds(containerSize: size)
        if y < box.minY { return box.minY }
        if y + height >= box.maxY { return nil }
        // Jumping past an exclusion could skip room beside it where the shape widens: probe.
        return y + Self.shapeProbeStep
    }

    /// The lowest y at which an exclusion intersecting the band `y ..< y + height` ends, so a
    /// layout that finds no room can jump past it instead of creeping down.
    func bottomOfExclusions(intersecting y: Double, height: Double) -> Double? {
        var bottom: Double?
        for polygon in polygons where polygon.horizontalExtent(y0: y, y1: y + height) != nil {
            bottom = max(bottom ?? polygon.bounds.maxY, polygon.bounds.maxY)
        }
        for mask in exclusionMasks where mask.horizontalExtent(y0: y, y1: y + height) != nil {
            if let maskBottom = mask.opaqueBottom { bottom = max(bottom ?? maskBottom, maskBottom) }
        }
        return bottom
    }

    /// Whether lines in the band depend on more than the container's width: an exclusion reaches
    /// into it, or the container has a shape (every band of a shape can differ).
    func hasExclusion(y: Double, height: Double) -> Bool {
        if shape != nil { return true }
        return polygons.contains { $0.horizontalExtent(y0: y, y1: y + height) != nil }
            || exclusionMasks.contains { $0.horizontalExtent(y0: y, y1: y + height) != nil }
    }
}

/// How a line that does not fit ends (TextKit `NSLineBreakMode`, the modes this stack implements).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Break at word boundaries (UAX #14); a word wider than the line is broken by character.
    case byWordWrapping
    /// Break at any grapheme boundary.
    case byCharWrapping
    /// Cut the last line and end it with "…".
    case byTruncatingTail
    /// Cut the last line without an ellipsis.
    case byClipping
}

/// A flattened exclusion polygon.
struct Polygon {
    let points: [Point]
    let bounds: Rect

    init(_ points: [Point]) {
        self.points = points
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        for p in points {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        bounds = points.isEmpty ? .zero : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The x-range the polygon covers within the band `y0 ..< y1`, or nil if it does not reach it.
    /// For each edge, the part inside the band contributes its x-extent (vertices inside the band
    /// and crossings of the band's top and bottom).
    func horizontalExtent(y0: Double, y1: Double) -> (Double, Double)? {
        guard bounds.maxY > y0, bounds.minY < y1, points.count >= 2 else { return nil }
        var lo = Double.infinity, hi = -Double.infinity
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            let top = max(min(a.y, b.y), y0), bottom = min(max(a.y, b.y), y1)
            guard top <= bottom else { continue }
            if a.y == b.y {
                lo = min(lo, a.x, b.x)
                hi = max(hi, a.x, b.x)
                continue
            }
            for y in [top, bottom] {
                let t = (y - a.y) / (b.y - a.y)
                let x = a.x + (b.x - a.x) * t
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
        return lo <= hi && hi - lo > 0 ? (lo, hi) : nil
    }
}
