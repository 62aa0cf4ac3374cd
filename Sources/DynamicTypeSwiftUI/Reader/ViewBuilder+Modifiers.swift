import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import SwiftSyntax
import SwiftSyntaxProblems

/// Modifiers: those that change layout wrap the view in a node (`padding`, `frame`,
/// `fixedSize`, `background`); those that change text set the environment below them (`font`,
/// `lineLimit`, …). Modifiers that change neither (gestures, navigation, accessibility) are
/// left out: they do not move text.
extension ViewBuilder {
    /// `view` with the modifier `name` of `call`.
    func modified(_ view: ViewNode, _ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope) -> ViewNode {
        let arguments = Array(call.arguments)
        let first = arguments.first?.label == nil ? arguments.first?.expression : nil
        func argument(_ label: String) -> ExprSyntax? { arguments.first { $0.label?.text == label }?.expression }
        func wrap(_ kind: NodeKind) -> ViewNode { node(kind, [view], at: call, scope) }
        func environment(_ change: EnvironmentChange) -> ViewNode { wrap(.environment(change)) }
        switch name {
        case "padding":
            return padding(view, arguments, call, scope)
        case "frame":
            var frame = FrameSpec()
            // Sizes are 0…100,000 pt; only a maximum may be `.infinity` (SwiftUI warns about the rest).
            frame.width = length(argument("width"), scope, "frame width")
            frame.height = length(argument("height"), scope, "frame height")
            frame.minWidth = length(argument("minWidth"), scope, "frame minWidth")
            frame.idealWidth = length(argument("idealWidth"), scope, "frame idealWidth")
            frame.maxWidth = length(argument("maxWidth"), scope, "frame maxWidth", infinity: true)
            frame.minHeight = length(argument("minHeight"), scope, "frame minHeight")
            frame.idealHeight = length(argument("idealHeight"), scope, "frame idealHeight")
            frame.maxHeight = length(argument("maxHeight"), scope, "frame maxHeight", infinity: true)
            frame.alignment = argument("alignment").map(alignment2D) ?? .center
            for length in [frame.width, frame.height, frame.minWidth, frame.minHeight].compactMap({ $0 }) where length.points.isInfinite {
                _ = length
                return view  // an infinite fixed or minimum size is invalid in SwiftUI too (a runtime warning): ignored
            }
            return wrap(.frame(frame))
        case "fixedSize":
            let horizontal = argument("horizontal").map { $0.trimmedSourceText == "true" } ?? true
            let vertical = argument("vertical").map { $0.trimmedSourceText == "true" } ?? true
            return wrap(.fixedSize(horizontal: horizontal, vertical: vertical))
        case "layoutPriority":
            guard let priority = bounded(first, scope, "layoutPriority", -1_000_000...1_000_000) else { return view }
            return view.with(priority: priority)
        case "font":
            guard let first, let font = font(first, scope) else { return view }
            return environment(.font(font))
        case "fontWeight":
            guard let weight = first.flatMap(weight) else { return view }
            return environment(.weight(weight))
        case "bold":
            if let first, first.trimmedSourceText == "false" { return view }
            return environment(.weight(.bold))
        case "italic":
            return environment(.italic)
        case "lineLimit":
            guard let first else { return view }
            if first.trimmedSourceText == "nil" { return environment(.lineLimit(nil)) }
            // 1…1,000 lines: a limit outside is reported and clamped (a range's upper bound counts).
            if let sequence = first.as(SequenceExprSyntax.self), let last = sequence.elements.last, number(last, scope) != nil {
                return environment(.lineLimit(bounded(last, scope, "lineLimit", 1...1000, unit: " lines").map { Int($0) }))
            }
            if let postfix = first.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." { return environment(.lineLimit(nil)) }
            // `...5` (a range up to 5), not `-5` (a negative number, refused below).
            if let prefix = first.as(PrefixOperatorExprSyntax.self), prefix.operator.text.hasPrefix(".."), number(prefix.expression, scope) != nil {
                guard let upper = bounded(prefix.expression, scope, "lineLimit", 1...1000, unit: " lines") else { return view }
                return environment(.lineLimit(Int(upper)))
            }
            guard number(first, scope) != nil, let count = bounded(first, scope, "lineLimit", 1...1000, unit: " lines") else { return view }
            return environment(.lineLimit(Int(count)))
        case "multilineTextAlignment":
            let value = first?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            return environment(.alignment(value == "center" ? .center : value == "trailing" ? .trailing : .leading))
        case "truncationMode":
            let value = first?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            return environment(.lineBreak(value == "head" ? .truncateHead : value == "middle" ? .truncateMiddle : .truncateTail))
        case "minimumScaleFactor":
            guard let factor = bounded(first, scope, "minimumScaleFactor", 0.01...1) else { return view }
            return environment(.minimumScaleFactor(factor))
        case "foregroundColor", "foregroundStyle", "tint":
            guard let first, let color = color(first, scope) else { return view }
            return environment(.color(color))
        case "background", "backgroundStyle":
            return background(view, call, scope)
        case "overlay":
            return secondary(view, call, scope, behind: false) ?? view
        case "dynamicTypeSize":
            guard let first, let limits = dynamicTypeLimits(first) else { return view }
            return environment(.limits(limits))
        case "clipped", "clipShape", "mask", "cornerRadius":
            // They cut what is drawn, not the layout: the node lays out as its child (``NodeKind/clip(_:)``).
            return wrap(.clip(name))
        case "resizable":
            if case .image(let symbol, _) = view.kind {
                return ViewNode(.image(symbol: symbol, resizable: true), location: view.location, priority: view.priority)
            }
            return view
        case "buttonStyle":
            let style = first?.trimmedSourceText ?? ""
            guard style.contains("bordered") else { return view }
            // A bordered button: its label in 7 × 12 pt of padding on a tinted capsule-like shape.
            let padded = ViewNode(.padding(top: Length(7), leading: Length(12), bottom: Length(7), trailing: Length(12)), children: [view], location: view.location)
            let prominent = style.contains("Prominent")
            let colored = prominent ? ViewNode(.environment(.color(.white)), children: [padded], location: view.location) : padded
            let fill = prominent ? Self.accent : RGBAColor(red: 0.9, green: 0.94, blue: 1)
            return ViewNode(.background(fill, cornerRadius: 8), children: [colored], location: view.location, priority: view.priority)
        default:
            return view
        }
    }

