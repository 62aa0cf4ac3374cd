/// Interface Builder: a text-style font on a label, text field, text view or button without
/// "Automatically Adjusts Font" (a button has no such checkbox: its code must set it).
enum InterfaceBuilderTextStyleNotAdjustingRule: InterfaceBuilderRuleDetection {
    static let rule = LintRule.ibTextStyleNotAdjusting

    static let description = LintRuleDescription(
        id: "ib-text-style-not-adjusting",
        name: "InterfaceBuilderTextStyleNotAdjusting",
        defaultSeverity: .warning,
        reads: .interfaceBuilder,
        problem: "text style without Automatically Adjusts Font",
        atLargeSizes: "the text keeps its launch size",
        fix: "check Automatically Adjusts Font (adjustsFontForContentSizeCategory; for a button, set titleLabel?.adjustsFontForContentSizeCategory = true in code)",
        summary: "An Interface Builder text style without Automatically Adjusts Font.",
        finds: "A text style without Automatically Adjusts Font.",
        findsBriefly: "Interface Builder text style without Automatically Adjusts Font",
        explanation:
            "A <fontDescription style=\"UICTFontTextStyle…\"> on a label, textField, textView or button without adjustsFontForContentSizeCategory=\"YES\" (buttons have no such attribute): the text keeps the size it had at launch. Not reported when code sets adjustsFontForContentSizeCategory on the view (a button's titleLabel) or gives it another font (a font made from its own, font.bold(), is none). Reported at the element's line.",
        documentation: """
            A label, text field or text view whose font is a text style (`style="UICTFontTextStyle…"`) without `adjustsFontForContentSizeCategory="YES"` (the *Automatically Adjusts Font* checkbox): the text keeps the size it had at launch. A button with a text-style title font (`<fontDescription key="fontDescription">` on the `<button>`) has no such checkbox in Interface Builder, so it is reported unless its code sets `titleLabel?.adjustsFontForContentSizeCategory = true`; a button with a `UIButton.Configuration` (its font is the configuration's `titleFontDescription`) is not. Not reported either when the Swift files linted with it set `adjustsFontForContentSizeCategory = true` on the view (or a button's `titleLabel`) or give it another font (see [the app model](#what-code-does-to-interface-builder-views)); a font made from the view's own (`titleLabel.font = titleLabel.font.bold()`) keeps its text style and still does not adjust.
            """,
        triggeringExamples: [
            .interfaceBuilder(#"↓<label text="Title" id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#),
            .interfaceBuilder(#"↓<textView id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></textView>"#),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="HeaderView"><connections><outlet property="titleLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"↓<label id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#,
                swift: "class HeaderView: UIView {\n    @IBOutlet var titleLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        titleLabel.font = titleLabel.font.bold()\n    }\n}\n"),
            .interfaceBuilder(#"↓<button id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></button>"#),
        ],
        nonTriggeringExamples: [
            .interfaceBuilder(
                #"<label text="Title" adjustsFontForContentSizeCategory="YES" id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#
            ),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="LoginViewController"><connections><outlet property="signInButton" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"<button id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></button>"#,
                swift: "class LoginViewController: UIViewController {\n    @IBOutlet var signInButton: UIButton!\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        signInButton.titleLabel?.adjustsFontForContentSizeCategory = true\n    }\n}\n"),
            .interfaceBuilder(
                #"<button id="a1"><buttonConfiguration key="configuration" style="plain" title="Save"><fontDescription key="titleFontDescription" style="UICTFontTextStyleBody"/></buttonConfiguration></button>"#
            ),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="HeaderView"><connections><outlet property="titleLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"<label id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#,
                swift: "class HeaderView: UIView {\n    @IBOutlet var titleLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        titleLabel.font = titleLabel.font.bold()\n        titleLabel.adjustsFontForContentSizeCategory = true\n    }\n}\n"),
        ])

    /// The text elements whose text-style font must be told to adjust: those Interface Builder
    /// offers "Automatically Adjusts Font" for, and buttons, whose title label only code can tell.
    static let adjustableElements: Set<String> = ["label", "textField", "textView", "button"]

    /// A `<fontDescription key="fontDescription" style="…">` marks the adjustable element it belongs to.
    static func markedElement(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> Int? {
        guard name == "fontDescription", attributes["key"] == "fontDescription", attributes["style"] != nil, let parent = open.indices.last,
            adjustableElements.contains(open[parent].name)
        else { return nil }
        return parent
    }

    /// Reported unless the element itself adjusts.
    static func reports(_ element: InterfaceBuilderElement) -> Bool {
        element.attributes["adjustsFontForContentSizeCategory"] != "YES"
    }
}
