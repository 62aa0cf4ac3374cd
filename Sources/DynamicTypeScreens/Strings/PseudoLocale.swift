/// A pseudo-locale that shows, without any translation, what localization does to a layout:
/// accented letters (taller glyphs, other fallback fonts), text about 40 % longer (as German or
/// Finnish often is), and brackets that reveal truncation at either end.
///
/// Apply it to the source language's text (``StringTable/lookup(_:locale:)`` with the table's
/// ``StringTable/sourceLanguage``), before filling placeholders.
package enum PseudoLocale {
    /// The locale identifier the command line and reports use: `pseudo`.
    public static let identifier = "pseudo"

    /// Accented capitals and lowercase letters for A–Z; each has a precomposed form in common
    /// fonts, so no combining marks change the line height unpredictably.
    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁɃÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// How much longer the text gets.
    static let expansion = 0.4

    /// `Add to basket` → `[Áðð~~ ţó~ ƀášķéţ~~~]`.
    ///
    /// Letters are accented; placeholders (`%@`, `%2$lld`, `%#@items@`, `${name}`) and `{fields}`
    /// stay as written so they can still be filled. Each word grows by 40 % of its length in
    /// `~` (growing words rather than appending one long run keeps the line-break opportunities
    /// a translation would have), topped up at the end to 40 % of the whole text. Empty text
    /// stays empty, since brackets would give an empty label a size it never has.
    ///
    /// - Parameter placeholders: Whether `text` is a format string; false for text shown as
    ///   written (literal text, strings used without arguments), where `% d` is just text.
    public static func transform(_ text: String, placeholders: Bool = true) -> String {
        guard !text.isEmpty else { return text }
        var result = ""
        var added = 0
        var wordLength = 0
        func endWord() {
            let padding = Int((Double(wordLength) * expansion).rounded(.up))
            result += String(repeating: "~", count: padding)
            added += padding
            wordLength = 0
        }
        for token in placeholders ? PlaceholderScanner.tokens(text) : [.literal(text)] {
            guard case .literal(let literal) = token else {
                endWord()
                result += token.raw
                continue
            }
            for character in literal {
                if character.isLetter || character.isNumber {
                    result.append(accents[character] ?? character)
                    wordLength += 1
                } else {
                    endWord()
                    result.append(character)
                }
            }
        }
        endWord()
        let target = Int((Double(text.count) * expansion).rounded(.up))
        if added < target { result += String(repeating: "~", count: target - added) }
        return "[\(result)]"
    }
}
