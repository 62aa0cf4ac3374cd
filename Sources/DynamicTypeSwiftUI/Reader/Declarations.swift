import DynamicTypeCore
import Foundation
import SwiftParser
import SwiftSyntax
import SwiftStaticFacts
import SwiftSyntaxProblems

/// A `View` type's declaration: its stored properties (with their literal defaults), `init`
/// parameters and `body`.
struct ViewDeclaration {
    /// The type name.
    var name: String
    /// The file's name (`Row.swift`), for locations.
    var file: String
    /// The full path of the file.
    var path: String
    /// The line of `struct`.
    var line: Int
    /// Stored properties in order: name, default value, `@ScaledMetric` style.
    var properties: [Property]
    /// The statements of `body`.
    var body: CodeBlockItemListSyntax
    /// The converter of positions to lines for the file.
    var converter: SourceLocationConverter
    /// Computed view properties and methods other than `body` (`var header: some View`,
    /// `func row(_ item: Item) -> some View`): their parameter names and statements.
    var helpers: [String: Helper] = [:]

    /// A computed property or method that builds views.
    struct Helper {
        var parameters: [String]
        var body: CodeBlockItemListSyntax
    }

    /// A stored property.
    struct Property {
        var name: String
        var initializer: ExprSyntax?
        /// `@ScaledMetric` (relativeTo: style, else `body`).
        var scaledWith: TextStyle?
        /// `@ViewBuilder var content: Content` or a generic `Content` type: filled by a trailing closure.
        var isViewContent: Bool
        /// The declared type as written (`Article`, `Int?`), empty when not annotated: it names the
        /// sample a property's text gets (`Article.title` in `--samples`) and the placeholder of
        /// an interpolated number.
        var type: String = ""
    }
}

/// A `#Preview` block or a `PreviewProvider`'s `previews`.
struct PreviewDeclaration {
    /// The preview's name (`#Preview("Dark")`) or the provider's type name; nil for an unnamed `#Preview`.
    var name: String?
    /// The file's name.
    var file: String
    /// The full path.
    var path: String
    /// The line.
    var line: Int
    /// The statements.
    var body: CodeBlockItemListSyntax
    /// Positions to lines.
    var converter: SourceLocationConverter
}

/// What a set of Swift files declares: views, previews, the types that wrap UIKit/AppKit views,
/// and the files that failed to read.
struct Declarations {
    /// Views by name, each name's declarations in file order: two files (an iOS and a macOS
    /// target, two features) may declare views of the same name, and both are views.
    var views: [String: [ViewDeclaration]] = [:]
    /// Views in file order (report order): the name and the index in ``views``.
    var viewOrder: [(name: String, index: Int)] = []
    var previews: [PreviewDeclaration] = []
    /// `UIViewRepresentable`, `UIViewControllerRepresentable`, `NSViewRepresentable` types.
    var representables: Set<String> = []
    /// Static members of `extension Font` / `extension Color` (`static let appBody = Font.custom(…)`),
    /// by name: design tokens the file defines itself.
    var fontMembers: [String: ExprSyntax] = [:]
    /// `extension Color` statics.
    var colorMembers: [String: ExprSyntax] = [:]
    /// The app's constants (`static let` members, file-level `let`s), for sizes and fonts read from them.
    var constants = Constants()
    /// Computed view properties and methods declared in extensions, by extended type.
    var extensionHelpers: [String: [String: ViewDeclaration.Helper]] = [:]

    /// The declaration of view `name` a reference in the file `path` means, with the helpers of
    /// its extensions (in any file): the one in that file, else the only one, else the first in
    /// file order (``isAmbiguous(_:from:)`` says when that was a guess).
    func view(_ name: String, from path: String? = nil) -> ViewDeclaration? {
        guard let all = views[name], let first = all.first else { return nil }
        return withHelpers(all.first { $0.path == path } ?? first)
    }

    /// Whether a reference to `name` from the file `path` has several declarations to choose
    /// from, none of them in that file.
    func isAmbiguous(_ name: String, from path: String) -> Bool {
        guard let all = views[name], all.count > 1 else { return false }
        return !all.contains { $0.path == path }
    }

    /// `declaration` with the helpers its type's extensions declare.
    func withHelpers(_ declaration: ViewDeclaration) -> ViewDeclaration {
        var declaration = declaration
        if let extra = extensionHelpers[declaration.name] { declaration.helpers.merge(extra) { own, _ in own } }
        return declaration
    }
    /// Files that did not parse cleanly, with where they stop making sense; macOS-only files and
    /// branches skipped.
    var problems: [(file: String, reason: String)] = []
    /// Files skipped because they only build for macOS (``PlatformConditions/isMacOSOnly(_:)``).
    var macOSFiles = 0
    /// `#if os(macOS)` (or `canImport(AppKit)`) clauses skipped in the files read.
    var macOSBranches = 0

