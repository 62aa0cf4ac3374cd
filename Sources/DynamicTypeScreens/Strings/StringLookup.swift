/// The result of looking a key up for one locale, saying where the text came from so that a
/// missing translation can be reported rather than silently drawn in the source language.
package enum StringLookup: Hashable, Sendable {
    /// Found for the locale (or one of its parents, `de` for `de-CH`), or the key is marked
    /// `shouldTranslate: false` and its source text is right for every locale.
    case translated([LocalizedVariant])
    /// Missing in `locale`: the source language's text is shown instead, as iOS does.
    case sourceFallback([LocalizedVariant], locale: String)
    /// Missing in every file: iOS shows the key itself.
    case keyFallback(key: String, locale: String)

    /// The variants to draw, whichever way they were found (the key itself for a key fallback).
    public var variants: [LocalizedVariant] {
        switch self {
        case .translated(let variants), .sourceFallback(let variants, _): variants
        case .keyFallback(let key, _): [LocalizedVariant(text: key)]
        }
    }

    /// Whether the locale lacked its own text (a source or key fallback).
    public var isMissing: Bool {
        if case .translated = self { return false }
        return true
    }
}
