import SwiftSyntax
import SwiftSyntaxProblems

/// A number written in source, kept without its syntax tree so it can be settled once every file
/// has been read: `44`, `Metrics.rowHeight`, `Size.large.height` (an argument of the initializer a
/// static constant is built with), `gap * 2 + 4`. Lint reads files in parallel and one file's
/// height may be another file's constant, so the expression travels as a value (`Sendable`) and is
/// evaluated against every file's ``NumericConstantTable``.
package indirect enum NumericExpression: Sendable, Hashable {
    /// A literal.
    case number(Double)
    /// A constant, by the names that may reach it, most specific first (`Metrics.rowHeight`; a
    /// bare `gap` inside `Theme` tries `Theme.gap` then `gap`).
    case reference([String])
    /// A labelled argument of the call a constant is initialized with: `Size.large.height` reads
    /// `height:` of `static let large = Size(height: 56)`.
    case argument(of: [String], label: String)
    /// A call with labelled arguments (`Size(height: 56, padding: 8)`): a constant's value whose
    /// members are read by ``argument(of:label:)``; no number itself.
    case record([String: NumericExpression])
    /// `-x`.
    case negated(NumericExpression)
    /// `a + b`, `a - b`, `a * b`, `a / b`.
    case binary(Character, NumericExpression, NumericExpression)

    /// The most constants followed from one another before giving up (a cycle, or a long chain).
    package static let maximumChain = 32

    /// The expression `syntax` as a number, read inside the type `owner` (`Theme.Metrics`; nil at
    /// file level); nil when it is not one this model holds (a call, a property of an instance).
    package init?(_ syntax: ExprSyntax, owner: String?) {
        if let tuple = syntax.as(TupleExprSyntax.self) {
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return nil }
            self.init(only.expression, owner: owner)
            return
        }
        if let integer = syntax.as(IntegerLiteralExprSyntax.self) {
            guard let value = Double(integer.literal.text.filter { $0 != "_" }) else { return nil }
            self = .number(value)
            return
        }
        if let float = syntax.as(FloatLiteralExprSyntax.self) {
            guard let value = Double(float.literal.text.filter { $0 != "_" }), value.isFinite else { return nil }
            self = .number(value)
            return
        }
        if let prefix = syntax.as(PrefixOperatorExprSyntax.self) {
            guard prefix.operator.text == "-", let inner = NumericExpression(prefix.expression, owner: owner) else { return nil }
            self = .negated(inner)
            return
        }
        if let sequence = syntax.as(SequenceExprSyntax.self) {
            guard let folded = Self.fold(Array(sequence.elements), owner: owner) else { return nil }
            self = folded
            return
        }
        if let infix = syntax.as(InfixOperatorExprSyntax.self) {
            guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op.count == 1, let character = op.first,
                "+-*/".contains(character), let left = NumericExpression(infix.leftOperand, owner: owner),
                let right = NumericExpression(infix.rightOperand, owner: owner)
            else { return nil }
            self = .binary(character, left, right)
            return
        }
        if let call = syntax.as(FunctionCallExprSyntax.self) {
            guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            // `CGFloat(22)`: a conversion keeps the number.
            if ["CGFloat", "Double", "Float", "Int"].contains(callee), call.arguments.count == 1, let only = call.arguments.first,
                only.label == nil
            {
                self.init(only.expression, owner: owner)
                return
            }
            // `Size(height: 56, padding: 8)`: a value whose labelled members may be read.
            var fields: [String: NumericExpression] = [:]
            for argument in call.arguments {
                guard let label = argument.label?.text, let value = NumericExpression(argument.expression, owner: owner) else { continue }
                fields[label] = value
            }
            guard !fields.isEmpty, callee.first?.isUppercase == true else { return nil }
            self = .record(fields)
            return
        }
        if let reference = syntax.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            self = .reference(Self.names(name, owner: owner))
            return
        }
        guard let member = syntax.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            // `.gap` where a number is expected: a static of a numeric type's extension.
            self = .reference(["CGFloat", "Double", "Float", "Int"].map { $0 + "." + name })
            return
        }
        if let qualifier = Self.typeName(base, owner: owner) {
            self = .reference([qualifier + "." + name])
            return
        }
        // `Size.large.height`: `height:` of the value `Size.large` is made with.
        if let inner = base.as(MemberAccessExprSyntax.self), let innerBase = inner.base, let qualifier = Self.typeName(innerBase, owner: owner) {
            self = .argument(of: [qualifier + "." + inner.declName.baseName.text], label: name)
            return
        }
        return nil
    }

    /// A type's name as written (`Theme.Metrics`; `Self` is `owner`): capitalised identifiers
    /// joined by dots, not an instance (`item.size`).
    private static func typeName(_ base: ExprSyntax, owner: String?) -> String? {
        let text = base.trimmedSourceText
        if text == "Self" { return owner }
        let parts = text.split(separator: ".")
        guard !parts.isEmpty,
            parts.allSatisfy({ $0.first?.isUppercase == true && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return text
    }

    /// The names a bare `name` inside `owner` may mean: the owner's statics (innermost type first),
    /// then a file-level constant.
    private static func names(_ name: String, owner: String?) -> [String] {
        guard let owner else { return [name] }
        var parts = owner.split(separator: ".").map(String.init)
        var result: [String] = []
        while !parts.isEmpty {
            result.append(parts.joined(separator: ".") + "." + name)
            parts.removeLast()
        }
        return result + [name]
    }

    /// An unfolded `a + b * c` (the parser leaves operators in a sequence): `*` and `/` bind tighter.
    private static func fold(_ elements: [ExprSyntax], owner: String?) -> NumericExpression? {
        guard elements.count % 2 == 1 else { return nil }
        var operands: [NumericExpression] = []
        var operators: [Character] = []
        for (index, element) in elements.enumerated() {
            if index % 2 == 0 {
                guard let operand = NumericExpression(element, owner: owner) else { return nil }
                operands.append(operand)
            } else {
                guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text, op.count == 1, let character = op.first,
                    "+-*/".contains(character)
                else { return nil }
                operators.append(character)
            }
        }
        // Multiplications first, left to right, then additions.
        var terms: [NumericExpression] = [operands[0]]
        var additive: [Character] = []
        for (index, op) in operators.enumerated() {
            let next = operands[index + 1]
            if op == "*" || op == "/" {
                terms[terms.count - 1] = .binary(op, terms[terms.count - 1], next)
            } else {
                additive.append(op)
                terms.append(next)
            }
        }
        var result = terms[0]
        for (index, op) in additive.enumerated() { result = .binary(op, result, terms[index + 1]) }
        return result
    }

    /// The number, constants looked up in `table`; nil when a name is unknown, a value is no number,
    /// a chain is longer than ``maximumChain`` (a cycle), or the result is not finite.
    package func value(in table: NumericConstantTable) -> Double? {
        value(in: table, depth: 0)
    }

    private func value(in table: NumericConstantTable, depth: Int) -> Double? {
        guard depth < Self.maximumChain else { return nil }
        let result: Double?
        switch self {
        case .number(let number):
            result = number
        case .reference(let names):
            result = names.lazy.compactMap { table[$0] }.first?.value(in: table, depth: depth + 1)
        case .argument(let names, let label):
            guard case .record(let fields)? = names.lazy.compactMap({ table[$0] }).first else { return nil }
            result = fields[label]?.value(in: table, depth: depth + 1)
        case .record:
            result = nil
        case .negated(let inner):
            result = inner.value(in: table, depth: depth + 1).map { -$0 }
        case .binary(let op, let left, let right):
            guard let a = left.value(in: table, depth: depth + 1), let b = right.value(in: table, depth: depth + 1) else { return nil }
            switch op {
            case "+": result = a + b
            case "-": result = a - b
            case "*": result = a * b
            default: result = b == 0 ? nil : a / b
            }
        }
        guard let result, result.isFinite else { return nil }
        return result
    }

    /// Whether the expression reads a name (is more than literal arithmetic).
    package var readsConstants: Bool {
        switch self {
        case .number: false
        case .reference, .argument: true
        case .record(let fields): fields.values.contains { $0.readsConstants }
        case .negated(let inner): inner.readsConstants
        case .binary(_, let left, let right): left.readsConstants || right.readsConstants
        }
    }
}

/// Constants by every name that reaches them (`gap`, `Metrics.gap`, `Theme.Metrics.gap`), as
/// ``NumericExpression``s: one file's, or a whole lint run's merged.
package struct NumericConstantTable: Sendable {
    private var byName: [String: NumericExpression] = [:]

    /// An empty table.
    package init() {}

    /// The constants ``Constants`` found in a file, those that are numbers or records of numbers.
    package init(_ constants: Constants) {
        for constant in constants.all {
            guard let value = NumericExpression(constant.value, owner: constant.owner) else { continue }
            add(value, owner: constant.owner, name: constant.name)
        }
    }

    /// The constant `name` of `owner` (nil: file level), under every qualified tail of the owner.
    package mutating func add(_ value: NumericExpression, owner: String?, name: String) {
        guard let owner else {
            if byName[name] == nil { byName[name] = value }
            return
        }
        let parts = owner.split(separator: ".")
        for start in parts.indices {
            let key = parts[start...].joined(separator: ".") + "." + name
            if byName[key] == nil { byName[key] = value }
        }
    }

    /// The constant a name reaches.
    package subscript(name: String) -> NumericExpression? { byName[name] }

    /// This table, with `other`'s names it does not have (the first declaration wins, as in ``Constants``).
    package func merging(_ other: NumericConstantTable) -> NumericConstantTable {
        var result = self
        result.byName.merge(other.byName) { mine, _ in mine }
        return result
    }

    /// Adds `other`'s names this table does not have.
    package mutating func merge(_ other: NumericConstantTable) {
        byName.merge(other.byName) { mine, _ in mine }
    }

    /// How many names.
    package var count: Int { byName.count }
}
