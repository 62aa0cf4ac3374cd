import Foundation
import Testing

@testable import TextStack

/// Expectations written inline: `|` marks a soft break opportunity and `¶` a mandatory one at
/// that position; the marks are removed to get the text. `"quick |brown |fox|"` means breaks
/// after "quick " and "brown " and at the end.
private func marked(_ source: String) -> (text: String, breaks: [LineBreakOpportunity]) {
    var text = ""
    var breaks: [LineBreakOpportunity] = []
    for character in source {
        switch character {
        case "|": breaks.append(LineBreakOpportunity(offset: text.utf16.count, isMandatory: false))
        case "¶": breaks.append(LineBreakOpportunity(offset: text.utf16.count, isMandatory: true))
        default: text.append(character)
        }
    }
    return (text, breaks)
}

@Suite("LineBreakIterator")
struct LineBreakIteratorTests {
    @Test(
        "inline-marked texts",
        arguments: [
            "quick |brown |fox|",
            "quick |brown |fox |",  // trailing spaces hang at the line end: no break before them
            "one  |two   |three|",
            "Zwei\u{00A0}Wörter |nicht |trennen|",  // no-break space glues
            "a\u{200B}|b|",  // zero-width space is a break opportunity
        ])
    func markedTexts(_ source: String) throws {
        let (text, expected) = marked(source)
        let iterator = try LineBreakIterator()
        #expect(try iterator.breaks(in: text) == expected, "\(text.debugDescription)")
    }

    @Test("a newline, CR LF and the Unicode separators force mandatory breaks")
    func mandatoryBreaks() throws {
        let iterator = try LineBreakIterator()
        #expect(try iterator.breaks(in: "a\nb") == marked("a\n¶b|").breaks)
        #expect(try iterator.breaks(in: "a\r\nb") == marked("a\r\n¶b|").breaks)  // one break after the pair
        #expect(try iterator.breaks(in: "a\u{2028}b") == marked("a\u{2028}¶b|").breaks)
        #expect(try iterator.breaks(in: "a\u{2029}b") == marked("a\u{2029}¶b|").breaks)
        #expect(try iterator.breaks(in: "end\n") == marked("end\n¶").breaks)
        #expect(try iterator.breaks(in: "\n\n") == marked("\n¶\n¶").breaks)
    }

    @Test("hyphens and punctuation follow UAX #14")
    func punctuation() throws {
        let iterator = try LineBreakIterator()
        for source in [
            "well-|known |fact.|",
            "Hello, |world! |",
            "(parenthesised) |text|",
            "price: |$12.50 |each|",
        ] {
            let (text, expected) = marked(source)
            #expect(try iterator.breaks(in: text) == expected, "\(source)")
        }
    }

    @Test("each CJK ideograph is breakable, but not before closing punctuation")
    func cjk() throws {
        let iterator = try LineBreakIterator()
        for source in ["日|本|語|", "日|本|語。|", "漢|字|と|か|な|", "「日|本」|"] {
            let (text, expected) = marked(source)
            #expect(try iterator.breaks(in: text) == expected, "\(source)")
        }
    }

    @Test("emoji and surrogate pairs give UTF-16 offsets")
    func surrogatePairs() throws {
        let iterator = try LineBreakIterator()
        // 😀 is U+1F600: two UTF-16 code units, so the break after "😀 " is at 2 + 2 + 1 = 5.
        let (emojiText, emojiBreaks) = marked("a |😀 |b|")
        #expect(try iterator.breaks(in: emojiText) == emojiBreaks)
        #expect(emojiBreaks.map(\.offset) == [2, 5, 6])
        // CJK Extension B ideographs are outside the BMP: each breakable, 2 units each.
        let (extB, extBBreaks) = marked("𠀀|𠀁|𠀂|")
        #expect(try iterator.breaks(in: extB) == extBBreaks)
        #expect(extBBreaks.map(\.offset) == [2, 4, 6])
        // An emoji ZWJ sequence (family) and a skin-tone modifier never break inside.
        let (family, familyBreaks) = marked("👨‍👩‍👧 |👍🏽|")
        #expect(try iterator.breaks(in: family) == familyBreaks)
        // Offsets must always fall between code points, never inside a surrogate pair.
        for opportunity in try iterator.breaks(in: "x😀y🎉z 𝐀𝐁 😀😀") {
            let index = String.Index(utf16Offset: opportunity.offset, in: "x😀y🎉z 𝐀𝐁 😀😀")
            #expect(index.samePosition(in: "x😀y🎉z 𝐀𝐁 😀😀".unicodeScalars) != nil)
        }
    }

