import DynamicTypeCore
import SwiftSyntax
import SwiftStaticFacts
import SwiftSyntaxProblems

/// Expressions the file settles beyond a literal: the app's constants (`Metrics.titleFontSize`,
/// `Theme.Metrics.gap`, `Self.size`, a file-level `let`), arithmetic on numbers (`+ - * /`,
/// parentheses, unary minus), comparisons and `&&`/`||` on what those give, and `? :` (with a
/// condition the file does not settle, the first value is used and noted). Every number still goes
/// through ``ViewBuilder/length(_:_:_:negative:infinity:)`` or ``ViewBuilder/bounded(_:_:_:_:unit:)``
/// where it is used.
extension ViewBuilder {
    /// The most constants followed from one another (`a = b * 2`, `b = c + 1`, …).
    static let maximumConstantChain = 32

    /// The value of the constant `expression` names, if it names one the files declare:
    /// `Type.name` (any qualified tail of the type), `Self.name`, `.name` of a `CGFloat`/`Double`
    /// extension, or a bare name of the current type's statics or of a file-level `let`.
    func constantValue(_ expression: ExprSyntax, _ scope: Scope) -> Value? {
        guard let found = constant(named: expression, scope) else { return nil }
        if let known = constantValues[found.index] {
            replay(known.notes)
            return known.value
        }
        // A cycle (`a = b`, `b = a`) or a very long chain is not settled.
        guard !resolvingConstants.contains(found.index), resolvingConstants.count < Self.maximumConstantChain else { return nil }
        resolvingConstants.append(found.index)
        let before = notes.count
        var inner = Scope(file: found.constant.file, path: found.constant.path, converter: found.constant.converter)
        inner.owner = found.constant.owner
        let value = evaluate(found.constant.value, inner)
        resolvingConstants.removeLast()
        let made = Array(notes[before...])
        replayed.formUnion(made)
        constantValues[found.index] = (value, made)
        return value
    }

    /// The expression of the constant `expression` names (`Theme.titleFont`), with the scope to
    /// read it in: fonts and colours kept as constants.
    func constantExpression(_ expression: ExprSyntax, _ scope: Scope) -> (expression: ExprSyntax, scope: Scope)? {
        guard let found = constant(named: expression, scope) else { return nil }
        var inner = Scope(file: found.constant.file, path: found.constant.path, converter: found.constant.converter)
        inner.owner = found.constant.owner
        return (found.constant.value, inner)
    }

    /// The constant an expression names.
    private func constant(named expression: ExprSyntax, _ scope: Scope) -> (index: Int, constant: Constant)? {
        let constants = declarations.constants
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            // A view's own property the file does not settle is not some constant of that name.
            if scope.owner == nil, scope.declaration?.properties.contains(where: { $0.name == name }) == true { return nil }
            if let owner = scope.owner ?? scope.declaration?.name, let found = constants.lookup(owner + "." + name, from: scope.path) {
                return found
            }
            return constants.lookup(name, from: scope.path)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            // `.gap` where a number is expected: a static of a `CGFloat` or `Double` extension.
            for type in ["CGFloat", "Double", "Int", "Float"] {
                if let found = constants.lookup(type + "." + name, from: scope.path) { return found }
            }
            return nil
        }
        var qualifier = base.trimmedSourceText
        if qualifier == "Self" || qualifier == "self" {
            guard let owner = scope.owner ?? scope.declaration?.name else { return nil }
            qualifier = owner
        }
        // A type's name: capitalised identifiers joined by dots (`Theme.Metrics`), not `item.size`.
        guard qualifier.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return constants.lookup(qualifier + "." + name, from: scope.path)
    }

    /// `proxy.size.width`, `proxy.size.height` of a `GeometryReader`'s proxy in scope.
    func proxyShare(_ expression: ExprSyntax, _ scope: Scope) -> ProxyShare? {
        guard let member = expression.as(MemberAccessExprSyntax.self), let size = member.base?.as(MemberAccessExprSyntax.self),
            size.declName.baseName.text == "size", let base = size.base, let name = Self.referenceName(base),
            case .proxy(let reader)? = scope.lookup(name)
        else { return nil }
        switch member.declName.baseName.text {
        case "width": return ProxyShare(reader: reader, width: 1, height: 0)
        case "height": return ProxyShare(reader: reader, width: 0, height: 1)
        default: return nil
        }
    }

    // MARK: Operators

    /// The value of an unfolded operator sequence (`a + b * c`, `x > 2 ? 12 : 16`), or nil when a
    /// part or an operator is not one the reader evaluates. One pass over the elements, by
    /// precedence climbing: linear in the sequence's length.
    func sequenceValue(_ sequence: SequenceExprSyntax, _ scope: Scope) -> Value? { sequenceValue(Array(sequence.elements), scope) }

    /// The value of part of a sequence's elements (operands and operators alternating).
    func sequenceValue(_ elements: [ExprSyntax], _ scope: Scope) -> Value? {
        guard elements.count % 2 == 1 else { return nil }
        if elements.count == 1 { return evaluate(elements[0], scope) }
        var parser = SequenceParser(elements: elements, builder: self, scope: scope)
        let value = parser.expression(0)
        return parser.index == parser.elements.count ? value : nil
    }
}

