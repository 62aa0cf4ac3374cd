/// An Interface Builder rule's detection, called by the shared SAX reader: when an element starts,
/// the rule may mark one of the open elements (a `<fontDescription>` marks its label); when a
/// marked element ends, the rule says whether it is reported, at the element's line.
protocol InterfaceBuilderRuleDetection: LintRuleDeclaration {
    /// The index in `open` (the open elements, outermost first) of the element that the element
    /// starting (`name`, `attributes`) marks for this rule, nil for none.
    static func markedElement(starting name: String, attributes: [String: String], open: [InterfaceBuilderElement]) -> Int?
    /// Whether `element`, marked by this rule, is reported now that it has ended.
    static func reports(_ element: InterfaceBuilderElement) -> Bool
}

extension InterfaceBuilderRuleDetection {
    static func reports(_ element: InterfaceBuilderElement) -> Bool { true }
}

/// An open element of an Interface Builder file.
struct InterfaceBuilderElement {
    /// The element's name (`label`).
    var name: String
    /// The line it starts on.
    var line: Int
    /// Its attributes.
    var attributes: [String: String]
    /// The rules its children marked it for.
    var marks: Set<LintRule> = []
}
