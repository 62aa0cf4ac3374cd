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
            "A <fontDescription> with a pointSize and no style on a label, button, textField or textView: the font stays that size at every text size. Reported at the element's line.",
        documentation: """
            A `<fontDescription key="fontDescription">` with `pointSize` and no `style` (system, bold, italic or a custom family): the font stays that size at every text size. Reported at the element's line. Known false alarm: a font the code replaces after the file loads (`awakeFromNib`): exclude the file or baseline it.
            """,
        triggeringExamples: [
            .interfaceBuilder(#"↓<label text="Title" id="a1"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>"#),
            .interfaceBuilder(#"↓<button id="a1">"# + "\n" + #"<fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>"# + "\n</button>"),
            .interfaceBuilder(#"↓<textView id="a1"><fontDescription key="fontDescription" name="Avenir-Book" family="Avenir" pointSize="17"/></textView>"#),
        ],
        nonTriggeringExamples: [
            .interfaceBuilder(
                #"<label text="Title" adjustsFontForContentSizeCategory="YES" id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>"#
            ),
            .interfaceBuilder(#"<segmentedControl id="a1"><fontDescription key="fontDescription" type="system" pointSize="17"/></segmentedControl>"#),
        ])

    /// Elements whose font the user reads.
    static let textElements: Set<String> = ["label", "button", "textField", "textView"]

    /// A `<fontDescription key="fontDescription">` with a `pointSize` and no `style` marks the text
    /// element it belongs to.
    static func markedElement(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> Int? {
        guard name == "fontDescription", attributes["key"] == "fontDescription", let parent = open.indices.last,
            textElements.contains(open[parent].name), attributes["style"] == nil, attributes["pointSize"] != nil
        else { return nil }
        return parent
    }
}