    private func padding(_ view: ViewNode, _ arguments: [LabeledExprSyntax], _ call: FunctionCallExprSyntax, _ scope: Scope) -> ViewNode {
        // SwiftUI's default padding: 16 pt on every edge (OpenSwiftUI `Layout/Modifier/DefaultPadding.swift`,
        // `DefaultPaddingKey.defaultValue = .init(_all: 16.0)`, read by `PaddingLayout` when no amount is given).
        var amount = Length(16)
        var edges: Set<String> = ["top", "leading", "bottom", "trailing"]
        for argument in arguments {
            if number(argument.expression, scope) != nil {
                // Negative padding means something in SwiftUI (it pulls the edges in); infinite does not.
                guard let value = length(argument.expression, scope, "padding", negative: true) else { return view }
                amount = value
            } else if let insets = argument.expression.as(FunctionCallExprSyntax.self), insets.calledExpression.trimmedSourceText.hasSuffix("EdgeInsets") {
                func side(_ label: String) -> Length {
                    length(insets.arguments.first { $0.label?.text == label }?.expression, scope, "EdgeInsets \(label)", negative: true) ?? Length(0)
                }
                return node(.padding(top: side("top"), leading: side("leading"), bottom: side("bottom"), trailing: side("trailing")), [view], at: call, scope)
            } else {
                let names = argument.expression.trimmedSourceText.split(whereSeparator: { !$0.isLetter }).map(String.init)
                var chosen: Set<String> = []
                for name in names {
                    switch name {
                    case "horizontal": chosen.formUnion(["leading", "trailing"])
                    case "vertical": chosen.formUnion(["top", "bottom"])
                    case "all": chosen.formUnion(["top", "leading", "bottom", "trailing"])
                    case "top", "leading", "bottom", "trailing": chosen.insert(name)
                    default: break
                    }
                }
                if !chosen.isEmpty { edges = chosen }
            }
        }
        let zero = Length(0)
        return node(
            .padding(
                top: edges.contains("top") ? amount : zero, leading: edges.contains("leading") ? amount : zero,
                bottom: edges.contains("bottom") ? amount : zero, trailing: edges.contains("trailing") ? amount : zero),
            [view], at: call, scope)
    }

