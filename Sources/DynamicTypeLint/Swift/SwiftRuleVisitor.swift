import SwiftStaticFacts
import SwiftSyntax
import SwiftSyntaxProblems

/// A place a Swift rule applies, before suppressions, config and cross-file resolution.
struct SwiftCandidate {
    /// The rule.
    var rule: LintRule
    /// UTF-8 offset of the node reported.
    var offset: Int
    /// Text put before the rule's message (`capped at xxxLarge`), if any.
    var detail: String?
    /// What the other files must say for the finding to stand (a property or function the font
    /// is bound to that no file scales, a constant that is a fixed number).
    var conditions: [FindingCondition] = []
}

/// The rules' pass over one Swift file: the shared walk. Each rule's detection lives in its own
/// file (`Rules/`) as a ``SwiftRuleDetector``, made fresh for the file; the visitor hands calls and
/// assignments to the rules that asked for them, and collects the facts several rules judge per
/// type (a label's font set in one method, `adjustsFontForContentSizeCategory` in another), judged
/// at the end (``finish()``). Previews (`#Preview`, `PreviewProvider`) are skipped: pinning a size
/// there is their purpose.
final class SwiftRuleVisitor: SyntaxVisitor {
    /// Per type (by name, so a class and its extensions in the file are one): the UIKit text facts
    /// more than one rule reads.
    struct TypeFacts {
        /// Receivers given a font that scales (`label.font = .preferredFont(forTextStyle: .body)`), and where.
        var scalingFonts: [(receiver: String, offset: Int)] = []
        /// Receivers with `adjustsFontForContentSizeCategory = true`.
        var adjusting: Set<String> = []
        /// Whether some `adjustsFontForContentSizeCategory = true` has a receiver that stands for
        /// several views (`$0`, a loop variable): every receiver then counts as adjusting.
        var adjustsUnnamed = false
        /// Where the type's declarations are (UTF-8 ranges).
        var ranges: [Range<Int>] = []

        /// Whether `receiver` adjusts its font to size changes.
        func adjusts(_ receiver: String) -> Bool { adjustsUnnamed || adjusting.contains(receiver) }
    }

    /// The Swift rules, in ``LintRule``'s order (as cases: metatypes are not `Sendable`, so the
    /// detector types themselves cannot sit in a static).
    private static let swiftRules: [LintRule] = LintRule.allCases.filter { $0.declaration is any SwiftRuleDetector.Type }
    /// Called name → the indices (in ``swiftRules``) of the rules that check such calls.
    private static let detectorsByCallee: [String: [Int]] = index { $0.calleeNames }
    /// Assigned property → the indices of the rules that check such assignments.
    private static let detectorsByProperty: [String: [Int]] = index { $0.assignedProperties }
    /// The indices of the rules that check every labelled argument and parameter default.
    private static let labelledValueDetectors: [Int] = swiftRules.indices.filter { index in
        (swiftRules[index].declaration as? any SwiftRuleDetector.Type)?.checksLabelledValues == true
    }

    /// Name → the indices (in ``swiftRules``) of the rules whose `names` include it.
    private static func index(_ names: (any SwiftRuleDetector.Type) -> Set<String>) -> [String: [Int]] {
        var table: [String: [Int]] = [:]
        for (index, rule) in swiftRules.enumerated() {
            guard let type = rule.declaration as? any SwiftRuleDetector.Type else { continue }
            for name in names(type) { table[name, default: []].append(index) }
        }
        return table
    }

    let facts: SwiftFileFacts
    /// The file's UTF-8 bytes (for rules that search the text itself).
    let bytes: [UInt8]
    /// This file's detectors, one per Swift rule, in ``swiftRules``' order.
    private let detectors: [any SwiftRuleDetector]
    private(set) var candidates: [SwiftCandidate] = []
    var types: [String: TypeFacts] = [:]
    /// Statement lists' locals, indexed the first time a receiver in them is resolved.
    var localIndexes: [SyntaxIdentifier: LocalIndex] = [:]
    /// The names the file makes a navigation item's title view (``NavigationTitleView``), found
    /// the first time a rule asks.
    private(set) lazy var navigationTitleViews: Set<String> = NavigationTitleView.names(in: bytes)
    /// Where a fixed-size font is given a size read from the text size once
    /// (`.systemFont(ofSize: UIFont.preferredFont(forTextStyle: .title2).pointSize)`): it has no
    /// text style, so adjusting alone cannot make it follow (UTF-8 offsets of the values).
    var fontsSizedOnce: Set<Int> = []
    /// What this file's code does to views' fonts (``AppStyling``).
    var styling = AppStyling()
    /// Names of the enclosing types, innermost last ("" outside any type).
    var typeStack: [String] = []

