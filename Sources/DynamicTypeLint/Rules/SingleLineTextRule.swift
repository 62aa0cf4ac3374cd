import SwiftSyntax
import SwiftSyntaxProblems

/// One line of text whose font scales: `numberOfLines = 1` on a UIKit view whose font scales in
/// the same type, `.lineLimit(1)` on SwiftUI text or on a stack or button holding it.
final class SingleLineTextRule: SwiftRuleDetector {
    static let rule = LintRule.singleLineText

    static let description = LintRuleDescription(
        id: "single-line-text",
        name: "SingleLineText",
        defaultSeverity: .info,
        reads: .swift(frameworks: ["UIKit", "SwiftUI"]),
        problem: "single line of scalable text",
        atLargeSizes: "it truncates at large sizes",
        fix: "allow more lines (0 / .lineLimit(nil) or a range) or shrink it (minimumScaleFactor)",
        summary: "A single line of text whose font scales.",
        finds: "One line of text whose font scales.",
        findsBriefly: "`numberOfLines = 1`, `.lineLimit(1)` on text whose font scales",
        explanation:
            "numberOfLines = 1 on a view whose font scales in the same type (a text style, a scaled font or adjustsFontForContentSizeCategory), unless adjustsFontSizeToFitWidth is on; .lineLimit(1) on Text, Label or a text field, or on an HStack/VStack/ZStack/Button holding text (the limit reaches every Text inside), without minimumScaleFactor. Not reported when the line is truncated in the middle or at its head on purpose (.truncationMode(.middle), lineBreakMode = .byTruncatingMiddle: a URL, an account name). Informational: a single line is sometimes intended.",
        documentation: """
            `numberOfLines = 1` on a view whose font scales in the same type (a text style, a scaled font or `adjustsFontForContentSizeCategory`) without `adjustsFontSizeToFitWidth = true`, and `.lineLimit(1)` on `Text`, `Label` or a text field — or on an `HStack`, `VStack`, `ZStack` or `Button` whose content holds text whose font may grow (the limit is an environment value: it reaches every `Text` inside) — without `.minimumScaleFactor` (and without a fixed font, already reported). At large sizes it truncates. Not reported when the text is truncated in the middle or at its head on purpose — `.truncationMode(.middle)` or `.head` in SwiftUI, `lineBreakMode = .byTruncatingMiddle` or `.byTruncatingHead` in UIKit: a URL or an account name whose both ends matter, where the design chose one line and where it is cut (on duckduckgo/iOS `7b3f6010` two of the eight findings judged were such lines). Informational: a single line is sometimes what the design wants.
            """,
        triggeringExamples: [
            .swift("Text(title).font(.headline)↓.lineLimit(1)"),
            .swift("let row = HStack { Image(systemName: \"star\"); Text(title) }↓.lineLimit(1)"),
            .swift("let row = VStack { Text(title).font(.headline); Text(detail) }.padding()↓.lineLimit(1)"),
            .swift("label.font = .preferredFont(forTextStyle: .body)\nlabel.adjustsFontForContentSizeCategory = true\n↓label.numberOfLines = 1"),
            .swift("Text(title).font(.headline).truncationMode(.tail)↓.lineLimit(1)"),
            .swift(
                "label.font = .preferredFont(forTextStyle: .body)\nlabel.adjustsFontForContentSizeCategory = true\nlabel.lineBreakMode = .byTruncatingTail\n↓label.numberOfLines = 1"
            ),
        ],
        nonTriggeringExamples: [
            .swift("Text(title).font(.headline).lineLimit(1...3)"),
            .swift("Text(title).minimumScaleFactor(0.5).lineLimit(1)"),
            .swift("Text(title).font(.system(size: 12)).lineLimit(1)"),
            .swift(
                "label.font = .preferredFont(forTextStyle: .body)\nlabel.adjustsFontForContentSizeCategory = true\nlabel.adjustsFontSizeToFitWidth = true\nlabel.numberOfLines = 1"
            ),
            .swift("label.numberOfLines = 1"),
            .swift("let row = HStack { Image(systemName: \"star\"); Image(systemName: \"moon\") }.lineLimit(1)"),
            .swift("let row = HStack { Text(title).minimumScaleFactor(0.5) }.lineLimit(1)"),
            .swift("let row = HStack { Text(title).font(.system(size: 12)) }.lineLimit(1)"),
            .swiftFile("enum Fonts { static let text = Font(UIFont.systemFont(ofSize: 16)) }\nlet row = Text(title).font(Fonts.text).lineLimit(1)\n"),
            .swift("let list = List { Text(title) }.lineLimit(1)"),
            .swift("Text(url).font(.callout).truncationMode(.middle).lineLimit(1)"),
            .swift(
                "label.font = .preferredFont(forTextStyle: .body)\nlabel.adjustsFontForContentSizeCategory = true\nlabel.lineBreakMode = .byTruncatingMiddle\nlabel.numberOfLines = 1"
            ),
        ])

    static let calleeNames: Set<String> = ["lineLimit"]
    static let assignedProperties: Set<String> = ["numberOfLines", "adjustsFontSizeToFitWidth", "lineBreakMode"]

