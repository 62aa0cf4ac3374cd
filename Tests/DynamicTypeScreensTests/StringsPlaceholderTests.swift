import Testing

@testable import DynamicTypeScreens

@Suite("Placeholder samples and the pseudo-locale")
struct StringsPlaceholderTests {
    @Test("printf placeholders, positions, %% and ${name}")
    func fill() {
        #expect(PlaceholderSamples.fill("Welcome back, %@!") == "Welcome back, Alexandra!")
        #expect(PlaceholderSamples.fill("%2$@ bought %1$lld items") == "Alexandra bought 25 items")
        #expect(PlaceholderSamples.fill("%lld item", pluralCategory: "one") == "1 item")
        #expect(PlaceholderSamples.fill("%d %i %ld %u %lu", pluralCategory: "few") == "3 3 3 3 3")
        #expect(PlaceholderSamples.fill("%lld", pluralCategory: "many") == "11")
        #expect(PlaceholderSamples.fill("%lld", pluralCategory: "zero") == "0")
        #expect(PlaceholderSamples.fill("%lld", pluralCategory: "two") == "2")
        #expect(PlaceholderSamples.fill("100%% done") == "100% done")
        #expect(PlaceholderSamples.fill("Total: %.2f €") == "Total: 1234.56 €")
        #expect(PlaceholderSamples.fill("%f") == "1234.56")
        #expect(PlaceholderSamples.fill("%.1f") == "1234.6")
        #expect(PlaceholderSamples.fill("Hi ${name}, {count} left") == "Hi Alexandra, {count} left")
        #expect(PlaceholderSamples.fill("%#@items@ left") == "25 left")
        #expect(PlaceholderSamples.fill("%5d|%-4d|%03d") == "   25|25  |025")
        // Not placeholders: a percent sign before no conversion, or at the end, stays.
        #expect(PlaceholderSamples.fill("50 %, or more %") == "50 %, or more %")
        // As in printf, `% o` is a conversion (space flag, octal), so literal text should write `%%`.
        #expect(PlaceholderSamples.fill("50 % off") == "50 31ff")
        #expect(!PlaceholderSamples.sampleText.isEmpty)
    }

    @Test("a variant's plural category picks the number")
    func variantCategory() {
        let variant = LocalizedVariant(text: "%1$lld item in %2$lld baskets", variant: "items:one baskets:other")
        #expect(PlaceholderSamples.fill(variant.text, pluralCategory: variant.pluralCategory) == "1 item in 1 baskets")
    }

    @Test("the pseudo-locale accents, keeps placeholders, grows ≥ 30 % and brackets", arguments: [
        "Add to basket", "Welcome back, %@!", "%2$@ bought %1$lld items", "Hi ${name}, {count} left", "%lld", "OK",
        "In den Warenkorb legen", "100%% done",
    ])
    func pseudo(text: String) {
        let pseudo = PseudoLocale.transform(text)
        #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
        #expect(Double(pseudo.count) >= Double(text.count) * 1.3)
        // Every placeholder survives unchanged and in order.
        let placeholders = PlaceholderScanner.tokens(text).filter { if case .literal = $0 { false } else { true } }
        let kept = PlaceholderScanner.tokens(pseudo).filter { if case .literal = $0 { false } else { true } }
        #expect(placeholders == kept)
        // Filling still works on the pseudo text.
        #expect(!PlaceholderSamples.fill(pseudo).contains("%@"))
    }

    @Test("pseudo-locale examples")
    func pseudoExamples() {
        #expect(PseudoLocale.transform("Add to basket") == "[Áðð~~ ţó~ ƀášķéţ~~~]")
        #expect(PseudoLocale.transform("Hi %@") == "[Ĥí~ %@~]")
        #expect(PseudoLocale.transform("") == "")
        #expect(PseudoLocale.identifier == "pseudo")
    }
}
