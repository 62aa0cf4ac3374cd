import SwiftStaticFacts
import SwiftSyntax
import SwiftSyntaxProblems

/// A fixed height around text: a label's height constraint equal to a constant (or a button's,
/// when code gives its title a font that scales), or `.frame(height:)` on `Text` or on a stack or
/// button that holds text.
final class FixedTextHeightRule: SwiftRuleDetector {
    static let rule = LintRule.fixedTextHeight

    static let description = LintRuleDescription(
        id: "fixed-text-height",
        name: "FixedTextHeight",
        defaultSeverity: .warning,
        reads: .swift(frameworks: ["UIKit", "SwiftUI"]),
        problem: "fixed height around text",
        atLargeSizes: "larger text is clipped",
        fix: "use a minimum height (greaterThanOrEqualToConstant, minHeight:) or a @ScaledMetric value",
        summary: "A fixed height around text: a label's height constraint or .frame(height:) on Text, or on a stack or button holding text.",
        finds: "A fixed height around text.",
        findsBriefly: "`heightAnchor.constraint(equalToConstant:)` on a label, `.frame(height:)` on `Text` or a stack or button holding it",
        explanation:
            "heightAnchor.constraint(equalToConstant:) on a label (a name ending in label, or declared as a …Label) or on a button whose title code sets to a scaling font (in any linted file), NSLayoutConstraint(item:attribute: .height, relatedBy: .equal, toItem: nil, …) and .frame(height:) on Text, Label, a text field, or an HStack/VStack/ZStack/Button whose content holds Text, with a number: a literal, a let, or a static constant in any linted file (Metrics.rowHeight, Size.large.height). Minimum heights (greaterThanOrEqualToConstant, minHeight:), @ScaledMetric values, a height of 0 (hiding the text), text that may shrink (minimumScaleFactor) and text whose font is fixed (a label every font code sets on is of a fixed size, Text with .font(.system(size: 17))) are fine.",
        documentation: """
            `heightAnchor.constraint(equalToConstant:)` on a label (a name ending in `label`, or a property declared as a `…Label`) — or on a button (a name ending in `button`) that the type keeps and whose title code sets to a font that scales, in any linted file (`buyButton.titleLabel?.font = .preferredFont(forTextStyle: .headline)` in an extension elsewhere; a button left at UIKit's fixed 15 pt title cannot outgrow the height) — `NSLayoutConstraint(item: label, attribute: .height, relatedBy: .equal, toItem: nil, …)`, and `.frame(height:)` (also `width:height:`) on `Text`, `Label`, `TextField` or `SecureField` — and `.frame(height:)` on an `HStack`, `VStack`, `ZStack` or `Button` whose content holds a `Text` or `Label` (directly or in nested stacks; at the accessibility sizes body text alone needs 62 pt) — with a number: a literal, a `let` bound to one, or a static constant of any linted file, also through arithmetic (`Metrics.rowHeight`, `Theme.Metrics.gap * 2`, `Size.large.height` read from `static let large = Size(height: 56)`). Larger text is clipped. Minimum heights (`greaterThanOrEqualToConstant:`, `minHeight:`), `@ScaledMetric` values, `scaledValue(for:)`, computed heights, a height of 0 (which hides the text on purpose), text that may shrink (`.minimumScaleFactor`, on the frame's view or inside it), text whose font is of a fixed size — a label on which every font code sets (in the type that keeps it, in any linted file, helpers followed) is fixed without `adjustsFontForContentSizeCategory`, a `Text` with `.font(.system(size: 17))`, stacks whose text all has a fixed font: it cannot outgrow the height, and the fixed-font rules report the font, as for Interface Builder labels — and other views (images, lists, scroll views) are not reported. Known misses: SnapKit and other layout DSLs, sizes from enum cases' computed properties.
            """,
        triggeringExamples: [
            .swift("↓titleLabel.heightAnchor.constraint(equalToConstant: 21).isActive = true"),
            .swiftFile("let rowHeight: CGFloat = 30\nfunc f() { ↓name.heightAnchor.constraint(equalToConstant: rowHeight) }\nlet name = UILabel()\n"),
            .swift(
                "↓NSLayoutConstraint(item: dateLabel, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 16)"
            ),
            .swift("let a = Text(\"a\")↓.frame(height: 44)"),
            .swift("let a = Text(\"a\").font(.body)↓.frame(width: 20, height: 44)"),
            .swiftFile("enum Metrics { static let rowHeight: CGFloat = 22 }\nlet a = Text(\"a\")↓.frame(height: Metrics.rowHeight)\n"),
            .swiftFile(
                "struct Size { let height: CGFloat; static let large = Size(height: 56) }\nlet a = Text(\"a\")↓.frame(height: Size.large.height)\n"),
            .swiftFile("enum Layout { static let unit: CGFloat = 8 }\nlet a = Text(\"a\")↓.frame(height: Layout.unit * 5 + 4)\n"),
            .swift("let a = HStack { Image(systemName: \"star\"); Text(\"Favourite\") }↓.frame(height: 56)"),
            .swift("let a = Button { Text(\"Buy\") }↓.frame(height: 44)"),
            .swift("let a = Button(action: buy) { HStack { Text(\"Buy\") } }↓.frame(height: 44)"),
            .swift("badgeLabel.font = .preferredFont(forTextStyle: .caption1)\n↓badgeLabel.heightAnchor.constraint(equalToConstant: 18).isActive = true"),
            .swiftFile("struct V: View {\n    @ScaledMetric var size = 17.0\n    var body: some View { Text(\"a\").font(.system(size: size))↓.frame(height: 24) }\n}\n"),
            .swiftFile(
                "class BuyView: UIView {\n    let buyButton = UIButton()\n    func layout() { ↓buyButton.heightAnchor.constraint(equalToConstant: 44).isActive = true }\n}\nextension BuyView {\n    func style() { buyButton.titleLabel?.font = .preferredFont(forTextStyle: .headline) }\n}\n"
            ),
        ],
        nonTriggeringExamples: [
            .swift("titleLabel.heightAnchor.constraint(greaterThanOrEqualToConstant: 21).isActive = true"),
            .swift("avatar.heightAnchor.constraint(equalToConstant: 21)"),
            .swift("titleLabel.heightAnchor.constraint(equalToConstant: metrics.scaledValue(for: 21))"),
            .swift("let a = Text(\"a\").frame(minHeight: 44)"),
            .swift("let a = Text(\"a\").minimumScaleFactor(0.5).frame(width: 24, height: 24)"),
            .swift("let a = Image(\"a\").frame(height: 44)"),
            .swift("titleLabel.heightAnchor.constraint(equalToConstant: 0).isActive = isCollapsed"),
            .swift("let a = Text(\"a\").frame(height: 0)"),
            .swiftFile("struct V {\n    @ScaledMetric var h = 44.0\n    var body: some View { Text(\"a\").frame(height: h) }\n}\n"),
            .swiftFile("enum Metrics { static let hidden: CGFloat = 0 }\nlet a = Text(\"a\").frame(height: Metrics.hidden)\n"),
            .swift("let a = Text(\"a\").frame(height: Metrics.rowHeight)"),
            .swift("let a = HStack { Image(systemName: \"star\"); Image(systemName: \"moon\") }.frame(height: 56)"),
            .swift("let a = HStack { Text(\"a\").font(.system(size: 17)) }.frame(height: 56)"),
            .swift("let a = HStack { Text(\"a\").minimumScaleFactor(0.5) }.frame(height: 56)"),
            .swift("let a = Button { Image(systemName: \"xmark\") }.frame(height: 44)"),
            .swift("let a = ScrollView { Text(\"a\") }.frame(height: 200)"),
            .swift("let a = HStack { Text(\"a\") }.frame(minHeight: 56)"),
            .swift("badgeLabel.font = .systemFont(ofSize: 11, weight: .bold)\nbadgeLabel.heightAnchor.constraint(equalToConstant: 18).isActive = true"),
            .swiftFile(
                "class Badge: UIView {\n    let countLabel = UILabel()\n    func layout() { countLabel.heightAnchor.constraint(equalToConstant: 18).isActive = true }\n}\nextension Badge {\n    func style() { countLabel.font = .monospacedDigitSystemFont(ofSize: 11, weight: .bold) }\n}\n"
            ),
            .swift("let a = Text(\"a\").font(.system(size: 12)).frame(height: 20)"),
            .swiftFile("class BuyView: UIView {\n    let buyButton = UIButton()\n    func layout() { buyButton.heightAnchor.constraint(equalToConstant: 44).isActive = true }\n}\n"),
            .swiftFile(
                "class BuyView: UIView {\n    let buyButton = UIButton()\n    func layout() { buyButton.heightAnchor.constraint(equalToConstant: 44).isActive = true }\n    func style() { buyButton.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold) }\n}\n"
            ),
        ])

