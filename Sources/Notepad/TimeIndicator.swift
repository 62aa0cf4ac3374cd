import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// The seed's `TimeIndicatorView`: the note's date in a circle at the editor's top-right corner,
/// sized for the current category, whose circle is the text's exclusion path.
///
/// Geometry follows the seed: the label holds "dd\nMMMM yyyy" in caption 2, centred; the circle's
/// radius is half the label's larger side + 20 pt; the view is moved so the label sits 5 pt from
/// the top and right edges (`updateSize` + `updateTimeIndicatorFrame`), and the exclusion path is
/// the circle around the view's centre (`curvePathWithOrigin:`).
package struct TimeIndicator: Hashable, Sendable {
    /// The label's text: day, newline, month and year.
    public var text: String
    /// The label's font (caption 2 at the category).
    public var font: ResolvedFont
    /// The label's size (sizeToFit, two lines).
    public var labelSize: Size
    /// The circle's radius.
    public var radius: Double
    /// The circle's centre in the editor's coordinates.
    public var center: Point
    /// The label's frame in the editor's coordinates.
    public var labelFrame: Rect
    /// The label's laid-out lines, relative to the label's origin.
    public var lines: [LineFragment]

    /// The indicator for `date` in an editor `viewWidth` wide.
    public static func make(
        date: Date, viewWidth: Double, setting: TextSizeSetting, profile: TypeRampProfile, resolver: FontResolver
    ) throws -> TimeIndicator {
        let font = try resolver.resolve(
            FontDescriptor.preferred(
                for: profile.has(.caption2) ? .caption2 : .body, category: setting.category,
                legibilityWeight: setting.legibilityWeight, profile: profile))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd\nMMMM yyyy"
        let text = formatter.string(from: date)
        var attributes = TextAttributes(resolvedFont: font)
        attributes.paragraphStyle = ParagraphStyle(alignment: .center)
        attributes.foregroundColor = .white
        let storage = TextStorage(string: text, attributes: attributes)
        let size = try LayoutManager.sizeThatFits(storage, width: .infinity, lineFragmentPadding: 0, resolver: resolver)
        // Lay the label out at its own width so the centred lines have their final positions.
        let manager = try LayoutManager(resolver: resolver, defaultFont: font)
        manager.addTextContainer(TextContainer(size: Size(width: size.width, height: .infinity), lineFragmentPadding: 0))
        manager.attach(to: storage)
        let lines = manager.lineFragments
        let radius = max(size.width, size.height) * 0.5 + 20
        let padding = 5.0
        // updateSize: label centred in a 2r × 2r view, then the view's centre moved by the label's
        // origin (seed: center.x + label.x − padding, center.y − label.y + padding) …
        let labelOrigin = Point(x: radius - size.width / 2, y: radius - size.height / 2)
        var center = Point(x: radius + labelOrigin.x - padding, y: radius - labelOrigin.y + padding)
        // … and updateTimeIndicatorFrame offsets the frame to the right edge.
        center.x += viewWidth - 2 * radius
        let labelFrame = Rect(
            x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        return TimeIndicator(
            text: text, font: font, labelSize: size, radius: radius, center: center, labelFrame: labelFrame, lines: lines)
    }

    /// The exclusion path: the circle around the indicator (the seed's `curvePathWithOrigin:`).
    public var exclusionPath: BezierPath {
        BezierPath(arcCenter: center, radius: radius, startAngle: -.pi, endAngle: 2 * .pi, clockwise: true)
    }

    /// Whether `rect` (editor coordinates) reaches inside the circle: its nearest point to the
    /// centre is closer than the radius (touching the rim is not inside).
    package func overlaps(_ rect: Rect) -> Bool {
        guard !rect.isEmpty else { return false }
        let dx = min(max(center.x, rect.minX), rect.maxX) - center.x
        let dy = min(max(center.y, rect.minY), rect.maxY) - center.y
        return dx * dx + dy * dy < radius * radius - 1e-6
    }
}
