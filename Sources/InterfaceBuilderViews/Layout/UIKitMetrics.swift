import DynamicTypeCore

/// Every UIKit number the Auto Layout engine uses, in one table, each with where it comes from:
/// Apple's documentation, WWDC sessions on Auto Layout, or frames Xcode records in Interface
/// Builder files (every `<rect key="frame">` is Xcode's own layout on the design device at the
/// default text size). `dyntype preview --recorded-sizes` checks the measured ones against a
/// team's own files. docs/interface-builder.md prints this table.
package enum UIKitMetrics {
    /// One value and its source.
    package struct Metric: Sendable {
        /// What it is.
        package var name: String
        /// The value in points (or a priority).
        package var value: Double
        /// Where it comes from.
        package var source: String
    }

    /// A view's default layout margins on every side. "By default, the layout margins are 8
    /// points on each side" (UIView.layoutMargins, Apple documentation).
    static let defaultMargin = Metric(
        name: "UIView default layout margins", value: 8, source: "Apple documentation, UIView.layoutMargins (8 points on each side by default)")
    /// A view controller's root view's side margins on compact-width iPhones (320 and 375 pt wide).
    static let rootMarginCompact = Metric(
        name: "root view side margins, 320–390 pt wide", value: 16,
        source:
            "Apple documentation, UIViewController.systemMinimumLayoutMargins (16 pt on iPhone portrait); WWDC 2017 session 412 \"Auto Layout Techniques in Interface Builder\"")
    /// The root view's side margins on the widest iPhones (414 pt and more).
    static let rootMarginWide = Metric(
        name: "root view side margins, 414 pt and wider", value: 20,
        source: "Apple documentation, systemMinimumLayoutMargins (20 pt on the larger iPhones and iPad); frames measured in the files")
    /// Standard spacing between sibling views (`NSLayoutConstraint` standard space, IB's `symbolic`).
    static let standardSpacing = Metric(
        name: "standard spacing between siblings", value: 8,
        source: "Apple, Auto Layout Guide (standard spacing between sibling views: 8 points); IB writes the value with symbolic=\"YES\"")
    /// A table cell's content view margins, top and bottom.
    static let cellVerticalMargin = Metric(
        name: "table cell content view top/bottom margins", value: 11, source: "frames measured in the files (UITableViewCell contentView, iOS 11+)")
    /// A table cell's content view side margins below 414 pt wide.
    static let cellSideMarginCompact = Metric(
        name: "table cell content view side margins, below 414 pt wide", value: 16,
        source: "frames measured in the files (cells 320 and 375 pt wide in pocket-casts-ios and duckduckgo; files last laid out by Xcode 10 show 15 pt)")
    /// `UILayoutPriority.fittingSizeLevel`: how hard a self-sizing cell's height is pulled to its
    /// smallest (`systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`).
    static let fittingSizeLevel = Metric(
        name: "UILayoutPriority.fittingSizeLevel", value: 50, source: "Apple documentation, UILayoutPriority.fittingSizeLevel = 50")
    /// A table row's default height (`UITableView.rowHeight` when not self-sizing).
    static let defaultRowHeight = Metric(
        name: "UITableView default row height", value: 44, source: "Apple documentation, UITableView.rowHeight; Human Interface Guidelines (44 pt tap target)")
    /// Padding of an old-style (non-configuration) system button around its title, top and bottom.
    static let buttonVerticalPadding = Metric(
        name: "UIButton (system, no configuration) title padding, top and bottom", value: 6,
        source: "frames measured in the files: a system button with a 15 pt title is 30 pt tall (title line 18 pt)")
    /// Padding of a configuration button (`UIButton.Configuration.plain()` and kin), top and bottom.
    static let configurationVerticalPadding = Metric(
        name: "UIButton.Configuration title padding, top and bottom", value: 7,
        source: "frames measured in the files: a plain configuration button is 34.33 pt tall with a body title (20.33 pt)")
    /// Padding of a configuration button, leading and trailing.
    static let configurationHorizontalPadding = Metric(
        name: "UIButton.Configuration title padding, leading and trailing", value: 12,
        source: "frames measured in the files: \"Button\" in a plain configuration is 75 pt wide (title 51 pt)")
    /// A rounded-rect text field's height beyond its font's line height.
    static let textFieldVerticalPadding = Metric(
        name: "UITextField (roundedRect) padding beyond the line height", value: 17,
        source: "frames measured in the files: a 14 pt rounded-rect field is 34 pt tall (line 16.7 pt)")
    /// A text field's padding beyond its text's width.
    static let textFieldHorizontalPadding = Metric(
        name: "UITextField (roundedRect) padding beyond the text width", value: 14, source: "frames measured in the files (7 pt each side)")
    /// A navigation bar's height (standard titles) below the status bar.
    static let navigationBarHeight = Metric(
        name: "UINavigationBar height (standard title)", value: 44, source: "Apple Human Interface Guidelines › Navigation bars; frames measured in the files")
    /// A tab bar's height above the home indicator.
    static let tabBarHeight = Metric(
        name: "UITabBar height", value: 49, source: "Apple Human Interface Guidelines › Tab bars (49 pt on iPhone); frames measured in the files")
    /// A toolbar's height.
    static let toolbarHeight = Metric(name: "UIToolbar height", value: 44, source: "Apple Human Interface Guidelines › Toolbars; frames measured in the files")
    /// The stack-view priorities below are UIKit's own, read from the constraints `UIStackView`
    /// installs (their identifiers name them) as printed by UIKit: Apple documents the behaviour,
    /// not the numbers.
    private static let stackDumpSource = "UIKit's generated constraints as printed in A. Grebenyuk, \"Let's Build UIStackView\" (kean.blog, 2017)"
    /// `UISV-fill-proportionally`: the first arranged view's share of the stack, then 998, 997, ….
    static let stackFillProportionallyPriority = Metric(
        name: "UIStackView fillProportionally share (first view; then 998, 997, …)", value: 999, source: stackDumpSource)
    /// `UISV-fill-equally` between the centre gap guides of an equalCentering stack.
    static let stackEqualCenteringPriority = Metric(name: "UIStackView equalCentering equal gaps", value: 149, source: stackDumpSource)
    /// `UISV-spanning-fit`: the spacer spanning the views across the axis kept short.
    static let stackSpanningFitPriority = Metric(name: "UIStackView spanning fit (non-fill alignments)", value: 51, source: stackDumpSource)
    /// `UISV-canvas-fit`: a baseline-aligned stack kept short across the axis.
    static let stackCanvasFitPriority = Metric(name: "UIStackView canvas fit (baseline alignments)", value: 49, source: stackDumpSource)

    /// The room a disclosure indicator takes beyond the table's side margin: a cell's content
    /// view ends this far before the margin.
    static let disclosureIndicatorRoom = Metric(
        name: "UITableViewCell disclosure indicator, beyond the side margin", value: 10.5,
        source:
            "frames measured in the files: content views 30.5 pt narrower than their cells on 414 pt devices (duckduckgo/iOS 7b3f6010 Debug.storyboard, 414 → 383.5; Ranchero-Software/NetNewsWire 834decfa Settings.storyboard, 374 → 343.5) and 26.5 pt on a 375 pt device (duckduckgo Bookmarks.storyboard, 343 → 316.5): the side margin (20, 16) plus 10.5")
    /// The room a checkmark takes beyond the table's side margin.
    static let checkmarkRoom = Metric(
        name: "UITableViewCell checkmark, beyond the side margin", value: 24,
        source:
            "frames measured in the files: content views 44 pt narrower than their cells on 414 pt devices (duckduckgo/iOS 7b3f6010 Settings.storyboard, 374 → 330; Debug.storyboard, 414 → 370): the side margin (20) plus 24")
    /// The readable content guide's width at the default text size (`large`, body 17 pt).
    static let readableWidthAtLarge = Metric(
        name: "readable content guide width at large (body 17 pt)", value: 672,
        source:
            "WillowTree Vocable (ReadableWidth.swift: UIKit's readable width as a 672 pt maximum); it grows with the body size (Apple documentation, readableContentGuide: \"the readable width defined for the current dynamic text size\"), here in proportion")

    /// Intrinsic sizes of controls with a fixed look (width or height; nil: none on that axis).
    static let controlSizes: [String: (width: Double?, height: Double?, source: String)] = [
        "switch": (51, 31, "frames in the files: 51 × 31 pt (UISwitch ignores the size it is given)"),
        "activityIndicatorView": (20, 20, "frames in the files: medium style 20 × 20 pt (large 37 × 37)"),
        "pageControl": (nil, 26, "frames in the files: 26 pt tall (iOS 14+)"),
        "stepper": (94, 32, "frames in the files: 94 × 32 pt (iOS 13+)"),
        "slider": (nil, 30, "frames in the files: 30 pt tall"),
        "progressView": (nil, 4, "frames in the files: 4 pt tall (iOS 14+)"),
        "segmentedControl": (nil, 31, "frames in the files: 31 pt tall (iOS 13+)"),
    ]

    /// Interface Builder's design devices (`<device id=…>`): portrait size and the safe area Xcode
    /// simulates (status bar and home indicator, no bars).
    static let designDevices: [String: (width: Double, height: Double, safeArea: EdgeInsets, source: String)] = [
        "retina3_5": (320, 480, EdgeInsets(top: 20), "Apple Human Interface Guidelines, device screen sizes; status bar 20 pt"),
        "retina4_0": (320, 568, EdgeInsets(top: 20), "HIG device screen sizes (iPhone SE 1st generation); status bar 20 pt"),
        "retina4_7": (375, 667, EdgeInsets(top: 20), "HIG device screen sizes (iPhone 8); status bar 20 pt"),
        "retina5_5": (414, 736, EdgeInsets(top: 20), "HIG device screen sizes (iPhone 8 Plus); status bar 20 pt"),
        "retina5_9": (375, 812, EdgeInsets(top: 44, bottom: 34), "HIG device screen sizes (iPhone X); safe area 44/34 pt"),
        "retina6_1": (414, 896, EdgeInsets(top: 48, bottom: 34), "HIG device screen sizes (iPhone 11/XR); safe area 48/34 pt (iOS 14+; frames measured in the files)"),
        "retina6_5": (414, 896, EdgeInsets(top: 44, bottom: 34), "HIG device screen sizes (iPhone 11 Pro Max); safe area 44/34 pt"),
        "retina5_4": (375, 812, EdgeInsets(top: 50, bottom: 34), "HIG device screen sizes (iPhone 12 mini); safe area 50/34 pt"),
        "retina6_0": (390, 844, EdgeInsets(top: 47, bottom: 34), "HIG device screen sizes (iPhone 12); safe area 47/34 pt"),
        "retina6_7": (428, 926, EdgeInsets(top: 47, bottom: 34), "HIG device screen sizes (iPhone 12 Pro Max); safe area 47/34 pt"),
        "retina6_12": (390, 844, EdgeInsets(top: 47, bottom: 34), "HIG device screen sizes (iPhone 13/14); safe area 47/34 pt"),
        "retina6_72": (428, 926, EdgeInsets(top: 47, bottom: 34), "HIG device screen sizes (iPhone 14 Plus); safe area 47/34 pt"),
        "ipad9_7": (768, 1024, EdgeInsets(top: 20), "HIG device screen sizes (iPad 9.7\"); status bar 20 pt"),
        "ipad11_0rounded": (834, 1194, EdgeInsets(top: 24, bottom: 20), "HIG device screen sizes (iPad Pro 11\"); safe area 24/20 pt"),
        "ipad12_9rounded": (1024, 1366, EdgeInsets(top: 24, bottom: 20), "HIG device screen sizes (iPad Pro 12.9\" 3rd generation+); safe area 24/20 pt"),
        "ipad12_9": (1024, 1366, EdgeInsets(top: 20), "HIG device screen sizes (iPad Pro 12.9\"); status bar 20 pt"),
    ]

    /// Every scalar metric, for the docs table.
    package static let all: [Metric] = [
        defaultMargin, rootMarginCompact, rootMarginWide, standardSpacing, cellSideMarginCompact, cellVerticalMargin, fittingSizeLevel, defaultRowHeight,
        disclosureIndicatorRoom, checkmarkRoom, readableWidthAtLarge, navigationBarHeight, tabBarHeight, toolbarHeight, stackFillProportionallyPriority,
        stackEqualCenteringPriority, stackSpanningFitPriority, stackCanvasFitPriority, buttonVerticalPadding, configurationVerticalPadding,
        configurationHorizontalPadding, textFieldVerticalPadding, textFieldHorizontalPadding,
    ]

    /// The design device of `screen` as laid out: its size turned for landscape, and its safe area
    /// (in landscape, a notched iPhone's sides instead of its top) with the simulated bars.
    static func design(of screen: IBScreen) -> (width: Double, height: Double, safeArea: EdgeInsets)? {
        guard let id = screen.designDevice, let device = designDevices[id] else { return nil }
        var safe = device.safeArea
        var (width, height) = (device.width, device.height)
        if screen.landscape {
            (width, height) = (height, width)
            // A notched iPhone in landscape: 44 pt on each side, 21 pt at the bottom, no status bar
            // (HIG › Layout); others keep their status bar.
            if safe.bottom > 0 { safe = EdgeInsets(top: 0, leading: 44, bottom: 21, trailing: 44) }
        }
        safe.top += screen.simulatedBars.top
        safe.bottom += screen.simulatedBars.bottom
        return (width, height, safe)
    }

    /// A table cell content view's side margin for a cell `width` points wide.
    static func cellSideMargin(width: Double) -> Double { width >= 414 ? rootMarginWide.value : cellSideMarginCompact.value }

    /// How much narrower than its cell a content view is for `accessory` on a screen
    /// `screenWidth` points wide: the table's side margin and the accessory; nil for the info
    /// buttons, whose room no file or document gives (the content view then fills the cell).
    static func accessoryRoom(_ accessory: IBAccessory, screenWidth: Double) -> Double? {
        switch accessory {
        case .disclosureIndicator: cellSideMargin(width: screenWidth) + disclosureIndicatorRoom.value
        case .checkmark: cellSideMargin(width: screenWidth) + checkmarkRoom.value
        case .detailButton, .detailDisclosureButton: nil
        }
    }

    /// The readable content guide's widest at a body size of `bodySize` points: 672 pt at 17 pt,
    /// in proportion to the body size.
    static func readableWidth(bodySize: Double) -> Double { readableWidthAtLarge.value * bodySize / 17 }

    /// A view controller root view's side margin for a screen `width` points wide.
    static func rootSideMargin(width: Double) -> Double { width >= 414 ? rootMarginWide.value : rootMarginCompact.value }
}
