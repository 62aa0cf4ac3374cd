/// The keys the screen file format accepts, per object — the one table the reader checks unknown
/// keys against, the writer's vocabulary, and what the tests compare `Schemas/screen.schema.json`
/// with, so the schema and the reader cannot drift apart.
package enum ScreenFileKeys {
    /// The top-level screen object.
    package static let screen = [
        "schemaVersion", "name", "device", "width", "background", "padding", "spacing", "scrolls",
        "minimumCategory", "maximumCategory", "views",
    ]

    /// Keys every view has.
    package static let common = ["kind", "id", "minimumCategory", "maximumCategory"]

    /// A label's own keys (also a button's title keys).
    package static let labelFields = [
        "text", "key", "style", "font", "lines", "lineBreak", "width", "insets", "color", "background", "alignment",
        "adjustsFontForContentSizeCategory", "minimumScaleFactor",
    ]

    /// A view kind's keys, including ``common``.
    package static func keys(for kind: ScreenView.Kind) -> [String] {
        common + ownKeys(for: kind)
    }

    /// A view kind's keys, without ``common``.
    package static func ownKeys(for kind: ScreenView.Kind) -> [String] {
        switch kind {
        case .label: labelFields
        case .button: labelFields + ["contentInsets", "minimumTapTarget", "cornerRadius"]
        case .image: ["width", "height", "scalesWith", "maximumSize", "circular", "color", "label"]
        case .textView:
            [
                "text", "key", "file", "style", "font", "rules", "exclusions", "height", "columns", "insets", "color", "background",
                "adjustsFontForContentSizeCategory",
            ]
        case .stack: ["axis", "accessibilityAxis", "spacing", "alignment", "padding", "width", "background", "children"]
        case .table: ["cell", "rows", "rowHeight", "cellPadding", "separators", "background"]
        }
    }

    /// An explicit `font` object.
    package static let font = ["family", "file", "size", "weight", "italic", "relativeTo", "maximumPointSize"]

    /// Insets given side by side.
    package static let insetSides = ["top", "leading", "bottom", "trailing"]

    /// Insets given per axis.
    package static let insetAxes = ["vertical", "horizontal"]

    /// A text view's exclusion shape.
    package static let exclusion = ["shape", "x", "y", "width", "height", "points", "file"]
}
