import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Helpers shared by the highlighting tests.
enum HighlightTestSupport {
    static func storage(
        _ text: String, rules: HighlightRuleSet = .seeds, category: ContentSizeCategory = .large,
        legibilityWeight: LegibilityWeight = .regular
    ) throws -> SyntaxHighlightTextStorage {
        try SyntaxHighlightTextStorage(
            string: text, resolver: FontResolver.shared(), category: category, legibilityWeight: legibilityWeight,
            rules: rules)
    }

    /// The UTF-16 range of the first `needle`.
    static func range(of needle: String, in storage: SyntaxHighlightTextStorage) -> NSRange {
        let found = (storage.string as NSString).range(of: needle)
        precondition(found.location != NSNotFound, "\(needle) not in text")
        return found
    }

    /// The attributes of every character of `needle`, asserting they are the same.
    static func attributes(of needle: String, in storage: SyntaxHighlightTextStorage, sourceLocation: SourceLocation = #_sourceLocation) -> TextAttributes {
        let found = range(of: needle, in: storage)
        let first = storage.attributes(at: found.location)
        for index in found.location..<found.location + found.length {
            #expect(storage.attributes(at: index) == first, "\(needle) is not uniformly styled at \(index)", sourceLocation: sourceLocation)
        }
        return first
    }

    static func isBold(_ attributes: TextAttributes) -> Bool { attributes.font?.symbolicTraits.contains(.bold) ?? false }
    static func isItalic(_ attributes: TextAttributes) -> Bool { attributes.font?.symbolicTraits.contains(.italic) ?? false }

    /// Plain body text: the body descriptor, no decoration.
    static func isPlain(_ attributes: TextAttributes, in storage: SyntaxHighlightTextStorage) -> Bool {
        attributes == TextAttributes(font: storage.highlighter.bodyDescriptor, resolvedFont: storage.highlighter.bodyFont)
    }

    static func bodySize(_ category: ContentSizeCategory) throws -> Double {
        try TypeRampProfile.ios.metrics(for: .body, category: category).size
    }
}

