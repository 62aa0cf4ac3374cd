import SwiftStaticFacts

/// What a finding found in one file needs from the others to stand: files are read in parallel,
/// and the font scaled elsewhere, a constant declared elsewhere, or the code that restyles an
/// Interface Builder label are in other files. Judged once every file is read (``ProjectFacts``).
package enum FindingCondition: Sendable, Hashable {
    /// Stands unless some file passes this property or function through a scaling call
    /// (`UIFontMetrics.default.scaledFont(for: Fonts.title)`).
    case notScaledElsewhere(String)
    /// Stands if the height is a fixed number other than 0 once constants are known
    /// (`Metrics.rowHeight`, `Size.large.height`).
    case fixedNonZeroNumber(NumericExpression)
    /// An Interface Builder font: stands unless code replaces it with a font that is not fixed
    /// (a text style, a scaled font, or one lint cannot judge: the file's font is not what shows).
    case interfaceBuilderFontKept(InterfaceBuilderViewLink)
    /// An Interface Builder text style without Automatically Adjusts Font: stands unless code sets
    /// `adjustsFontForContentSizeCategory = true` on the view or restyles its font.
    case interfaceBuilderNotAdjustedInCode(InterfaceBuilderViewLink)
    /// A height on a label with a fixed font, which cannot clip unless code gives it a font that
    /// scales: stands only then.
    case interfaceBuilderRestyledScaling(InterfaceBuilderViewLink)
    /// A height on the label `property` of the type `owner` (a class and its extensions, in any
    /// file): stands unless every font code sets on it is of a fixed size, which cannot outgrow the
    /// height (the fixed-font rule reports the font; ``interfaceBuilderRestyledScaling(_:)`` is the
    /// Interface Builder side).
    case labelFontMayScale(owner: String, property: String)
    /// A height on the button `property` of the type `owner`: stands only when some code (in any
    /// file) gives it a title font that scales; a button left at UIKit's default title font (a
    /// fixed 15 pt) cannot outgrow the height.
    case viewTitleFontScales(owner: String, property: String)
    /// Attributed text given to a view and built elsewhere (`label.attributedText =
    /// mode.buildHeaderText(email:)`): stands when some file's attributed text of one of these
    /// names holds a text style or scaled font (``SwiftFileFacts/scalingAttributedProducers()``).
    case attributedTextScales(names: [String])
    /// A text style set once on the property `property` of the type `owner`: stands unless some
    /// file — another extension, a superclass (`super.configure()` setting it), or an Interface
    /// Builder document whose outlet to it has Automatically Adjusts Font checked — makes it adjust.
    case notAdjustedElsewhere(owner: String, property: String)
    /// A fixed font whose size names properties or functions (`FontSettings.fontSizeForHeaderView`):
    /// stands unless some file's property or function of one of those names reads the text size
    /// (a size that follows it when the font is made).
    case sizeNotReadFromTextSize(names: [String])
}

/// How an Interface Builder view is reached from code: its own class (`customClass`), and the
/// outlets that point at it, each by its owner's class and property (`titleLabel` of
/// `ProfileViewController`).
package struct InterfaceBuilderViewLink: Sendable, Hashable {
    /// The view's `customClass`, if it has one.
    package var customClass: String?
    /// `(owner class, property)` of each outlet whose destination is the view.
    package var outlets: [OutletReference]

    /// A view reached through `customClass` and `outlets`.
    package init(customClass: String?, outlets: [OutletReference]) {
        self.customClass = customClass
        self.outlets = outlets
    }
}

/// An outlet: the property `property` of the class `ownerClass`.
package struct OutletReference: Sendable, Hashable {
    /// The owner's class (the view controller's, the cell's, the File's Owner's `customClass`).
    package var ownerClass: String
    /// The property's name.
    package var property: String

    /// The outlet `property` of `ownerClass`.
    package init(ownerClass: String, property: String) {
        self.ownerClass = ownerClass
        self.property = property
    }
}