    @Test("offsets agree with NSRange / String.UTF16View counting")
    func offsetsAreUTF16() throws {
        let text = "Café 😀 naïve"
        let iterator = try LineBreakIterator()
        let breaks = try iterator.breaks(in: text)
        #expect(breaks.map(\.offset) == [5, 8, 13])
        #expect(breaks.last?.offset == (text as NSString).length)
        #expect(try iterator.breaks(in: Array(text.utf16)) == breaks)
    }

    @Test("an empty text has no breaks; a single character has one at its end")
    func emptyAndTiny() throws {
        let iterator = try LineBreakIterator()
        #expect(try iterator.breaks(in: "").isEmpty)
        #expect(try iterator.breaks(in: [UInt16]()).isEmpty)
        #expect(try iterator.breaks(in: "a") == [LineBreakOpportunity(offset: 1, isMandatory: false)])
    }

    @Test("one iterator can be reused for many texts")
    func reuse() throws {
        let iterator = try LineBreakIterator()
        let first = try iterator.breaks(in: "one two three")
        _ = try iterator.breaks(in: "日本語\nテキスト")
        #expect(try iterator.breaks(in: "one two three") == first)
        #expect(first.map(\.offset) == [4, 8, 13])
    }

    @Test("forEachBreak streams the same opportunities without an array")
    func streaming() throws {
        let iterator = try LineBreakIterator()
        let text = Array("stream these words\nplease".utf16)
        var streamed: [LineBreakOpportunity] = []
        try text.withUnsafeBufferPointer { buffer in
            try iterator.forEachBreak(in: buffer) { streamed.append($0) }
        }
        #expect(streamed == (try iterator.breaks(in: text)))
        #expect(streamed.filter(\.isMandatory).map(\.offset) == [19])
    }

    @Test("a 1 MB text is processed completely across many pages")
    func largeText() throws {
        let sentence = "The quick brown fox jumps over the lazy dog. "
        let repetitions = (1 << 20) / sentence.utf16.count + 1
        let text = String(repeating: sentence, count: repetitions)
        let utf16 = Array(text.utf16)
        #expect(utf16.count >= 1 << 20)

        let breaks = try LineBreakIterator().breaks(in: utf16)
        // Every word ends in a space, and a break follows each space.
        var expected: [Int] = []
        for (offset, unit) in utf16.enumerated() where unit == 0x20 { expected.append(offset + 1) }
        #expect(breaks.count == expected.count)
        #expect(breaks.map(\.offset) == expected)
        #expect(breaks.last?.offset == utf16.count)
        #expect(breaks.allSatisfy { !$0.isMandatory })
    }

    @Test("ICU's version is reported")
    func version() {
        let version = LineBreakIterator.icuVersion
        #expect(version.split(separator: ".").count >= 2, "\(version)")
        #expect(Int(version.split(separator: ".").first ?? "") ?? 0 >= 60)
    }

    @Test("a tailored locale still opens")
    func locales() throws {
        // ICU falls back to root rules for unknown locales (a warning, not an error).
        _ = try LineBreakIterator(locale: "ja@lb=strict")
        _ = try LineBreakIterator(locale: "zz_ZZ")
        // Strict Japanese line breaking forbids a break before small kana; normal allows it.
        let text = "キャット"
        let normal = try LineBreakIterator(locale: "ja").breaks(in: text).map(\.offset)
        let strict = try LineBreakIterator(locale: "ja@lb=strict").breaks(in: text).map(\.offset)
        #expect(Set(strict).isSubset(of: Set(normal)))
        #expect(strict.count < normal.count)
    }
}
