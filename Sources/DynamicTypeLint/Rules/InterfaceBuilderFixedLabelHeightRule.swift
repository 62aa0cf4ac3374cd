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
            "A <constraint firstAttribute=\"height\" constant=\"…\"> among a label's own constraints, equal (no relation) and at priority 750 or more (the label's text cannot win). Placeholders are skipped. Reported at the label's line.",
        documentation: """
            A `<constraint firstAttribute="height" constant="…">` among the label's own `<constraints>`, equal (no `relation`), not a placeholder, at priority 750 or more (the default vertical compression resistance, so the label's text cannot win). Larger text is clipped. Reported at the label's line.
            """,
        triggeringExamples: [
            .interfaceBuilder(#"↓<label id="a1"><constraints><constraint firstAttribute="height" constant="21" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"↓<label id="a1"><constraints><constraint firstItem="a1" firstAttribute="height" constant="21" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"↓<label id="a1"><constraints><constraint firstAttribute="height" constant="21" priority="999" id="c1"/></constraints></label>"#),
        ],
        nonTriggeringExamples: [
            .interfaceBuilder(
                #"<label id="a1"><constraints><constraint firstAttribute="height" relation="greaterThanOrEqual" constant="21" id="c1"/></constraints></label>"#
            ),
            .interfaceBuilder(#"<label id="a1"><constraints><constraint firstAttribute="height" constant="21" placeholder="YES" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"<label id="a1"><constraints><constraint firstAttribute="height" constant="21" priority="250" id="c1"/></constraints></label>"#),
            .interfaceBuilder(#"<imageView id="a1"><constraints><constraint firstAttribute="height" constant="21" id="c1"/></constraints></imageView>"#),
        ])

    /// A fixed-height `<constraint>` inside a label's `<constraints>` marks the label.
    static func markedElement(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> Int? {
        let depth = open.count
        guard name == "constraint", depth >= 2, open[depth - 1].name == "constraints", open[depth - 2].name == "label",
            isFixedHeight(attributes, ownerID: open[depth - 2].attributes["id"])
        else { return nil }
        return depth - 2
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
