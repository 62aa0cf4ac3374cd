/// The region text is laid out in (TextKit `NSTextContainer`): a size, padding, a line limit and
/// exclusion paths that text flows around.
///
/// A container is a reference type, as in TextKit, so a layout manager sees changes to its
/// exclusion paths; call `LayoutManager.invalidateLayout(for:)` (or let the editor do it) after
/// changing them. Not thread-safe: confine a container to the thread that lays it out.
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

    /// The horizontal segments of the band `y ..< y + height` that are free of exclusions, inside
    /// the container, left to right (TextKit's `lineFragmentRect(forProposedRect:…)` generalised to
    /// return every free piece, so text flows on both sides of an exclusion).
    public func freeSegments(y: Double, height: Double) -> [Rect] {
        var blocked: [(Double, Double)] = []
        for polygon in polygons {
            if let span = polygon.horizontalExtent(y0: y, y1: y + height) { blocked.append(span) }
        }
        blocked.sort { $0.0 < $1.0 }
        var segments: [Rect] = []
        var cursor = 0.0
        for (start, end) in blocked {
            if start > cursor { segments.append(Rect(x: cursor, y: y, width: min(start, size.width) - cursor, height: height)) }
            cursor = max(cursor, end)
            if cursor >= size.width { break }
        }
        if cursor < size.width { segments.append(Rect(x: cursor, y: y, width: size.width - cursor, height: height)) }
        return segments.filter { $0.width > 0 }
    }

    /// The lowest y at which an exclusion intersecting the band `y ..< y + height` ends, so a
    /// layout that finds no room can jump past it instead of creeping down.
    func bottomOfExclusions(intersecting y: Double, height: Double) -> Double? {
        var bottom: Double?
        for polygon in polygons where polygon.horizontalExtent(y0: y, y1: y + height) != nil {
            bottom = max(bottom ?? polygon.bounds.maxY, polygon.bounds.maxY)
        }
        return bottom
    }

    /// Whether any exclusion reaches into the band.
    func hasExclusion(y: Double, height: Double) -> Bool {
        polygons.contains { $0.horizontalExtent(y0: y, y1: y + height) != nil }
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