@Suite("Highlight rules (seed 001)")
struct HighlightRuleTests {
    @Test("the seed set is the six patterns of seed 001, in source order, each styling group 1")
    func seedRules() throws {
        let rules = HighlightRuleSet.seeds.rules
        #expect(rules.map(\.name) == ["bold", "italic", "numberedList", "strikethrough", "script", "allCaps"])
        #expect(rules.map(\.pattern) == [
            #"(\*\w+(\s\w+)*\*)"#, #"(_\w+(\s\w+)*_)"#, #"([0-9]+\.)\s"#, #"(-\w+(\s\w+)*-)"#, #"(~\w+(\s\w+)*~)"#,
            #"\s([A-Z]{2,})\s"#,
        ])
        #expect(rules.allSatisfy { $0.group == 1 })
        _ = try HighlightRuleSet(rules)  // every pattern compiles
        _ = try HighlightRuleSet(HighlightRuleSet.seedWordMarks.rules)
    }

    @Test("*bold*: the body font with the bold trait (Inter SemiBold, the body's emphasized weight)")
    func bold() throws {
        let note = try HighlightTestSupport.storage("Make *this bold* now")
        let bold = HighlightTestSupport.attributes(of: "*this bold*", in: note)
        #expect(HighlightTestSupport.isBold(bold))
        #expect(bold.font?.textStyle == .body)
        #expect(bold.resolvedFont?.weight == .semibold)
        #expect(bold.resolvedFont?.familyName == "Inter")
        #expect(bold.resolvedFont?.pointSize == 17)
        #expect(HighlightTestSupport.isPlain(HighlightTestSupport.attributes(of: "Make ", in: note), in: note))
        #expect(HighlightTestSupport.isPlain(HighlightTestSupport.attributes(of: " now", in: note), in: note))
    }

    @Test("_italic_: the italic face")
    func italic() throws {
        let note = try HighlightTestSupport.storage("some _slanted words_ here")
        let italic = HighlightTestSupport.attributes(of: "_slanted words_", in: note)
        #expect(HighlightTestSupport.isItalic(italic))
        #expect(italic.resolvedFont?.isItalic == true)
        #expect(italic.resolvedFont?.face.isItalic == true)
        #expect(HighlightTestSupport.isPlain(HighlightTestSupport.attributes(of: " here", in: note), in: note))
    }

    @Test("numbered list: '12.' bold only when white space follows")
    func numberedList() throws {
        let note = try HighlightTestSupport.storage("12. First\n3.Second\n")
        #expect(HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "12.", in: note)))
        #expect(HighlightTestSupport.isPlain(HighlightTestSupport.attributes(of: " First", in: note), in: note))
        #expect(HighlightTestSupport.isPlain(HighlightTestSupport.attributes(of: "3.Second", in: note), in: note))
    }

    @Test("-strikethrough-: a single line, font untouched")
    func strikethrough() throws {
        let note = try HighlightTestSupport.storage("a -struck out- b")
        let struck = HighlightTestSupport.attributes(of: "-struck out-", in: note)
        #expect(struck.strikethrough == .single)
        #expect(struck.font == note.highlighter.bodyDescriptor)
    }

    @Test("~script~: Zapfino, which resolves to URW Z003 at the body size")
    func script() throws {
        let note = try HighlightTestSupport.storage("~fancy words~ plain")
        let script = HighlightTestSupport.attributes(of: "~fancy words~", in: note)
        #expect(script.font?.family == "Zapfino")
        #expect(script.resolvedFont?.familyName == "Z003")
        #expect(script.resolvedFont?.pointSize == (try HighlightTestSupport.bodySize(.large)))
        #expect(script.resolvedFont?.substitution?.requested == "Zapfino")
    }

    @Test("ALLCAPS: red (UIKit redColor) only with white space on both sides, two letters or more")
    func allCaps() throws {
        let note = try HighlightTestSupport.storage("say HELLO now\nNASA starts\nend OK\nA B and CamelCASE HeLLO\nwith BREAK\nlast LINE")
        #expect(HighlightTestSupport.attributes(of: "HELLO", in: note).foregroundColor == .red)
        #expect(HighlightTestSupport.attributes(of: " now", in: note).foregroundColor == nil)
        // At a paragraph start there is no white space before it inside the paragraph.
        #expect(HighlightTestSupport.attributes(of: "NASA", in: note).foregroundColor == nil)
        // The newline counts as the white space after.
        #expect(HighlightTestSupport.attributes(of: "OK", in: note).foregroundColor == .red)
        #expect(HighlightTestSupport.attributes(of: "BREAK", in: note).foregroundColor == .red)
        #expect(HighlightTestSupport.attributes(of: "A B", in: note).foregroundColor == nil)
        #expect(HighlightTestSupport.attributes(of: "CamelCASE", in: note).foregroundColor == nil)
        #expect(HighlightTestSupport.attributes(of: "HeLLO", in: note).foregroundColor == nil)
        // End of text: no white space after.
        #expect(HighlightTestSupport.attributes(of: "LINE", in: note).foregroundColor == nil)
    }

    @Test("unclosed markers style nothing")
    func unclosed() throws {
        let note = try HighlightTestSupport.storage("*not closed\n_nope here\n-dash it\n~tilde\n* spaced*\n")
        for run in note.storage.attributeRuns() {
            #expect(HighlightTestSupport.isPlain(run.attributes, in: note), "\(note.storage.substring(with: run.range).debugDescription) is styled")
        }
        #expect(note.storage.attributeRunCount == 1)
    }

    @Test("markers never pair across a newline, although the seed's regex alone would")
    func acrossLines() throws {
        // The seed's pattern on the whole string does match across "\n" (\s matches it)…
        let regex = try NSRegularExpression(pattern: HighlightRuleSet.seeds.rules[0].pattern)
        let text = "*a\nb*"
        #expect(regex.firstMatch(in: text, range: NSRange(location: 0, length: 5))?.range == NSRange(location: 0, length: 5))
        // …but rules run per paragraph, while typing and on update() alike: nothing is bold.
        let note = try HighlightTestSupport.storage(text)
        #expect(note.storage.attributeRunCount == 1)
        try note.update(category: .xLarge, legibilityWeight: .regular)
        #expect(note.storage.attributeRunCount == 1)
        #expect(!HighlightTestSupport.isBold(note.attributes(at: 0)))
        // A marker pair within one line of a multi-line note still works.
        note.replaceCharacters(in: NSRange(location: 2, length: 0), with: "*")
        #expect(note.string == "*a*\nb*")
        #expect(HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "*a*", in: note)))
        #expect(!HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "b*", in: note)))
    }

    @Test("nested markers: traits add up; the seed's reset makes the closing * regular")
    func nested() throws {
        let note = try HighlightTestSupport.storage("*bold _italic_* end")
        let inner = HighlightTestSupport.attributes(of: "_italic_", in: note)
        #expect(HighlightTestSupport.isBold(inner) && HighlightTestSupport.isItalic(inner))
        #expect(inner.resolvedFont?.weight == .semibold)
        #expect(inner.resolvedFont?.isItalic == true)
        #expect(HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "*bold ", in: note)))
        // The italic match resets the next character ("*") to the body font, as the seed does.
        let closing = note.attributes(at: HighlightTestSupport.range(of: "_* ", in: note).location + 1)
        #expect(HighlightTestSupport.isPlain(closing, in: note))
    }

    @Test("the character after a match is reset to the body font when groupEnd + 1 < length")
    func resetAfterMatch() throws {
        let rules = try HighlightRuleSet([
            HighlightRule(name: "all", pattern: "(.+)", group: 1, style: HighlightStyle(traits: .bold)),
            HighlightRule(name: "x", pattern: "(x)", group: 1, style: HighlightStyle(foregroundColor: .blue)),
        ])
        // "axbc": the x match ends at 2; 2 + 1 < 4, so "b" is reset (loses bold), "c" keeps it.
        let reset = try HighlightTestSupport.storage("axbc", rules: rules)
        #expect(HighlightTestSupport.isBold(reset.attributes(at: 0)))
        #expect(reset.attributes(at: 1).foregroundColor == .blue)
        #expect(HighlightTestSupport.isPlain(reset.attributes(at: 2), in: reset))
        #expect(HighlightTestSupport.isBold(reset.attributes(at: 3)))
        // "axb": 2 + 1 < 3 is false, so the last character keeps its bold (the seed's off-by-one).
        let kept = try HighlightTestSupport.storage("axb", rules: rules)
        #expect(HighlightTestSupport.isBold(kept.attributes(at: 2)))
    }

    @Test("word marking (seed 003): Alice red, Rabbit green")
    func wordMarks() throws {
        let note = try HighlightTestSupport.storage(
            "Alice saw the White Rabbit. Alices and rabbits.", rules: HighlightRuleSet.seeds + .seedWordMarks)
        #expect(HighlightTestSupport.attributes(of: "Alice", in: note).foregroundColor == .red)
        #expect(HighlightTestSupport.attributes(of: "Rabbit", in: note).foregroundColor == .green)
        #expect(note.attributes(at: HighlightTestSupport.range(of: "Alices", in: note).location).foregroundColor == .red)  // as the seed
        #expect(HighlightTestSupport.attributes(of: "rabbits", in: note).foregroundColor == nil)
        #expect(HighlightRule.mark("a.b", color: .red).pattern == #"a\.b"#)
    }
}

