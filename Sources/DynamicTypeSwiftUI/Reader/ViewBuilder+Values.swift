import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import SwiftSyntax
import SwiftSyntaxProblems

/// A value the reader could evaluate from a literal, a property's literal default or an argument.
indirect enum Value {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([Value])
    /// A `@ScaledMetric` property.
    case length(Length)
    /// Views (a view-builder closure or a view passed to a view).
    case views([ViewNode])
    /// A `GeometryReader`'s proxy (`proxy in`): the reader's number in the view.
    case proxy(Int)
    /// A localized string (`NSLocalizedString`, `String(localized:)`, SwiftGen's `L10n.tr`).
    case localized(LocalizedReference)
}

/// The names an expression may use: properties, closure parameters and local constants, with the
/// declaration whose helpers (`var header: some View`) it may call.
struct Scope {
    var values: [String: Value] = [:]
    var declaration: ViewDeclaration?
    /// The file's name (`Row.swift`), for locations.
    var file: String
    /// The file's full path: a view's name resolves to the declaration in this file first.
    var path: String
    var converter: SourceLocationConverter
    /// The type whose constants `Self.name` and bare names reach when evaluating a constant
    /// (`Theme.Metrics`); nil: the view's own type.
    var owner: String?

    func lookup(_ name: String) -> Value? { values[name] }
}

extension ViewBuilder {
    // MARK: Values

