import DynamicTypeCore
import FontSystem
import TextStack

/// A screen laid out at one category and locale: every view's frame in screen points, and the
/// text of every label, button and text view with its lines.
public struct LaidOutScreen {
    /// The screen.
    public let screen: Screen
    /// The category asked for (views may see another one through their limits).
    public let category: ContentSizeCategory
    /// The locale laid out (nil: literal text or the source language).
    public let locale: String?
    /// The screen's size: the environment's width, and the taller of the device height and the content.
    public let size: Size
    /// The device height: content below it is below the fold.
    public let foldHeight: Double
    /// Every view, parents before children, in document order.
    package let views: [LaidOutView]

    /// The height the content needs (the bottom of the last view plus the screen's bottom padding).
    public let contentHeight: Double

    /// The keyboard's height while it is up (0: hidden); it covers the bottom of the first screen.
    public var keyboardHeight: Double = 0

    /// The area the keyboard covers, in screen points (nil when it is hidden).
    public var keyboardFrame: Rect? {
        keyboardHeight > 0 ? Rect(x: 0, y: foldHeight - keyboardHeight, width: size.width, height: keyboardHeight) : nil
    }
}

/// One view of a laid-out screen.
package struct LaidOutView {
    /// What the view is.
    public enum Content {
        /// A label, a button's title or a text view's text.
        case text(LaidOutText)
        /// An image placeholder.
        case image(circular: Bool, color: RGBAColor)
        /// A stack (its children follow it in ``LaidOutScreen/views``).
        case stack(axis: StackAxis, naturalWidth: Double, availableWidth: Double, hasAccessibilityAxis: Bool)
        /// A table; `separators` are the y positions of the lines between rows.
        case table(separators: [Double], rowFrames: [Rect])
    }

    /// The view's id; cells of a table are `<table>[<row>].<id>` (rows from 1).
    public var path: String
    /// The kind.
    public var kind: ScreenView.Kind
    /// The frame in screen points.
    public var frame: Rect
    /// The index of the parent in ``LaidOutScreen/views`` (nil for top-level views).
    public var parent: Int?
    /// The category the view saw (the screen's, clamped by its and its ancestors' limits).
    public var category: ContentSizeCategory
    /// The view's own background.
    public var background: RGBAColor?
    /// Corner radius of the background (buttons).
    public var cornerRadius: Double
    /// The smallest tap target accepted (buttons only).
    public var minimumTapTarget: Double?
    /// What is in it.
    public var content: Content
    /// For text a reader drew with a sample (not in the source: `Text(item.title)`), what the
    /// sample stands for (`item.title (a title)`); the findings about the view say so.
    package var sample: String? = nil
    /// The element in a source file the view was read from (an Interface Builder view's file, line
    /// and object id), which layout dumps name; nil for views of screen files and SwiftUI.
    package var declaration: SourceElement? = nil

    /// The text, for labels, buttons and text views.
    public var text: LaidOutText? {
        if case .text(let text) = content { return text }
        return nil
    }
}

/// A view's text, laid out.
package struct LaidOutText {
    /// The resolved text (drawn variant first).
    public var resolved: ResolvedText
    /// The storage laid out (for drawing: fonts and colours per run).
    public var storage: TextStorage
    /// The lines, relative to ``origin``.
    public var lines: [LineFragment]
    /// Where the text container's origin is, in screen points.
    public var origin: Point
    /// The box the text is drawn in (text outside it is cut).
    public var box: Rect
    /// The font (after `minimumScaleFactor` shrinking).
    public var font: ResolvedFont
    /// The size the font would have at `large`, for "does not grow" findings.
    public var sizeAtLarge: Double
    /// Whether the font follows the category.
    public var scales: Bool
    /// The text colour.
    public var color: RGBAColor
    /// The text was cut (ellipsis, or lines beyond the limit dropped).
    public var isTruncated: Bool
    /// How the text was cut, for messages (`truncateTail`, `wordWrap`…).
    public var lineBreak: LineBreak
    /// The line limit (0 = none).
    public var lineLimit: Int
    /// The text needs more height than its box (a fixed-height row or text view).
    public var neededHeight: Double
    /// The scale `minimumScaleFactor` shrank the font to (1 = not shrunk).
    public var shrinkScale: Double
    /// Variants (other plural forms, device variations) that would be cut in this box.
    public var truncatedVariants: [String]
    /// Font fallbacks and missing glyphs.
    public var fallbacks: [LayoutFallback]
    /// Images in the text (a text view's image exclusions), in screen points.
    public var images: [PlacedImage] = []
    /// Characters that fit in none of a text view's columns (UTF-16 units; 0 when all fit).
    public var overflowLength = 0
    /// A text view's column count.
    public var columns = 1
}
