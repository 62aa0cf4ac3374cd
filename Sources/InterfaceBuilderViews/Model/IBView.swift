import DynamicTypeCore

/// One view of an Interface Builder file as read: its element, IB object id and line, the frame
/// Xcode recorded, its Auto Layout inputs and what it shows. Views of one screen live in a flat
/// array (``IBScreen/views``) with parent and child indices, parents before children.
package struct IBView: Sendable, Hashable {
    /// The XML element (`label`, `stackView`, `tableViewCellContentView`).
    package var element: String
    /// The UIKit class the element stands for (`UILabel`).
    package var baseClass: String
    /// What is laid out and drawn.
    package var kind: IBViewKind
    /// The IB object id (`abc-12-xyz`).
    package var id: String
    /// The user's class (`customClass`), laid out as its base class.
    package var customClass: String?
    /// The label Interface Builder shows (`userLabel`), for messages.
    package var userLabel: String?
    /// The line of the element's start tag.
    package var line: Int
    /// The frame Xcode recorded (`<rect key="frame">`), in the superview's coordinates.
    package var frame: Rect?
    /// `hidden="YES"`: not drawn; in a stack view, not arranged.
    package var hidden = false
    /// Whether the view's autoresizing mask becomes constraints (IB's default unless
    /// `translatesAutoresizingMaskIntoConstraints="NO"`): then its frame is fixed where it was drawn.
    package var translatesAutoresizingMask = true
    /// The autoresizing mask (`<autoresizingMask>`), which UIKit turns into constraints when
    /// ``translatesAutoresizingMask`` is on; nil: none (the frame stays where it was drawn).
    package var autoresizing: IBAutoresizing?
    /// Content hugging priorities (horizontal, vertical); UIKit's default is 250, IB writes 251 for labels.
    package var hugging = AxisPair(250, 250)
    /// Compression-resistance priorities (horizontal, vertical); default 750.
    package var compressionResistance = AxisPair(750, 750)
    /// Explicit layout margins (`<edgeInsets key="layoutMargins">`), nil: UIKit's default.
    package var layoutMargins: EdgeInsets?
    /// Whether ``layoutMargins`` were given left and right (`<edgeInsets key="layoutMargins">`),
    /// which do not flip in right-to-left layout, rather than leading and trailing.
    package var absoluteMargins = false
    /// `semanticContentAttribute`: whether the view flips in right-to-left layout.
    package var semanticContent = IBSemanticContent.unspecified
    /// Whether the view is laid out right to left (set for a run by ``IBLayoutDirection``): its
    /// leading edge, margins and arranged subviews start at the right.
    package var rightToLeft = false
    /// `preservesSuperviewLayoutMargins`.
    package var preservesSuperviewLayoutMargins = false
    /// `insetsLayoutMarginsFromSafeArea` (default true).
    package var insetsLayoutMarginsFromSafeArea = true
    /// The id of the view's safe area guide (`<viewLayoutGuide key="safeArea">`).
    package var safeAreaGuide: String?
    /// A table cell's standard accessory (`accessoryType`), which takes room at the cell's
    /// trailing edge: its content view is narrower by it.
    package var accessory: IBAccessory?
    /// The text of a label, button or text field, with its font and line settings.
    package var text: IBText?
    /// A stack view's arrangement.
    package var stack: IBStack?
    /// An image view's image name (its size comes from the file's `<resources>`).
    package var imageName: String?
    /// The intrinsic size Interface Builder was told to use (`intrinsicContentSize` placeholder), if any.
    package var placeholderIntrinsicSize: Size?
    /// The constraints the element holds (`<constraints>`), with items defaulted to it.
    package var constraints: [IBConstraint] = []
    /// The index of the superview in the screen's views (nil for the root).
    package var parent: Int?
    /// The subviews' indices, in document (z) order.
    package var children: [Int] = []

    /// The name messages use: `UILabel "Title" (abc-12-xyz, line 14)`.
    package var displayName: String {
        let name = customClass.map { "\($0) (a \(baseClass))" } ?? baseClass
        let text = self.text.map { " \"\($0.text.prefix(24))\"" } ?? userLabel.map { " \"\($0)\"" } ?? ""
        return "\(name)\(text) \(id)"
    }
}

