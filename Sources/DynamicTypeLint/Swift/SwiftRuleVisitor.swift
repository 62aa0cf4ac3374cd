import SwiftSyntax

/// A place a Swift rule applies, before suppressions, config and cross-file resolution.
struct SwiftCandidate {
    /// The rule.
    var rule: LintRule
    /// UTF-8 offset of the node reported.
    var offset: Int
    /// Text put before the rule's message (`capped at xxxLarge`), if any.
    var detail: String?
    /// A property or function the font is bound to: the finding stands only if no linted file
    /// passes that name through a scaling call (`UIFontMetrics.default.scaledFont(for: .title)`).
    var escapeName: String?
}

/// The rules' pass over one Swift file: calls and assignments are checked as they are met; what
/// depends on a whole type (a label's font set in one method, `adjustsFontForContentSizeCategory`
/// in another) is collected per type and judged at the end (``finish()``). Previews (`#Preview`,
/// `PreviewProvider`) are skipped: pinning a size there is their purpose.
final class SwiftRuleVisitor: SyntaxVisitor {
    /// Per type (by name, so a class and its extensions in the file are one): the UIKit text facts.
    struct TypeFacts {
        /// Receivers given a font that scales (`label.font = .preferredFont(forTextStyle: .body)`), and where.
        var scalingFonts: [(receiver: String, offset: Int)] = []
        /// Receivers with `adjustsFontForContentSizeCategory = true`.
        var adjusting: Set<String> = []
        /// Whether some `adjustsFontForContentSizeCategory = true` has a receiver that stands for
        /// several views (`$0`, a loop variable): every receiver then counts as adjusting.
        var adjustsUnnamed = false
        /// Receivers with `adjustsFontSizeToFitWidth = true` (they shrink instead of truncating).
        var shrinking: Set<String> = []
        /// `numberOfLines = 1` receivers, and where.
        var singleLine: [(receiver: String, offset: Int)] = []
        /// Where the type's declarations are (UTF-8 ranges), to find the restyling markers inside.
        var ranges: [Range<Int>] = []
    }

    let facts: SwiftFileFacts
    /// UTF-8 offsets of text that restyles on a size change (`didChangeNotification`,
    /// `traitCollectionDidChange`, `registerForTraitChanges`).
    let restyleMarkers: [Int]
    private(set) var candidates: [SwiftCandidate] = []
    var types: [String: TypeFacts] = [:]
    /// Names of the enclosing types, innermost last ("" outside any type).
    var typeStack: [String] = []

    init(facts: SwiftFileFacts, restyleMarkers: [Int]) {
        self.facts = facts
        self.restyleMarkers = restyleMarkers
        super.init(viewMode: .sourceAccurate)
    }

    var currentType: String { typeStack.last ?? "" }

    func report(_ rule: LintRule, at node: some SyntaxProtocol, detail: String? = nil, escapeName: String? = nil) {
        candidates.append(SwiftCandidate(rule: rule, offset: Self.reportOffset(node), detail: detail, escapeName: escapeName))
    }

    /// Where a finding about `node` points: a modifier applied to a view built by a call (`Text(…)
    /// .frame(height: 44)`, `List { … }.dynamicTypeSize(…)`) at its own `.name`, since the call
    /// itself starts where the view does, possibly many lines up; anything else at its start.
    static func reportOffset(_ node: some SyntaxProtocol) -> Int {
        if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, Self.startsWithCall(base)
        {
            return member.period.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        return node.positionAfterSkippingLeadingTrivia.utf8Offset
    }

    /// Whether `expression` is a call, or members of one (`Text("a").bold`).
    private static func startsWithCall(_ expression: ExprSyntax) -> Bool {
        var current = expression
        while true {
            if current.is(FunctionCallExprSyntax.self) { return true }
            guard let member = current.as(MemberAccessExprSyntax.self), let base = member.base else { return false }
            current = base
        }
    }

    func candidatesAppend(_ rule: LintRule, offset: Int) {
        candidates.append(SwiftCandidate(rule: rule, offset: offset))
    }

    // MARK: Types and previews

    private func enter(_ name: String, _ node: some SyntaxProtocol) {
        typeStack.append(name)
        let start = node.position.utf8Offset
        types[name, default: TypeFacts()].ranges.append(start..<(start + node.totalLength.utf8Length))
    }

    private static func isPreview(_ name: String, _ inheritance: InheritanceClauseSyntax?) -> Bool {
        name.hasSuffix("_Previews")
            || inheritance?.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("PreviewProvider") } == true
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node)
        return Self.isPreview(node.name.text, node.inheritanceClause) ? .skipChildren : .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        enter(name, node)
        return Self.isPreview(name, node.inheritanceClause) ? .skipChildren : .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    // MARK: Dispatch

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calleeName else { return .visitChildren }
        switch name {
        case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont", "UIFont", "init":
            checkUIKitFont(node, name: name)
        case "system", "custom":
            checkSwiftUIFont(node, name: name)
        case "constraint":
            checkHeightAnchor(node)
        case "NSLayoutConstraint":
            checkLayoutConstraint(node)
        case "frame":
            checkFrameHeight(node)
        case "dynamicTypeSize":
            checkDynamicTypeSize(node)
        case "environment":
            checkEnvironmentSize(node)
        case "lineLimit":
            checkLineLimit(node)
        default:
            break
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        checkAssignment(node)
        return .visitChildren
    }

    // MARK: The end of the file

    /// The candidates, with the per-type rules judged.
    func finish() -> [SwiftCandidate] {
        for (_, type) in types { judge(type) }
        return candidates
    }

    /// Whether a restyling marker lies inside one of `type`'s declarations.
    func restyles(_ type: TypeFacts) -> Bool {
        restyleMarkers.contains { marker in type.ranges.contains { $0.contains(marker) } }
    }
}
