import SwiftSyntax
import SwiftSyntaxProblems

/// `#if` as an iOS build compiles it: `os(iOS)` and `canImport(UIKit)` hold, `os(macOS)`, the
/// other platforms and `canImport(AppKit)` do not. macOS has no Dynamic Type, so its branches are
/// not views to check; they are skipped and counted.
package enum PlatformConditions {
    /// Modules an iOS build can import whatever the app's packages.
    package static let iOSModules: Set<String> = ["UIKit", "SwiftUI", "Foundation", "Combine", "CoreGraphics", "QuartzCore", "Observation"]
    /// Modules it cannot: macOS's and watchOS's frameworks.
    package static let otherPlatformModules: Set<String> = ["AppKit", "Cocoa", "WatchKit", "Carbon"]

    /// Whether an iOS build compiles code under `condition`: nil when the file does not settle it
    /// (`DEBUG`, a package's `canImport`), which is taken as true, as the first branch was before.
    package static func value(_ condition: ExprSyntax) -> Bool? {
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return value(inner.expression)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return value(prefix.expression).map { !$0 }
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            return combine(value(infix.leftOperand), op, value(infix.rightOperand))
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return sequenceValue(Array(sequence.elements))
        }
        if let boolean = condition.as(BooleanLiteralExprSyntax.self) { return boolean.literal.tokenKind == .keyword(.true) }
        guard let call = condition.as(FunctionCallExprSyntax.self), let argument = call.arguments.first?.expression.trimmedSourceText else {
            return nil
        }
        switch call.calledExpression.trimmedSourceText {
        case "os": return argument == "iOS"
        case "canImport":
            if iOSModules.contains(argument) { return true }
            if otherPlatformModules.contains(argument) { return false }
            return nil
        case "targetEnvironment": return argument == "macCatalyst" ? false : nil
        case "swift", "compiler", "arch", "hasFeature", "hasAttribute": return true
        default: return nil
        }
    }

    /// An unfolded `a && b || c` (the parser leaves `#if` operators in a sequence): `&&` binds
    /// tighter than `||`, as in Swift.
    private static func sequenceValue(_ elements: [ExprSyntax]) -> Bool? {
        // Operands at even places, operators at odd ones; split at `||`, then each part at `&&`.
        guard elements.count % 2 == 1 else { return nil }
        var result: Bool? = false
        var conjunction: Bool? = true
        for index in stride(from: 0, to: elements.count, by: 2) {
            conjunction = combine(conjunction, "&&", value(elements[index]))
            let next = index + 1 < elements.count ? elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil
            if next == nil || next == "||" {
                result = combine(result, "||", conjunction)
                conjunction = true
            } else if next != "&&" {
                return nil
            }
        }
        return result
    }

    /// Three-valued `&&` and `||`: unknown only where the known side does not settle it.
    private static func combine(_ left: Bool?, _ op: String, _ right: Bool?) -> Bool? {
        switch op {
        case "&&":
            if left == false || right == false { return false }
            return left == true && right == true ? true : nil
        case "||":
            if left == true || right == true { return true }
            return left == false && right == false ? false : nil
        default: return nil
        }
    }

    /// The clause of `node` an iOS build takes (nil: none): the first whose condition holds or is
    /// not settled, else `#else`.
    package static func active(_ node: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        node.clauses.first { clause in clause.condition.map { value($0) ?? true } ?? true }
    }

    /// Every clause of `node` that may be compiled for iOS, and those that cannot (their condition
    /// is false for iOS — `os(macOS)`, `targetEnvironment(macCatalyst)`, `canImport(AppKit)` — or an
    /// earlier clause's is true). Unlike ``active(_:)``, which takes one clause as a build does, a
    /// clause the file does not settle (`DEBUG`) is kept together with the next ones: a linter
    /// checks every branch that can run on an iPhone.
    package static func iOSClauses(_ node: IfConfigDeclSyntax) -> (kept: [IfConfigClauseSyntax], skipped: [IfConfigClauseSyntax]) {
        var kept: [IfConfigClauseSyntax] = []
        var skipped: [IfConfigClauseSyntax] = []
        var settled = false
        for clause in node.clauses {
            let holds = clause.condition.map { value($0) } ?? true
            if settled || holds == false {
                skipped.append(clause)
            } else {
                kept.append(clause)
                if holds == true { settled = true }
            }
        }
        return (kept, skipped)
    }

    /// The clauses of `node` an iOS build skips that are macOS's (`os(macOS)`, `canImport(AppKit)`).
    package static func skippedMacOS(_ node: IfConfigDeclSyntax) -> [IfConfigClauseSyntax] {
        let taken = active(node)?.id
        return node.clauses.filter { clause in
            guard clause.id != taken, let condition = clause.condition else { return false }
            return isMacOS(condition) && value(condition) == false
        }
    }

    /// Whether a condition names macOS (`os(macOS)`, `os(OSX)`, `canImport(AppKit)`, `canImport(Cocoa)`).
    package static func isMacOS(_ condition: ExprSyntax) -> Bool {
        let text = condition.trimmedSourceText
        return ["os(macOS)", "os(OSX)", "canImport(AppKit)", "canImport(Cocoa)"].contains { text.contains($0) }
    }

    /// The members of a type an iOS build compiles: those under `#if` in their active clause.
    package static func activeMembers(_ members: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        var result: [MemberBlockItemSyntax] = []
        for member in members {
            if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = active(conditional)?.elements { result += activeMembers(inner) }
            } else {
                result.append(member)
            }
        }
        return result
    }

    /// The import that makes a file macOS-only, nil when it is not: it imports AppKit or Cocoa
    /// outside any `#if`, and not UIKit. Its line is where the skip is reported.
    package static func macOSOnlyImport(_ file: SourceFileSyntax) -> ImportDeclSyntax? {
        let imports = file.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        guard !imports.contains(where: { $0.path.first?.name.text == "UIKit" }) else { return nil }
        return imports.first { declaration in
            guard let module = declaration.path.first?.name.text else { return false }
            return otherPlatformModules.contains(module) && module != "WatchKit"
        }
    }
}
