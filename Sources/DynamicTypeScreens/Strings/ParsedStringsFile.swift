/// What one strings file says, before it is merged into a ``StringTable``: the parsers know
/// nothing of other files, the table decides which file wins.
struct ParsedStringsFile: Sendable {
    /// One key's text in one locale.
    struct Entry: Sendable {
        /// The locale, or nil for the source language (`Base.lproj`, no `.lproj`, or a catalog's
        /// `sourceLanguage`), which is only known once every file is read.
        var locale: String?
        /// The key.
        var key: String
        /// Its forms; never empty.
        var variants: [LocalizedVariant]
    }

    /// A String Catalog's `sourceLanguage`; nil for `.strings` and `.stringsdict` files.
    var sourceLanguage: String?
    /// The texts, in file order.
    var entries: [Entry] = []
    /// Keys whose translatability the file states (catalogs only): false for
    /// `shouldTranslate: false`, true for every other key a catalog lists, so that a later catalog
    /// can undo an earlier one's mark.
    var shouldTranslate: [String: Bool] = [:]
}