/// A view's `semanticContentAttribute` (UISemanticContentAttribute).
package enum IBSemanticContent: String, Sendable, Hashable {
    /// Flips with the app's layout direction (the default).
    case unspecified
    /// Playback controls: never flipped.
    case playback
    /// Directional controls: never flipped.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}

/// A table cell's standard accessory (`UITableViewCell.AccessoryType`).
package enum IBAccessory: String, Sendable, Hashable {
    /// A chevron (`disclosureIndicator`).
    case disclosureIndicator
    /// A checkmark.
    case checkmark
    /// An info button (`detailButton`).
    case detailButton
    /// An info button and a chevron (`detailDisclosureButton`).
    case detailDisclosureButton
}

/// A horizontal and a vertical value (priorities).
package struct AxisPair: Sendable, Hashable {
    /// The horizontal value.
    package var horizontal: Double
    /// The vertical value.
    package var vertical: Double

    /// A pair.
    package init(_ horizontal: Double, _ vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// What a view is, for layout and drawing.
package enum IBViewKind: Sendable, Hashable {
    /// A plain container (`UIView`, cells' content views, visual-effect views).
    case container
    /// A label.
    case label
    /// A button (its title is ``IBView/text``).
    case button
    /// A text field (one line of text in it; its placeholder when empty).
    case textField
    /// An image view.
    case image
    /// A stack view (its arranged subviews are its visible subviews).
    case stack
    /// A scroll view (its subviews are its content).
    case scroll
    /// A table or collection cell (its content view is its one child).
    case cell
    /// Something whose content is not in the file (table and collection contents, web and map
    /// views, custom drawing): an opaque box of its frame.
    case opaque(reason: String)
    /// A control of fixed intrinsic size (switch, activity indicator, page control…), from the metrics table.
    case control
}

/// A label's, button's or text field's text.
package struct IBText: Sendable, Hashable {
    /// The text (a button's normal title, a text field's text or placeholder).
    package var text: String
    /// The property the text is, as Interface Builder's strings files key it after the object
    /// id (`text`, `placeholder`, `normalTitle`, `configuration.title`): ``IBLocalizedText`` looks
    /// `"<id>.<property>"` up in a locale's strings.
    package var property = "text"
    /// The font.
    package var font: IBFont
    /// `numberOfLines` (0: unlimited; UILabel's default 1).
    package var numberOfLines = 1
    /// `lineBreakMode` as IB writes it (`tailTruncation`, `wordWrap`…).
    package var lineBreakMode = "tailTruncation"
    /// `textAlignment` (`natural`, `center`, `right`…).
    package var alignment = "natural"
    /// `adjustsFontForContentSizeCategory`.
    package var adjustsFontForContentSizeCategory = false
    /// `minimumScaleFactor` with `adjustsFontSizeToFit` (nil: never shrinks).
    package var minimumScaleFactor: Double?
    /// Whether the title uses a button configuration (iOS 15 `UIButton.Configuration`), which
    /// pads the title differently and scales its default font.
    package var buttonConfiguration = false
}

/// A font as Interface Builder describes it (`<fontDescription>`).
package enum IBFont: Sendable, Hashable {
    /// A text style (`UICTFontTextStyleBody`): scales with the category when the view adjusts.
    case textStyle(TextStyle)
    /// A fixed size of the system font (`type="system"`, `boldSystem`, `italicSystem`, a weight).
    case system(size: Double, weight: FontWeight, italic: Bool)
    /// A named font (`name="Avenir-Book" family="Avenir"`) at a fixed size.
    case named(family: String, size: Double, weight: FontWeight, italic: Bool)

    /// The point size at `large` for fixed fonts; nil for text styles.
    package var fixedSize: Double? {
        switch self {
        case .textStyle: nil
        case .system(let size, _, _), .named(_, let size, _, _): size
        }
    }
}

/// A stack view's arrangement.
package struct IBStack: Sendable, Hashable {
    /// `axis` (IB's default horizontal).
    package var vertical = false
    /// `distribution`: fill, fillEqually, fillProportionally, equalSpacing, equalCentering.
    package var distribution = "fill"
    /// `alignment`: fill, top/leading, center, bottom/trailing, firstBaseline, lastBaseline.
    package var alignment = "fill"
    /// `spacing` in points.
    package var spacing = 0.0
    /// `layoutMarginsRelativeArrangement`.
    package var marginsRelative = false
    /// `baselineRelativeArrangement` (vertical stacks: spacing between baselines).
    package var baselineRelative = false
}

/// An autoresizing mask: which margins and sizes follow the superview's size.
package struct IBAutoresizing: Sendable, Hashable {
    package var flexibleMinX = false, widthSizable = false, flexibleMaxX = false
    package var flexibleMinY = false, heightSizable = false, flexibleMaxY = false

    /// A mask.
    package init() {}
}
