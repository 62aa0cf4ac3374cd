import DynamicTypeCore
import TextStack

/// An image (`UIImageView`), drawn as a placeholder of its size; with `scalesWith` its size scales
/// like SwiftUI's `@ScaledMetric(relativeTo:)` (`UIFontMetrics.scaledValue(for:)`).
package struct ImageSpec: Hashable, Sendable {
    /// The view's id.
    public var id: String
    /// Width at the default category, in points.
    public var width: Double
    /// Height at the default category, in points.
    public var height: Double
    /// The style whose scale factor the size follows; nil = fixed size.
    public var scalesWith: TextStyle?
    /// The largest width or height scaling may give.
    public var maximumSize: Double?
    /// Drawn as a circle (an avatar) instead of a rounded rectangle.
    public var circular: Bool
    /// The placeholder's fill.
    public var color: RGBAColor
    /// What the image shows (for reports; the accessibility label).
    public var label: String?
    /// The categories the view sees.
    public var limits: CategoryLimits

    /// An image.
    public init(
        id: String, width: Double, height: Double, scalesWith: TextStyle? = nil, maximumSize: Double? = nil,
        circular: Bool = false, color: RGBAColor = RGBAColor(white: 0.8), label: String? = nil, limits: CategoryLimits = .none
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.scalesWith = scalesWith
        self.maximumSize = maximumSize
        self.circular = circular
        self.color = color
        self.label = label
        self.limits = limits
    }
}
