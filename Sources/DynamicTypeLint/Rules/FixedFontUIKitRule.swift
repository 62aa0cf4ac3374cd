import SwiftSyntax
import SwiftSyntaxProblems

/// A UIKit font of a fixed size that never passes through `UIFontMetrics`: the declaration and the
/// detection, with a simple local data flow (``fate(of:in:)``) deciding whether the font is scaled.
final class FixedFontUIKitRule: SwiftRuleDetector {
    static let rule = LintRule.fixedFontUIKit

    static let description = LintRuleDescription(
        id: "fixed-font-uikit",
        name: "FixedFontUIKit",
        defaultSeverity: .error,
        reads: .swift(frameworks: ["UIKit"]),
        problem: "fixed-size font",
        atLargeSizes: "the text stays this size at every text size",
        fix: "scale it with UIFontMetrics(forTextStyle:).scaledFont(for:) or use UIFont.preferredFont(forTextStyle:)",
        summary: "A UIKit font of a fixed size that never passes through UIFontMetrics.",
        finds: "A UIKit font of a fixed size that never passes through `UIFontMetrics`.",
        findsBriefly: "`UIFont.systemFont(ofSize:)`, `UIFont(name:size:)`, … never passed through `UIFontMetrics.scaledFont(for:)`",
        explanation:
            "UIFont.systemFont(ofSize:), boldSystemFont, italicSystemFont, monospacedSystemFont, monospacedDigitSystemFont and UIFont(name:size:) make a font that ignores the user's text size. Not reported: a font passed to UIFontMetrics' scaledFont(for:) (or any call named …scaled…) directly, through a local constant scaled in the same body, or through a property or function whose name a scaling call mentions in any linted file (a parameter or local of the code around that call names nothing elsewhere); sizes read from the current text size (@ScaledMetric, preferredFont, pointSize, scaledValue(for:)), also through a local bound to one; fonts that size an image (UIImage.SymbolConfiguration(font:)); AppKit-only files; navigation titles (titleTextAttributes, a label made a navigation item's titleView), which UIKit keeps fixed too; a size from a property or function of any linted file that reads the text size (FontSettings.fontSizeForHeaderView switching over preferredContentSizeCategory); fonts built to read a metric (.lineHeight).",
        documentation: """
            `UIFont.systemFont(ofSize:)`, `boldSystemFont`, `italicSystemFont`, `monospacedSystemFont`, `monospacedDigitSystemFont` and `UIFont(name:size:)` make a font that ignores the user's text size: at the accessibility sizes the text is still 17 pt.

            Not reported (simple local data flow): a font passed to `scaledFont(for:)` (of `UIFontMetrics(forTextStyle:)` or `UIFontMetrics.default`, or any call whose name contains `scaled`) directly or through a local constant scaled in the same function; a `static let` / computed property / function that builds the font, when a scaling call anywhere in the files linted together names it (`scaledFont(for: Fonts.title)`; a name that is a parameter or local of the code around that call, as in `let font = …; return metrics.scaledFont(for: font)`, means only that local, and silences no other file's `font`); sizes read from the current text size (`@ScaledMetric`, `preferredFont…pointSize`, `scaledValue(for:)`), directly or through a local bound to one in scope (`let bodySize = UIFont.preferredFont(forTextStyle: .body).pointSize`); files that import AppKit and not UIKit (macOS has no Dynamic Type); fonts that size an image (`UIImage.SymbolConfiguration(font:)`); a font built only to read a metric (`UIFont.systemFont(ofSize: 17).lineHeight` for a scroll distance); a size named by a property or function that some linted file declares reading the text size (`UIFont.systemFont(ofSize: FontSettings.fontSizeForHeaderView)`, directly or through a local, where `fontSizeForHeaderView` switches over `preferredContentSizeCategory`: duckduckgo/iOS `7b3f6010`) — the size follows the text size when the font is made. Known misses: `font.withSize(17)`. A navigation bar title's font (`titleTextAttributes = [.font: …]`, on a bar or its appearance) is not reported: UIKit's own bar titles stay the same size at every text size (the Large Content Viewer shows them enlarged); `largeTitleTextAttributes` fonts are, since large titles scale. For the same reason a label the file makes a navigation item's title view (`label.font = …` with `navigationItem.titleView = label`, or `titleView: label` passed on) is not reported.
            """,
        triggeringExamples: [
            .swift("let titleLabel = UILabel()\ntitleLabel.font = ↓UIFont.systemFont(ofSize: 17)\nnavigationItem.titleView = titleLabelContainer"),
            .swift("titleLabel.font = ↓UIFont.systemFont(ofSize: 17, weight: .semibold)"),
            .swift("label.font = ↓.boldSystemFont(ofSize: 17)"),
            .swift("label.font = ↓UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular)"),
            .swift("label.font = ↓UIFont(name: \"Avenir\", size: 17)"),
            .swift("let attributes: [NSAttributedString.Key: Any] = [.font: ↓UIFont.systemFont(ofSize: 13)]"),
            .swift("appearance.largeTitleTextAttributes = [.font: ↓UIFont.systemFont(ofSize: 34, weight: .bold)]"),
            .swift("let f = UIFont.systemFont(ofSize: 17)\nlabel.font = f"),
            .swiftFile(
                "func a() {\n    let size = UIFont.preferredFont(forTextStyle: .body).pointSize\n    title.font = .systemFont(ofSize: size)\n}\nfunc b() {\n    let size: CGFloat = 15\n    detail.font = ↓.systemFont(ofSize: size)\n}\n"
            ),
            .swiftFile(
                "class Badge: UIView {\n    private var font: UIFont = ↓UIFont.systemFont(ofSize: 14)\n    func style() { label.font = font }\n}\nextension UIFont {\n    func scaled(_ metrics: UIFontMetrics) -> UIFont {\n        let font = self\n        return metrics.scaledFont(for: font)\n    }\n}\n"
            ),
        ],
        nonTriggeringExamples: [
            .swift(
                "let titleLabel = UILabel()\ntitleLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)\nnavigationItem.titleView = titleLabel"
            ),
            .swift("let overlap = 2 * UIFont.systemFont(ofSize: UIFont.systemFontSize).lineHeight * scale"),
            .swift(
                "titleLabel.font = UIFontMetrics(forTextStyle: .headline).scaledFont(for: UIFont.systemFont(ofSize: 17, weight: .semibold))\ntitleLabel.adjustsFontForContentSizeCategory = true"
            ),
            .swift("let f = UIFont.systemFont(ofSize: 17)\nlabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: f)"),
            .swift("label.font = UIFont.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .body).pointSize)"),
            .swift("label.font = UIFont(descriptor: descriptor, size: 0)"),
            .swift("let image = UIImage(systemName: \"gear\", withConfiguration: UIImage.SymbolConfiguration(font: .systemFont(ofSize: 15)))"),
            .swiftFile(
                "enum Fonts { static let title = UIFont(name: \"Avenir\", size: 20)! }\nfunc a() { label.font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: Fonts.title) }\n"
            ),
            .swiftFile("import AppKit\nfunc f() { field.font = .systemFont(ofSize: 12) }\n"),
            .swift("appearance.titleTextAttributes = [.font: UIFont.systemFont(ofSize: 17, weight: .semibold), .foregroundColor: UIColor.label]"),
            .swift("let bodySize = UIFont.preferredFont(forTextStyle: .body).pointSize\nlabel.font = .monospacedSystemFont(ofSize: bodySize, weight: .regular)"),
            .swiftFile(
                "class Header: UIView {\n    static let titleFont = UIFont(name: \"Avenir\", size: 20)!\n    func style(_ metrics: UIFontMetrics) { label.font = metrics.scaledFont(for: titleFont) }\n}\n"
            ),
        ])

