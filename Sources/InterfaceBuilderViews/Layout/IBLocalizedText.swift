import DynamicTypeScreens

/// A screen's texts in the locale being laid out, as iOS shows a Base-internationalized file: each
/// label's, button's and text field's text is looked up as `"<objectID>.<property>"`
/// (`abc-12-xyz.text`, `.normalTitle`, `.placeholder`, `.configuration.title`) in the run's strings
/// (a locale's `<lang>.lproj/<file>.strings` or the file's String Catalog, ``IBStringsFiles``).
/// A key the locale has no translation for keeps the file's own text, as UIKit keeps what the
/// storyboard says; without a locale every text is the file's. The pseudo-locale stretches the
/// file's text as it does literal text elsewhere.
enum IBLocalizedText {
    /// A text the locale has no translation for, while it translates others of the same screen.
    struct Missing: Equatable {
        /// The view's index in the screen.
        var view: Int
        /// The key looked up (`abc-12-xyz.text`).
        var key: String
    }

    /// `screen` with its texts in `texts`' locale (unchanged without a locale), and the texts
    /// left in the file's language although the locale translates others of the screen: those
    /// are a translator's misses (`missingTranslation`). A screen the locale translates nothing
    /// of is not localized into it, and no text of it is reported.
    static func screen(_ screen: IBScreen, in texts: any ScreenTextProvider) -> (screen: IBScreen, missing: [Missing]) {
        guard texts.locale != nil else { return (screen, []) }
        var localized = screen
        var missing: [Missing] = []
        var translatedAny = false
        for index in localized.views.indices {
            guard let text = localized.views[index].text else { continue }
            let lookup = self.lookup(text, of: localized.views[index].id, in: texts)
            // A translation is held to the reader's text limit, as the file's own text is.
            localized.views[index].text?.text = String(lookup.text.prefix(IBLimits.maximumTextLength))
            if lookup.translated {
                translatedAny = true
            } else if let key = lookup.key, !text.text.isEmpty {
                missing.append(Missing(view: index, key: key))
            }
        }
        return (localized, translatedAny ? missing : [])
    }

    /// The text of view `id` in `texts`' locale, whether it is a translation, and the key it was
    /// looked up as (nil for the pseudo-locale, which stretches the file's text and has no keys).
    private static func lookup(_ text: IBText, of id: String, in texts: any ScreenTextProvider) -> (text: String, translated: Bool, key: String?) {
        let own = texts.resolve(.literal(text.text)).variants.first?.text ?? text.text
        // The pseudo-locale stretches what the file says (its source-language text).
        guard texts.locale != PseudoLocale.identifier else { return (own, false, nil) }
        // A button's configuration title is also found under its normal title's key (files that
        // moved to configurations keep their translations).
        let properties = text.property == "configuration.title" ? ["configuration.title", "normalTitle"] : [text.property]
        for property in properties {
            let key = "\(id).\(property)"
            let resolved = texts.resolve(.keyWithoutArguments(key))
            // A String Catalog gives a key without a source-language value the key itself as its
            // text: that is no translation, and the storyboard's text stands.
            if resolved.fallback == nil, let first = resolved.variants.first, first.text != key { return (first.text, true, key) }
        }
        return (own, false, "\(id).\(text.property)")
    }
}
