/// A lint rule: one kind of Dynamic Type mistake visible in source or Interface Builder files.
/// The raw value is the rule's id, as written in configs, suppressions and reports.
public enum LintRule: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// A UIKit font of a fixed size (`UIFont.systemFont(ofSize:)`, `UIFont(name:size:)`, …) that
    /// never passes through `UIFontMetrics.scaledFont(for:)`.
    case fixedFontUIKit = "fixed-font-uikit"
    /// A SwiftUI font that does not scale: `.system(size:)`, `.custom(_:fixedSize:)`.
    case fixedFontSwiftUI = "fixed-font-swiftui"
    /// A label, text field or text view given a text style without `adjustsFontForContentSizeCategory`.
    case textStyleNotAdjusting = "text-style-not-adjusting"
    /// A fixed height around text: a label's `heightAnchor` equal to a constant, `.frame(height:)` on `Text`.
    case fixedTextHeight = "fixed-text-height"
    /// `.dynamicTypeSize(...)` or `maximumContentSizeCategory` capping text below the accessibility sizes.
    case dynamicTypeCap = "dynamic-type-cap"
    /// `numberOfLines = 1` or `.lineLimit(1)` on text whose font scales (it truncates at large sizes).
    case singleLineText = "single-line-text"
    /// Interface Builder: a label, button, text field or text view with a fixed `pointSize` font.
    case ibFixedFont = "ib-fixed-font"
    /// Interface Builder: a text-style font without "Automatically Adjusts Font".
    case ibTextStyleNotAdjusting = "ib-text-style-not-adjusting"
    /// Interface Builder: a height constraint on a label.
    case ibFixedLabelHeight = "ib-fixed-label-height"
    /// A file that could not be read or parsed, so nothing in it was checked.
    case unreadableFile = "unreadable-file"

    /// The id (the raw value), e.g. `fixed-font-uikit`.
    public var id: String { rawValue }

    /// The id.
    public var description: String { rawValue }

    /// Ordered by id, so reports sort the same everywhere.
    public static func < (lhs: LintRule, rhs: LintRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The severity unless a config changes it: fonts that never scale and caps below the
    /// accessibility sizes fail WCAG 1.4.4 outright (error); clipped and stale text usually breaks
    /// (warning); single-line text may only truncate (info).
    public var defaultSeverity: LintSeverity {
        switch self {
        case .fixedFontUIKit, .fixedFontSwiftUI, .dynamicTypeCap, .ibFixedFont: .error
        case .textStyleNotAdjusting, .fixedTextHeight, .ibTextStyleNotAdjusting, .ibFixedLabelHeight, .unreadableFile: .warning
        case .singleLineText: .info
        }
    }

    /// The one-line message: what happens at large sizes and how to fix it.
    public var message: String {
        switch self {
        case .fixedFontUIKit:
            "fixed-size font: the text stays this size at every text size; scale it with UIFontMetrics(forTextStyle:).scaledFont(for:) or use UIFont.preferredFont(forTextStyle:)"
        case .fixedFontSwiftUI:
            "fixed-size font: the text stays this size at every text size; use a text style (.body), .custom(_:size:) or .system(size:) with a @ScaledMetric size"
        case .textStyleNotAdjusting:
            "text style set once: the text keeps the size it had when the screen opened; set adjustsFontForContentSizeCategory = true"
        case .fixedTextHeight:
            "fixed height around text: larger text is clipped; use a minimum height (greaterThanOrEqualToConstant, minHeight:) or a @ScaledMetric value"
        case .dynamicTypeCap:
            "text size capped below the accessibility sizes: users who need 200 % text never get it (WCAG 1.4.4); allow at least .accessibility1 or remove the cap"
        case .singleLineText:
            "single line of scalable text: it truncates at large sizes; allow more lines (0 / .lineLimit(nil) or a range) or shrink it (minimumScaleFactor)"
        case .ibFixedFont:
            "fixed-size font in Interface Builder: the text stays this size at every text size; pick a text style (Font > Text Styles) and check Automatically Adjusts Font"
        case .ibTextStyleNotAdjusting:
            "text style without Automatically Adjusts Font: the text keeps its launch size; check Automatically Adjusts Font (adjustsFontForContentSizeCategory)"
        case .ibFixedLabelHeight:
            "fixed height on a label: larger text is clipped; make it greater than or equal, or remove it and let the label size itself"
        case .unreadableFile:
            "file not checked"
        }
    }

    /// Whether the rule reads Swift files (the others read Interface Builder files, or any file).
    package var readsSwift: Bool {
        switch self {
        case .ibFixedFont, .ibTextStyleNotAdjusting, .ibFixedLabelHeight: false
        default: true
        }
    }
}