    static let calleeNames: Set<String> = [
        "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont", "UIFont", "init",
    ]

    init() {}

    /// What becomes of a font once built.
    enum FontFate {
        /// It goes through a scaling call (`scaledFont(for:)`, a helper named `…scaled…`).
        case scaled
        /// It is used as it is (set on text, put in attributes, passed on).
        case usedFixed
        /// It is bound to a property or function: fine if that name is scaled somewhere.
        case boundToMember(String)
        /// It sizes an image, not text (`UIImage.SymbolConfiguration(font:)`).
        case notText
    }

    /// `UIFont.systemFont(ofSize:)`, `.boldSystemFont(ofSize:)`, `UIFont(name:size:)`, … whose size
    /// is a fixed number and whose result never passes through a scaling call.
    func check(_ call: FunctionCallExprSyntax, named name: String, in visitor: SwiftRuleVisitor) {
        let facts = visitor.facts
        let size: ExprSyntax?
        switch name {
        case "UIFont":
            // `UIFont(name:size:)`; `UIFont(descriptor:size:)` is left alone (size 0 keeps the
            // descriptor's, which may be a text style's).
            guard call.calledExpression.is(DeclReferenceExprSyntax.self), call.labels == ["name", "size"] else { return }
            size = call.argument("size")
        case "init":
            guard call.calleeBase?.trimmedSourceText == "UIFont", call.labels == ["name", "size"] else { return }
            size = call.argument("size")
        default:
            guard call.labels.first == "ofSize" else { return }
            if let base = call.calleeBase {
                guard base.trimmedSourceText == "UIFont" else { return }
            } else if facts.isAppKitOnly {
                return
            }
            size = call.argument("ofSize")
        }
        guard let size, !facts.scales(size) else { return }
        switch Self.fate(of: call, in: facts) {
        case .scaled, .notText: return
        case .usedFixed:
            if Self.setsNavigationTitleView(call, in: visitor) { return }
            visitor.report(Self.rule, at: call, conditions: Self.sizeConditions(size, in: visitor))
        case .boundToMember(let member): visitor.report(Self.rule, at: call, escapeName: member, conditions: Self.sizeConditions(size, in: visitor))
        }
    }

