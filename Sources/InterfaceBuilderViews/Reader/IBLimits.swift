/// How much of an Interface Builder file is read, so a hostile file cannot take unbounded time or
/// memory. Real files stay far below (issue 34's survey of 98 files: 1,014 views and 2,184
/// constraints in all, a median of 13 constraints a file); Xcode's own limits are not documented.
package enum IBLimits {
    /// The most views in one file.
    package static let maximumViews = 20_000
    /// The most constraints in one file.
    package static let maximumConstraints = 100_000
    /// The deepest nesting of XML elements.
    package static let maximumDepth = 256
    /// The largest coordinate, size or constant, in points (a magnitude).
    package static let maximumLength = 100_000.0
    /// The largest multiplier magnitude.
    package static let maximumMultiplier = 1_000.0
    /// The most lines a label may ask for (`numberOfLines`).
    package static let maximumLines = 10_000
    /// The most characters of one text kept.
    package static let maximumTextLength = 100_000
    /// The widest root view (a scene, top-level view or cell) laid out, in points: a view drawn
    /// wider than its device keeps its recorded width, and the image is that wide. The widest
    /// `--width` a run takes; beyond it the pixels (and the PNG's side limit) are out of reach.
    package static let maximumRootWidth = 4_000.0
}