@Suite("Highlighting while typing")
struct HighlightEditingTests {
    private static func longNote() -> String {
        (0..<200).map { "\($0). Paragraph with *bold* and _italic_ and NASA words here\n" }.joined()
    }

    @Test("typing restyles only the paragraph it touches")
    func onlyItsParagraph() throws {
        let note = try HighlightTestSupport.storage(Self.longNote())
        let layout = StorageRecordingLayoutManager()
        note.addLayoutManager(layout)
        let target = HighlightTestSupport.range(of: "100. Paragraph", in: note)
        let paragraph = note.storage.paragraphRange(for: target)
        note.replaceCharacters(in: NSRange(location: target.location + 8, length: 0), with: "x")
        let report = try #require(note.highlighter.lastRestyle)
        #expect(report.paragraphCount == 1)
        #expect(report.range == NSRange(location: paragraph.location, length: paragraph.length + 1))
        #expect(layout.calls.count == 1)
        #expect(layout.calls.first?.invalidatedRange == report.range)
        #expect(layout.calls.first?.changeInLength == 1)
        // Runs elsewhere were not rewritten: everything outside still has its styling.
        #expect(HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "*bold*", in: note)))
    }

    @Test("deleting a * un-bolds (the reset goes beyond the seed); typing it back bolds again")
    func deleteMarker() throws {
        let note = try HighlightTestSupport.storage("first line\nsay *hi* there\nlast *line*\n")
        let closing = HighlightTestSupport.range(of: "* there", in: note)
        note.replaceCharacters(in: NSRange(location: closing.location, length: 1), with: "")
        #expect(!HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "*hi", in: note)))
        #expect(HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "*line*", in: note)))
        note.replaceCharacters(in: NSRange(location: closing.location, length: 0), with: "*")
        #expect(HighlightTestSupport.isBold(HighlightTestSupport.attributes(of: "*hi*", in: note)))
    }