    /// The protocols whose types wrap a platform view: drawn as opaque boxes.
    static let representableProtocols: Set<String> = [
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
    ]

    /// Reads `source` (the text of `path`).
    ///
    /// Call it on a large stack (``LargeStack/run(_:)``): the parse and the walks recurse once or
    /// more per nesting level. Input nested deeper than ``NestingScan``'s limits is refused, with
    /// its line, before the parser recurses.
    mutating func read(source: String, path: String) {
        if let deep = NestingScan.problem(in: Array(source.utf8)) {
            problems.append((path, "line \(deep.line): \(deep.what); the file was not read"))
            return
        }
        let tree = LargeStack.parseOnCurrentThread(source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let file = (path as NSString).lastPathComponent
        func line(_ node: some SyntaxProtocol) -> Int { converter.location(for: node.positionAfterSkippingLeadingTrivia).line }
        // A broken file is read as far as it parses (the tree is complete, with invented or
        // skipped tokens), and said so: its views may be missing or partial.
        if let problem = SyntaxProblem.first(in: tree) {
            let at = converter.location(for: AbsolutePosition(utf8Offset: problem.offset))
            problems.append(
                (path, "line \(at.line): Swift syntax error (\(problem.what)); its views are read as far as the file parses, and may be missing or partial"))
        }
        // macOS has no Dynamic Type: a file that only builds for it is skipped, and said so.
        // Said at the import's line: every problem of a Swift file names its line.
        if let appKit = PlatformConditions.macOSOnlyImport(tree) {
            macOSFiles += 1
            problems.append(
                (path, "line \(line(appKit)): imports AppKit and not UIKit: a macOS-only file (macOS has no Dynamic Type); its views are not read"))
            return
        }
        constants.read(tree, file: file, path: path, converter: converter)
        let visitor = DeclarationVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        if let first = visitor.macOSClauses.first {
            macOSBranches += visitor.macOSClauses.count
            let count = visitor.macOSClauses.count
            problems.append(
                (path, "line \(line(first)): \(count) macOS branch\(count == 1 ? "" : "es") (#if os(macOS), canImport(AppKit)) skipped: macOS has no Dynamic Type; the iOS code is read"))
        }
        for decl in visitor.structs {
            let inherited = Set(decl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedSourceText } ?? [])
            if !inherited.isDisjoint(with: Self.representableProtocols) { representables.insert(decl.name.text) }
            if inherited.contains("PreviewProvider") {
                if let previews = Self.computedBody(of: decl, named: "previews") {
                    self.previews.append(
                        PreviewDeclaration(
                            name: decl.name.text, file: file, path: path, line: line(decl), body: previews, converter: converter))
                }
                continue
            }
            guard inherited.contains("View") || inherited.contains("SwiftUI.View"), let body = Self.computedBody(of: decl, named: "body")
            else { continue }
            let name = decl.name.text
            viewOrder.append((name, views[name, default: []].count))
            views[name, default: []].append(
                ViewDeclaration(
                    name: name, file: file, path: path, line: line(decl), properties: Self.properties(of: decl), body: body,
                    converter: converter, helpers: Self.helpers(of: decl)))
        }
        for (type, helpers) in visitor.extensionHelpers {
            extensionHelpers[type, default: [:]].merge(helpers) { $1 }
        }
        for (type, name, value) in visitor.statics {
            if type == "Font" { fontMembers[name] = value }
            if type == "Color" || type == "ShapeStyle" { colorMembers[name] = value }
        }
        for macro in visitor.previews {
            guard let closure = macro.closure else { continue }
            var name: String?
            if let first = macro.arguments.first, first.label == nil, let literal = first.expression.as(StringLiteralExprSyntax.self) {
                name = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            }
            previews.append(
                PreviewDeclaration(name: name, file: file, path: path, line: line(macro.node), body: closure.statements, converter: converter))
        }
    }

    /// The statements of a computed property `name` (`var body: some View { … }`).
    static func computedBody(of decl: StructDeclSyntax, named name: String) -> CodeBlockItemListSyntax? {
        for member in PlatformConditions.activeMembers(decl.memberBlock.members) {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.trimmedSourceText == name {
                guard let accessors = binding.accessorBlock?.accessors else { continue }
                switch accessors {
                case .getter(let statements): return statements
                case .accessors(let list):
                    if let getter = list.first(where: { $0.accessorSpecifier.text == "get" }), let body = getter.body { return body.statements }
                }
            }
        }
        return nil
    }

    /// Computed properties and methods of `decl` other than `body`.
    static func helpers(of decl: StructDeclSyntax) -> [String: ViewDeclaration.Helper] { helpers(in: decl.memberBlock) }

