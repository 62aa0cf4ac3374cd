import DynamicTypeCore

/// The outline text fills inside a ``TextContainer`` instead of its plain rectangle: the
/// composition counterpart of subclassing `NSTextContainer` and overriding
/// `lineFragmentRect(forProposedRect:at:writingDirection:remainingRect:)` (the seeds' circular
/// container).
///
/// The typesetter asks for whole line bands: a shape answers which parts of the band lie inside it
/// from the band's top to its bottom, left to right. Returning every piece at once (rather than one
/// rectangle and a "remaining" one) lets text flow on both sides of a notch, as for exclusion
/// paths. A container's exclusion paths and masks are then cut out of those pieces.
///
/// Conform a value type and keep it immutable: the container keeps no cache of it, and after
/// replacing a container's shape call ``LayoutManager/invalidateLayout()``.
///
/// ```swift
/// let container = TextContainer(size: Size(width: 300, height: 300))
/// container.shape = CircularContainerShape()   // the circle inscribed in 300×300
/// ```
public protocol TextContainerShape {
    /// The parts of `band` inside the shape over the band's whole height, left to right, each a
    /// rectangle with the band's `minY` and height (container coordinates, y down).
    ///
    /// - Parameters:
    ///   - band: The line band, spanning the container's width (`x` 0, `width` = container width).
    ///   - containerSize: The container's size, for shapes defined relative to it.
    func segments(in band: Rect, containerSize: Size) -> [Rect]

    /// The smallest rectangle holding the shape in a container of `containerSize`: layout starts
    /// no line above its top and stops at its bottom.
    func bounds(containerSize: Size) -> Rect
}

extension TextContainerShape {
    /// TextKit's single-rectangle form of ``segments(in:containerSize:)``: the first inside piece
    /// of `proposedRect`'s band that starts at or after its `minX`, and the piece after it (TextKit's
    /// `remainingRect`), or nil.
    public func lineFragmentRect(forProposedRect proposedRect: Rect, containerSize: Size) -> (rect: Rect, remaining: Rect?) {
        let band = Rect(x: 0, y: proposedRect.minY, width: containerSize.width, height: proposedRect.height)
        let pieces = segments(in: band, containerSize: containerSize).compactMap { piece -> Rect? in
            let clipped = piece.intersection(Rect(x: proposedRect.minX, y: piece.minY, width: proposedRect.width, height: piece.height))
            return clipped.width > 0 ? clipped : nil
        }
        guard let first = pieces.first else { return (Rect(x: proposedRect.minX, y: proposedRect.minY, width: 0, height: 0), nil) }
        return (first, pieces.count > 1 ? pieces[1] : nil)
    }
}
