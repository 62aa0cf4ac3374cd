/// A view's text after the strings lookup: what is drawn, every variant that must also fit, and
/// whether a translation was missing.
package struct ResolvedText: Hashable, Sendable {
    /// One variant of the text (a plural form, a device variation) with placeholders filled.
    public struct Variant: Hashable, Sendable {
        /// `plural:one`, `device:ipad`, … (nil for a plain string).
        public var name: String?
        /// The text, placeholders filled with sample values.
        public var text: String

        /// A variant.
        public init(name: String?, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// Why the text is not the locale's own.
    public enum Fallback: Hashable, Sendable {
        /// The locale has no translation; the source language's text is shown.
        case sourceLanguage(locale: String)
        /// No strings file has the key; the key itself is shown.
        case key(locale: String?)
    }

    /// The variants; the first is drawn (the `other` plural form when there are plurals).
    public var variants: [Variant]
    /// The strings key, when the text came from one.
    public var key: String?
    /// Set when the text is not the locale's own translation.
    public var fallback: Fallback?

    /// Resolved text.
    public init(variants: [Variant], key: String? = nil, fallback: Fallback? = nil) {
        precondition(!variants.isEmpty, "a resolved text has at least one variant")
        self.variants = variants
        self.key = key
        self.fallback = fallback
    }

    /// The text that is drawn.
    public var text: String { variants[0].text }
}

/// Turns a view's ``TextSource`` into text for one locale: literal text has its placeholders
/// filled, keys are looked up in strings files. ``ScreenLayout`` asks it for every text it lays out.
package protocol ScreenTextProvider: Sendable {
    /// The locale being laid out (nil: the source language or literal text only).
    var locale: String? { get }
    /// The text for `source`.
    func resolve(_ source: TextSource) -> ResolvedText
}