    static let calleeNames: Set<String> = ["constraint", "NSLayoutConstraint", "frame"]

    init() {}

    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {
        switch name {
        case "constraint": checkHeightAnchor(call, in: visitor)
        case "NSLayoutConstraint": checkLayoutConstraint(call, in: visitor)
        default: checkFrameHeight(call, in: visitor)
        }
    }

    /// `label.heightAnchor.constraint(equalToConstant: 44)` with a fixed number, on a label.
    private func checkHeightAnchor(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.labels.first == "equalToConstant", let constant = call.argument("equalToConstant"),
            let anchor = call.calleeBase?.as(MemberAccessExprSyntax.self), anchor.declName.baseName.text == "heightAnchor",
            let view = anchor.base, let conditions = Self.fixedHeight(constant, in: visitor)
        else { return }
        if Self.isLabel(view, facts: visitor.facts) {
            visitor.report(Self.rule, at: call, conditions: conditions + Self.fontConditions(of: view, at: call, in: visitor))
        } else if Self.isButton(view), let property = Self.keptProperty(view, at: call, in: visitor) {
            // A button keeps UIKit's fixed 15 pt title unless code gives it a font that scales
            // (`buyButton.titleLabel?.font = .preferredFont(…)`, often in another file's extension).
            visitor.report(Self.rule, at: call, conditions: conditions + [.viewTitleFontScales(owner: visitor.currentType, property: property)])
        }
    }

