/// Each rule's documentation: SARIF's rule descriptions and help, and the examples docs/lint.md
/// shows (a test checks that the page carries each rule's examples).
extension LintRule {
    /// A name for people and SARIF's `name`: `FixedFontUIKit`.
    package var name: String {
        switch self {
        case .fixedFontUIKit: "FixedFontUIKit"
        case .fixedFontSwiftUI: "FixedFontSwiftUI"
        case .textStyleNotAdjusting: "TextStyleNotAdjusting"
        case .fixedTextHeight: "FixedTextHeight"
        case .dynamicTypeCap: "DynamicTypeCap"
        case .singleLineText: "SingleLineText"
        case .ibFixedFont: "InterfaceBuilderFixedFont"
        case .ibTextStyleNotAdjusting: "InterfaceBuilderTextStyleNotAdjusting"
        case .ibFixedLabelHeight: "InterfaceBuilderFixedLabelHeight"
        case .unreadableFile: "UnreadableFile"
        }
    }

    /// One sentence: what the rule finds.
    package var summary: String {
        switch self {
        case .fixedFontUIKit: "A UIKit font of a fixed size that never passes through UIFontMetrics."
        case .fixedFontSwiftUI: "A SwiftUI font of a fixed size: .system(size:) or .custom(_:fixedSize:)."
        case .textStyleNotAdjusting: "A text style or scaled font set on a label, text field or text view that does not adjust to size changes."
        case .fixedTextHeight: "A fixed height around text: a label's height constraint or .frame(height:) on Text."
        case .dynamicTypeCap: "A cap on the text size below the accessibility sizes."
        case .singleLineText: "A single line of text whose font scales."
        case .ibFixedFont: "An Interface Builder label, button, text field or text view with a fixed point size."
        case .ibTextStyleNotAdjusting: "An Interface Builder text style without Automatically Adjusts Font."
        case .ibFixedLabelHeight: "An Interface Builder label with a height constraint."
        case .unreadableFile: "A file that could not be read or parsed."
        }
    }

    /// Why it matters and what is not reported.
    package var explanation: String {
        switch self {
        case .fixedFontUIKit:
            "UIFont.systemFont(ofSize:), boldSystemFont, italicSystemFont, monospacedSystemFont, monospacedDigitSystemFont and UIFont(name:size:) make a font that ignores the user's text size. Not reported: a font passed to UIFontMetrics' scaledFont(for:) (or any call named …scaled…) directly, through a local constant scaled in the same body, or through a property or function whose name a scaling call mentions in any linted file; sizes read from the current text size (@ScaledMetric, preferredFont, pointSize, scaledValue(for:)); fonts that size an image (UIImage.SymbolConfiguration(font:)); AppKit-only files."
        case .fixedFontSwiftUI:
            ".system(size:) and .custom(_:fixedSize:) stay the same size at every text size. .custom(_:size:) scales with body, relativeTo: with the style named, and a @ScaledMetric size scales too: none is reported."
        case .textStyleNotAdjusting:
            "UIFont.preferredFont(forTextStyle:) and scaledFont(for:) give the size of the moment; without adjustsFontForContentSizeCategory = true the view keeps it until rebuilt. Not reported when the same type sets adjustsFontForContentSizeCategory on that view (or on $0 or a loop variable), or restyles itself on UIContentSizeCategory.didChangeNotification, traitCollectionDidChange or registerForTraitChanges. A local configured in a closure that initializes a property counts as that property; locals returned by a factory, copied values and list content configurations are not judged."
        case .fixedTextHeight:
            "heightAnchor.constraint(equalToConstant:) on a label (a name ending in label, or declared as a …Label), NSLayoutConstraint(item:attribute: .height, relatedBy: .equal, toItem: nil, …) and .frame(height:) on Text, Label or a text field, with a number literal or a let bound to one. Minimum heights (greaterThanOrEqualToConstant, minHeight:), @ScaledMetric values and text that may shrink (minimumScaleFactor) are fine."
        case .dynamicTypeCap:
            ".dynamicTypeSize(...x), a...x, ..<x or a single size, .environment(\\.dynamicTypeSize or \\.sizeCategory, x) and maximumContentSizeCategory = x with x below accessibility1: people who set the accessibility sizes get no larger text, which WCAG 1.4.4 (200 %) needs. Previews are not checked."
        case .singleLineText:
            "numberOfLines = 1 on a view whose font scales in the same type (a text style, a scaled font or adjustsFontForContentSizeCategory), unless adjustsFontSizeToFitWidth is on; .lineLimit(1) on Text, Label or a text field without minimumScaleFactor. Informational: a single line is sometimes intended."
        case .ibFixedFont:
            "A <fontDescription> with a pointSize and no style on a label, button, textField or textView: the font stays that size at every text size. Reported at the element's line."
        case .ibTextStyleNotAdjusting:
            "A <fontDescription style=\"UICTFontTextStyle…\"> on a label, textField or textView without adjustsFontForContentSizeCategory=\"YES\": the text keeps the size it had at launch. Reported at the element's line."
        case .ibFixedLabelHeight:
            "A <constraint firstAttribute=\"height\" constant=\"…\"> among a label's own constraints, equal (no relation) and at priority 750 or more (the label's text cannot win). Placeholders are skipped. Reported at the label's line."
        case .unreadableFile:
            "A Swift file with a syntax error (the rules still ran on what parsed), malformed XML, an Interface Builder file not in UTF-8 or with a late XML declaration, a file over the size limit, a file that cannot be opened, or something that is not a regular file."
        }
    }

