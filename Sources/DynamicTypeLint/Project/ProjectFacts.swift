import SwiftStaticFacts

/// Everything the files of one lint run say that a finding in another file may depend on: the
/// names passed through a scaling call, the constants, and what code does to views' fonts. Merged
/// from every file's ``SwiftFileResult``; then each ``FindingCondition`` is judged against it.
package struct ProjectFacts: Sendable {
    /// Names passed through a scaling call anywhere.
    package var scaledNames: Set<String> = []
    /// Constants that are numbers, by every name that reaches them.
    package var constants = NumericConstantTable()
    /// Fonts set in code, by class and property.
    package var styling = AppStyling()
    /// Names of attributed text (functions, properties) whose attributes hold a scaling font.
    package var scalingAttributedText: Set<String> = []

    /// Nothing known yet.
    package init() {}

    /// Adds one file's facts.
    package mutating func merge(_ result: SwiftFileResult) {
        scaledNames.formUnion(result.scaledNames)
        constants.merge(result.constants)
        styling.merge(result.styling)
        scalingAttributedText.formUnion(result.scalingAttributedText)
    }

    /// Whether a finding with `condition` stands; `local` are the constants of the finding's own
    /// file, looked up first (a file's own name shadows another file's).
    package func stands(_ condition: FindingCondition, local: NumericConstantTable) -> Bool {
        switch condition {
        case .notScaledElsewhere(let name):
            return !scaledNames.contains(name)
        case .fixedNonZeroNumber(let expression):
            guard let value = expression.value(in: local.merging(constants)) else { return false }
            return value != 0
        case .interfaceBuilderFontKept(let link):
            let styling = styling.styling(of: link)
            // No font set in code: the file's font shows. Only fixed fonts set, or fonts made from
            // the file's own (`font.monospaced()`, same size): still fixed.
            return styling.fonts.allSatisfy { $0 == .fixed || $0 == .derived }
        case .interfaceBuilderNotAdjustedInCode(let link):
            let styling = styling.styling(of: link)
            // A font made from the file's own keeps its text style, and does not adjust either.
            return !styling.adjusts && styling.fonts.allSatisfy { $0 == .derived }
        case .interfaceBuilderRestyledScaling(let link):
            let styling = styling.styling(of: link)
            return styling.adjusts || styling.fonts.contains { self.styling.isScaled($0) }
        case .labelFontMayScale(let owner, let property):
            let styling = styling.styling(ofProperty: property, in: owner)
            // Only fixed fonts set in code: the text cannot outgrow the height.
            return styling.adjusts || styling.fonts.isEmpty || !styling.fonts.allSatisfy { $0 == .fixed }
        case .viewTitleFontScales(let owner, let property):
            return self.styling.styling(ofProperty: property, in: owner).fonts.contains { self.styling.isScaled($0) }
        case .attributedTextScales(let names):
            return names.contains { scalingAttributedText.contains($0) }
        case .notAdjustedElsewhere(let owner, let property):
            return !styling.styling(ofProperty: property, in: owner).adjusts
        case .sizeNotReadFromTextSize(let names):
            return !names.contains { styling.scalingProperties.contains($0) || styling.scalingFunctions.contains($0) }
        }
    }
}