    init(facts: SwiftFileFacts, bytes: [UInt8]) {
        self.facts = facts
        self.bytes = bytes
        detectors = Self.swiftRules.compactMap { ($0.declaration as? any SwiftRuleDetector.Type)?.init() }
        super.init(viewMode: .sourceAccurate)
    }

    var currentType: String { typeStack.last ?? "" }

    /// The enclosing types joined (`Theme.Metrics`), nil outside any: where a bare name in an
    /// expression is looked up first.
    var ownerPath: String? { typeStack.isEmpty ? nil : typeStack.joined(separator: ".") }

    /// Reports `rule` at `node` (see ``reportOffset(_:)``), with text before the message and the
    /// name whose scaling elsewhere silences it.
    func report(_ rule: LintRule, at node: some SyntaxProtocol, detail: String? = nil, escapeName: String? = nil, conditions: [FindingCondition] = []) {
        candidates.append(
            SwiftCandidate(
                rule: rule, offset: Self.reportOffset(node), detail: detail,
                conditions: conditions + (escapeName.map { [.notScaledElsewhere($0)] } ?? [])))
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

    /// Reports `rule` at a UTF-8 offset (for findings judged after the walk).
    func report(_ rule: LintRule, offset: Int, detail: String? = nil, conditions: [FindingCondition] = []) {
        candidates.append(SwiftCandidate(rule: rule, offset: offset, detail: detail, conditions: conditions))
    }

    // MARK: Types and previews

    private func enter(_ name: String, _ node: some SyntaxProtocol) {
        typeStack.append(name)
        let start = node.position.utf8Offset
        types[name, default: TypeFacts()].ranges.append(start..<(start + node.totalLength.utf8Length))
    }

    private static func isPreview(_ name: String, _ inheritance: InheritanceClauseSyntax?) -> Bool {
        name.hasSuffix("_Previews")
            || inheritance?.inheritedTypes.contains { $0.type.trimmedSourceText.hasSuffix("PreviewProvider") } == true
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node)
        if let superclass = node.inheritanceClause?.inheritedTypes.first.flatMap({ SwiftFileFacts.typeName($0.type) }) {
            styling.classes[node.name.text, default: AppStyling.ClassFacts()].superclass = superclass
        }
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
        let name = node.extendedType.trimmedSourceText
        enter(name, node)
        return Self.isPreview(name, node.inheritanceClause) ? .skipChildren : .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    // MARK: Platforms

    /// `#if` clauses that cannot be compiled for iOS (`os(macOS)`, `targetEnvironment(macCatalyst)`,
    /// `canImport(AppKit)`, the `#else` of `os(iOS)`), skipped.
    private(set) var skippedClauses = 0

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let clauses = PlatformConditions.iOSClauses(node)
        skippedClauses += clauses.skipped.filter { $0.elements != nil }.count
        for clause in clauses.kept { walk(clause) }
        return .skipChildren
    }

    // MARK: Functions (for the app's styling model)

    /// The functions the walk is inside, innermost last: name and parameter names.
    var functionStack: [(name: String, parameters: Set<String>)] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        functionStack.append((node.name.text, parameters))
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { functionStack.removeLast() }

    /// The function bodies and computed properties' accessors the walk is inside, innermost last,
    /// and whether each has been seen to read the text size (``noteTextSizeRead()``).
    var scalingBodies: [(name: String, isProperty: Bool, reads: Bool)] = []

    /// The function a body belongs to, if it is a function's body.
    private static func functionName(ofBody node: CodeBlockSyntax) -> String? { node.parent?.as(FunctionDeclSyntax.self)?.name.text }

