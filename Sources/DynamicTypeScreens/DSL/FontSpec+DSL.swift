import DynamicTypeCore

extension FontSpec {
    /// An explicit font, as `.font(.custom(family: "DejaVu Serif", size: 17, relativeTo: .body))`.
    public static func custom(
        family: String? = nil, file: String? = nil, size: Double, weight: FontWeight = .regular, italic: Bool = false,
        relativeTo: TextStyle? = nil, maximumPointSize: Double? = nil
    ) -> FontSpec {
        .custom(
            CustomFont(
                family: family, file: file, size: size, weight: weight, italic: italic, relativeTo: relativeTo,
                maximumPointSize: maximumPointSize))
    }
}
