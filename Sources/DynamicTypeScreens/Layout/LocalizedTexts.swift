/// The texts of one locale: literal text as written, keys looked up in a
/// ``StringTable`` (falling back to the source language, then to the key), and the pseudo-locale
/// (``PseudoLocale``), which stretches the source text to find fixed widths before translations exist.
public struct LocalizedTexts: ScreenTextProvider {
    /// The strings.
    public let table: StringTable
    /// The locale (nil: the source language; ``PseudoLocale/identifier``: the pseudo-locale).
    public let locale: String?

    /// The texts of `locale` from `table`.
    public init(table: StringTable = StringTable(), locale: String? = nil) {
        self.table = table
        self.locale = locale
    }

    private var isPseudo: Bool { locale == PseudoLocale.identifier }

    package func resolve(_ source: TextSource) -> ResolvedText {
        switch source {
        case .literal(let text):
            // Shown as written: only localized strings given arguments are formatted (issue 32).
            return ResolvedText(variants: [.init(name: nil, text: isPseudo ? PseudoLocale.transform(text, placeholders: false) : text)])
        case .key(let key):
            return lookup(key, formatted: true)
        case .keyWithoutArguments(let key):
            return lookup(key, formatted: false)
        }
    }

    /// `key` looked up for the locale; `formatted`: its placeholders filled with sample values, as
    /// `String(format:)` does for a string given arguments.
    private func lookup(_ key: String, formatted: Bool) -> ResolvedText {
        let lookupLocale = isPseudo ? table.sourceLanguage : (locale ?? table.sourceLanguage)
        switch table.lookup(key, locale: lookupLocale) {
        case .translated(let variants):
            return ResolvedText(variants: ordered(variants, formatted: formatted), key: key)
        case .sourceFallback(let variants, let missing):
            return ResolvedText(variants: ordered(variants, formatted: formatted), key: key, fallback: .sourceLanguage(locale: missing))
        case .keyFallback(let key, let missing):
            return ResolvedText(
                variants: [.init(name: nil, text: fill(key, variant: nil, formatted: formatted))], key: key,
                fallback: .key(locale: locale == nil ? nil : missing))
        }
    }

    /// The variants with placeholders filled (when `formatted`), the drawn one first: the plain
    /// string, else the `other` plural form (the one most numbers use).
    private func ordered(_ variants: [LocalizedVariant], formatted: Bool) -> [ResolvedText.Variant] {
        let filled = variants.map {
            ResolvedText.Variant(name: $0.variant, text: fill($0.text, variant: $0.variant, formatted: formatted))
        }
        guard !filled.isEmpty else { return [.init(name: nil, text: "")] }
        let first =
            filled.firstIndex { $0.name == nil } ?? filled.firstIndex { ($0.name ?? "").hasSuffix(":other") }
            ?? filled.startIndex
        var result = filled
        result.swapAt(0, first)
        return result
    }

    private func fill(_ text: String, variant: String?, formatted: Bool) -> String {
        guard formatted else { return isPseudo ? PseudoLocale.transform(text, placeholders: false) : text }
        // "plural:one", "device:iphone plural:few", "items:few": the last ":" gives the plural category.
        let category = variant?.split(separator: " ").last?.split(separator: ":").last.map(String.init)
        let filled = PlaceholderSamples.fill(text, pluralCategory: category)
        return isPseudo ? PseudoLocale.transform(filled) : filled
    }
}
