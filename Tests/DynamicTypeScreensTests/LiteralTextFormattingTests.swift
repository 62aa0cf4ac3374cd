import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import DynamicTypeScreens

/// Issue 32: only localized strings given arguments are formatted, as Foundation does; literal
/// text with a `%` in it is drawn as written.
@Suite("Literal text is never formatted")
struct LiteralTextFormattingTests {
    static let battery = "Battery 100% done, 20% off"

    @Test("a screen's literal text is laid out as written")
    func literalTextView() throws {
        let laidOut = try ScreenLayoutTests.layout([
            .label(LabelSpec(id: "label", text: .literal(Self.battery))),
            .textView(TextViewSpec(id: "text", text: .literal(Self.battery + " %@ %lld"))),
        ])
        #expect(try #require(try ScreenLayoutTests.view(laidOut, "label").text).storage.string == Self.battery)
        #expect(try #require(try ScreenLayoutTests.view(laidOut, "text").text).storage.string == Self.battery + " %@ %lld")
    }

    @Test("the same text read from a screen file is laid out as written")
    func literalFromScreenFile() throws {
        let json = #"{ "schemaVersion": 1, "name": "Battery", "views": [ { "kind": "label", "id": "b", "text": "Battery 100% done, 20% off" } ] }"#
        let screen = try ScreenFile.decode(Data(json.utf8), origin: "battery.screen.json", format: .json)
        let environment = ScreenLayoutEnvironment(resolver: try FontResolver.shared(), width: 320, height: 568, texts: LocalizedTexts())
        let laidOut = try ScreenLayout.layout(screen, category: .large, environment: environment)
        #expect(try #require(try ScreenLayoutTests.view(laidOut, "b").text).storage.string == Self.battery)
    }

    @Test("keys with arguments are formatted, keys without are not, in every fallback")
    func keys() {
        let texts = LocalizedTexts(locale: "de")
        #expect(texts.resolve(.key("%lld items")).text == "25 items")
        #expect(texts.resolve(.key("100%% of %@")).text == "100% of Alexandra")
        #expect(texts.resolve(.keyWithoutArguments(Self.battery)).text == Self.battery)
        #expect(texts.resolve(.keyWithoutArguments("%lld items")).text == "%lld items")
        #expect(texts.resolve(.keyWithoutArguments(Self.battery)).fallback == .key(locale: "de"))
    }

    @Test("the pseudo-locale stretches literal text without reading `% d` as a placeholder")
    func pseudoLiteral() {
        let pseudo = LocalizedTexts(locale: PseudoLocale.identifier).resolve(.literal("100% done")).text
        // `% d` is text here: its letter is accented like any other.
        #expect(pseudo == "[100~~% ðóñé~~]")
        #expect(!pseudo.contains("25"))
    }
}
