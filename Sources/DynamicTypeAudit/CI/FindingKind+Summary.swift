extension Finding.Kind {
    /// One sentence on what the kind means, for SARIF rule descriptions and the step summary.
    package var summary: String {
        switch self {
        case .clipped: "Text is cut off by a fixed-height box, or content by a clipping SwiftUI modifier."
        case .truncated: "Text is cut short with an ellipsis."
        case .wordWiderThanLine: "A word is wider than its line and is broken between characters or hyphenated."
        case .fallbackFont: "Characters are drawn with a fallback font."
        case .missingGlyph: "Characters no installed font can draw."
        case .underIndicator: "Text lies under the time indicator."
        case .belowFold: "Text continues below the first screen."
        case .staleState: "A size switch left state that differs from a fresh build at the new size."
        case .rowNotResized: "A list row kept its height although its title's font changed."
        case .belowMinimumSize: "Text is smaller than the platform's minimum legible size."
        case .lowContrast: "Coloured text fails WCAG 2 AA contrast against its background."
        case .imageCut: "A view is taller than the largest image drawn."
        case .limitedGrowth: "A text style never grows to 200 % of its size at large (WCAG 1.4.4)."
        case .overlapping: "Two sibling views overlap."
        case .offScreen: "A view reaches past the screen's edges."
        case .notScaling: "Text whose font does not follow the text size."
        case .smallTapTarget: "A button is smaller than the 44 × 44 pt minimum tap target."
        case .crampedRow: "A horizontal stack's children need more width than it has."
        case .underKeyboard: "Text the keyboard covers."
        case .overflow: "Content does not fit its container: text in no text container, or a SwiftUI view drawn past its frame."
        case .missingTranslation: "A strings key has no translation in the locale checked."
        case .moreFindings: "More findings of a view were counted but not listed."
        case .notLaidOut: "A part of a view that cannot be read statically was drawn as an opaque box."
        case .unresolvedToken: "A design-system token no font or colour mapping resolves."
        case .unsatisfiableConstraints: "A required Auto Layout constraint contradicts the others: UIKit breaks it."
        case .ambiguousLayout: "A view's constraints do not settle its frame (Auto Layout ambiguity)."
        }
    }

    /// The kind's name in CamelCase (`WordWiderThanLine`), as SARIF rule names are written.
    package var ruleName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
