import SwiftStaticFacts
import SwiftSyntax

/// What the rules need to know about a whole Swift file before judging one line of it: names that
/// scale (`@ScaledMetric`), names bound to plain numbers, names of labels, the names passed through
/// a scaling call, and the imports. Collected in a first pass, since a property may be declared
/// below its first use.
final class SwiftFileFacts: SyntaxVisitor {
    /// `@ScaledMetric` properties: values that follow the text size.
    private(set) var scaledMetrics: Set<String> = []
    /// `let` names whose value is a number literal (`let rowHeight: CGFloat = 44`), and the value.
    private(set) var numericConstants: [String: Double] = [:]
    /// Names declared as labels (`let title = UILabel()`, `var title: UILabel!`, `PaddedLabel`).
    private(set) var labelNames: Set<String> = []
    /// Identifiers inside the arguments of a call whose name says it scales
    /// (`scaledFont(for: titleFont)`), with where they are.
    private(set) var scaledReferences: [(name: String, offset: Int)] = []
    /// Imported modules.
    private(set) var imports: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    /// Whether the file's UIKit calls could be AppKit's: it imports AppKit and not UIKit, so an
    /// implicit `.systemFont(ofSize:)` is an `NSFont` (macOS has no Dynamic Type).
    var isAppKitOnly: Bool { imports.contains("AppKit") && !imports.contains("UIKit") }

    /// Whether `expression` follows the text size: it names a `@ScaledMetric` value, or a call that
    /// reads the current size (`scaledValue(for:)`, `preferredFont`, `pointSize`).
    func scales(_ expression: ExprSyntax) -> Bool {
        expression.identifiers.contains { name in
            scaledMetrics.contains(name) || ["scaledValue", "preferredFont", "pointSize", "preferredFontDescriptor", "UIFontMetrics"]
                .contains(name)
        }
    }

    /// Whether `expression` is a fixed number: a literal, or a `let` bound to one.
    func isFixedNumber(_ expression: ExprSyntax) -> Bool {
        if expression.isNumericLiteral { return true }
        let names = expression.identifiers
        guard !names.isEmpty, !scales(expression) else { return false }
        // `rowHeight`, `Layout.rowHeight`, `Self.rowHeight`: the last name decides.
        if let member = expression.as(MemberAccessExprSyntax.self) { return numericConstants[member.declName.baseName.text] != nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return numericConstants[reference.baseName.text] != nil }
        return false
    }

    /// The name of a plain type, optional or not (`UILabel`, `UILabel!`, `SwiftUI.ScaledMetric`),
    /// without building its text (``trimmedDescription`` copies the node).
    static func typeName(_ type: TypeSyntax?) -> String? {
        guard let type else { return nil }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(unwrapped.wrappedType) }
        return nil
    }

    /// Only the `#if` clauses an iOS build may compile (``PlatformConditions/iOSClauses(_:)``).
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for clause in PlatformConditions.iOSClauses(node).kept { walk(clause) }
        return .skipChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first { imports.insert(first.name.text) }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let attributes = node.attributes.compactMap { Self.typeName($0.as(AttributeSyntax.self)?.attributeName) }
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if attributes.contains(where: { $0 == "ScaledMetric" || $0.hasSuffix(".ScaledMetric") }) {
                scaledMetrics.insert(name)
            } else if isLet, attributes.isEmpty, let value = binding.initializer?.value.literalNumber, value.isFinite {
                numericConstants[name] = value
            }
            let typeName = Self.typeName(binding.typeAnnotation?.type)
            let initializerName = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calleeName
            if let type = typeName ?? initializerName, type.hasSuffix("Label"), type != "Label" {
                labelNames.insert(name)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calleeName, name.lowercased().contains("scaled") {
            for argument in node.arguments {
                for token in argument.expression.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let identifier) = token.tokenKind {
                        scaledReferences.append((identifier, token.positionAfterSkippingLeadingTrivia.utf8Offset))
                    }
                }
            }
        }
        return .visitChildren
    }
}