    /// Truncation modes that say where a single line is cut on purpose (both ends matter).
    private static let deliberateTruncations: Set<String> = ["middle", "head", "byTruncatingMiddle", "byTruncatingHead"]

    /// Per type: `numberOfLines = 1` receivers, and where.
    private var singleLine: [String: [(receiver: String, offset: Int)]] = [:]
    /// Per type: receivers with `adjustsFontSizeToFitWidth = true` (they shrink instead of
    /// truncating), or cut in the middle or at the head on purpose (`lineBreakMode = .byTruncatingMiddle`).
    private var shrinking: [String: Set<String>] = [:]

    init() {}

    /// `.lineLimit(1)` on a `Text`, `Label` or text field without `.minimumScaleFactor` or a fixed font.
    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {
        guard call.calleeBase != nil, let first = call.arguments.first, first.label == nil,
            first.expression.trimmedSourceText == "1"
        else { return }
        let chain = ModifierChain(around: call)
        // On a stack or button the limit reaches every text inside (it is an environment value).
        guard chain.isText || chain.rootCall.map(FixedTextHeightRule.holdsScalingText) == true,
            !chain.modifiers.contains("minimumScaleFactor"), !Self.hasFixedFont(call, facts: visitor.facts), !Self.truncatesOnPurpose(call)
        else { return }
        visitor.report(Self.rule, at: call)
    }

    /// Records `x.numberOfLines = 1` and `x.adjustsFontSizeToFitWidth = true`, judged at the end.
    func check(_ assignment: SwiftAssignment, in visitor: SwiftRuleVisitor) {
        let value = assignment.value.trimmedSourceText
        switch assignment.property {
        case "numberOfLines":
            if value == "1", case .views(let views) = visitor.receiver(of: assignment) {
                singleLine[assignment.type, default: []] += views.map { ($0, assignment.offset) }
            }
        case "lineBreakMode":
            let mode = assignment.value.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if let mode, Self.deliberateTruncations.contains(mode), case .views(let views) = visitor.receiver(of: assignment) {
                shrinking[assignment.type, default: []].formUnion(views)
            }
        default:
            if value == "true", case .views(let views) = visitor.receiver(of: assignment) {
                shrinking[assignment.type, default: []].formUnion(views)
            }
        }
    }

    /// A single line on a receiver whose font scales (in the same type) and does not shrink.
    func finish(types: [String: SwiftRuleVisitor.TypeFacts], in visitor: SwiftRuleVisitor) {
        for (name, lines) in singleLine {
            let type = types[name] ?? SwiftRuleVisitor.TypeFacts()
            let scaling = Set(type.scalingFonts.map(\.receiver))
            let shrinks = shrinking[name] ?? []
            var reported: Set<Int> = []
            for line in lines
            where (scaling.contains(line.receiver) || type.adjusting.contains(line.receiver)) && !shrinks.contains(line.receiver)
                && reported.insert(line.offset).inserted
            {
                visitor.report(Self.rule, offset: line.offset)
            }
        }
    }

    /// Whether the chain around `call` has `.truncationMode(.middle)` or `.head`: where the one
    /// line is cut was chosen.
    private static func truncatesOnPurpose(_ call: FunctionCallExprSyntax) -> Bool {
        var top = Syntax(call)
        while let parent = top.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) { top = parent }
        var current: ExprSyntax? = top.as(ExprSyntax.self)
        while let expression = current {
            if let modifier = expression.as(FunctionCallExprSyntax.self), let member = modifier.calledExpression.as(MemberAccessExprSyntax.self) {
                if member.declName.baseName.text == "truncationMode",
                    let mode = modifier.arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                    deliberateTruncations.contains(mode)
                {
                    return true
                }
                current = member.base
            } else if let member = expression.as(MemberAccessExprSyntax.self) {
                current = member.base
            } else {
                current = nil
            }
        }
        return false
    }

    /// Whether the chain around `call` sets a `.system(size:)` or `fixedSize:` font, or a constant
    /// of the file holding one (`.font(Constants.Fonts.text)` with `static let text =
    /// Font(UIFont.systemFont(ofSize: 16))`; ``SwiftFileFacts/fixedFontMembers``): already
    /// reported, and such text does not grow, so it does not truncate either.
    private static func hasFixedFont(_ call: FunctionCallExprSyntax, facts: SwiftFileFacts) -> Bool {
        var top = Syntax(call)
        while let parent = top.parent, parent.is(MemberAccessExprSyntax.self) || parent.is(FunctionCallExprSyntax.self) { top = parent }
        let tokens = top.tokens(viewMode: .sourceAccurate).map(\.text)
        for index in tokens.indices {
            if tokens[index] == "fixedSize" { return true }
            if tokens[index] == "system", index + 2 < tokens.count, tokens[index + 1] == "(", tokens[index + 2] == "size" { return true }
            // `.font(Constants.Fonts.text)`: the argument's last name.
            if tokens[index] == "font", index + 1 < tokens.count, tokens[index + 1] == "(",
                let close = tokens[(index + 1)...].firstIndex(of: ")"), close > index + 2, facts.fixedFontMembers.contains(tokens[close - 1])
            {
                return true
            }
        }
        return false
    }
}