    /// Computed properties and methods of a member block other than `body`.
    static func helpers(in block: MemberBlockSyntax) -> [String: ViewDeclaration.Helper] {
        var result: [String: ViewDeclaration.Helper] = [:]
        for member in PlatformConditions.activeMembers(block.members) {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name != "body",
                        let accessors = binding.accessorBlock?.accessors
                    else { continue }
                    switch accessors {
                    case .getter(let statements): result[name] = .init(parameters: [], body: statements)
                    case .accessors(let list):
                        if let body = list.first(where: { $0.accessorSpecifier.text == "get" })?.body {
                            result[name] = .init(parameters: [], body: body.statements)
                        }
                    }
                }
            } else if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body,
                !function.modifiers.contains(where: { $0.name.text == "static" })
            {
                let parameters = function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
                result[function.name.text] = .init(parameters: parameters, body: body.statements)
            }
        }
        return result
    }

    /// Stored properties (not computed ones), in order.
    static func properties(of decl: StructDeclSyntax) -> [ViewDeclaration.Property] {
        let generics = Set(decl.genericParameterClause?.parameters.map { $0.name.text } ?? [])
        var result: [ViewDeclaration.Property] = []
        for member in PlatformConditions.activeMembers(decl.memberBlock.members) {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            var scaled: TextStyle?
            var isBuilder = false
            for case .attribute(let attribute) in variable.attributes {
                let attributeName = attribute.attributeName.trimmedSourceText
                if attributeName == "ScaledMetric" {
                    scaled = .body
                    if case .argumentList(let arguments)? = attribute.arguments,
                        let relative = arguments.first(where: { $0.label?.text == "relativeTo" }),
                        let member = relative.expression.as(MemberAccessExprSyntax.self)
                    {
                        scaled = (try? TextStyle(parsing: member.declName.baseName.text)) ?? .body
                    }
                }
                if attributeName == "ViewBuilder" { isBuilder = true }
            }
            for binding in variable.bindings {
                guard binding.accessorBlock == nil || binding.accessorBlock.map(Self.isObserver) == true,
                    let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
                else { continue }
                let type = binding.typeAnnotation?.type.trimmedSourceText ?? ""
                result.append(
                    ViewDeclaration.Property(
                        name: pattern.identifier.text, initializer: binding.initializer?.value, scaledWith: scaled,
                        isViewContent: isBuilder || generics.contains(type) || type == "AnyView" || type.hasPrefix("() ->"), type: type))
            }
        }
        return result
    }

    /// `willSet`/`didSet` observers keep a property stored.
    private static func isObserver(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = block.accessors else { return false }
        return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}

/// Collects struct declarations and `#Preview` macros anywhere in a file.
private final class DeclarationVisitor: SyntaxVisitor {
    /// A `#Preview` as a declaration or an expression (where the parser put it).
    struct Preview {
        var node: Syntax
        var arguments: LabeledExprListSyntax
        var closure: ClosureExprSyntax?
    }

    var structs: [StructDeclSyntax] = []
    var previews: [Preview] = []
    /// `static let name = value` in extensions: (extended type, name, value).
    var statics: [(String, String, ExprSyntax)] = []
    /// Helpers of extensions, by extended type.
    var extensionHelpers: [String: [String: ViewDeclaration.Helper]] = [:]

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.extendedType.trimmedSourceText.replacingOccurrences(of: "SwiftUI.", with: "")
        extensionHelpers[type, default: [:]].merge(Declarations.helpers(in: node.memberBlock)) { $1 }
        for member in PlatformConditions.activeMembers(node.memberBlock.members) {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let value = binding.initializer?.value {
                    statics.append((type, name, value))
                } else if case .getter(let statements)? = binding.accessorBlock?.accessors, statements.count == 1,
                    let expression = Self.expression(statements.first!)
                {
                    statics.append((type, name, expression))
                }
            }
        }
        return .visitChildren
    }

    /// The expression of a one-statement getter (`{ .custom("X", size: 15) }`, `{ return … }`).
    static func expression(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
        switch item.item {
        case .expr(let expression): expression
        case .stmt(let statement): statement.as(ReturnStmtSyntax.self)?.expression
        default: nil
        }
    }

    /// The `#if` clauses for macOS skipped (``PlatformConditions``), in file order.
    var macOSClauses: [IfConfigClauseSyntax] = []

    /// Only the clause an iOS build compiles is walked; macOS's are counted.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        macOSClauses += PlatformConditions.skippedMacOS(node)
        if let clause = PlatformConditions.active(node) { walk(clause) }
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        structs.append(node)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" {
            previews.append(Preview(node: Syntax(node), arguments: node.arguments, closure: node.trailingClosure))
        }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" {
            previews.append(Preview(node: Syntax(node), arguments: node.arguments, closure: node.trailingClosure))
        }
        return .skipChildren
    }
}
