/// The texts of one locale: literal text with its placeholders filled, keys looked up in a
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
            return ResolvedText(variants: [.init(name: nil, text: fill(text, variant: nil))])
        case .key(let key):
            let lookupLocale = isPseudo ? table.sourceLanguage : (locale ?? table.sourceLanguage)
            switch table.lookup(key, locale: lookupLocale) {
            case .translated(let variants):
                return ResolvedText(variants: ordered(variants), key: key)
            case .sourceFallback(let variants, let missing):
                return ResolvedText(variants: ordered(variants), key: key, fallback: .sourceLanguage(locale: missing))
            case .keyFallback(let key, let missing):
                return ResolvedText(
                    variants: [.init(name: nil, text: fill(key, variant: nil))], key: key,
                    fallback: .key(locale: locale == nil ? nil : missing))
            }
        }
    }

    /// The variants with placeholders filled, the drawn one first: the plain string, else the
    /// `other` plural form (the one most numbers use).
    private func ordered(_ variants: [LocalizedVariant]) -> [ResolvedText.Variant] {
        let filled = variants.map { ResolvedText.Variant(name: $0.variant, text: fill($0.text, variant: $0.variant)) }
        guard !filled.isEmpty else { return [.init(name: nil, text: "")] }
        let first =
            filled.firstIndex { $0.name == nil } ?? filled.firstIndex { ($0.name ?? "").hasSuffix(":other") }
            ?? filled.startIndex
        var result = filled
        result.swapAt(0, first)
        return result
    }

    private func fill(_ text: String, variant: String?) -> String {
        // "plural:one", "device:iphone plural:few", "items:few": the last ":" gives the plural category.
        let category = variant?.split(separator: " ").last?.split(separator: ":").last.map(String.init)
        let filled = PlaceholderSamples.fill(text, pluralCategory: category)
        return isPseudo ? PseudoLocale.transform(filled) : filled
    }
}
