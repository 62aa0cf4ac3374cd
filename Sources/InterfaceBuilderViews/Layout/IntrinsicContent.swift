/// What a view's content asks of the layout at one category: its intrinsic size on each axis
/// (nil: none, as `UIView.noIntrinsicMetric`) and, for text, where its baselines sit.
struct IntrinsicContent: Sendable {
    /// The intrinsic width.
    var width: Double?
    /// The intrinsic height.
    var height: Double?
    /// The text's height (its lines), for the baselines of a box taller than its text: UILabel
    /// centres its text vertically.
    var textHeight: Double?
    /// The first line's baseline from the top of the text.
    var firstBaseline: Double?
    /// The last line's baseline from the top of the text.
    var lastBaseline: Double?

    /// No intrinsic size.
    static let none = IntrinsicContent()
}
