import DynamicTypeCore
import Foundation
import TextStack

/// A readability problem found at one category.
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Text cut off by a fixed-height box (a list row shorter than its title's lines); in a
        /// SwiftUI view, content cut by `.clipped()`, `.clipShape(_:)`, `.mask(_:)` or
        /// `.cornerRadius(_:)` around the frame it does not fit.
        case clipped
        /// A title cut with "…" in its row.
        case truncated
        /// A word wider than the line, broken between characters or hyphenated.
        case wordWiderThanLine
        /// Characters drawn with a fallback font.
        case fallbackFont
        /// Characters no installed font can draw.
        case missingGlyph
        /// Text under the time indicator.
        case underIndicator
        /// Text that continues below the first screen (informational: the editor scrolls).
        case belowFold
        /// State a size switch did not update (differs from a fresh build at the new size).
        case staleState
        /// A list row whose height did not change although its title's font did.
        case rowNotResized
        /// Text smaller than the platform's minimum legible size.
        case belowMinimumSize
        /// Coloured text whose contrast against the background fails WCAG 2 AA.
        case lowContrast
        /// A view taller than the largest image drawn: its image was cut (informational).
        case imageCut
        /// A text style that never grows to 200 % of its size at `large` (WCAG 1.4.4), reported
        /// when asked for.
        case limitedGrowth
        /// Two sibling views of a screen overlap.
        case overlapping
        /// A view of a screen reaches past its edges (or below the bottom of a screen that does not scroll).
        case offScreen
        /// Text whose font does not follow the category (`adjustsFontForContentSizeCategory` off,
        /// or a custom font without `relativeTo`).
        case notScaling
        /// A button smaller than the minimum tap target (44 × 44 pt).
        case smallTapTarget
        /// A horizontal stack whose children need more width than it has (text squeezed); the
        /// usual fix is `accessibilityAxis: vertical`.
        case crampedRow
        /// Text the keyboard covers or leaves too little room for (the editor shrinks above it;
        /// a screen's views are covered).
        case underKeyboard
        /// Content that does not fit its container: text that fits in no text container (columns
        /// or pages all full), or, in a SwiftUI view, content larger than a frame that does not
        /// clip it, which SwiftUI draws past the frame (over its neighbours: `overlapping`).
        case overflow
        /// A strings key with no translation in the locale checked (the source text or the key is shown).
        case missingTranslation
        /// Findings left out of a view's list past ``ReadabilityChecks/maximumFindingsPerView``,
        /// counted by kind (informational; the list keeps the most severe first).
        case moreFindings
        /// Part of a view read from source that could not be laid out statically (`GeometryReader`,
        /// `Canvas`, a UIKit view, data the file does not settle): drawn as an opaque box of its
        /// frame (informational, with the share of the view that was laid out).
        case notLaidOut
        /// A design token (`theme.fonts.body`) a view read from source uses that neither its files
        /// nor the token map resolve (informational, once per file: the inherited value is used).
        case unresolvedToken
        /// A required Auto Layout constraint that contradicts the required constraints before it
        /// in an Interface Builder file: the constraint UIKit would break (and log) to recover.
        case unsatisfiableConstraints
        /// A view of an Interface Builder file whose frame its constraints do not settle
        /// (informational: UIKit places it somewhere they allow).
        case ambiguousLayout
    }

    /// How bad.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        /// Worth knowing; fails nothing.
        case info
        /// A problem a user would notice; fails a check.
        case warning
        /// Text a user cannot read; fails a check.
        case error
        public static func < (a: Severity, b: Severity) -> Bool {
            [Severity.info, .warning, .error].firstIndex(of: a)! < [Severity.info, .warning, .error].firstIndex(of: b)!
        }
    }

    /// What kind of problem.
    public var kind: Kind
    /// How bad.
    public var severity: Severity
    /// The id of the view it is in (``SourceView/id``: `list`, a note's slug, a screen's view id);
    /// nil for findings about the type ramp itself.
    public var view: String?
    /// Where in the view: `list row 2` (rows count from 1), `editor: <title>`, `text style caption2`.
    public var element: String
    /// The category it was found at.
    public var category: ContentSizeCategory
    /// Human description with the numbers.
    public var message: String
    /// The locale checked, for screens laid out per locale (nil for the notepad and literal text).
    public var locale: String?
    /// Where it is in the view's image, in points (the row, the view, the line), for outlines.
    public var area: Area?
    /// For a finding about text a reader drew with a sample because the source does not give it
    /// (`Text(item.title)`), what the sample stands for (`item.title (a title)`); nil for the
    /// app's own text. `--fail-on …,known-text` leaves such findings out.
    public var sampleText: String?

    /// A rectangle in a view's image, in points.
    public struct Area: Hashable, Sendable, Codable {
        /// The left edge in points.
        public var x: Double
        /// The top edge in points.
        public var y: Double
        /// The width in points.
        public var width: Double
        /// The height in points.
        public var height: Double

        /// The rectangle `rect`, rounded to hundredths.
        public init(_ rect: Rect) {
            func r(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            x = r(rect.minX)
            y = r(rect.minY)
            width = r(rect.width)
            height = r(rect.height)
        }
    }

    /// The same finding with its area.
    public func at(_ rect: Rect?) -> Finding {
        var copy = self
        copy.area = rect.map(Area.init)
        return copy
    }

    /// A finding.
    public init(
        kind: Kind, severity: Severity, element: String, category: ContentSizeCategory, message: String, locale: String? = nil
    ) {
        self.locale = locale
        self.kind = kind
        self.severity = severity
        self.element = element
        self.category = category
        self.message = message
    }

    public var description: String {
        "[\(severity.rawValue)] \(category.name)\(locale.map { " [\($0)]" } ?? "") \(element): \(message)"
    }
}
