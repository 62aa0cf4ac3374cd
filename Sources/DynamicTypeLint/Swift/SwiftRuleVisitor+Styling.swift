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

    /// What a font expression is, as written.
    static func fontValue(_ expression: ExprSyntax) -> AppStyling.FontValue {
        let names = Set(expression.identifiers)
        if !names.isDisjoint(with: scalingNames) || names.contains(where: { $0.lowercased().contains("scaled") }) { return .scaled }
        if !names.isDisjoint(with: fixedFontNames) || (names.contains("UIFont") && names.contains("size")) { return .fixed }
        return .unknown(names)
    }

    /// Records `receiver.property = value` when it is a font or `adjustsFontForContentSizeCategory`.
    func noteStyling(property: String, value: ExprSyntax, receiver: Receiver) {
        var styling = AppStyling.Styling()
        switch property {
        case "font": styling.fonts = [Self.fontValue(value)]
        case "adjustsFontForContentSizeCategory":
            guard value.trimmedSourceText == "true" else { return }
            styling.adjusts = true
        default: return
        }
        guard case .views(let keys) = receiver else { return }
        for key in keys { record(styling, on: key) }
    }

    /// Records a call that may style a view: `label.applyHeadlineStyle()` (a method called on it)
    /// or `Style.headline(label)` (a function given it). Every call is met here, so the receiver is
    /// taken as written (no search for a local declaration, which costs a walk up the body per
    /// call): a view reached through a local copy is not followed.
    func noteHelperCall(_ call: FunctionCallExprSyntax) {
        guard !currentType.isEmpty || !functionStack.isEmpty, let name = call.calleeName else { return }
        var helper = AppStyling.Styling()
        helper.helpers = [name]
        if let base = call.calleeBase, base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self)
            || base.is(OptionalChainingExprSyntax.self)
        {
            let key = base.receiverKey
            // `UIFont.systemFont(…)`, `Style.apply(…)`: a type, not a view.
            if let first = key.first, first.isLowercase, key != "super" { record(helper, on: key) }
        }
        for argument in call.arguments {
            let expression = argument.expression
            guard expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) else { continue }
            let key = expression.receiverKey
            guard let first = key.first, first.isLowercase else { continue }
            record(helper, on: key)
        }
    }

    /// Notes that the function or computed property `name` reads the text size, when its body does.
    func noteScalingBody(named name: String, body: Syntax?) {
        guard let body else { return }
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let identifier) = token.tokenKind else { continue }
            if Self.scalingNames.contains(identifier) || identifier.lowercased().contains("scaledfont") {
                styling.scalingFunctions.insert(name)
                return
            }
        }
    }

    /// Adds `styling` to the view `key` names here: the current type itself (`self`), a parameter
    /// of the current function (the function is then a helper that styles what it is given), or a
    /// property of the current type (`titleLabel`, `button.titleLabel` as `button`).
    private func record(_ styling: AppStyling.Styling, on key: String) {
        let view = key.split(separator: ".").first.map(String.init) ?? key
        let function = functionStack.last
        if view == "self" || view.isEmpty {
            // A method that styles its own view is a helper callers apply (`label.applyHeadlineStyle()`).
            if let function { styling.mergeInto(&self.styling.helpers[function.name, default: .init()]) }
            guard !currentType.isEmpty else { return }
            styling.mergeInto(&self.styling.classes[currentType, default: AppStyling.ClassFacts()].own)
        } else if let function, function.parameters.contains(view) {
            styling.mergeInto(&self.styling.helpers[function.name, default: .init()])
        } else if !currentType.isEmpty {
            styling.mergeInto(&self.styling.classes[currentType, default: AppStyling.ClassFacts()].properties[view, default: .init()])
        }
    }
}

extension AppStyling.Styling {
    /// Adds this styling to `target`.
    fileprivate func mergeInto(_ target: inout AppStyling.Styling) { target.formUnion(self) }
}
