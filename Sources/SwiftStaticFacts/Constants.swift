import Foundation
import SwiftSyntax
import SwiftSyntaxProblems

/// A constant the app declares: `static let titleFontSize: CGFloat = 22` in an enum, struct or
/// extension at any nesting, or a file-level `let gap: CGFloat = 8`. Sizes are often kept this way
/// (`enum Metrics`, `Theme.Metrics.gap`), so a size the view reads from one is the size it uses.
package struct Constant: Sendable {
    /// The type it is declared in (`Theme.Metrics`), nil at file level.
    package var owner: String?
    /// Its name.
    package var name: String
    /// Its value: the initializer, or a one-expression getter's expression.
    package var value: ExprSyntax
    /// The file's name, full path and positions, for notes at its line.
    package var file: String
    package var path: String
    /// The file's converter, made the first time a line is asked for.
    let location: LocationConverterOnDemand
    /// The file's location converter (lines for notes).
    package var converter: SourceLocationConverter { location.converter }
}

/// A file's `SourceLocationConverter`, made on first use and then kept: building one indexes every
/// line of the file, which lint (it reads constants' values, never their lines) need not pay for.
final class LocationConverterOnDemand: @unchecked Sendable {
    private let make: @Sendable () -> SourceLocationConverter
    // Guards `made`: constants are read on any thread.
    private let lock = NSLock()
    private var made: SourceLocationConverter?

    init(_ make: @escaping @Sendable () -> SourceLocationConverter) { self.make = make }

    var converter: SourceLocationConverter {
        lock.withLock {
            if let made { return made }
            let converter = make()
            made = converter
            return converter
        }
    }
}

/// The app's constants, found by the names a reference may use: `Metrics.gap` and
/// `Theme.Metrics.gap` for a constant of `Theme.Metrics`, `gap` for a file-level one.
package struct Constants: Sendable {
    /// No constants yet.
    package init() {}
    /// Every constant, in file order.
    package private(set) var all: [Constant] = []
    /// Indices into ``all`` by each name that reaches them.
    private var byName: [String: [Int]] = [:]

    /// Adds the constants declared in `tree` (the file `path`).
    package mutating func read(_ tree: SourceFileSyntax, file: String, path: String, converter: SourceLocationConverter) {
        read(tree, file: file, path: path, makeConverter: { converter })
    }

    /// Adds the constants declared in `tree` (the file `path`); the file's location converter is
    /// made by `makeConverter` only when a constant's line is first asked for.
    package mutating func read(_ tree: SourceFileSyntax, file: String, path: String, makeConverter: @escaping @Sendable () -> SourceLocationConverter) {
        let visitor = ConstantVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        guard !visitor.found.isEmpty else { return }
        let location = LocationConverterOnDemand(makeConverter)
        for (owner, name, value) in visitor.found {
            let index = all.count
            all.append(Constant(owner: owner, name: name, value: value, file: file, path: path, location: location))
            guard let owner else {
                byName[name, default: []].append(index)
                continue
            }
            // Every qualified tail: `Metrics.gap`, `Theme.Metrics.gap` (types nest a few levels).
            let parts = owner.split(separator: ".")
            for start in parts.indices {
                byName[parts[start...].joined(separator: ".") + "." + name, default: []].append(index)
            }
        }
    }

    /// The constant `name` (`Metrics.gap`, `gap`) means in the file `path`: the one declared in
    /// that file, else the first declared; nil when there is none.
    package func lookup(_ name: String, from path: String) -> (index: Int, constant: Constant)? {
        guard let indices = byName[name], let first = indices.first else { return nil }
        let index = indices.first { all[$0].path == path } ?? first
        return (index, all[index])
    }
}

/// Collects `static let`/`static var` members of types and extensions (with a value or a
/// one-expression getter) and file-level `let`s; function bodies are not walked (their `let`s are
/// locals), and only the clause of an `#if` an iOS build compiles.
private final class ConstantVisitor: SyntaxVisitor {
    /// (owner type, name, value).
    var found: [(String?, String, ExprSyntax)] = []
    /// The types the walk is inside, outermost first.
    private var owners: [String] = []

    private var owner: String? { owners.isEmpty ? nil : owners.joined(separator: ".") }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { owners.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { owners.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { owners.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.trimmedSourceText.replacingOccurrences(of: "SwiftUI.", with: ""))
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { owners.removeLast() }

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        owners.append(name)
        return .visitChildren
    }

    // Locals are not constants of the app; a static function is one only when it returns a
    // localized string (SwiftGen's accessors with parameters: `static func itemsCount(_ p1: Int)
    // -> String { L10n.tr("Localizable", "items.count", p1, fallback: "%d items") }`).
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner, node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
            let statements = node.body?.statements, statements.count == 1, let item = statements.first
        else { return .skipChildren }
        let expression: ExprSyntax? =
            switch item.item {
            case .expr(let expression): expression
            case .stmt(let statement): statement.as(ReturnStmtSyntax.self)?.expression
            default: nil
            }
        if let call = expression?.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.trimmedSourceText.split(separator: ".").last,
            ["tr", "NSLocalizedString", "String", "localizedString"].contains(callee), let expression
        {
            found.append((owner, node.name.text, expression))
        }
        return .skipChildren
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let clause = PlatformConditions.active(node) { walk(clause) }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        // Function bodies, closures and accessors are not walked: outside a type, a `let` is the file's.
        let isFileLevel = owners.isEmpty
        guard (isStatic && !owners.isEmpty) || (isFileLevel && node.bindingSpecifier.tokenKind == .keyword(.let)) else { return .skipChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let value = binding.initializer?.value {
                found.append((isFileLevel ? nil : owner, name, value))
            } else if case .getter(let statements)? = binding.accessorBlock?.accessors, statements.count == 1, let item = statements.first {
                let expression: ExprSyntax? =
                    switch item.item {
                    case .expr(let expression): expression
                    case .stmt(let statement): statement.as(ReturnStmtSyntax.self)?.expression
                    default: nil
                    }
                if let expression { found.append((isFileLevel ? nil : owner, name, expression)) }
            }
        }
        return .skipChildren
    }
}
