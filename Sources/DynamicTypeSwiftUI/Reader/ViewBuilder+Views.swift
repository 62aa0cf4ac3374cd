import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import SwiftSyntax
import SwiftSyntaxProblems

/// The built-in views: `Text`, `Label`, `Button`, `Image`, stacks, `Spacer`, `Divider`, scroll
/// views, lists, `ForEach`, `ViewThatFits`, `Group`, and the views that cannot be read statically.
extension ViewBuilder {
    /// Views whose content is only known at run time: opaque boxes of their frame.
    static let opaqueViews: Set<String> = [
        "Canvas", "AsyncImage", "Map", "VideoPlayer", "SpriteView", "SceneView", "Chart",
        "WebView", "WKWebView", "PhotosPicker", "ShareLink", "ContentUnavailableView", "TabView", "Menu", "DatePicker",
        "ColorPicker", "Gauge", "AnyLayout",
    ]
    /// Views that only hold their content (navigation containers), and wrappers that pass their
    /// closure's content through: The Composable Architecture's `WithViewStore`, `IfLetStore` and
    /// `WithPerceptionTracking`, `TimelineView` (its content at one moment).
    static let transparentViews: Set<String> = [
        "NavigationStack", "NavigationView", "NavigationSplitView", "Group", "AnyView", "LazyView", "ScrollViewReader", "GroupBox",
        "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "ControlGroup", "DisclosureGroup", "GlassEffectContainer",
        "WithViewStore", "WithPerceptionTracking", "IfLetStore", "TimelineView",
    ]
    /// Shapes: they fill what they are offered.
    static let shapes: Set<String> = ["Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse", "UnevenRoundedRectangle"]

