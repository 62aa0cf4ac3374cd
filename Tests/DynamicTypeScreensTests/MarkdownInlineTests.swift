import DynamicTypeScreens
import Testing

/// Inline Markdown as SwiftUI draws it in a `LocalizedStringKey`'s `Text` (issue 33), checked
/// against the rules of the CommonMark spec (0.31.2, §6.1 code spans, §6.2 emphasis and strong
/// emphasis, §6.3 links, §2.4 backslash escapes), which `AttributedString(markdown:)` follows.
@Suite struct MarkdownInlineTests {
    typealias Run = MarkdownInline.Run

    @Test func strongAndEmphasis() {
        #expect(MarkdownInline.runs("Tap **Save** now") == [Run(text: "Tap ", style: []), Run(text: "Save", style: .bold), Run(text: " now", style: [])])
        #expect(MarkdownInline.runs("*foo bar*") == [Run(text: "foo bar", style: .italic)])
        #expect(MarkdownInline.runs("__foo__") == [Run(text: "foo", style: .bold)])
        #expect(MarkdownInline.runs("***both***") == [Run(text: "both", style: [.bold, .italic])])
        #expect(MarkdownInline.runs("**a *b* c**") == [Run(text: "a ", style: .bold), Run(text: "b", style: [.bold, .italic]), Run(text: " c", style: .bold)])
    }

    @Test func delimitersThatCannotOpenOrCloseAreText() {
        // §6.2: a `*` followed by whitespace is not left-flanking; `_` inside a word is not emphasis.
        #expect(MarkdownInline.plainText("a * foo bar*") == "a * foo bar*")
        #expect(MarkdownInline.plainText("foo_bar_") == "foo_bar_")
        #expect(MarkdownInline.plainText("snake_case_name") == "snake_case_name")
        #expect(MarkdownInline.plainText("*unclosed") == "*unclosed")
        // A closer must not follow whitespace.
        #expect(MarkdownInline.plainText("*foo *") == "*foo *")
    }

    @Test func codeLinksStrikethroughAndEscapes() {
        #expect(MarkdownInline.runs("Run `swift build`") == [Run(text: "Run ", style: []), Run(text: "swift build", style: .code)])
        #expect(MarkdownInline.runs("[Terms](https://example.com/terms) apply") == [Run(text: "Terms", style: .link), Run(text: " apply", style: [])])
        #expect(MarkdownInline.runs("~~old~~ new") == [Run(text: "old", style: .strikethrough), Run(text: " new", style: [])])
        #expect(MarkdownInline.plainText(#"\*not emphasized*"#) == "*not emphasized*")
        // Code spans take their content literally.
        #expect(MarkdownInline.runs("`**`") == [Run(text: "**", style: .code)])
    }

    @Test func emphasisDoesNotCrossParagraphs() {
        #expect(MarkdownInline.plainText("*a\n\nb*") == "*a\n\nb*")
        #expect(MarkdownInline.plainText("*a\nb*") == "a\nb")
    }

    @Test func plainTextIsOneRun() {
        #expect(MarkdownInline.runs("100% done") == [Run(text: "100% done", style: [])])
        #expect(MarkdownInline.runs("") == [Run(text: "", style: [])])
    }

    @Test func unclosedOpenersStayLinear() {
        // Each failed search is remembered: 200k openers with no closer parse in one pass (checked
        // by the result, not by time: the text is drawn as written).
        let text = String(repeating: "[a", count: 100_000) + String(repeating: "_b", count: 100_000)
        let unchanged = MarkdownInline.plainText(text) == text
        #expect(unchanged)
    }
}
