/// Interface Builder: a label with a height constraint of its own that its text cannot beat.
enum InterfaceBuilderFixedLabelHeightRule: InterfaceBuilderRuleDetection {
    static let rule = LintRule.ibFixedLabelHeight

    static let description = LintRuleDescription(
        id: "ib-fixed-label-height",
        name: "InterfaceBuilderFixedLabelHeight",
        defaultSeverity: .warning,
        reads: .interfaceBuilder,
        problem: "fixed height on a label",
        atLargeSizes: "larger text is clipped",
        fix: "make it greater than or equal, or remove it and let the label size itself",
        summary: "An Interface Builder label with a height constraint.",
        finds: "A label with a height constraint.",
        findsBriefly: "Interface Builder height constraint on a label",
        explanation:
            "A <constraint firstAttribute=\"height\" constant=\"…\"> on a label (among its own constraints, or its superview's with firstItem the label), equal (no relation) and at priority 750 or more (the label's text cannot win). Placeholders and labels whose font is fixed (nothing can grow) are skipped. Reported at the label's line.",
        documentation: """
            A `<constraint firstAttribute="height" constant="…">` among the label's own `<constraints>`, or among its superview's (or any other element's) with `firstItem` the label's id, equal (no `relation`), with no second item, not a placeholder, at priority 750 or more (the default vertical compression resistance, so the label's text cannot win). Larger text is clipped. Reported at the label's line, once. Not reported on a label whose font is fixed (the Interface Builder fixed-font rule says so; a fixed font cannot outgrow its height) unless code gives it a font that scales (see [the app model](#what-code-does-to-interface-builder-views)): a text style, a scaled font, or a call of a function that reads the text size (`.font(with: .body)`); a font made from the label's own (`timeLabel.font = timeLabel.font.monospacedDigit()`) keeps its fixed size.
            """,
        triggeringExamples: [
            .interfaceBuilder(#"↓<label id="a1"><constraints><constraint firstAttribute="height" constant="21" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"↓<label id="a1"><constraints><constraint firstItem="a1" firstAttribute="height" constant="21" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"↓<label id="a1"><constraints><constraint firstAttribute="height" constant="21" priority="999" id="c1"/></constraints></label>"#),
            .interfaceBuilder(
                #"<view id="v1"><subviews>"# + "\n" + #"↓<label id="a1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label></subviews>"#
                    + "\n" + #"<constraints><constraint firstItem="a1" firstAttribute="height" constant="21" id="c1"/></constraints></view>"#),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="TimerView"><connections><outlet property="timeLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"↓<label id="a1"><fontDescription key="fontDescription" type="system" pointSize="11"/><constraints><constraint firstAttribute="height" constant="14" id="c1"/></constraints></label>"#,
                swift: "class TimerView: UIView {\n    @IBOutlet var timeLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        timeLabel.font = .font(with: .body)\n    }\n}\nextension UIFont {\n    static func font(with style: UIFont.TextStyle) -> UIFont {\n        UIFontMetrics(forTextStyle: style).scaledFont(for: .systemFont(ofSize: 17))\n    }\n}\n"),
        ],
        nonTriggeringExamples: [
            .interfaceBuilder(
                #"<label id="a1"><constraints><constraint firstAttribute="height" relation="greaterThanOrEqual" constant="21" id="c1"/></constraints></label>"#
            ),
            .interfaceBuilder(#"<label id="a1"><constraints><constraint firstAttribute="height" constant="21" placeholder="YES" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"<label id="a1"><constraints><constraint firstAttribute="height" constant="21" priority="250" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"<imageView id="a1"><constraints><constraint firstAttribute="height" constant="21" id="c1"/></constraints></imageView>"#),
            .interfaceBuilder(
                #"<label id="a1"><fontDescription key="fontDescription" type="system" pointSize="17"/><constraints><constraint firstAttribute="height" constant="21" id="c1"/></constraints></label>"#
            ),
            .interfaceBuilder(
                #"<view id="v1"><subviews><label id="a1"/></subviews><constraints><constraint firstItem="a1" firstAttribute="height" secondItem="v1" secondAttribute="height" id="c1"/></constraints></view>"#
            ),
            .interfaceBuilder(
                #"<view id="v1"><subviews><label id="a1"/></subviews><constraints><constraint firstItem="a1" firstAttribute="height" relation="greaterThanOrEqual" constant="21" id="c1"/></constraints></view>"#
            ),
            .interfaceBuilder(
                #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="TimerView"><connections><outlet property="timeLabel" destination="a1" id="o1"/></connections></placeholder>"# + "\n" + #"<label id="a1"><fontDescription key="fontDescription" type="system" pointSize="11"/><constraints><constraint firstAttribute="height" constant="14" id="c1"/></constraints></label>"#,
                swift: "class TimerView: UIView {\n    @IBOutlet var timeLabel: UILabel!\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        timeLabel.font = timeLabel.font.monospacedDigit()\n    }\n}\nextension UIFont {\n    static func font(with style: UIFont.TextStyle) -> UIFont {\n        UIFontMetrics(forTextStyle: style).scaledFont(for: .systemFont(ofSize: 17))\n    }\n}\n"),
        ])

    /// A fixed-height `<constraint>` inside a label's `<constraints>` marks the label.
    static func markedElement(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> Int? {
        let depth = open.count
        guard name == "constraint", depth >= 2, open[depth - 1].name == "constraints", open[depth - 2].name == "label",
            isFixedHeight(attributes, ownerID: open[depth - 2].attributes["id"])
        else { return nil }
        return depth - 2
    }

    /// The id of the element whose height a `<constraint>` starting inside another element's
    /// `<constraints>` fixes (`firstItem`, as a superview declares its subviews' constraints); nil
    /// when it fixes none or sits in the constrained element's own list (``markedElement``'s case).
    static func heightConstrainedElsewhere(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> String? {
        let depth = open.count
        guard name == "constraint", depth >= 2, open[depth - 1].name == "constraints", let first = attributes["firstItem"],
            first != open[depth - 2].attributes["id"], isFixedHeight(attributes, ownerID: first)
        else { return nil }
        return first
    }

    /// A height equal to a constant, on the element itself: `firstAttribute="height"`, no second
    /// item, no relation (equal), not a placeholder, and a priority the label's text cannot beat
    /// (at or above 750, the default vertical compression resistance).
    static func isFixedHeight(_ attributes: [String: String], ownerID: String?) -> Bool {
        guard attributes["firstAttribute"] == "height", attributes["secondItem"] == nil, attributes["relation"] == nil,
            attributes["constant"] != nil, attributes["placeholder"] != "YES"
        else { return false }
        if let first = attributes["firstItem"], first != ownerID { return false }
        if let priority = attributes["priority"].flatMap(Double.init), priority < 750 { return false }
        return true
    }
}