/// Precedence climbing over a sequence's elements: operands at even places, operators (binary
/// operators, `? … :`, `as Type`) between them.
private struct SequenceParser {
    let elements: [ExprSyntax]
    let builder: ViewBuilder
    let scope: Scope
    var index = 0

    init(elements: [ExprSyntax], builder: ViewBuilder, scope: Scope) {
        self.elements = elements
        self.builder = builder
        self.scope = scope
    }

    /// Swift's precedence groups for the operators read; nil: not read.
    static func precedence(_ element: ExprSyntax) -> Int? {
        if element.is(UnresolvedTernaryExprSyntax.self) { return 1 }
        guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        switch op {
        case "||": return 2
        case "&&": return 3
        case "==", "!=", "<", ">", "<=", ">=": return 4
        case "??": return 5
        case "+", "-": return 6
        case "*", "/": return 7
        default: return nil
        }
    }

    /// An expression of operators of at least `minimum` precedence.
    mutating func expression(_ minimum: Int) -> Value? {
        guard index < elements.count else { return nil }
        let start = index
        var left = builder.evaluate(elements[index], scope)
        index += 1
        while index < elements.count {
            let element = elements[index]
            if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) {
                // `12 as CGFloat`: the value; `x is T` is not settled.
                if element.is(UnresolvedIsExprSyntax.self) { left = nil }
                index += 2
                continue
            }
            guard let precedence = Self.precedence(element), precedence >= minimum else { return left }
            let position = index
            index += 1
            if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
                // Right-associative: `a ? b : c ? d : e`.
                let otherwise = expression(precedence)
                guard case .bool(let condition)? = left else {
                    builder.note(
                        .defaulted,
                        "\(elements[start..<position].map(\.trimmedSourceText).joined(separator: " ").prefix(40)) ? … : the file does not settle it; the first value is used",
                        at: ternary, scope, oncePerFile: true)
                    left = builder.evaluate(ternary.thenExpression, scope)
                    continue
                }
                left = condition ? builder.evaluate(ternary.thenExpression, scope) : otherwise
                continue
            }
            let op = element.as(BinaryOperatorExprSyntax.self)!.operator.text
            // `??` is right-associative, the others left.
            let right = expression(op == "??" ? precedence : precedence + 1)
            left = Self.apply(op, left, right)
        }
        return left
    }

    /// `left op right`, or nil when either is unknown or they do not combine.
    static func apply(_ op: String, _ left: Value?, _ right: Value?) -> Value? {
        if op == "??" { return left ?? right }
        switch (left, right) {
        case (.bool(let a)?, .bool(let b)?):
            switch op {
            case "&&": return .bool(a && b)
            case "||": return .bool(a || b)
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            default: return nil
            }
        case (.string(let a)?, .string(let b)?):
            switch op {
            case "+": return .string(a + b)
            case "==": return .bool(a == b)
            case "!=": return .bool(a != b)
            default: return nil
            }
        default:
            guard let a = left.flatMap(length), let b = right.flatMap(length) else { return nil }
            return arithmetic(op, a, b)
        }
    }

    /// Shares of a GeometryReader's size combined with numbers: sums and differences of shares of
    /// one reader, multiples and fractions of them (`proxy.size.width * 0.5 - 16`); nothing else
    /// (a product of two sizes is no length; scaled lengths are not mixed in).
    static func proxyArithmetic(_ op: String, _ a: Length, _ b: Length) -> Value? {
        guard a.scalesWith == nil, b.scalesWith == nil else { return nil }
        func share(_ length: Length, _ reader: Int) -> ProxyShare { length.proxy ?? ProxyShare(reader: reader, width: 0, height: 0) }
        switch op {
        case "+", "-":
            let reader = (a.proxy ?? b.proxy)!.reader
            guard a.proxy.map({ $0.reader == reader }) ?? true, b.proxy.map({ $0.reader == reader }) ?? true else { return nil }
            let sign = op == "+" ? 1.0 : -1.0
            let left = share(a, reader), right = share(b, reader)
            return .length(
                Length(
                    a.points + sign * b.points,
                    proxy: ProxyShare(reader: reader, width: left.width + sign * right.width, height: left.height + sign * right.height)))
        case "*", "/":
            // One side a plain number: the other's points and shares scaled by it.
            let (length, factor): (Length, Double)
            if op == "*", a.proxy == nil {
                (length, factor) = (b, a.points)
            } else if b.proxy == nil {
                (length, factor) = (a, op == "*" ? b.points : 1 / b.points)
            } else {
                return nil
            }
            guard factor.isFinite, let proxy = length.proxy else { return nil }
            return .length(
                Length(length.points * factor, proxy: ProxyShare(reader: proxy.reader, width: proxy.width * factor, height: proxy.height * factor)))
        default:
            return nil
        }
    }

    /// A number or a scaled length.
    static func length(_ value: Value) -> Length? {
        switch value {
        case .number(let points): Length(points)
        case .length(let length): length
        default: nil
        }
    }

    /// Numbers combined. A `@ScaledMetric` length stays one where it scales the whole result
    /// (`scaled * 2`, `scaled + scaled2` of one style, `scaled / 2`); a mix that does not scale
    /// uniformly (`scaled + 4`) is not settled. Comparisons are of fixed numbers only.
    static func arithmetic(_ op: String, _ a: Length, _ b: Length) -> Value? {
        if a.proxy != nil || b.proxy != nil { return proxyArithmetic(op, a, b) }
        let style: TextStyle?
        switch op {
        case "+", "-":
            guard a.scalesWith == b.scalesWith else { return nil }
            style = a.scalesWith
        case "*":
            guard a.scalesWith == nil || b.scalesWith == nil else { return nil }
            style = a.scalesWith ?? b.scalesWith
        case "/":
            guard b.scalesWith == nil else { return nil }
            style = a.scalesWith
        default:
            guard a.scalesWith == nil, b.scalesWith == nil else { return nil }
            let result: Bool? =
                switch op {
                case "==": a.points == b.points
                case "!=": a.points != b.points
                case "<": a.points < b.points
                case ">": a.points > b.points
                case "<=": a.points <= b.points
                case ">=": a.points >= b.points
                default: nil
                }
            return result.map { .bool($0) }
        }
        let points: Double =
            switch op {
            case "+": a.points + b.points
            case "-": a.points - b.points
            case "*": a.points * b.points
            default: a.points / b.points
            }
        // 0 / 0 is no number; an infinite result is left to the range checks where it is used.
        guard !points.isNaN else { return nil }
        if let style { return .length(Length(points, scalesWith: style)) }
        return .number(points)
    }
}
