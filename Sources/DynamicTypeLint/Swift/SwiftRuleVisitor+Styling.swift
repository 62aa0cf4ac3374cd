import SwiftSyntax
import SwiftSyntaxProblems

/// The app's styling model (``AppStyling``) as the walk meets it: fonts and
/// `adjustsFontForContentSizeCategory` set on a type's properties or on itself, helpers called on
/// a view or given one, and functions that read the text size. Interface Builder findings are
/// judged against it once every file is read.
extension SwiftRuleVisitor {
    /// Names that say a font follows the text size.
    static let scalingNames: Set<String> = [
        "preferredFont", "UIFontMetrics", "preferredContentSizeCategory", "scaledValue", "preferredFontDescriptor", "ScaledMetric",
    ]
    /// Names that make a font of a fixed size.
    static let fixedFontNames: Set<String> = [
        "systemFont", "boldSystemFont", "italicSystemFont", "monospacedSystemFont", "monospacedDigitSystemFont", "withSize",
    ]

    /// What a font expression assigned to `target` (`titleLabel.font`, a bare `font`) is, as written.
    static func fontValue(_ expression: ExprSyntax, assignedTo target: ExprSyntax) -> AppStyling.FontValue {
        let names = Set(expression.identifiers)
        if !names.isDisjoint(with: scalingNames) || names.contains(where: { ByteSearch.containsIgnoringASCIICase("scaled", in: $0) }) { return .scaled }
        if !names.isDisjoint(with: fixedFontNames) || (names.contains("UIFont") && names.contains("size")) { return .fixed }
        if derives(expression, from: target.receiverKey) { return .derived }
        let (calls, reads) = callsAndReads(expression)
        return .unknown(calls: calls, reads: reads)
    }