    /// `expression` evaluated, if it is a literal or names one.
    func evaluate(_ expression: ExprSyntax, _ scope: Scope) -> Value? {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return .string(Self.verbatim(of: literal, scope: scope, builder: self))
        }
        // Parentheses and operators first, each evaluated once (nested parentheses stay linear).
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression, scope)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { return sequenceValue(sequence, scope) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            guard case .bool(let value)? = evaluate(prefix.expression, scope) else { return nil }
            return .bool(!value)
        }
        // Unclamped: a property's value is checked where it is used as a length, with that line.
        if let number = unclampedNumber(expression, scope) {
            if number.scalesWith != nil || number.proxy != nil { return .length(number) }
            return .number(number.points)
        }
        if let bool = expression.as(BooleanLiteralExprSyntax.self) { return .bool(bool.literal.tokenKind == .keyword(.true)) }
        if let array = expression.as(ArrayExprSyntax.self) {
            return .array(array.elements.prefix(Self.maximumForEach + 1).compactMap { evaluate($0.expression, scope) })
        }
        if let name = Self.referenceName(expression), let value = scope.lookup(name) { return value }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let reference = localizedReference(call, scope) { return .localized(reference) }
            // A localization accessor with parameters (SwiftGen's `static func itemsCount(_ p1: Int)`):
            // its one returned expression, whatever the arguments (they only fill placeholders).
            if let found = constantValue(call.calledExpression, scope), case .localized = found { return found }
            return nil
        }
        return constantValue(expression, scope)
    }

    /// `name`, `self.name`: the name an expression refers to.
    static func referenceName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedSourceText == "self" {
            return member.declName.baseName.text
        }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return referenceName(unwrapped.expression) }
        return nil
    }

    /// The largest magnitude, in points, a number read from source keeps (issue 32): past it a
    /// length is no screen's, and sums of such lengths overflow what text drawing can address.
    static let maximumPoints = 100_000.0

    /// A number: a literal, a negative literal, `.infinity`, a property holding one (scaled for
    /// `@ScaledMetric`); nil otherwise. Finite values are kept within ±``maximumPoints``.
    func number(_ expression: ExprSyntax, _ scope: Scope) -> Length? {
        // A share of a GeometryReader's size is a length (``length(_:_:_:negative:infinity:)``) only.
        guard let value = unclampedNumber(expression, scope), value.proxy == nil else { return nil }
        guard value.points.isFinite else { return value }
        return Length(min(max(value.points, -Self.maximumPoints), Self.maximumPoints), scalesWith: value.scalesWith)
    }

    /// A length for `what` (`spacing`, `frame width`…), checked before any layout sees it: finite
    /// (`.infinity` only where SwiftUI gives it a meaning: `infinity`, as `maxWidth`), within
    /// 0…100,000 pt, or ±100,000 pt where a negative value means something (`negative`: spacing,
    /// padding). A value outside is reported as a problem at its file and line, then clamped into
    /// the range, or dropped when it is not finite (the view's default then applies); never used.
    func length(_ expression: ExprSyntax?, _ scope: Scope, _ what: String, negative: Bool = false, infinity: Bool = false) -> Length? {
        guard let expression, let value = unclampedNumber(expression, scope) else { return nil }
        let lower = negative ? -Self.maximumPoints : 0
        let range = "\(PointFormat.string(lower))…\(PointFormat.string(Self.maximumPoints)) pt"
        if !value.points.isFinite {
            if infinity, value.points > 0 { return value }
            note(.outOfRange, "\(what) \(expression.trimmedSourceText) is not a finite length (give \(range)): ignored", at: expression, scope)
            return nil
        }
        // A share of a GeometryReader's size is held to the range when it is settled, at layout.
        guard value.proxy == nil, value.points < lower || value.points > Self.maximumPoints else { return value }
        let clamped = min(max(value.points, lower), Self.maximumPoints)
        note(
            .outOfRange, "\(what) \(expression.trimmedSourceText) is outside \(range): \(PointFormat.string(clamped)) pt is used",
            at: expression, scope)
        return Length(clamped, scalesWith: value.scalesWith)
    }

    /// A number for `what` held to `range` (`unit` for the message: ` pt`, ` lines`): one outside
    /// is reported at its file and line and clamped into the range, one not finite reported and
    /// dropped (nil), as ``length(_:_:_:negative:infinity:)`` does for lengths.
    func bounded(_ expression: ExprSyntax?, _ scope: Scope, _ what: String, _ range: ClosedRange<Double>, unit: String = "") -> Double? {
        guard let expression, let number = unclampedNumber(expression, scope), number.proxy == nil else { return nil }
        let value = number.points
        let bounds = "\(PointFormat.string(range.lowerBound))…\(PointFormat.string(range.upperBound))\(unit)"
        guard value.isFinite else {
            note(.outOfRange, "\(what) \(expression.trimmedSourceText) is not a finite number (give \(bounds)): ignored", at: expression, scope)
            return nil
        }
        guard !range.contains(value) else { return value }
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        note(.outOfRange, "\(what) \(expression.trimmedSourceText) is outside \(bounds): \(PointFormat.string(clamped))\(unit) is used", at: expression, scope)
        return clamped
    }

    /// ``number(_:_:)`` as written, not clamped: what ``length(_:_:_:negative:infinity:)`` checks.
    func unclampedNumber(_ expression: ExprSyntax, _ scope: Scope) -> Length? {
        var text = expression.trimmedSourceText.replacingOccurrences(of: "_", with: "")
        if let call = expression.as(FunctionCallExprSyntax.self), ["CGFloat", "Double", "Float", "Int"].contains(call.calledExpression.trimmedSourceText),
            call.arguments.count == 1, let inner = call.arguments.first
        {
            return unclampedNumber(inner.expression, scope)
        }
        // `proxy.size.width`: a share of a GeometryReader's size, settled at layout.
        if let share = proxyShare(expression, scope) { return Length(0, proxy: share) }
        // `(a + b)`, `Metrics.gap * 2`, `isCompact ? 12 : 16`, `-Metrics.inset`: evaluated once, then read as a number.
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return unclampedNumber(inner.expression, scope)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { return Self.numeric(sequenceValue(sequence, scope)) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            !(prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self)),
            let inner = unclampedNumber(prefix.expression, scope)
        {
            return Length(
                -inner.points, scalesWith: inner.scalesWith,
                proxy: inner.proxy.map { ProxyShare(reader: $0.reader, width: -$0.width, height: -$0.height) })
        }
        if [".zero", "CGFloat.zero", "Double.zero"].contains(text) { return Length(0) }
        if [".infinity", "CGFloat.infinity", "Double.infinity", ".greatestFiniteMagnitude", "CGFloat.greatestFiniteMagnitude"].contains(text) {
            return Length(.infinity)
        }
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || (expression.as(PrefixOperatorExprSyntax.self).map { $0.operator.text == "-" && ($0.expression.is(IntegerLiteralExprSyntax.self) || $0.expression.is(FloatLiteralExprSyntax.self)) } ?? false)
        {
            text = text.replacingOccurrences(of: " ", with: "")
            // `1e999` reads as infinity: left to the callers, which refuse it.
            guard let value = Double(text), !value.isNaN else { return nil }
            return Length(value)
        }
        if let name = Self.referenceName(expression), let value = scope.lookup(name) { return Self.numeric(value) }
        return Self.numeric(constantValue(expression, scope))
    }

    /// A value as a number: a number or a scaled length; nil otherwise.
    static func numeric(_ value: Value?) -> Length? {
        switch value {
        case .number(let points)?: Length(points)
        case .length(let length)?: length
        default: nil
        }
    }

    /// The text of a string literal with interpolations as placeholders: `%lld` for a whole number
    /// the scope knows, else `%@` (Xcode's keys for `Text("\(count) items")` and `Text("Hi \(name)")`).
    /// `hasInterpolation` says whether any was found.
    static func format(
        of literal: StringLiteralExprSyntax, scope: Scope, builder: ViewBuilder
    ) -> (text: String, hasInterpolation: Bool) {
        var text = ""
        var interpolated = false
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                // The text part of a key with interpolations is a format: SwiftUI's
                // `LocalizedStringKey` escapes its `%` as `%%` (`Text("\(n)% off")` → `%lld%% off`).
                let hasInterpolation = literal.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
                let content = unescaped(plain.content.text)
                text += hasInterpolation ? content.replacingOccurrences(of: "%", with: "%%") : content
            } else if let expression = segment.as(ExpressionSegmentSyntax.self) {
                interpolated = true
                guard let first = expression.expressions.first else { continue }
                switch builder.evaluate(first.expression, scope) {
                case .number(let value)? where value == value.rounded(): text += "%lld"
                case .number?: text += "%lf"
                case nil where builder.interpolatesWholeNumber(first.expression, scope): text += "%lld"
                default: text += "%@"
                }
            }
        }
        return (text, interpolated)
    }

    /// A string literal as the `String` it makes: interpolations the scope knows as their values,
    /// others as the sample of `%@` (``PlaceholderSamples/name``); the rest as written, since a
    /// `String` is never formatted.
    static func verbatim(of literal: StringLiteralExprSyntax, scope: Scope, builder: ViewBuilder) -> String {
        var text = ""
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += unescaped(plain.content.text)
            } else if let expression = segment.as(ExpressionSegmentSyntax.self) {
                switch expression.expressions.first.flatMap({ builder.evaluate($0.expression, scope) }) {
                case .string(let value)?: text += value
                case .number(let value)?: text += PointFormat.string(value)
                case .localized(let reference)?: text += reference.fallback ?? reference.key
                default:
                    if let first = expression.expressions.first {
                        text += builder.sampleText(for: first.expression, scope).text
                    } else {
                        text += PlaceholderSamples.name
                    }
                }
            }
        }
        return text
    }

    /// A string literal's escapes resolved (`\n`, `\t`, `\"`, `\\`, `\u{…}`).
    static func unescaped(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var result = ""
        var iterator = Array(raw).makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "0": break
            case "u":
                var hex = ""
                while let digit = iterator.next(), digit != "}" { if digit != "{" { hex.append(digit) } }
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
            default: result.append(next)
            }
        }
        return result
    }

    // MARK: Fonts

    /// The SwiftUI text styles by their `Font` names.
    static let fontStyles: [String: TextStyle] = [
        "extraLargeTitle": .extraLargeTitle, "extraLargeTitle2": .extraLargeTitle2, "largeTitle": .largeTitle, "title": .title1,
        "title2": .title2, "title3": .title3, "headline": .headline, "subheadline": .subheadline, "body": .body,
        "callout": .callout, "footnote": .footnote, "caption": .caption1, "caption2": .caption2,
    ]

    /// The font `expression` builds, or nil (a token the map does not have is noted once per file).
    func font(_ expression: ExprSyntax, _ scope: Scope, depth: Int = 0) -> FontChoice? {
        guard depth < 8 else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedSourceText == "Font" {
            let name = member.declName.baseName.text
            if let style = Self.fontStyles[name] { return .style(style) }
            if let defined = declarations.fontMembers[name] { return font(defined, scope, depth: depth + 1) }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            let base = member.base.flatMap { $0.trimmedSourceText == "Font" ? nil : $0 }
            if let base, ["weight", "bold", "italic", "monospaced", "monospacedDigit", "leading", "smallCaps", "width"].contains(name) {
                guard var choice = font(base, scope, depth: depth + 1) else { return nil }
                switch name {
                case "weight": choice.weight = call.arguments.first.flatMap { weight($0.expression) } ?? choice.weight
                case "bold": choice.weight = .bold
                case "italic": choice.italic = true
                default: break
                }
                return choice
            }
            if name == "system" {
                var choice = FontChoice()
                if let sizeArgument = call.arguments.first(where: { $0.label?.text == "size" })?.expression,
                    let size = number(sizeArgument, scope)
                {
                    guard let points = bounded(sizeArgument, scope, "font size", 1...500, unit: " pt") else { return nil }
                    choice.size = points
                    choice.relativeTo = size.scalesWith
                } else if let first = call.arguments.first, first.label == nil,
                    let style = first.expression.as(MemberAccessExprSyntax.self).flatMap({ Self.fontStyles[$0.declName.baseName.text] })
                {
                    choice.style = style
                } else {
                    return nil
                }
                choice.weight = call.arguments.first(where: { $0.label?.text == "weight" }).flatMap { weight($0.expression) }
                return choice
            }
            if name == "custom" {
                var choice = FontChoice()
                if let family = call.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
                    choice.family = Self.format(of: family, scope: scope, builder: self).text
                }
                if let sizeArgument = call.arguments.first(where: { $0.label?.text == "size" })?.expression, number(sizeArgument, scope) != nil {
                    // `.custom(_:size:)` scales with body; `relativeTo:` names the style.
                    guard let points = bounded(sizeArgument, scope, "font size", 1...500, unit: " pt") else { return nil }
                    choice.size = points
                    choice.relativeTo = .body
                    if let relative = call.arguments.first(where: { $0.label?.text == "relativeTo" })?.expression.as(MemberAccessExprSyntax.self) {
                        choice.relativeTo = Self.fontStyles[relative.declName.baseName.text] ?? .body
                    }
                } else if let sizeArgument = call.arguments.first(where: { $0.label?.text == "fixedSize" })?.expression,
                    number(sizeArgument, scope) != nil
                {
                    guard let points = bounded(sizeArgument, scope, "font size", 1...500, unit: " pt") else { return nil }
                    choice.size = points
                } else {
                    return nil
                }
                return choice
            }
        }
        // `Font(UIFont.preferredFont(forTextStyle: .body))`, `Font(uiFontMetrics.scaledFont(for: …))`.
        if let call = expression.as(FunctionCallExprSyntax.self), ["Font", "Font.init"].contains(call.calledExpression.trimmedSourceText),
            call.arguments.count == 1, let first = call.arguments.first, first.label == nil,
            let choice = uiFont(first.expression, scope)
        {
            return choice
        }
        // `Theme.titleFont`: a font the app keeps as a constant.
        if let constant = constantExpression(expression, scope) { return font(constant.expression, constant.scope, depth: depth + 1) }
        let token = DesignTokens.normalized(expression.trimmedSourceText)
        if let mapped = tokens.fonts[token] { return mapped }
        if let name = Self.referenceName(expression), case .views? = scope.lookup(name) { return nil }
        note(.unresolvedToken, "font \(expression.trimmedSourceText)", at: expression, scope, oncePerFile: true)
        return nil
    }

    /// `.bold`, `.semibold`, `Font.Weight.heavy`.
    func weight(_ expression: ExprSyntax) -> FontWeight? {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        return FontWeight(name: member.declName.baseName.text)
    }

    // MARK: Colours

    /// iOS's system colours (light appearance) by their SwiftUI names.
    static let systemColors: [String: RGBAColor] = [
        "primary": .black, "black": .black, "white": .white, "clear": RGBAColor(white: 1, alpha: 0),
        // secondaryLabel, tertiaryLabel: (60, 60, 67) at 60 % and 30 % over white.
        "secondary": RGBAColor(red: 0.541, green: 0.541, blue: 0.557), "tertiary": RGBAColor(red: 0.769, green: 0.769, blue: 0.776),
        "gray": RGBAColor(red: 0.557, green: 0.557, blue: 0.576), "red": RGBAColor(red: 1, green: 0.231, blue: 0.188),
        "orange": RGBAColor(red: 1, green: 0.584, blue: 0), "yellow": RGBAColor(red: 1, green: 0.8, blue: 0),
        "green": RGBAColor(red: 0.204, green: 0.78, blue: 0.349), "mint": RGBAColor(red: 0, green: 0.78, blue: 0.745),
        "teal": RGBAColor(red: 0.188, green: 0.69, blue: 0.78), "cyan": RGBAColor(red: 0.196, green: 0.678, blue: 0.902),
        "blue": ViewBuilder.accent, "accentColor": ViewBuilder.accent, "accent": ViewBuilder.accent,
        "indigo": RGBAColor(red: 0.345, green: 0.337, blue: 0.839), "purple": RGBAColor(red: 0.686, green: 0.322, blue: 0.871),
        "pink": RGBAColor(red: 1, green: 0.176, blue: 0.333), "brown": RGBAColor(red: 0.635, green: 0.518, blue: 0.369),
        "systemBackground": .white, "secondarySystemBackground": RGBAColor(red: 0.949, green: 0.949, blue: 0.969),
        "systemGroupedBackground": RGBAColor(red: 0.949, green: 0.949, blue: 0.969),
        "ultraThinMaterial": RGBAColor(white: 0.95), "thinMaterial": RGBAColor(white: 0.93), "regularMaterial": RGBAColor(white: 0.92),
        "thickMaterial": RGBAColor(white: 0.9), "ultraThickMaterial": RGBAColor(white: 0.88),
    ]

    /// iOS's accent colour (systemBlue).
    static let accent = RGBAColor(red: 0, green: 0.478, blue: 1)

    /// The colour `expression` names, or nil (a token the map does not have is noted once per file).
    func color(_ expression: ExprSyntax, _ scope: Scope, depth: Int = 0) -> RGBAColor? {
        guard depth < 8 else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            let base = member.base?.trimmedSourceText
            if base == nil || base == "Color" || base == "UIColor" || base == "ShapeStyle" {
                if let color = Self.systemColors[name] ?? Self.systemColors[name.replacingOccurrences(of: "system", with: "").lowercasedFirst] {
                    return color
                }
                if let defined = declarations.colorMembers[name] { return color(defined, scope, depth: depth + 1) }
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                ["opacity", "gradient", "shadow"].contains(member.declName.baseName.text)
            {
                return color(base, scope, depth: depth + 1)
            }
            if ["Color", "UIColor"].contains(call.calledExpression.trimmedSourceText) {
                func component(_ label: String) -> Double? {
                    call.arguments.first(where: { $0.label?.text == label }).flatMap { number($0.expression, scope)?.points }
                }
                if let red = component("red"), let green = component("green"), let blue = component("blue") {
                    return RGBAColor(red: min(max(red, 0), 1), green: min(max(green, 0), 1), blue: min(max(blue, 0), 1))
                }
                if let white = component("white") { return RGBAColor(white: min(max(white, 0), 1)) }
                if let first = call.arguments.first, first.label == nil {
                    if first.expression.is(MemberAccessExprSyntax.self) { return color(first.expression, scope, depth: depth + 1) }
                    if let literal = first.expression.as(StringLiteralExprSyntax.self),
                        let mapped = tokens.colors[Self.format(of: literal, scope: scope, builder: self).text]
                    {
                        return mapped
                    }
                }
            }
        }
        if let constant = constantExpression(expression, scope) { return color(constant.expression, constant.scope, depth: depth + 1) }
        if let mapped = tokens.colors[DesignTokens.normalized(expression.trimmedSourceText)] { return mapped }
        note(.unresolvedToken, "colour \(expression.trimmedSourceText)", at: expression, scope, oncePerFile: true)
        return nil
    }
}

extension String {
    /// The string with its first letter lower-cased (`Blue` → `blue`).
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