    /// A button by its name (`buyButton`, `button`).
    private static func isButton(_ view: ExprSyntax) -> Bool {
        let key = view.receiverKey
        return (key.split(separator: ".").last.map(String.init) ?? key).lowercased().hasSuffix("button")
    }

    /// The property of the current type that `view` is (`buyButton`, `self.buyButton`), or nil when
    /// it is not one view the type keeps.
    private static func keptProperty(_ view: ExprSyntax, at call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) -> String? {
        guard !visitor.currentType.isEmpty, case .views(let keys) = visitor.resolve(view.receiverKey, at: call), keys.count == 1,
            let property = keys[0].split(separator: ".").first.map(String.init), property != "self"
        else { return nil }
        return property
    }

    /// What must hold of the label's font for its height to be reported: that code gives it some
    /// font not of a fixed size (a fixed font cannot outgrow the height, as for Interface Builder
    /// labels). Judged across files by the type that keeps the label; none when the label is not
    /// one view the type keeps.
    private static func fontConditions(of view: ExprSyntax, at call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) -> [FindingCondition] {
        guard !visitor.currentType.isEmpty, case .views(let keys) = visitor.resolve(view.receiverKey, at: call), keys.count == 1,
            let property = keys[0].split(separator: ".").first.map(String.init), property != "self"
        else { return [] }
        return [.labelFontMayScale(owner: visitor.currentType, property: property)]
    }

    /// `NSLayoutConstraint(item: label, attribute: .height, relatedBy: .equal, toItem: nil, …, constant: 44)`.
    private func checkLayoutConstraint(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard let item = call.argument("item"), Self.isLabel(item, facts: visitor.facts), call.argument("attribute")?.memberName == "height",
            call.argument("relatedBy")?.memberName == "equal", call.argument("toItem")?.trimmedSourceText == "nil",
            let constant = call.argument("constant"), let conditions = Self.fixedHeight(constant, in: visitor)
        else { return }
        visitor.report(Self.rule, at: call, conditions: conditions + Self.fontConditions(of: item, at: call, in: visitor))
    }