    @Test("typing a newline into a match splits it; the second half is restyled too")
    func splitParagraph() throws {
        let note = try HighlightTestSupport.storage("*one two*\nnext\n")
        let space = HighlightTestSupport.range(of: " two", in: note)
        note.replaceCharacters(in: NSRange(location: space.location, length: 1), with: "\n")
        #expect(note.string == "*one\ntwo*\nnext\n")
        #expect(note.highlighter.lastRestyle?.paragraphCount == 2)
        for run in note.storage.attributeRuns() { #expect(!HighlightTestSupport.isBold(run.attributes)) }
    }

    @Test("attribute-only edits do not re-highlight")
    func attributeEditsKept() throws {
        let note = try HighlightTestSupport.storage("plain words\n")
        let count = note.highlighter.restyleCount
        note.storage.addAttributes(TextAttributes(underline: .single), range: NSRange(location: 0, length: 5))
        #expect(note.highlighter.restyleCount == count)
        #expect(note.attributes(at: 0).underline == .single)
    }
}

@Suite("Highlighting pathological input")
struct HighlightPathologicalTests {
    @Test("10,000 unclosed * in one paragraph", .timeLimit(.minutes(1)))
    func unclosedStars() throws {
        let text = String(repeating: "*", count: 10_000) + " tail"
        let note = try HighlightTestSupport.storage(text)
        #expect(note.highlighter.lastRestyle?.totalMatches == 0)
        note.replaceCharacters(in: NSRange(location: 5_000, length: 0), with: "x")
        #expect(note.highlighter.diagnostics.isEmpty)
    }

    @Test("one 100 KB paragraph of '*a *a *a', typed into", .timeLimit(.minutes(1)))
    func starWords() throws {
        let text = String(repeating: "*a ", count: 34_000)
        let note = try HighlightTestSupport.storage(text)
        #expect(note.highlighter.lastRestyle?.paragraphCount == 1)
        #expect(note.highlighter.lastRestyle?.totalMatches == 0)
        note.replaceCharacters(in: NSRange(location: 50_003, length: 0), with: "*")  // "*a* *a": one match
        #expect(note.highlighter.lastRestyle?.totalMatches == 1)
        #expect(note.highlighter.diagnostics.isEmpty)
    }

    @Test("the seed's italic pattern backtracks quadratically on '_a _a _a'; the match budget stops it",
          .timeLimit(.minutes(1)))
    func underscoreWords() throws {
        let text = "_real italic_ first " + String(repeating: "_a ", count: 34_000)
        let note = try HighlightTestSupport.storage(text)
        let report = try #require(note.highlighter.lastRestyle)
        #expect(report.stoppedRules == ["italic"])
        #expect(note.highlighter.diagnostics.contains {
            if case .matchBudgetExceeded(rule: "italic", _) = $0.kind { return true } else { return false }
        })
        // Matches before the stop are kept.
        #expect(HighlightTestSupport.isItalic(HighlightTestSupport.attributes(of: "_real italic_", in: note)))
    }

    @Test("with an unlimited budget a short version of the same text still completes")
    func underscoreShort() throws {
        let note = try HighlightTestSupport.storage(String(repeating: "_a ", count: 300))
        note.highlighter.matchBudget = .unlimited
        note.replaceCharacters(in: NSRange(location: 0, length: 0), with: "x")
        #expect(note.highlighter.lastRestyle?.stoppedRules == [])
    }
}
