import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// Which locales screens are checked in: `--locales` (a comma list or `all`), or every locale the
/// strings have when strings are given and no list is, else only the literal texts (nil); then
/// the pseudo-locale when asked for.
///
/// Every chosen locale becomes part of an output path (`<screen>.<locale>/03-large.png`), so each
/// goes through ``PathComponent/validatedLocale(_:what:)`` here: a name given on the command line
/// that is not a locale is a usage error, one that comes from a strings file (a String Catalog's
/// locale key or `sourceLanguage`, an `.lproj` folder name) is bad data naming the file.
package enum ScreenLocales {
    /// Why a locale list is unusable.
    package struct Invalid: Error, CustomStringConvertible {
        /// Where the bad name came from, which decides the exit code.
        package enum Source: Sendable {
            /// `--locales` (exit 64).
            case option
            /// A strings file (exit 65).
            case stringsFile
        }

        /// What is wrong, where (the option, or the strings file and field) and what to give instead.
        package var description: String
        /// Where the bad name came from (`.option` unless a strings file named it).
        package var source: Source = .option

        /// An error saying `description`, from `source`.
        package init(description: String, source: Source = .option) {
            self.description = description
            self.source = source
        }
    }

    /// The locales, and a warning per named locale the strings do not have.
    ///
    /// - Parameter files: the strings files `table` was loaded from, to name the file a bad locale
    ///   name comes from (empty: the message names the locale only).
    /// - Throws: ``Invalid``: an empty list, or a locale name that cannot be part of a path
    ///   (``Invalid/source`` says whether `--locales` or a strings file gave it).
    package static func select(
        _ spec: String?, table: StringTable, stringsGiven: Bool, pseudo: Bool, files: [String] = []
    ) throws(Invalid) -> (locales: [String?], warnings: [String]) {
        var result: [String?]
        var warnings: [String] = []
        switch spec {
        case nil:
            result = stringsGiven ? try fromStrings(table, files: files) : [nil]
        case "all"?:
            result = try fromStrings(table, files: files)
        case let list?:
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else {
                throw Invalid(description: "invalid --locales '\(list)': give a comma list such as de,ja, or all")
            }
            for name in names {
                do {
                    try PathComponent.validatedLocale(name, what: "locale")
                } catch {
                    throw Invalid(description: "invalid --locales '\(list)': \(error.description)")
                }
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

    /// Every locale of `table`, each checked to be a locale name.
    private static func fromStrings(_ table: StringTable, files: [String]) throws(Invalid) -> [String?] {
        for locale in table.locales {
            do {
                try PathComponent.validatedLocale(locale, what: "locale")
            } catch {
                throw Invalid(
                    description: "\(origin(of: locale, files: files))\(error.description); rename it in the strings file (dyntype never writes outside --out, and this locale name would become an output folder)",
                    source: .stringsFile)
            }
        }
        return table.locales.map { $0 }
    }

    /// `<file>: <where in it>: ` for the strings file that has `locale`, or empty when none of
    /// `files` can be read again to tell.
    static func origin(of locale: String, files: [String]) -> String {
        for file in files {
            guard let single = try? StringTable.load(files: [file]), single.locales.contains(locale) else { continue }
            guard file.lowercased().hasSuffix(".xcstrings") else {
                return "\(file): the locale of its .lproj folder: "
            }
            return "\(file): \(catalogField(of: locale, in: file, sourceLanguage: single.sourceLanguage)): "
        }
        return ""
    }

    /// The field of a String Catalog that names `locale`: the first string key whose
    /// `localizations` have it, else `sourceLanguage`.
    private static func catalogField(of locale: String, in file: String, sourceLanguage: String) -> String {
        if let data = try? InputFile.read(atPath: file, limit: .default),
            let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = top["strings"] as? [String: Any]
        {
            for key in strings.keys.sorted() {
                let localizations = (strings[key] as? [String: Any])?["localizations"] as? [String: Any]
                if localizations?[locale] != nil {
                    return "locale key under strings → \(key.debugDescription) → localizations"
                }
            }
        }
        return locale == sourceLanguage ? "field sourceLanguage" : "a locale key"
    }
}
