import DynamicTypeScreens

/// Which locales screens are checked in: `--locales` (a comma list or `all`), or every locale the
/// strings have when strings are given and no list is, else only the literal texts (nil); then
/// the pseudo-locale when asked for.
public enum ScreenLocales {
    /// Why a locale list is unusable.
    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    /// The locales, and a warning per named locale the strings do not have.
    public static func select(
        _ spec: String?, table: StringTable, stringsGiven: Bool, pseudo: Bool
    ) throws(Invalid) -> (locales: [String?], warnings: [String]) {
        var result: [String?]
        var warnings: [String] = []
        switch spec {
        case nil: result = stringsGiven ? table.locales.map { $0 } : [nil]
        case "all"?: result = table.locales.map { $0 }
        case let list?:
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else {
                throw Invalid(description: "invalid --locales '\(list)': give a comma list such as de,ja, or all")
            }
            for name in names where name != PseudoLocale.identifier && !table.locales.contains(name) {
                let known =
                    table.locales.isEmpty ? "no strings files are given (--strings)" : "the strings have " + table.locales.joined(separator: ", ")
                warnings.append("locale '\(name)' has no strings (\(known)); its texts fall back to the source language")
            }
            result = names.map { $0 }
        }
        if result.isEmpty { result = [nil] }
        if pseudo, !result.contains(PseudoLocale.identifier) { result.append(PseudoLocale.identifier) }
        return (result, warnings)
    }
}