    /// The computed property an accessor block belongs to (`var titleFont: UIFont { … }`).
    private static func propertyName(ofAccessors node: AccessorBlockSyntax) -> String? {
        node.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        if let name = Self.functionName(ofBody: node) { scalingBodies.append((name, false, false)) }
        return .visitChildren
    }
    override func visitPost(_ node: CodeBlockSyntax) {
        if Self.functionName(ofBody: node) != nil { scalingBodies.removeLast() }
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        // A computed font (`var titleFont: UIFont { … }`) that reads the text size scales.
        if let name = Self.propertyName(ofAccessors: node) { scalingBodies.append((name, true, false)) }
        return .visitChildren
    }
    override func visitPost(_ node: AccessorBlockSyntax) {
        if Self.propertyName(ofAccessors: node) != nil { scalingBodies.removeLast() }
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        // Only inside a body not yet known to read the text size.
        if let innermost = scalingBodies.last, !innermost.reads, case .identifier(let name) = token.tokenKind, Self.readsTextSize(name) {
            noteTextSizeRead()
        }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    // MARK: Dispatch

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calleeName, let indices = Self.detectorsByCallee[name] {
            for index in indices { detectors[index].check(node, named: name, in: self) }
        }
        noteHelperCall(node)
        if !Self.labelledValueDetectors.isEmpty {
            for argument in node.arguments {
                guard let label = argument.label?.text else { continue }
                for index in Self.labelledValueDetectors {
                    detectors[index].check(label: label, value: argument.expression, at: Syntax(argument), isDefault: false, in: self)
                }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.defaultValue?.value {
            // The label callers write, else (`_ name`) the parameter's own name.
            let label = node.firstName.tokenKind == .wildcard ? (node.secondName ?? node.firstName).text : node.firstName.text
            for index in Self.labelledValueDetectors {
                detectors[index].check(label: label, value: value, at: Syntax(node), isDefault: true, in: self)
            }
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
        for detector in detectors { detector.finish(types: types, in: self) }
        return candidates
    }

    /// Records the facts several rules read from `x.font = …` and
    /// `x.adjustsFontForContentSizeCategory = true`, and hands assignments to the rules that asked.
    private func checkAssignment(_ sequence: SequenceExprSyntax) {
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return }
        // `font = …` inside a view's own type: the view restyles itself.
        if let bare = elements[0].as(DeclReferenceExprSyntax.self) {
            noteStyling(property: bare.baseName.text, value: elements[2], target: elements[0], receiver: .views(["self"]))
            return
        }
        guard let target = elements[0].as(MemberAccessExprSyntax.self) else { return }
        let property = target.declName.baseName.text
        let detectorIndices = Self.detectorsByProperty[property] ?? []
        // Most assignments are none of the rules' business: finding what their receiver stands
        // for walks up the body, so it is done only for the properties the rules read.
        let styles = property == "font" || property == "adjustsFontForContentSizeCategory"
        guard styles || !detectorIndices.isEmpty else { return }
        let assignment = SwiftAssignment(
            sequence: sequence, target: target, property: property, value: elements[2], type: currentType,
            offset: sequence.positionAfterSkippingLeadingTrivia.utf8Offset)
        if styles {
            checkStyling(assignment, target: target)
        }
        for index in detectorIndices { detectors[index].check(assignment, in: self) }
    }

    /// The facts several rules read from `x.font = …` and `x.adjustsFontForContentSizeCategory = true`.
    private func checkStyling(_ assignment: SwiftAssignment, target: MemberAccessExprSyntax) {
        let receiver = receiver(of: assignment)
        noteStyling(property: assignment.property, value: assignment.value, target: ExprSyntax(target), receiver: receiver)
        switch assignment.property {
        case "font":
            let names = assignment.value.identifiers
            // A local bound to a scaling value (`let buttonFont = UIFont.preferredFont(…)`; given to
            // `font`, it is a font) scales as well.
            let scalingLocal = assignment.value.is(DeclReferenceExprSyntax.self) && facts.scales(assignment.value)
            guard names.contains("preferredFont") || names.contains(where: { ByteSearch.containsIgnoringASCIICase("scaled", in: $0) }) || scalingLocal,
                case .views(let views) = receiver
            else { break }
            let at = assignment.value.positionAfterSkippingLeadingTrivia.utf8Offset
            types[assignment.type, default: TypeFacts()].scalingFonts += views.map { ($0, at) }
            if let call = assignment.value.as(FunctionCallExprSyntax.self), let callee = call.calleeName,
                FixedFontUIKitRule.calleeNames.contains(callee), call.labels.contains("ofSize") || call.labels.contains("size")
            {
                fontsSizedOnce.insert(at)
            }
        case "adjustsFontForContentSizeCategory":
            guard assignment.value.trimmedSourceText == "true" else { break }
            switch receiver {
            case .views(let views): types[assignment.type, default: TypeFacts()].adjusting.formUnion(views)
            case .unknownViews: types[assignment.type, default: TypeFacts()].adjustsUnnamed = true
            case .notJudged: break
            }
        default:
            break
        }
    }

    /// The views an assignment's receiver stands for.
    func receiver(of assignment: SwiftAssignment) -> Receiver {
        resolve(assignment.target.base?.receiverKey ?? "self", at: assignment.sequence)
    }
}