    /// `.frame(height: 44)` (or `width:height:`) with a fixed number, on a `Text`, `Label` or text
    /// field, or on a stack or button whose content holds one.
    private func checkFrameHeight(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) {
        guard call.calleeBase != nil, let height = call.argument("height") else { return }
        // Text that may shrink (minimumScaleFactor) fits the box instead of being cut.
        let chain = ModifierChain(around: call)
        guard !chain.modifiers.contains("minimumScaleFactor") else { return }
        // Text of a fixed font cannot outgrow the box (the SwiftUI fixed-font rule reports the font).
        guard !(chain.isText && chain.fontIsFixed(sizeScales: visitor.facts.scales)) else { return }
        guard chain.isText || chain.rootCall.map(Self.holdsScalingText) == true, let conditions = Self.fixedHeight(height, in: visitor) else { return }
        visitor.report(Self.rule, at: call, conditions: conditions)
    }

    /// Containers whose content is laid out inside their frame (a scroll view or list scrolls instead).
    static let textContainers: Set<String> = ["HStack", "VStack", "ZStack", "Button"]

    /// Whether the stack or button `call` makes holds text whose font may grow: a `Text` or `Label`
    /// in its content closure (directly or in nested stacks), none that may shrink, and not all
    /// with a fixed font.
    static func holdsScalingText(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calleeName, textContainers.contains(name) else { return false }
        var texts: [ModifierChain] = []
        collectTexts(in: Syntax(call), depth: 0, into: &texts)
        guard !texts.isEmpty, !texts.contains(where: { $0.modifiers.contains("minimumScaleFactor") }) else { return false }
        return texts.contains { chain in
            // `.font(.system(size: 17))` is a fixed font: the SwiftUI fixed-font rule reports it, and it cannot outgrow the frame.
            !(chain.modifiers.contains("font") && chain.fontIsFixed())
        }
    }

    /// The text views in the closures of `node` (a stack or button call), through nested stacks only.
    private static func collectTexts(in node: Syntax, depth: Int, into texts: inout [ModifierChain]) {
        guard depth < 8, let call = node.as(FunctionCallExprSyntax.self) else { return }
        var closures: [ClosureExprSyntax] = call.trailingClosure.map { [$0] } ?? []
        closures += call.additionalTrailingClosures.map(\.closure)
        closures += call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        // `Button("Buy") { … }`: the title is the text.
        if call.calleeName == "Button", call.arguments.first?.label == nil, call.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true {
            texts.append(ModifierChain(around: call))
        }
        for closure in closures {
            for item in closure.statements {
                guard let expression = item.item.as(ExprSyntax.self), let outer = ModifierChain.outermostCall(expression) else { continue }
                let chain = ModifierChain(around: outer)
                if chain.isText {
                    texts.append(chain)
                } else if let root = chain.rootCall, let name = root.calleeName, textContainers.contains(name) {
                    collectTexts(in: Syntax(root), depth: depth + 1, into: &texts)
                }
            }
        }
    }

    /// When `expression` is a fixed height other than 0, what must hold for it to be reported (a
    /// constant another file declares must be a fixed number other than 0): nil when it is not
    /// one. A height of 0 hides the text (a collapsed row), nothing to clip.
    private static func fixedHeight(_ expression: ExprSyntax, in visitor: SwiftRuleVisitor) -> [FindingCondition]? {
        if let literal = expression.literalNumber { return literal != 0 ? [] : nil }
        guard !visitor.facts.scales(expression), let number = NumericExpression(expression, owner: visitor.ownerPath), number.readsConstants else {
            return nil
        }
        return [.fixedNonZeroNumber(number)]
    }

    /// A label by its declaration (`UILabel`, `…Label`) or its name (`titleLabel`, `label`).
    private static func isLabel(_ view: ExprSyntax, facts: SwiftFileFacts) -> Bool {
        let key = view.receiverKey
        let last = key.split(separator: ".").last.map(String.init) ?? key
        return last.lowercased().hasSuffix("label") || facts.labelNames.contains(last)
    }
}