    /// The closure that is a view's content: `content:` or the trailing closure.
    func contentClosure(_ call: FunctionCallExprSyntax, label: String = "content") -> ClosureExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression.as(ClosureExprSyntax.self) ?? call.trailingClosure
    }

    /// A trailing closure or argument named `label`.
    func namedClosure(_ call: FunctionCallExprSyntax, _ label: String) -> ClosureExprSyntax? {
        call.additionalTrailingClosures.first { $0.label.text == label }?.closure
            ?? call.arguments.first { $0.label?.text == label }?.expression.as(ClosureExprSyntax.self)
    }

    /// The first unlabelled argument.
    func firstUnlabelled(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first.flatMap { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) ? $0.expression : nil }
    }

    /// A title argument as text: a literal is a `LocalizedStringKey` (formatted only when it has
    /// interpolations, as SwiftUI does), a localization call its key (``localizedReference(_:_:)``),
    /// a `String` value verbatim, anything else a sample chosen by its name (``sampleText(for:_:)``).
    func textSource(_ expression: ExprSyntax, _ scope: Scope) -> TextSource { readText(expression, scope).source }

    /// ``textSource(_:_:)`` with what a sample stands for, when the text is one.
    func readText(_ expression: ExprSyntax, _ scope: Scope) -> ReadText {
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return ReadText(
                source: Self.localizedKey(of: literal, scope: scope, builder: self), sample: unsettledInterpolations(literal, scope), markdown: true)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let reference = localizedReference(call, scope) { return ReadText(source: textSource(of: reference)) }
            if let first = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
                ["String", "LocalizedStringKey"].contains(call.calledExpression.trimmedSourceText)
            {
                return ReadText(
                    source: Self.localizedKey(of: first, scope: scope, builder: self), sample: unsettledInterpolations(first, scope),
                    markdown: call.calledExpression.trimmedSourceText == "LocalizedStringKey")
            }
        }
        switch evaluate(expression, scope) {
        case .localized(let reference)?: return ReadText(source: textSource(of: reference))
        case .string(let text)?: return ReadText(source: .literal(text))
        case .number(let value)?: return ReadText(source: .literal(PointFormat.string(value)))
        default:
            let sample = sampleText(for: expression, scope)
            return ReadText(source: .literal(sample.text), sample: sample.description)
        }
    }

    /// A string literal as a localized key: with interpolations, the key Xcode makes (`%` in the
    /// text escaped as `%%`, each interpolation a placeholder) and formatted; without, the text
    /// itself, never formatted (`Text("100% done")` shows `100% done`).
    static func localizedKey(of literal: StringLiteralExprSyntax, scope: Scope, builder: ViewBuilder) -> TextSource {
        let format = format(of: literal, scope: scope, builder: builder)
        return format.hasInterpolation ? .key(format.text) : .keyWithoutArguments(format.text)
    }

    /// A `Text`.
    func text(_ source: TextSource, at syntax: some SyntaxProtocol, _ scope: Scope) -> ViewNode { node(.text(source), at: syntax, scope) }

    /// A `Text` of text read from source, marked when it is a sample.
    func text(_ read: ReadText, at syntax: some SyntaxProtocol, _ scope: Scope) -> ViewNode {
        node(.text(read.source), at: syntax, scope, sample: read.sample, markdown: read.markdown)
    }

    /// An SF Symbol box.
    func symbol(at syntax: some SyntaxProtocol, _ scope: Scope) -> ViewNode { node(.image(symbol: true, resizable: false), at: syntax, scope) }

    /// The views a call of `name(…)` makes.
    func views(of call: FunctionCallExprSyntax, _ scope: Scope) -> [ViewNode] {
        let called = call.calledExpression.trimmedSourceText
        let name = called.hasPrefix("SwiftUI.") ? String(called.dropFirst(8)) : called
        let content = { (closure: ClosureExprSyntax?) -> [ViewNode] in closure.map { self.views(in: $0.statements, scope) } ?? [] }
        func argument(_ label: String) -> ExprSyntax? { call.arguments.first { $0.label?.text == label }?.expression }
        switch name {
        case "Text":
            if let verbatim = argument("verbatim") {
                if let literal = verbatim.as(StringLiteralExprSyntax.self) {
                    let read = ReadText(source: .literal(Self.verbatim(of: literal, scope: scope, builder: self)), sample: unsettledInterpolations(literal, scope))
                    return [text(read, at: call, scope)]
                }
                return [text(readText(verbatim, scope), at: call, scope)]
            }
            guard let first = firstUnlabelled(call) else {
                return [text(ReadText(source: .literal(SampleTexts.unknown.text), sample: "Text() with no text argument"), at: call, scope)]
            }
            return [text(readText(first, scope), at: call, scope)]
        case "Label":
            let title = firstUnlabelled(call).map { [text(readText($0, scope), at: call, scope)] } ?? content(namedClosure(call, "title") ?? call.trailingClosure)
            let icon = argument("systemImage") != nil || argument("image") != nil ? [symbol(at: call, scope)] : content(namedClosure(call, "icon"))
            return [node(.stack(.horizontal, alignment: 0, spacing: Length(8)), icon + title, at: call, scope)]
        case "Button", "Link", "NavigationLink", "Toggle", "Stepper", "Picker", "TextField", "SecureField", "ProgressView", "Slider":
            return control(name, call, scope)
        case "Image":
            if argument("systemName") != nil { return [symbol(at: call, scope)] }
            return [node(.image(symbol: false, resizable: false), at: call, scope)]
        case "VStack", "LazyVStack", "HStack", "LazyHStack":
            let axis: StackAxis = name.hasSuffix("HStack") ? .horizontal : .vertical
            var alignment = 0
            if let value = argument("alignment")?.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
                alignment = ["leading": -1, "top": -1, "trailing": 1, "bottom": 1, "firstTextBaseline": -1, "lastTextBaseline": 1][value] ?? 0
            }
            // Negative spacing overlaps the views, as in SwiftUI; infinite spacing has no layout.
            let spacing = length(argument("spacing"), scope, "\(name) spacing", negative: true)
            return [node(.stack(axis, alignment: alignment, spacing: spacing), content(contentClosure(call)), at: call, scope)]
        case "ZStack":
            let alignment = argument("alignment").map(alignment2D) ?? .center
            return [node(.zstack(alignment), content(contentClosure(call)), at: call, scope)]
        case "Spacer":
            return [node(.spacer(minLength: length(argument("minLength"), scope, "Spacer minLength")), at: call, scope)]
        case "Divider":
            return [node(.divider, at: call, scope)]
        case "ScrollView":
            let horizontal = firstUnlabelled(call)?.trimmedSourceText.contains("horizontal") == true
            let children = content(contentClosure(call))
            return [node(.scroll(horizontal ? .horizontal : .vertical), [node(.stack(horizontal ? .horizontal : .vertical, alignment: 0, spacing: Length(0)), children, at: call, scope)], at: call, scope)]
        case "List", "Form":
            if let data = firstUnlabelled(call), let closure = call.trailingClosure {
                return [node(.list, forEach(data: data, closure: closure, call, scope), at: call, scope)]
            }
            return [node(.list, content(contentClosure(call)), at: call, scope)]
        case "Section":
            var headers = firstUnlabelled(call).map { [text(readText($0, scope), at: call, scope)] } ?? []
            if let header = argument("header") { headers += views(from: header, scope) }
            headers += content(namedClosure(call, "header"))
            var footers = argument("footer").map { views(from: $0, scope) } ?? []
            footers += content(namedClosure(call, "footer"))
            let rows = content(contentClosure(call))
            return [node(.section(headers: headers.count, footers: footers.count), headers + footers + rows, at: call, scope)]
        case "ForEach":
            guard let data = firstUnlabelled(call) ?? argument("data"), let closure = contentClosure(call) else { return [] }
            return forEach(data: data, closure: closure, call, scope)
        case "ViewThatFits":
            // `ViewThatFits(in: .horizontal)` checks only the axes given (Apple's `ViewThatFits` documentation).
            let axes = firstUnlabelled(call)?.trimmedSourceText ?? argument("in")?.trimmedSourceText
            let horizontal = axes.map { $0.contains("horizontal") } ?? true
            let vertical = axes.map { $0.contains("vertical") } ?? true
            return [node(.viewThatFits(horizontal: horizontal, vertical: vertical), content(contentClosure(call)), at: call, scope)]
        case "EmptyView":
            return []
        case "GeometryReader":
            return [geometryReader(call, scope)]
        case "LabeledContent":
            // A title leading and its value trailing, as a form row shows them.
            let title = firstUnlabelled(call).map { [text(readText($0, scope), at: call, scope)] } ?? content(namedClosure(call, "label"))
            let value = argument("value").map { [text(readText($0, scope), at: call, scope)] } ?? content(contentClosure(call))
            return [node(.stack(.horizontal, alignment: 0, spacing: nil), title + [node(.spacer(minLength: nil), at: call, scope)] + value, at: call, scope)]
        case "Color":
            return [node(.fill(color(ExprSyntax(call), scope) ?? RGBAColor(white: 0.8)), at: call, scope)]
        default:
            break
        }
        if case .views(let nodes)? = scope.lookup(name), call.arguments.isEmpty { return nodes }  // `content()`
        // A third-party view the token maps say how to draw (`views:`), unless the app declares it.
        if declarations.view(name, from: scope.path) == nil, let mapped = tokens.views[name] {
            switch mapped {
            case .text:
                let given = firstUnlabelled(call) ?? argument("text") ?? argument("markdown") ?? argument("verbatim")
                return [text(given.map { readText($0, scope) } ?? ReadText(source: .literal(SampleTexts.unknown.text), sample: "\(name) with no text argument"), at: call, scope)]
            case .image: return [node(.image(symbol: false, resizable: true), at: call, scope)]
            case .opaque: return [node(.opaque(name), at: call, scope)]
            case .transparent: return content(contentClosure(call))
            }
        }
        if Self.transparentViews.contains(name) {
            if let first = firstUnlabelled(call), Self.looksLikeView(first) { return views(from: first, scope) }
            return content(contentClosure(call))
        }
        if name == "Circle" { return [node(.circle(RGBAColor(white: 0.85)), at: call, scope)] }
        if Self.shapes.contains(name) { return [node(.fill(RGBAColor(white: 0.85)), at: call, scope)] }
        if let declaration = declarations.view(name, from: scope.path) {
            if declarations.isAmbiguous(name, from: scope.path) {
                note(
                    .defaulted, "\(name) is declared in \(declarations.views[name]?.count ?? 0) files, none of them this one: the one in \(declaration.file) is used",
                    at: call, scope, oncePerFile: true)
            }
            return instance(of: declaration, call, scope)
        }
        if let helper = scope.declaration?.helpers[name] {
            return helped(helper, name: name, scope, arguments: call.arguments.map { evaluate($0.expression, scope) })
        }
        if declarations.representables.contains(name) { return [node(.opaque("\(name) (UIKit view)"), at: call, scope)] }
        return [node(.opaque(name.first?.isUppercase == true ? name : "\(name)(…)"), at: call, scope)]
    }

    /// `GeometryReader { proxy in … }`: its content, laid out in what the reader is offered. A
    /// GeometryReader takes its whole proposal and places its content at the top leading corner
    /// (iOS 14 and later); a frame from 0 to infinity on both axes with that alignment does the
    /// same where a size is proposed (where none is, it takes its content's size: SwiftUI's is
    /// 10 pt, which would hide the content it is there to show). The proxy's values are known at
    /// layout: `proxy.size.width * 0.5` is a share of the reader's width (``ProxyShare``), settled
    /// when the layout offers the reader a size (``FrameSpec/reader``): the screen's at the root,
    /// what its stack gives it elsewhere.
    private func geometryReader(_ call: FunctionCallExprSyntax, _ scope: Scope) -> ViewNode {
        var inner = scope
        geometryReaderCount += 1
        let reader = geometryReaderCount
        if let closure = contentClosure(call) { inner.values[Self.parameterName(closure)] = .proxy(reader) }
        let content = contentClosure(call).map { views(in: $0.statements, inner) } ?? []
        let topLeading = Alignment2D(x: -1, y: -1)
        let child = content.count == 1 ? content[0] : node(.zstack(topLeading), content, at: call, scope)
        var frame = FrameSpec(minWidth: Length(0), maxWidth: Length(.infinity), minHeight: Length(0), maxHeight: Length(.infinity), alignment: topLeading)
        frame.reader = reader
        return node(.frame(frame), [child], at: call, scope)
    }

    /// Buttons, links and form controls: their label, plus the control's own part.
    private func control(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope) -> [ViewNode] {
        let title = firstUnlabelled(call).map { [text(readText($0, scope), at: call, scope)] } ?? []
        var label = title
        if let closure = namedClosure(call, "label") {
            label += views(in: closure.statements, scope)
        } else if title.isEmpty, let closure = call.trailingClosure,
            call.arguments.contains(where: { ["action", "destination", "value", "isOn", "selection", "text"].contains($0.label?.text ?? "") })
                || name == "Toggle"
        {
            label += views(in: closure.statements, scope)
        } else if title.isEmpty, name == "Button", call.trailingClosure != nil, call.additionalTrailingClosures.isEmpty {
            // `Button { action } label: { … }` has its label as an additional closure (above);
            // a lone closure is the action: the button has no label the file shows.
        }
        func box(_ width: Double, _ height: Double) -> ViewNode {
            let frame = FrameSpec(width: Length(width), height: Length(height))
            return node(.frame(frame), [node(.fill(RGBAColor(white: 0.9)), at: call, scope)], at: call, scope)
        }
        let row = { (children: [ViewNode]) in self.node(.stack(.horizontal, alignment: 0, spacing: nil), children, at: call, scope) }
        let spacer = node(.spacer(minLength: nil), at: call, scope)
        switch name {
        case "Button", "Link": return [node(.button, label, at: call, scope)]
        case "NavigationLink": return [row(label + [spacer, symbol(at: call, scope)])]
        case "Toggle": return [row(label + [spacer, box(51, 31)])]
        case "Stepper": return [row(label + [spacer, box(94, 32)])]
        case "Picker":
            // The selection's title is not in the call: a sample, marked.
            let selection =
                call.arguments.first { $0.label?.text == "selection" }.map { sampleText(for: $0.expression, scope) }
                ?? (text: SampleTexts.unknown.text, description: "Picker's selection (unknown text)")
            return [row(label + [spacer, text(ReadText(source: .literal(selection.text), sample: selection.description), at: call, scope)])]
        case "Slider": return [row(label + [node(.frame(FrameSpec(height: Length(28), maxWidth: Length(.infinity))), [node(.fill(RGBAColor(white: 0.9)), at: call, scope)], at: call, scope)])]
        case "ProgressView":
            return [node(.stack(.vertical, alignment: -1, spacing: Length(4)), label + [box(20, 20)], at: call, scope)]
        default:  // TextField, SecureField: the placeholder, one line, in the placeholder grey.
            let placeholder = label.isEmpty ? [text(.literal(PlaceholderSamples.name), at: call, scope)] : label
            let field = placeholder.map { node(.environment(.color(RGBAColor(red: 0.769, green: 0.769, blue: 0.776))), [node(.environment(.lineLimit(1)), [$0], at: call, scope)], at: call, scope) }
            return [node(.frame(FrameSpec(maxWidth: Length(.infinity), alignment: Alignment2D(x: -1, y: 0))), field, at: call, scope)]
        }
    }

    /// `ForEach` over a literal range or array (capped at ``maximumForEach``), or data the file
    /// does not give (``sampleElements`` elements, noted).
    func forEach(data: ExprSyntax, closure: ClosureExprSyntax, _ call: FunctionCallExprSyntax, _ scope: Scope) -> [ViewNode] {
        var elements: [Value?] = []
        if let range = rangeBounds(data, scope) {
            let count = max(0, range.upper - range.lower)
            if count > Self.maximumForEach {
                note(.defaulted, "ForEach over \(count) elements: the first \(Self.maximumForEach) are laid out", at: call, scope)
            }
            elements = (0..<min(count, Self.maximumForEach)).map { .number(Double(range.lower + $0)) }
        } else if case .array(let values)? = evaluate(data, scope) {
            if values.count > Self.maximumForEach {
                note(.defaulted, "ForEach over more than \(Self.maximumForEach) elements: the first \(Self.maximumForEach) are laid out", at: call, scope)
            }
            elements = values.prefix(Self.maximumForEach).map { $0 }
        } else {
            note(.defaulted, "ForEach over \(data.trimmedSourceText.prefix(40)): the file does not give the data; \(Self.sampleElements) sample elements are laid out", at: call, scope)
            elements = Array(repeating: nil, count: Self.sampleElements)
        }
        let parameter = Self.parameterName(closure)
        var result: [ViewNode] = []
        for element in elements {
            var inner = scope
            inner.values[parameter] = element
            if element == nil { inner.values.removeValue(forKey: parameter) }
            result += views(in: closure.statements, inner)
            if result.count > Self.maximumNodes / 4 { break }
        }
        return result
    }

    /// The closure's first parameter (`item in`, `(index, item) in`), or `$0`.
    static func parameterName(_ closure: ClosureExprSyntax) -> String {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: return list.first?.name.text ?? "$0"
        case .parameterClause(let clause)?: return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "$0"
        case nil: return "$0"
        }
    }

    /// `0..<5`, `1...3` (literals or properties holding whole numbers).
    private func rangeBounds(_ expression: ExprSyntax, _ scope: Scope) -> (lower: Int, upper: Int)? {
        var expression = expression
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first { expression = inner.expression }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let parts = Array(sequence.elements)
        guard let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..<" || op == "...",
            let lower = number(parts[0], scope)?.points, let upper = number(parts[2], scope)?.points,
            lower.isFinite, upper.isFinite, abs(lower) < 1e9, abs(upper) < 1e9
        else { return nil }
        return (Int(lower), Int(upper) + (op == "..." ? 1 : 0))
    }

    /// `.leading`, `.topTrailing`, `Alignment(horizontal:vertical:)` as x and y in -1…1.
    func alignment2D(_ expression: ExprSyntax) -> Alignment2D {
        let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text.lowercased() ?? ""
        var x = 0, y = 0
        if name.contains("leading") { x = -1 }
        if name.contains("trailing") { x = 1 }
        if name.hasPrefix("top") { y = -1 }
        if name.hasPrefix("bottom") { y = 1 }
        return Alignment2D(x: x, y: y)
    }
}
