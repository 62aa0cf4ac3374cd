/// Interface Builder: a label, button, text field or text view whose font has a fixed `pointSize`.
enum InterfaceBuilderFixedFontRule: InterfaceBuilderRuleDetection {
    static let rule = LintRule.ibFixedFont

    static let description = LintRuleDescription(
        id: "ib-fixed-font",
        name: "InterfaceBuilderFixedFont",
        defaultSeverity: .error,
        reads: .interfaceBuilder,
        problem: "fixed-size font in Interface Builder",
        atLargeSizes: "the text stays this size at every text size",
        fix: "pick a text style (Font > Text Styles) and check Automatically Adjusts Font",
        summary: "An Interface Builder label, button, text field or text view with a fixed point size.",
        finds: "A label, button, text field or text view with a fixed point size.",
        findsBriefly: "Interface Builder text with a fixed `pointSize`",
        explanation:
            "A <fontDescription> with a pointSize and no style, or a font with a size in its attributed text, on a label, button, textField or textView: the font stays that size at every text size. Not reported when code replaces the font (class, outlet, helper) with one that is not fixed, or gives the view attributed text whose fonts scale; a font made from the view's own (font.monospacedDigit()) keeps its size. Reported at the element's line.",
        documentation: """
            A `<fontDescription key="fontDescription">` with `pointSize` and no `style` (system, bold, italic or a custom family), or a `<font key="NSFont" size="…">` in the element's attributed text (`<attributedString>` fragments) without a text style: the font stays that size at every text size. Reported at the element's line, once. Not reported when the Swift files linted with it replace the font with one that is not fixed (a font made from the view's own without a new size, `timeLabel.font = timeLabel.font.monospacedDigit()`, keeps the file's size and replaces nothing) — in the view's own class (`customClass`: `init`, `awakeFromNib`), through an outlet in its owner's class (`viewDidLoad`, `traitCollectionDidChange`, any method), also through a loop over a local array of views (`let buttons = [leftButton, rightButton].compactMap { $0 }; for button in buttons { … }`), or through a helper called on it (`titleLabel.applyHeadlineStyle()`) or given it — or give the view attributed text whose fonts scale (`detailsTextView.attributedText = text` with `.font: UIFont.preferredFont(forTextStyle: .body)` in its attributes, found as the text-style rule finds them): the text shows in those fonts, not the file's (simplenote-ios `d3e2599c`, `SPDiagnosticsViewController`); see [the app model](#what-code-does-to-interface-builder-views).
            """,
        triggeringExamples: [
            .interfaceBuilder(#"↓<label text="Title" id="a1"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>"#),
            .interfaceBuilder(#"↓<button id="a1">"# + "\n" + #"<fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>"# + "\n</button>"),
            .interfaceBuilder(#"↓<textView id="a1"><fontDescription key="fontDescription" name="Avenir-Book" family="Avenir" pointSize="17"/></textView>"#),
            .interfaceBuilder(
                #"↓<label id="a1"><attributedString key="attributedText"><fragment content="Hi"><attributes><font key="NSFont" size="20" name="Helvetica"/></attributes></fragment></attributedString></label>"#
            ),
            .interfaceBuilder(
                #"↓<label id="a1"><attributedString key="attributedText"><fragment content="Hi"><attributes><font key="NSFont" metaFont="system" size="14"/></attributes></fragment></attributedString></label>"#
            ),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="TimerView"><connections><outlet property="timeLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"↓<label id="a1"><fontDescription key="fontDescription" type="system" pointSize="60"/></label>"#,
                swift: "class TimerView: UIView {\n    @IBOutlet var timeLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        timeLabel.font = timeLabel.font.monospacedDigit()\n    }\n}\n"),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="PromptView"><connections><outlet property="leftButton" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"↓<button id="a1"><fontDescription key="fontDescription" type="system" pointSize="15"/></button>"#,
                swift: "class PromptView: UIView {\n    @IBOutlet var leftButton: UIButton?\n    @IBOutlet var rightButton: UIButton?\n    func refreshStyle() {\n        let buttons = [rightButton].compactMap { $0 }\n        for button in buttons { button.titleLabel?.font = .preferredFont(forTextStyle: .subheadline) }\n    }\n}\n"),
        ],
        nonTriggeringExamples: [
            .interfaceBuilder(
                #"<label text="Title" adjustsFontForContentSizeCategory="YES" id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#
            ),
            .interfaceBuilder(#"<segmentedControl id="a1"><fontDescription key="fontDescription" type="system" pointSize="17"/></segmentedControl>"#),
            .interfaceBuilder(
                #"<label id="a1"><attributedString key="attributedText"><fragment content="Hi"><attributes><color key="NSColor" white="0" alpha="1"/></attributes></fragment></attributedString></label>"#
            ),
            .interfaceBuilderFile(
                #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0"><objects>"#
                    + #"<textField id="a1"><fontDescription key="fontDescription" type="system" pointSize="13"/></textField></objects></document>"#),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="TimerView"><connections><outlet property="timeLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"<label id="a1"><fontDescription key="fontDescription" type="system" pointSize="60"/></label>"#,
                swift: "class TimerView: UIView {\n    @IBOutlet var timeLabel: UILabel!\n    @IBOutlet var titleLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        timeLabel.font = titleLabel.font.monospacedDigit()\n    }\n}\n"),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="PromptView"><connections><outlet property="leftButton" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"<button id="a1"><fontDescription key="fontDescription" type="system" pointSize="15"/></button>"#,
                swift: "class PromptView: UIView {\n    @IBOutlet var leftButton: UIButton?\n    @IBOutlet var rightButton: UIButton?\n    func refreshStyle() {\n        let buttons = [leftButton, rightButton].compactMap { $0 }\n        for button in buttons { button.titleLabel?.font = .preferredFont(forTextStyle: .subheadline) }\n    }\n}\n"),
        ])

    /// Elements whose font the user reads.
    static let textElements: Set<String> = ["label", "button", "textField", "textView"]

    /// A `<fontDescription key="fontDescription">` with a `pointSize` and no `style` marks the text
    /// element it belongs to.
    static func markedElement(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> Int? {
        if name == "font", attributes["key"] == "NSFont" { return attributedTextElement(attributes, open: open) }
        guard name == "fontDescription", attributes["key"] == "fontDescription", let parent = open.indices.last,
            textElements.contains(open[parent].name), attributes["style"] == nil, attributes["pointSize"] != nil
        else { return nil }
        return parent
    }

    /// `<font key="NSFont" size="20" …/>` in the attributed text of a text element: the element,
    /// when the font has a size and names no text style.
    private static func attributedTextElement(_ attributes: [String: String], open: [InterfaceBuilderElement]) -> Int? {
        guard attributes["size"] != nil, !attributes.values.contains(where: { $0.hasPrefix("UICTFontTextStyle") }), attributes["textStyle"] == nil,
            let string = open.lastIndex(where: { $0.name == "attributedString" }), string > 0, textElements.contains(open[string - 1].name)
        else { return nil }
        return string - 1
    }
}
