/// The locale a `.strings` or `.stringsdict` file belongs to, from its enclosing `.lproj` folder,
/// and the one spelling of locale identifiers the table uses.
package enum LprojLocale {
    /// Folder names from before ISO codes (`English.lproj`), which old projects still carry.
    private static let legacyNames: [String: String] = [
        "English": "en", "German": "de", "French": "fr", "Japanese": "ja", "Spanish": "es", "Italian": "it",
        "Dutch": "nl", "Portuguese": "pt", "Swedish": "sv", "Danish": "da", "Finnish": "fi", "Norwegian": "nb",
        "Korean": "ko", "Chinese": "zh-Hans", "Russian": "ru", "Polish": "pl",
    ]

    /// The locale of the nearest enclosing `<locale>.lproj` folder; nil for `Base.lproj` or no
    /// `.lproj` at all, both of which mean the source language.
    static func locale(ofFileAt path: String) -> String? {
        // Nearest folder first: `de.lproj/Sub/Localizable.strings` is still German.
        for component in path.split(separator: "/").dropLast().reversed() where component.hasSuffix(".lproj") {
            let name = String(component.dropLast(".lproj".count))
            if name == "Base" || name.isEmpty { return nil }
            return legacyNames[name] ?? normalized(name)
        }
        return nil
    }

    /// `pt_BR` → `pt-BR`: folders and catalogs use both separators, lookups must not care.
    package static func normalized(_ locale: String) -> String {
        String(locale.map { $0 == "_" ? "-" : $0 })
    }
}
