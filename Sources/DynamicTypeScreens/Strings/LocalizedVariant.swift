/// One form of a localized string: the text of a plain string, or one case of a plural, device
/// or substitution variation.
///
/// A label is checked once per variant, because the longest form (often `plural:other`, or the
/// iPad text) is the one that wraps or truncates first.
package struct LocalizedVariant: Hashable, Sendable {
    /// The text with its placeholders (`%@`, `%lld`, `%1$@`, …) not yet filled; see
    /// ``PlaceholderSamples/fill(_:pluralCategory:)``.
    public var text: String
    /// Which case this is, as space-separated `kind:case` pairs: nil for a plain string,
    /// `plural:one`, `device:ipad`, `device:iphone plural:few`, or `items:few` for the `few` case
    /// of a substitution (or `.stringsdict` variable) named `items`.
    public var variant: String?

    /// A variant.
    public init(text: String, variant: String? = nil) {
        self.text = text
        self.variant = variant
    }

    /// The plural category this variant was written for (`zero`, `one`, `two`, `few`, `many` or
    /// `other`), taken from its first plural-like pair, so that placeholders can be filled with a
    /// matching number; nil for plain strings and device-only variants.
    public var pluralCategory: String? {
        guard let variant else { return nil }
        for pair in variant.split(separator: " ") {
            guard let colon = pair.firstIndex(of: ":") else { continue }
            let kind = pair[..<colon]
            let value = String(pair[pair.index(after: colon)...])
            // Device and width cases name hardware, not numbers; every other kind is a plural
            // (`plural` itself, or a substitution or stringsdict variable's name).
            if kind != "device", kind != "width", PluralCategory.all.contains(value) { return value }
        }
        return nil
    }
}

/// The CLDR plural categories in the order Xcode lists them.
enum PluralCategory {
    /// `zero`, `one`, `two`, `few`, `many`, `other`.
    static let all = ["zero", "one", "two", "few", "many", "other"]
}
