import DynamicTypeCore
import TextStack

/// A button (`UIButton`): its title is a label inside content insets; the tap target is the
/// button's frame, which should be at least ``minimumTapTarget`` points in each direction.
package struct ButtonSpec: Hashable, Sendable {
    /// Apple's Human Interface Guidelines' minimum tap target, 44 × 44 pt.
    public static let recommendedTapTarget = 44.0

    /// The view's id.
    public var id: String
    /// The title (its text, font, lines, line break, colours). Its `width` is the button's width.
    public var title: LabelSpec
    /// Space between the button's edges and its title (default 12 pt above and below, 20 pt on the sides).
    public var contentInsets: EdgeInsets
    /// The smallest tap target accepted, in points (default 44).
    public var minimumTapTarget: Double
    /// Corner radius of the drawn background.
    public var cornerRadius: Double
    /// The categories the view sees.
    public var limits: CategoryLimits

    /// A button.
    public init(
        id: String, title: LabelSpec, contentInsets: EdgeInsets = EdgeInsets(vertical: 12, horizontal: 20),
        minimumTapTarget: Double = ButtonSpec.recommendedTapTarget, cornerRadius: Double = 8, limits: CategoryLimits = .none
    ) {
        self.id = id
        self.title = title
        self.contentInsets = contentInsets
        self.minimumTapTarget = minimumTapTarget
        self.cornerRadius = cornerRadius
        self.limits = limits
    }
}
