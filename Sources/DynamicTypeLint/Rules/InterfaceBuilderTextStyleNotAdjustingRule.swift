/// Interface Builder: a text-style font on a label, text field or text view without
/// "Automatically Adjusts Font".
enum InterfaceBuilderTextStyleNotAdjustingRule: InterfaceBuilderRuleDetection {
    static let rule = LintRule.ibTextStyleNotAdjusting

    static let description = LintRuleDescription(
        id: "ib-text-style-not-adjusting",
        name: "InterfaceBuilderTextStyleNotAdjusting",
        defaultSeverity: .warning,
        reads: .interfaceBuilder,
        problem: "text style without Automatically Adjusts Font",
        atLargeSizes: "the text keeps its launch size",
        fix: "check Automatically Adjusts Font (adjustsFontForContentSizeCategory)",
        summary: "An Interface Builder text style without Automatically Adjusts Font.",
        finds: "A text style without Automatically Adjusts Font.",
        findsBriefly: "Interface Builder text style without Automatically Adjusts Font",
        explanation:
            "A <fontDescription style=\"UICTFontTextStyle…\"> on a label, textField or textView without adjustsFontForContentSizeCategory=\"YES\": the text keeps the size it had at launch. Not reported when code sets adjustsFontForContentSizeCategory on the view or gives it another font (a font made from its own, font.bold(), is none). Reported at the element's line.",
        documentation: """
            A label, text field or text view whose font is a text style (`style="UICTFontTextStyle…"`) without `adjustsFontForContentSizeCategory="YES"` (the *Automatically Adjusts Font* checkbox): the text keeps the size it had at launch. Buttons have no such checkbox and are not reported. Not reported either when the Swift files linted with it set `adjustsFontForContentSizeCategory = true` on the view or give it another font (see [the app model](#what-code-does-to-interface-builder-views)); a font made from the view's own (`titleLabel.font = titleLabel.font.bold()`) keeps its text style and still does not adjust.
            """,
        triggeringExamples: [
            .interfaceBuilder(#"↓<label text="Title" id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#),
            .interfaceBuilder(#"↓<textView id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></textView>"#),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="HeaderView"><connections><outlet property="titleLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"↓<label id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#,
                swift: "class HeaderView: UIView {\n    @IBOutlet var titleLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        titleLabel.font = titleLabel.font.bold()\n    }\n}\n"),
        ],
        nonTriggeringExamples: [
            .interfaceBuilder(
                #"<label text="Title" adjustsFontForContentSizeCategory="YES" id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#
            ),
            .interfaceBuilder(#"<button id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></button>"#),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="HeaderView"><connections><outlet property="titleLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"<label id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#,
                swift: "class HeaderView: UIView {\n    @IBOutlet var titleLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        titleLabel.font = titleLabel.font.bold()\n        titleLabel.adjustsFontForContentSizeCategory = true\n    }\n}\n"),
        ])

    /// The text elements Interface Builder offers "Automatically Adjusts Font" for.
    static let adjustableElements: Set<String> = ["label", "textField", "textView"]

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