    /// Whether `expression` is made from the font it replaces: its chain of members and calls
    /// starts at `target` (`label.font.monospaced()` for `label.font`, `font.bold()` for `font`).
    private static func derives(_ expression: ExprSyntax, from target: String) -> Bool {
        var current: ExprSyntax? = expression
        while let node = current {
            if let call = node.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let member = node.as(MemberAccessExprSyntax.self) {
                if member.declName.baseName.text == "font", ExprSyntax(member).receiverKey == target { return true }
                current = member.base
            } else if let unwrap = node.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else if let chaining = node.as(OptionalChainingExprSyntax.self) {
                current = chaining.expression
            } else if let reference = node.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text == target
            } else {
                return false
            }
        }
        return false
    }

    /// The names of the functions `expression` calls, and the other names it reads: in
    /// `Theme.titleFont`, `titleFont` is read; in `.font(with: .body)`, `font` is called.
    private static func callsAndReads(_ expression: ExprSyntax) -> (calls: Set<String>, reads: Set<String>) {
        var calls: Set<String> = []
        var reads: Set<String> = []
        for token in expression.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            var node = Syntax(reference)
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { node = Syntax(member) }
            if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                calls.insert(name)
            } else {
                reads.insert(name)
            }
        }
        return (calls, reads)
    }

    /// Records `target = value` (`target` is `receiver.property`, or a bare `property` inside a
    /// view's own type) when it is a font or `adjustsFontForContentSizeCategory`.
    func noteStyling(property: String, value: ExprSyntax, target: ExprSyntax, receiver: Receiver) {
        var styling = AppStyling.Styling()
        switch property {
        case "font": styling.fonts = [Self.fontValue(value, assignedTo: target)]
        case "adjustsFontForContentSizeCategory":
            guard value.trimmedSourceText == "true" else { return }
            styling.adjusts = true
        default: return
        }
        guard case .views(let keys) = receiver else { return }
        for key in keys { record(styling, on: key) }
    }

    /// Records that attributed text holding a font that scales is given to the views `receiver`
    /// stands for (`detailsTextView.attributedText = …` with `.font: UIFont.preferredFont(…)`):
    /// the text shows in that font, not in the one its Interface Builder document gives the view.
    func noteScalingAttributedText(on receiver: Receiver) {
        guard case .views(let keys) = receiver else { return }
        var styling = AppStyling.Styling()
        styling.fonts = [.scaled]
        for key in keys { record(styling, on: key) }
    }

    /// Records a call that may style a view: `label.applyHeadlineStyle()` (a method called on it)
    /// or `Style.headline(label)` (a function given it). Every call is met here, so the receiver is
    /// taken as written (no search for a local declaration, which costs a walk up the body per
    /// call): a view reached through a local copy is not followed.
    func noteHelperCall(_ call: FunctionCallExprSyntax) {
        guard !currentType.isEmpty || !functionStack.isEmpty, let name = call.calleeName else { return }
        if let base = call.calleeBase, base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
            || base.is(OptionalChainingExprSyntax.self)
        {
            // `UIFont.systemFont(…)`, `Style.apply(…)`: a type, not a view.
            if let view = Self.viewName(of: base), let first = view.first, first.isLowercase { recordHelper(name, on: view) }
        }
        for argument in call.arguments {
            let expression = argument.expression
            guard expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) else { continue }
            if let view = Self.viewName(of: expression), let first = view.first, first.isLowercase { recordHelper(name, on: view) }
        }
    }

    /// The view a receiver names for ``record(on:_:)``: the first name of its key (`titleLabel`
    /// for `self.titleLabel?.layer`), nil for `super`. Every call is met here, so the names are
    /// read off the syntax (``ExprSyntax/receiverRoot``) rather than from the key's text, except
    /// for chains that do not end in a plain name.
    private static func viewName(of receiver: ExprSyntax) -> String? {
        if let root = receiver.receiverRoot { return root }
        let key = receiver.receiverKey
        guard key != "super" else { return nil }
        return key.split(separator: ".").first.map(String.init) ?? key
    }

    /// Records that the helper `name` is called on (or given) `view`.
    private func recordHelper(_ name: String, on view: String) {
        record(on: view) { $0.helpers.insert(name) }
    }

    /// Whether the identifier `name` reads the text size (`preferredFont`, `scaledFont(for:)`, an
    /// app's `scaledFontFor…`): a function or computed property whose body holds one scales.
    static func readsTextSize(_ name: String) -> Bool {
        scalingNames.contains(name) || ByteSearch.containsIgnoringASCIICase("scaledfont", in: name)
    }

    /// Marks every function and computed property the walk is inside as reading the text size
    /// (``readsTextSize(_:)`` holds for one of their body's identifiers). Done as the walk meets
    /// each identifier, not by a second pass over each body's tokens.
    func noteTextSizeRead() {
        for index in scalingBodies.indices.reversed() {
            // Bodies are marked innermost first and all at once, so a marked one's outer ones are too.
            guard !scalingBodies[index].reads else { return }
            scalingBodies[index].reads = true
            if scalingBodies[index].isProperty {
                styling.scalingProperties.insert(scalingBodies[index].name)
            } else {
                styling.scalingFunctions.insert(scalingBodies[index].name)
            }
        }
    }

    /// Adds `styling` to the view `key` names here: the current type itself (`self`), a parameter
    /// of the current function (the function is then a helper that styles what it is given), or a
    /// property of the current type (`titleLabel`, `button.titleLabel` as `button`).
    private func record(_ styling: AppStyling.Styling, on key: String) {
        record(on: key.split(separator: ".").first.map(String.init) ?? key) { styling.mergeInto(&$0) }
    }

    /// Applies `change` to what is known of `view` (a key's first name): the current type itself
    /// (`self`), a parameter of the current function (the function is then a helper that styles
    /// what it is given), or a property of the current type.
    private func record(on view: String, _ change: (inout AppStyling.Styling) -> Void) {
        let function = functionStack.last
        if view == "self" || view.isEmpty {
            // A method that styles its own view is a helper callers apply (`label.applyHeadlineStyle()`).
            if let function { change(&styling.helpers[function.name, default: .init()]) }
            guard !currentType.isEmpty else { return }
            change(&styling.classes[currentType, default: AppStyling.ClassFacts()].own)
        } else if let function, function.parameters.contains(view) {
            change(&styling.helpers[function.name, default: .init()])
        } else if !currentType.isEmpty {
            change(&styling.classes[currentType, default: AppStyling.ClassFacts()].properties[view, default: .init()])
        }
    }
}

extension AppStyling.Styling {
    /// Adds this styling to `target`.
    fileprivate func mergeInto(_ target: inout AppStyling.Styling) { target.formUnion(self) }
}
