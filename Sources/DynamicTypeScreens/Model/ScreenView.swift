/// One view of a screen. Every view has a ``kind`` and an ``id`` (unique in its screen); stacks
/// and tables hold other views.
package indirect enum ScreenView: Hashable, Sendable {
    /// A `UILabel` / SwiftUI `Text`.
    case label(LabelSpec)
    /// A `UIButton`: a label inside content insets, with a minimum tap target.
    case button(ButtonSpec)
    /// A `UIImageView` of a fixed or `@ScaledMetric` size (drawn as a placeholder).
    case image(ImageSpec)
    /// A `UITextView`: long text with highlight rules and exclusion paths, in a fixed-height or
    /// growing box.
    case textView(TextViewSpec)
    /// A `UIStackView` / `HStack` / `VStack`, with an axis for accessibility sizes.
    case stack(StackSpec)
    /// A `UITableView`: rows made from a cell template.
    case table(TableSpec)

    /// The view kinds, as the file format spells them.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case label, button, image, textView, stack, table
    }

    /// The view's kind.
    public var kind: Kind {
        switch self {
        case .label: .label
        case .button: .button
        case .image: .image
        case .textView: .textView
        case .stack: .stack
        case .table: .table
        }
    }

    /// The view's id.
    public var id: String {
        switch self {
        case .label(let spec): spec.id
        case .button(let spec): spec.id
        case .image(let spec): spec.id
        case .textView(let spec): spec.id
        case .stack(let spec): spec.id
        case .table(let spec): spec.id
        }
    }

    /// The categories the view is limited to.
    public var limits: CategoryLimits {
        switch self {
        case .label(let spec): spec.limits
        case .button(let spec): spec.limits
        case .image(let spec): spec.limits
        case .textView(let spec): spec.limits
        case .stack(let spec): spec.limits
        case .table(let spec): spec.limits
        }
    }

    /// The views directly inside this one (a stack's children, a table's cell template).
    public var children: [ScreenView] {
        switch self {
        case .stack(let spec): spec.children
        case .table(let spec): [spec.cell]
        default: []
        }
    }
}
