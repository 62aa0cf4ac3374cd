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
        let receiver = target.base?.receiverKey ?? "self"
        let type = currentType
        switch property {
        case "font":
            let names = value.identifiers
            if names.contains("preferredFont") || names.contains(where: { $0.lowercased().contains("scaled") }) {
                types[type, default: TypeFacts()].scalingFonts.append((receiver, value.positionAfterSkippingLeadingTrivia.utf8Offset))
            }
        case "adjustsFontForContentSizeCategory":
            guard value.trimmedDescription == "true" else { return }
            if let views = viewsStoodFor(by: receiver, around: sequence) {
                // `for label in [a, b]` / `[a, b].forEach { $0… }`: the views listed; any other
                // collection: every view, as nothing says which.
                if let views {
                    types[type, default: TypeFacts()].adjusting.formUnion(views)
                } else {
                    types[type, default: TypeFacts()].adjustsUnnamed = true
                }
            } else {
                types[type, default: TypeFacts()].adjusting.insert(receiver)
            }
        case "adjustsFontSizeToFitWidth":
            if value.trimmedDescription == "true" { types[type, default: TypeFacts()].shrinking.insert(receiver) }
        case "numberOfLines":
            if value.trimmedDescription == "1" {
                types[type, default: TypeFacts()].singleLine.append((receiver, sequence.positionAfterSkippingLeadingTrivia.utf8Offset))
            }
        case "maximumContentSizeCategory":
            if let name = value.memberName, let category = try? ContentSizeCategory(parsing: name), !category.isAccessibilityCategory {
                report(.dynamicTypeCap, at: sequence, detail: "capped at \(category.name)")
            }
        default:
            break
        }
    }

    /// When `receiver` stands for several views — a `for` loop's variable, or `$0` in a closure —
    /// the views it stands for: `.some([a, b])` for an array literal (`for label in [a, b]`,
    /// `[a, b].forEach { $0… }`), `.some(nil)` for any other collection; nil when `receiver` is
    /// one named view.
    private func viewsStoodFor(by receiver: String, around node: some SyntaxProtocol) -> [String]?? {
        var current = Syntax(node).parent
        while let candidate = current {
            if let loop = candidate.as(ForStmtSyntax.self), loop.pattern.trimmedDescription == receiver {
                return .some(Self.arrayElements(loop.sequence))
            }
            if receiver.hasPrefix("$"), let closure = candidate.as(ClosureExprSyntax.self) {
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                return .some(call.flatMap { $0.calleeBase }.flatMap(Self.arrayElements))
            }
            if candidate.is(MemberBlockSyntax.self) { break }
            current = candidate.parent
        }
        return receiver.hasPrefix("$") ? .some(nil) : nil
    }

    /// The receiver keys of an array literal's elements, nil for anything else.
    private static func arrayElements(_ expression: ExprSyntax) -> [String]? {
        guard let array = expression.as(ArrayExprSyntax.self) else { return nil }
        return array.elements.map { $0.expression.receiverKey }
    }

    /// The per-type rules: a scaling font on a receiver that neither adjusts nor is restyled by its
    /// type; a single line on a receiver whose font scales and does not shrink.
    func judge(_ type: TypeFacts) {
        let restyled = restyles(type)
        let adjusts = { (receiver: String) in type.adjustsUnnamed || type.adjusting.contains(receiver) }
        if !restyled {
            for font in type.scalingFonts where !adjusts(font.receiver) {
                candidatesAppend(.textStyleNotAdjusting, offset: font.offset)
            }
        }
        let scaling = Set(type.scalingFonts.map(\.receiver))
        for line in type.singleLine
        where (scaling.contains(line.receiver) || type.adjusting.contains(line.receiver)) && !type.shrinking.contains(line.receiver) {
            candidatesAppend(.singleLineText, offset: line.offset)
        }
    }
}
