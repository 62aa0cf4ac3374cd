import DynamicTypeCore
import SwiftSyntax

/// The UIKit assignment rules: `text-style-not-adjusting`, `single-line-text` (UIKit half) and the
/// `maximumContentSizeCategory` half of `dynamic-type-cap`.
extension SwiftRuleVisitor {
    /// Records `x.font = …`, `x.adjustsFontForContentSizeCategory = true`, `x.numberOfLines = 1`,
    /// `x.adjustsFontSizeToFitWidth = true`; checks `x.maximumContentSizeCategory = …`.
    func checkAssignment(_ sequence: SequenceExprSyntax) {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self)
        else { return }
        let property = target.declName.baseName.text
        let value = elements[2]
        let type = currentType
        let offset = sequence.positionAfterSkippingLeadingTrivia.utf8Offset
        func receiver() -> Receiver { resolve(target.base?.receiverKey ?? "self", at: sequence) }
        switch property {
        case "font":
            let names = value.identifiers
            guard names.contains("preferredFont") || names.contains(where: { $0.lowercased().contains("scaled") }),
                case .views(let views) = receiver()
            else { return }
            let at = value.positionAfterSkippingLeadingTrivia.utf8Offset
            types[type, default: TypeFacts()].scalingFonts += views.map { ($0, at) }
        case "adjustsFontForContentSizeCategory":
            guard value.trimmedDescription == "true" else { return }
            switch receiver() {
            case .views(let views): types[type, default: TypeFacts()].adjusting.formUnion(views)
            case .unknownViews: types[type, default: TypeFacts()].adjustsUnnamed = true
            case .notJudged: break
            }
        case "adjustsFontSizeToFitWidth":
            if value.trimmedDescription == "true", case .views(let views) = receiver() {
                types[type, default: TypeFacts()].shrinking.formUnion(views)
            }
        case "numberOfLines":
            if value.trimmedDescription == "1", case .views(let views) = receiver() {
                types[type, default: TypeFacts()].singleLine += views.map { ($0, offset) }
            }
        case "maximumContentSizeCategory":
            if let name = value.memberName, let category = try? ContentSizeCategory(parsing: name), !category.isAccessibilityCategory {
                report(.dynamicTypeCap, at: sequence, detail: "capped at \(category.name)")
            }
        default:
            break
        }
    }

    /// The per-type rules: a scaling font on a receiver that neither adjusts nor is restyled by its
    /// type; a single line on a receiver whose font scales and does not shrink.
    func judge(_ type: TypeFacts) {
        let restyled = restyles(type)
        let adjusts = { (receiver: String) in type.adjustsUnnamed || type.adjusting.contains(receiver) }
        if !restyled {
            // One finding per assignment, however many views it stands for.
            var reported: Set<Int> = []
            for font in type.scalingFonts where !adjusts(font.receiver) && reported.insert(font.offset).inserted {
                candidatesAppend(.textStyleNotAdjusting, offset: font.offset)
            }
        }
        let scaling = Set(type.scalingFonts.map(\.receiver))
        var reported: Set<Int> = []
        for line in type.singleLine
        where (scaling.contains(line.receiver) || type.adjusting.contains(line.receiver)) && !type.shrinking.contains(line.receiver)
            && reported.insert(line.offset).inserted
        {
            candidatesAppend(.singleLineText, offset: line.offset)
        }
    }
}
