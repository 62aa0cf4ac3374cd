/// Every string of a set of strings files, by locale and key, and lookups that fall back the way
/// iOS does.
///
/// Files are merged in the order given: for the same locale and key a later file overrides an
/// earlier one, whatever the formats.
public struct StringTable: Sendable {
    /// locale → key → variants.
    private var texts: [String: [String: [LocalizedVariant]]] = [:]
    /// Keys marked `shouldTranslate: false` in a catalog.
    private var untranslatable: Set<String> = []

    /// The language the strings were written in, which every lookup falls back to: the first
    /// String Catalog's `sourceLanguage`, else the `sourceLanguage` passed to
    /// ``load(files:sourceLanguage:)`` (`en` for an empty table).
    public private(set) var sourceLanguage: String = "en"

    /// An empty table: every lookup is a ``StringLookup/keyFallback(key:locale:)``.
    public init() {}

    /// Reads and merges `.xcstrings`, `.strings` and `.stringsdict` files.
    ///
    /// `.strings` and `.stringsdict` files take their locale from the enclosing `<locale>.lproj`
    /// folder; `Base.lproj` and files outside any `.lproj` hold the source language, which is
    /// the table's ``sourceLanguage`` (so a catalog's source language and `Base.lproj` agree).
    ///
    /// - Parameters:
    ///   - files: Paths, in order of precedence from lowest to highest.
    ///   - sourceLanguage: The source language when no String Catalog names one.
    /// - Throws: The first file's ``StringsFileError``: unreadable, over 32 MB, an unknown
    ///   extension, or malformed content.
    public static func load(files: [String], sourceLanguage: String = "en") throws -> StringTable {
        try load(files: files, sourceLanguage: sourceLanguage, maximumFileSize: StringsFileReader.defaultMaximumSize)
    }

    /// ``load(files:sourceLanguage:)`` with another size limit (tests use a small one rather than
    /// writing 32 MB).
    static func load(files: [String], sourceLanguage: String, maximumFileSize: Int) throws(StringsFileError) -> StringTable {
        var parsed: [ParsedStringsFile] = []
        for file in files { parsed.append(try StringsFileReader.read(file, maximumSize: maximumFileSize)) }
        var table = StringTable()
        table.sourceLanguage = parsed.lazy.compactMap(\.sourceLanguage).first ?? LprojLocale.normalized(sourceLanguage)
        for file in parsed { table.merge(file) }
        return table
    }

    /// Adds one file's strings over what is there.
    mutating func merge(_ file: ParsedStringsFile) {
        for (key, shouldTranslate) in file.shouldTranslate {
            if shouldTranslate {
                untranslatable.remove(key)
            } else {
                untranslatable.insert(key)
                // Translations from earlier files lose to this file's "don't translate".
                for locale in texts.keys where locale != sourceLanguage { texts[locale]?[key] = nil }
            }
        }
        for entry in file.entries {
            texts[entry.locale ?? sourceLanguage, default: [:]][entry.key] = entry.variants
        }
    }

    /// Adds `texts` (key → text) as the source language's texts of keys it has none for: the
    /// texts an app's code gives its keys (`NSLocalizedString(_:value:comment:)`, SwiftGen's
    /// `fallback:`), which iOS shows when no strings file has the key.
    package mutating func addSourceTexts(_ texts: [String: String]) {
        for (key, text) in texts where self.texts[sourceLanguage]?[key] == nil {
            self.texts[sourceLanguage, default: [:]][key] = [LocalizedVariant(text: text)]
        }
    }

    /// Every locale with at least one string: the source language first, the others sorted.
    public var locales: [String] {
        let present = texts.filter { !$0.value.isEmpty }.keys
        let others = present.filter { $0 != sourceLanguage }.sorted()
        return present.contains(sourceLanguage) ? [sourceLanguage] + others : others
    }

    /// Every key in any locale, sorted.
    public var keys: [String] {
        Set(texts.values.flatMap(\.keys)).sorted()
    }

    /// The text for `key` in `locale`.
    ///
    /// Like iOS, `de-CH` looks in `de-CH`, then `de`, then the source language
    /// (``StringLookup/sourceFallback(_:locale:)``), then shows the key
    /// (``StringLookup/keyFallback(key:locale:)``). Keys marked `shouldTranslate: false` are
    /// ``StringLookup/translated(_:)`` in every locale.
    package func lookup(_ key: String, locale: String) -> StringLookup {
        for candidate in Self.fallbackChain(LprojLocale.normalized(locale)) {
            if let variants = texts[candidate]?[key] { return .translated(variants) }
        }
        guard let source = texts[sourceLanguage]?[key] else { return .keyFallback(key: key, locale: locale) }
        return untranslatable.contains(key) ? .translated(source) : .sourceFallback(source, locale: locale)
    }

    /// `zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`, `zh`: each parent by dropping the last subtag.
    static func fallbackChain(_ locale: String) -> [String] {
        var parts = locale.split(separator: "-").map(String.init)
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }
}
