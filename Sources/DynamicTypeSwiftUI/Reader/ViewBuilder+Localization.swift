import DynamicTypeScreens
import SwiftSyntax
import SwiftSyntaxProblems

/// A string the app localizes: a key looked up in the app's strings files (its String Catalogs
/// and `.strings` among the inputs, or `--strings`), with the text the code falls back to when
/// the key is in none of them.
struct LocalizedReference: Hashable {
    /// The key (`settings.title`).
    var key: String
    /// The text shown when no strings file has the key: SwiftGen's `fallback:`,
    /// `NSLocalizedString`'s `value:`, `String(localized:defaultValue:)`; nil: the key itself, as
    /// Foundation shows it.
    var fallback: String?
    /// Whether the code passes arguments (`L10n.itemsCount(3)`, `String(format: NSLocalizedString(…), n)`):
    /// then the string found is a format, filled with sample values.
    var hasArguments: Bool
}

/// Localization calls the reader follows to their key: Foundation's (`NSLocalizedString`,
/// `String(localized:)`, `LocalizedStringKey`, `LocalizedStringResource`,
/// `Bundle.localizedString(forKey:value:table:)`) and the accessors SwiftGen generates
/// (`static let title = L10n.tr("Localizable", "settings.title", fallback: "Settings")`, or a
/// `static func` passing its parameters), which the constant evaluation reaches through
/// `L10n.Settings.title`.
extension ViewBuilder {
    /// The localized string `call` makes, if it is one of the calls above with literal key (and
    /// fallback).
    func localizedReference(_ call: FunctionCallExprSyntax, _ scope: Scope) -> LocalizedReference? {
        let called = call.calledExpression.trimmedSourceText
        let last = called.split(separator: ".").last.map(String.init) ?? called
        let arguments = Array(call.arguments)
        func literal(_ expression: ExprSyntax?) -> String? {
            guard let literal = expression?.as(StringLiteralExprSyntax.self),
                !literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) })
            else { return nil }
            return Self.verbatim(of: literal, scope: scope, builder: self)
        }
        func labelled(_ label: String) -> ExprSyntax? { arguments.first { $0.label?.text == label }?.expression }
        switch last {
        case "NSLocalizedString":
            guard let key = literal(arguments.first?.expression), arguments.first?.label == nil else { return nil }
            return LocalizedReference(key: key, fallback: literal(labelled("value")), hasArguments: false)
        case "String" where arguments.first?.label?.text == "localized":
            // `String(localized: "Hi \(name)")` formats; a plain literal does not.
            guard let first = arguments.first?.expression.as(StringLiteralExprSyntax.self) else { return nil }
            let format = Self.format(of: first, scope: scope, builder: self)
            return LocalizedReference(key: format.text, fallback: literal(labelled("defaultValue")), hasArguments: format.hasInterpolation)
        case "LocalizedStringKey", "LocalizedStringResource":
            guard let first = arguments.first?.expression.as(StringLiteralExprSyntax.self), arguments.first?.label == nil else { return nil }
            let format = Self.format(of: first, scope: scope, builder: self)
            return LocalizedReference(key: format.text, fallback: literal(labelled("defaultValue")), hasArguments: format.hasInterpolation)
        case "localizedString" where arguments.first?.label?.text == "forKey":
            guard let key = literal(arguments.first?.expression) else { return nil }
            return LocalizedReference(key: key, fallback: literal(labelled("value")), hasArguments: false)
        case "tr":
            // SwiftGen's `tr(_ table: String, _ key: String, _ args: CVarArg..., fallback: String)`
            // (older templates have no `fallback:`): the table and key are literals, arguments follow.
            let unlabelled = arguments.filter { $0.label == nil }
            guard unlabelled.count >= 2, let key = literal(unlabelled[1].expression), literal(unlabelled[0].expression) != nil else { return nil }
            return LocalizedReference(key: key, fallback: literal(labelled("fallback")), hasArguments: unlabelled.count > 2)
        default:
            return nil
        }
    }

    /// The text source of a localized string: its key, looked up in the locale checked. The code's
    /// fallback is recorded as the source language's text of the key (``sourceTexts``), which
    /// the strings files' own source text overrides: so a key in no file shows the fallback, as
    /// `Bundle.localizedString(forKey:value:table:)` returns it, and a locale without the key
    /// falls back to it with a `missingTranslation` finding.
    func textSource(of reference: LocalizedReference) -> TextSource {
        if let fallback = reference.fallback, sourceTexts[reference.key] == nil { sourceTexts[reference.key] = fallback }
        return reference.hasArguments ? .key(reference.key) : .keyWithoutArguments(reference.key)
    }
}