    /// Follows the font `call` builds up through the expression it is part of (simple local data
    /// flow): into a scaling call, into a binding, or into use.
    static func fate(of call: FunctionCallExprSyntax, in facts: SwiftFileFacts) -> FontFate {
        var node = Syntax(call)
        while let parent = node.parent {
            if let outer = parent.as(FunctionCallExprSyntax.self) {
                if outer.calleeName?.lowercased().contains("scaled") == true { return .scaled }
                let callee = outer.calledExpression.trimmedSourceText
                if callee.contains("Symbol") || callee.contains("Image") { return .notText }
                // A font passed to another call is used there; a font a member is called on
                // (`UIFont(…)!.withTraits(…)`) flows on.
                guard outer.calledExpression.id == node.id else { return .usedFixed }
            } else if let member = parent.as(MemberAccessExprSyntax.self) {
                if member.declName.baseName.text.lowercased().contains("scaled") { return .scaled }
                // A metric read off the font (`UIFont.systemFont(ofSize: 17).lineHeight` for a
                // scroll distance) measures; no text is drawn with it.
                if Self.metrics.contains(member.declName.baseName.text) { return .notText }
            } else if let initializer = parent.as(InitializerClauseSyntax.self) {
                return bindingFate(initializer, in: facts)
            } else if parent.is(ReturnStmtSyntax.self) {
                return enclosingMember(of: parent).map(FontFate.boundToMember) ?? .usedFixed
            } else if let item = parent.as(CodeBlockItemSyntax.self) {
                // The only statement of a body is its implicit return value.
                guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return .usedFixed }
                return enclosingMember(of: parent).map(FontFate.boundToMember) ?? .usedFixed
            } else if let sequence = parent.as(SequenceExprSyntax.self) {
                // `a ?? b` flows on; an assignment (`label.font = …`) uses the font.
                if sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return .usedFixed }
            } else if parent.is(DictionaryElementSyntax.self) {
                // A navigation bar's title (`titleTextAttributes`) does not follow the text size in
                // UIKit's own bars either (they show the Large Content Viewer instead): not a text
                // that should scale. Large titles (`largeTitleTextAttributes`) do scale: still used.
                return isNavigationTitleAttributes(parent) ? .notText : .usedFixed
            } else if !(parent.is(ExprSyntax.self) || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
                || parent.is(ExprListSyntax.self))
            {
                return .usedFixed
            }
            node = parent
        }
        return .usedFixed
    }

    /// Whether `call` is the font of a label the file makes a navigation bar's title view
    /// (`label.font = …` and `navigationItem.titleView = label`, or `titleView: label` passed on):
    /// a navigation title, which UIKit keeps the same size at every text size as it keeps its own
    /// bar titles (owncloud/ios-app `0ac09a30`, `UINavigationItem+Extension.swift`).
    static func setsNavigationTitleView(_ call: FunctionCallExprSyntax, in visitor: SwiftRuleVisitor) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(ExprSyntax.self) || parent.is(ExprListSyntax.self) {
            if let sequence = parent.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "font",
                    let label = target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                else { return false }
                return visitor.navigationTitleViews.contains(label)
            }
            node = parent
        }
        return false
    }

    /// A size that names properties or functions (`FontSettings.fontSizeForHeaderView`, also
    /// through a local bound to one): the finding stands unless some file's property or function
    /// of one of those names reads the text size (``AppStyling/scalingProperties``); a literal
    /// size needs nothing.
    static func sizeConditions(_ size: ExprSyntax, in visitor: SwiftRuleVisitor) -> [FindingCondition] {
        var names = size.identifiers
        if let reference = size.as(DeclReferenceExprSyntax.self), let value = visitor.localDeclaration(of: reference.baseName.text, around: size)?.value {
            names += value.identifiers
        }
        return names.isEmpty ? [] : [.sizeNotReadFromTextSize(names: Array(Set(names)).sorted())]
    }

    /// The font metrics a font may be built only to read.
    static let metrics: Set<String> = ["lineHeight", "pointSize", "ascender", "descender", "capHeight", "xHeight", "leading"]

    /// `let font = UIFont.systemFont(ofSize: 17)`: a local is fine when the same body passes it
    /// through a scaling call; a property is judged across the files (``SwiftCandidate/escapeName``).
    /// Whether the dictionary element `element` is in the value assigned to a `titleTextAttributes`
    /// (`appearance.titleTextAttributes = [.font: …]`, `navigationBar.titleTextAttributes = …`).
    private static func isNavigationTitleAttributes(_ element: Syntax) -> Bool {
        var current = element.parent
        for _ in 0..<4 {
            guard let node = current else { return false }
            if let sequence = node.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self)
                    && elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "titleTextAttributes"
            }
            current = node.parent
        }
        return false
    }

    private static func bindingFate(_ initializer: InitializerClauseSyntax, in facts: SwiftFileFacts) -> FontFate {
        let pattern: PatternSyntax?
        if let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            pattern = binding.pattern
        } else if let condition = initializer.parent?.as(OptionalBindingConditionSyntax.self) {
            pattern = condition.pattern
        } else {
            pattern = nil
        }
        guard let name = pattern?.as(IdentifierPatternSyntax.self)?.identifier.text else { return .usedFixed }
        guard let body = enclosingBody(of: Syntax(initializer)) else { return .boundToMember(name) }
        let start = body.position.utf8Offset
        let range = start..<(start + body.totalLength.utf8Length)
        if facts.scaledReferences.contains(where: { $0.name == name && range.contains($0.offset) }) { return .scaled }
        // Not scaled here: a function or property that builds and returns it is judged by its own name.
        return enclosingMember(of: body).map(FontFate.boundToMember) ?? .usedFixed
    }

    /// The function, closure or accessor body a node is in, nil for a type member or top-level code.
    private static func enclosingBody(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(MemberBlockSyntax.self) || candidate.is(SourceFileSyntax.self) { return nil }
            if candidate.is(CodeBlockSyntax.self) || candidate.is(ClosureExprSyntax.self) || candidate.is(AccessorBlockSyntax.self) {
                return candidate
            }
            current = candidate.parent
        }
        return nil
    }

    /// The function or property whose value a `return` gives.
    private static func enclosingMember(of node: some SyntaxProtocol) -> String? {
        var current = Syntax(node).parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function.name.text }
            if let binding = candidate.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if candidate.is(ClosureExprSyntax.self) || candidate.is(MemberBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }
}