    /// Code (or XML) that the rule reports.
    package var badExample: String {
        switch self {
        case .fixedFontUIKit: "titleLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)"
        case .fixedFontSwiftUI: "Text(\"Total\").font(.system(size: 17))"
        case .textStyleNotAdjusting: "titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)"
        case .fixedTextHeight: "titleLabel.heightAnchor.constraint(equalToConstant: 21).isActive = true"
        case .dynamicTypeCap: "content.dynamicTypeSize(...DynamicTypeSize.xxxLarge)"
        case .singleLineText: "Text(title).font(.headline).lineLimit(1)"
        case .ibFixedFont: "<label text=\"Title\" id=\"a1\"><fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"17\"/></label>"
        case .ibTextStyleNotAdjusting: "<label text=\"Title\" id=\"a1\"><fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/></label>"
        case .ibFixedLabelHeight: "<label id=\"a1\"><constraints><constraint firstAttribute=\"height\" constant=\"21\" id=\"c1\"/></constraints></label>"
        case .unreadableFile: "let x = (1"
        }
    }

    /// The same code, fixed.
    package var goodExample: String {
        switch self {
        case .fixedFontUIKit:
            "titleLabel.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: UIFont.systemFont(ofSize: 17, weight: .semibold))\ntitleLabel.adjustsFontForContentSizeCategory = true"
        case .fixedFontSwiftUI: "Text(\"Total\").font(.custom(\"Avenir\", size: 17, relativeTo: .body))"
        case .textStyleNotAdjusting:
            "titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)\ntitleLabel.adjustsFontForContentSizeCategory = true"
        case .fixedTextHeight: "titleLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 21).isActive = true"
        case .dynamicTypeCap: "content.dynamicTypeSize(...DynamicTypeSize.accessibility3)"
        case .singleLineText: "Text(title).font(.headline).lineLimit(1...3)"
        case .ibFixedFont:
            "<label text=\"Title\" adjustsFontForContentSizeCategory=\"YES\" id=\"a1\"><fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/></label>"
        case .ibTextStyleNotAdjusting:
            "<label text=\"Title\" adjustsFontForContentSizeCategory=\"YES\" id=\"a1\"><fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/></label>"
        case .ibFixedLabelHeight:
            "<label id=\"a1\"><constraints><constraint firstAttribute=\"height\" relation=\"greaterThanOrEqual\" constant=\"21\" id=\"c1\"/></constraints></label>"
        case .unreadableFile: "let x = (1)"
        }
    }

    /// The anchor of the rule's section in docs/lint.md (its id is its heading).
    package var documentationAnchor: String { "docs/lint.md#\(rawValue)" }
}
