import DynamicTypeCore

/// One view of an Interface Builder file that `dyntype` shows on its own: a storyboard scene's
/// root view, a top-level view of a xib, or a table or collection cell prototype.
package struct IBScreen: Sendable, Hashable {
    /// What it is, for titles and layout (a cell is laid out at the width of its table).
    package enum Role: String, Sendable, Hashable {
        /// A storyboard scene's view controller view.
        case scene
        /// A top-level view of a xib.
        case topLevelView
        /// A table or collection cell (prototype or top-level in a xib).
        case cell
    }

    /// The file it is read from.
    package var file: String
    /// What it is.
    package var role: Role
    /// Its name: the storyboard identifier, the view controller's or view's custom class, the
    /// reuse identifier or user label, else the IB object id.
    package var name: String
    /// The IB object id of its root view (or of its view controller, for scenes).
    package var objectID: String
    /// The line of its root element.
    package var line: Int
    /// The views, root first, parents before children (indices in ``IBView/children``).
    package var views: [IBView]
    /// The design device the file was drawn for (`<device id="retina6_1">`), nil when not said.
    package var designDevice: String?
    /// Whether the design device is held in landscape (`orientation="landscape"`).
    package var landscape = false
    /// Bars a storyboard simulates over a scene's view (a navigation bar it is the root of, a tab
    /// or tool bar): added to the safe area, as UIKit's bars inset it.
    package var simulatedBars = EdgeInsets()
    /// The size of images the file names (`<resources><image>`), by name.
    package var imageSizes: [String: Size]
    /// Layout guides: IB id → (owning view index, kind).
    package var guides: [String: IBGuide]
    /// A collection cell prototype's flow layout (`<collectionViewFlowLayout>` of the collection
    /// view it is in), nil for other screens and cells of other layouts.
    package var flowLayout: IBFlowLayout?
}

/// A collection view's flow layout as Interface Builder writes it: the item size it gives every
/// cell, or that cells size themselves (`automaticEstimatedItemSize`, an `estimatedItemSize`).
package struct IBFlowLayout: Sendable, Hashable {
    /// `<size key="itemSize">` (UICollectionViewFlowLayout's default is 50 × 50).
    package var itemSize = Size(width: 50, height: 50)
    /// `<size key="estimatedItemSize">`; nil or zero: none.
    package var estimatedItemSize: Size?
    /// `automaticEstimatedItemSize="YES"` (`UICollectionViewFlowLayout.automaticSize`).
    package var automaticEstimatedItemSize = false

    /// A flow layout with UIKit's defaults.
    package init() {}

    /// Whether cells size themselves from their constraints (an estimated size is set), as
    /// UICollectionViewFlowLayout.estimatedItemSize documents; else every cell is ``itemSize``.
    package var selfSizing: Bool {
        automaticEstimatedItemSize || (estimatedItemSize.map { $0.width > 0 || $0.height > 0 } ?? false)
    }
}

/// A layout guide an item of a constraint may name.
package struct IBGuide: Sendable, Hashable {
    /// What it is.
    package enum Kind: String, Sendable, Hashable {
        /// `<viewLayoutGuide key="safeArea">` (and the old top and bottom layout guides, which
        /// iOS 11 maps onto it).
        case safeArea
        /// The old `topLayoutGuide` (its bottom is the safe area's top).
        case topLayoutGuide
        /// The old `bottomLayoutGuide` (its top is the safe area's bottom).
        case bottomLayoutGuide
        /// `<viewLayoutGuide key="layoutMarginsGuide">`.
        case margins
        /// A scroll view's `contentLayoutGuide`.
        case scrollContent
        /// A scroll view's `frameLayoutGuide`.
        case scrollFrame
        /// `readableContentGuide`.
        case readableContent
    }

    /// The index of the view owning it.
    package var owner: Int
    /// What it is.
    package var kind: Kind

    /// A guide of view `owner`.
    package init(owner: Int, kind: Kind) {
        self.owner = owner
        self.kind = kind
    }
}
