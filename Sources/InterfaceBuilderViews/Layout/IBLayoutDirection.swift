/// Right-to-left layout: a run in a right-to-left locale (`--locales ar`) lays every view out
/// right to left unless its `semanticContentAttribute` keeps it left to right, and a forced
/// right-to-left view is laid out so in any locale — as
/// `UIView.userInterfaceLayoutDirection(for:relativeTo:)` documents: `unspecified` flips,
/// `playback` and `spatial` never do, the `force…` values win. The attribute is the view's own;
/// its subviews are not forced with it (UIKit does not pass it down).
package enum IBLayoutDirection {
    /// Languages written right to left (the language subtag of a locale such as `ar-EG`): Arabic,
    /// Hebrew (and its old code `iw`), Persian, Urdu, Pashto, Sindhi, Kurdish (Sorani), Uyghur,
    /// Yiddish, Dhivehi — the languages iOS lays out right to left.
    package static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ckb", "ug", "yi", "dv"]

    /// Whether `locale` (`ar`, `he-IL`, `fa_IR`; nil: the file's own text) is right to left.
    package static func isRightToLeft(_ locale: String?) -> Bool {
        guard let locale else { return false }
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return rightToLeftLanguages.contains(language)
    }

    /// `screen` with each view's direction for a run in `locale`; a label whose alignment is
    /// natural (or justified) starts at the right in a right-to-left view.
    package static func screen(_ screen: IBScreen, locale: String?) -> IBScreen {
        let app = isRightToLeft(locale)
        var screen = screen
        for index in screen.views.indices {
            let view = screen.views[index]
            let rightToLeft: Bool
            switch view.semanticContent {
            case .unspecified: rightToLeft = app
            case .playback, .spatial, .forceLeftToRight: rightToLeft = false
            case .forceRightToLeft: rightToLeft = true
            }
            screen.views[index].rightToLeft = rightToLeft
            if rightToLeft, let alignment = view.text?.alignment, alignment == "natural" || alignment == "justified" {
                screen.views[index].text?.alignment = "right"
            }
        }
        return screen
    }
}