    /// `background(Color.x)`, `background(.x, in: RoundedRectangle(cornerRadius:))`,
    /// `background { Color.x }`: a colour behind the view; other backgrounds do not change layout.
    private func background(_ view: ViewNode, _ call: FunctionCallExprSyntax, _ scope: Scope) -> ViewNode {
        var fill: RGBAColor?
        var radius = 0.0
        if let first = call.arguments.first?.expression, !first.is(ClosureExprSyntax.self) {
            fill = color(first, scope)
        } else if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            let fillNode = views(in: closure.statements, scope).first
        {
            if case .fill(let color) = fillNode.kind { fill = color }
        }
        if let shape = call.arguments.first(where: { $0.label?.text == "in" })?.expression.as(FunctionCallExprSyntax.self),
            let value = length(shape.arguments.first(where: { $0.label?.text == "cornerRadius" })?.expression, scope, "cornerRadius")
        {
            radius = value.points
        }
        guard let fill else { return secondary(view, call, scope, behind: true) ?? view }
        return node(.background(fill, cornerRadius: radius), [view], at: call, scope)
    }

    /// `overlay { … }`, `overlay(alignment:content:)`, `overlay(_:alignment:)` and
    /// `background(alignment:content:)` with views: the content laid out in the view's bounds
    /// (several views as a `ZStack`). Colours and shapes there are left out: they do not change
    /// layout, and drawn as fills they would hide the view they decorate (a stroked border): only
    /// content with text, images or opaque views is kept.
    func secondary(_ view: ViewNode, _ call: FunctionCallExprSyntax, _ scope: Scope, behind: Bool) -> ViewNode? {
        var content: [ViewNode] = []
        if let closure = call.trailingClosure ?? call.arguments.first(where: { $0.label?.text == "content" })?.expression.as(ClosureExprSyntax.self) {
            content = views(in: closure.statements, scope)
        } else if let first = firstUnlabelled(call), Self.looksLikeView(first) {
            content = views(from: first, scope)
        }
        func shows(_ node: ViewNode) -> Bool {
            switch node.kind {
            case .text, .image, .opaque: return true
            default: return node.children.contains(where: shows)
            }
        }
        content = content.filter(shows)
        guard !content.isEmpty else { return nil }
        let alignment = call.arguments.first { $0.label?.text == "alignment" }.map { alignment2D($0.expression) } ?? .center
        let layer = content.count == 1 ? content[0] : node(.zstack(alignment), content, at: call, scope)
        return node(.secondary(alignment, behind: behind), [view, layer], at: call, scope)
    }

    /// `.dynamicTypeSize(...DynamicTypeSize.xxxLarge)`, `(.large ... .accessibility2)`, `(.xLarge)`.
    private func dynamicTypeLimits(_ expression: ExprSyntax) -> CategoryLimits? {
        func category(_ expression: ExprSyntax) -> ContentSizeCategory? {
            guard let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return nil }
            return try? ContentSizeCategory(parsing: name)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text.hasPrefix("..") {
            return category(prefix.expression).map { CategoryLimits(maximum: $0) }
        }
        if let postfix = expression.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            return category(postfix.expression).map { CategoryLimits(minimum: $0) }
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            guard let lower = category(parts[0]), let upper = category(parts[2]) else { return nil }
            return CategoryLimits(minimum: lower, maximum: upper)
        }
        return category(expression).map { CategoryLimits(minimum: $0, maximum: $0) }
    }
}
