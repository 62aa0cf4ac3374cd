import DynamicTypeScreens

/// A screen's texts in the locale being laid out, as iOS shows a Base-internationalized file: each
/// label's, button's and text field's text is looked up as `"<objectID>.<property>"`
/// (`abc-12-xyz.text`, `.normalTitle`, `.placeholder`, `.configuration.title`) in the run's strings
/// (a locale's `<lang>.lproj/<file>.strings` or the file's String Catalog, ``IBStringsFiles``).
/// A key the locale has no translation for keeps the file's own text, as UIKit keeps what the
/// storyboard says; without a locale every text is the file's. The pseudo-locale stretches the
/// file's text as it does literal text elsewhere.
enum IBLocalizedText {
    /// `screen` with its texts in `texts`' locale (unchanged without a locale).
    static func screen(_ screen: IBScreen, in texts: any ScreenTextProvider) -> IBScreen {
        guard texts.locale != nil else { return screen }
        var localized = screen
        for index in localized.views.indices {
            guard let text = localized.views[index].text else { continue }
            // A translation is held to the reader's text limit, as the file's own text is.
            let translated = String(self.text(text, of: localized.views[index].id, in: texts).prefix(IBLimits.maximumTextLength))
            localized.views[index].text?.text = translated
        }
        return localized
    }

    /// The text of view `id` in `texts`' locale: its translation, else the file's own text.
    static func text(_ text: IBText, of id: String, in texts: any ScreenTextProvider) -> String {
        let own = texts.resolve(.literal(text.text)).variants.first?.text ?? text.text
        // The pseudo-locale stretches what the file says (its source-language text).
        guard texts.locale != PseudoLocale.identifier else { return own }
        // A button's configuration title is also found under its normal title's key (files that
        // moved to configurations keep their translations).
        let properties = text.property == "configuration.title" ? ["configuration.title", "normalTitle"] : [text.property]
        for property in properties {
            let key = "\(id).\(property)"
            let resolved = texts.resolve(.keyWithoutArguments(key))
            // A String Catalog gives a key without a source-language value the key itself as its
            // text: that is no translation, and the storyboard's text stands.
            if resolved.fallback == nil, let first = resolved.variants.first, first.text != key { return first.text }
        }
        return own
    }
}
