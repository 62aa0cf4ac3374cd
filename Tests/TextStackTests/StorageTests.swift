import Foundation
import Testing

@testable import TextStack

private let red = TextAttributes(foregroundColor: .red)
private let blue = TextAttributes(foregroundColor: .blue)
private let struck = TextAttributes(strikethrough: .single)

/// `(text, attributes)` of every run, for compact expectations.
private func runs(_ storage: TextStorage) -> [(String, TextAttributes)] {
    storage.attributeRuns().map { (storage.substring(with: $0.range), $0.attributes) }
}

private func runTexts(_ storage: TextStorage) -> [String] { runs(storage).map(\.0) }

@Suite("TextStorage primitives")
struct StorageTests {
    @Test("UTF-16 lengths and ranges, like NSString: é = 1 unit, 👍🏽 = 4")
    func utf16() {
        let storage = TextStorage(string: "é👍🏽x")
        #expect(storage.length == 6)
        #expect(storage.length == ("é👍🏽x" as NSString).length)
        #expect(storage.substring(with: NSRange(location: 1, length: 4)) == "👍🏽")
        #expect(storage.utf16Characters(in: NSRange(location: 0, length: 1)) == [0xE9])
        #expect(storage.character(at: 5) == UInt16(UInt8(ascii: "x")))
        storage.withUTF16(in: NSRange(location: 1, length: 2)) { buffer in
            #expect(Array(buffer) == Array("👍".utf16))
        }
        storage.withUTF16 { #expect($0.count == 6) }
        #expect(storage.string == "é👍🏽x")
    }

    @Test("replaceCharacters inherits attributes as NSMutableAttributedString does")
    func inheritance() {
        let storage = TextStorage(AttributedText([("ab", red), ("cd", blue)]))
        // Replacing a non-empty range: the first replaced character's attributes.
        storage.replaceCharacters(in: NSRange(location: 1, length: 2), with: "XYZ")
        #expect(storage.string == "aXYZd")
        #expect(runTexts(storage) == ["aXYZ", "d"])
        // Inserting: the character before.
        storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: "!")
        #expect(runTexts(storage) == ["aXYZ!", "d"])
        // Inserting at 0: the first character.
        storage.insert(">", at: 0)
        #expect(runTexts(storage) == [">aXYZ!", "d"])
        #expect(storage.attributes(at: 0) == red)
        // Appending: the last character.
        storage.append("?")
        #expect(runTexts(storage) == [">aXYZ!", "d?"])
        #expect(storage.attributes(at: storage.length - 1) == blue)
        // Empty storage: no attributes.
        let empty = TextStorage()
        empty.append("new")
        #expect(empty.attributes(at: 0) == .empty)
    }

    @Test("attributes(at:effectiveRange:) returns the whole coalesced run")
    func effectiveRange() {
        let storage = TextStorage(string: "0123456789")
        storage.setAttributes(red, range: NSRange(location: 2, length: 3))
        storage.setAttributes(red, range: NSRange(location: 5, length: 2))  // touches the first: one run
        var range = NSRange(location: 0, length: 0)
        #expect(storage.attributes(at: 6, effectiveRange: &range) == red)
        #expect(range == NSRange(location: 2, length: 5))
        #expect(storage.attributes(at: 1, effectiveRange: &range) == .empty)
        #expect(range == NSRange(location: 0, length: 2))
        #expect(storage.attributes(at: 9, effectiveRange: &range) == .empty)
        #expect(range == NSRange(location: 7, length: 3))
        #expect(storage.attributeRunCount == 3)
        // Setting the plain attributes back merges everything into one run.
        storage.setAttributes(.empty, range: NSRange(location: 2, length: 5))
        #expect(storage.attributeRunCount == 1)
        #expect(storage.attributeRun(at: 4).range == NSRange(location: 0, length: 10))
    }

    @Test("addAttributes merges field by field; removeAttribute clears one field")
    func addAndRemove() {
        let storage = TextStorage(string: "abcdef", attributes: red)
        storage.addAttributes(struck, range: NSRange(location: 2, length: 2))
        #expect(runTexts(storage) == ["ab", "cd", "ef"])
        #expect(storage.attributes(at: 2) == TextAttributes(foregroundColor: .red, strikethrough: .single))
        storage.addAttributes(blue, range: NSRange(location: 3, length: 3))
        #expect(storage.attributes(at: 3) == TextAttributes(foregroundColor: .blue, strikethrough: .single))
        #expect(storage.attributes(at: 5) == blue)
        storage.removeAttribute(.strikethrough, range: NSRange(location: 0, length: 6))
        #expect(runTexts(storage) == ["abc", "def"])
        storage.removeAttribute(.foregroundColor, range: NSRange(location: 0, length: 6))
        #expect(storage.attributeRunCount == 1)
        #expect(storage.attributes(at: 0) == .empty)
    }

    @Test("replacing with attributed text keeps its runs and merges equal neighbours")
    func attributedReplacement() {
        let storage = TextStorage(string: "[]", attributes: red)
        storage.replaceCharacters(in: NSRange(location: 1, length: 0), with: AttributedText([("x", red), ("y", blue)]))
        #expect(runTexts(storage) == ["[x", "y", "]"])
        storage.append(AttributedText("!", attributes: red))
        #expect(runTexts(storage) == ["[x", "y", "]!"])
        #expect(storage.attributedText == AttributedText([("[x", red), ("y", blue), ("]!", red)]))
        storage.setAttributedText(AttributedText("plain"))
        #expect(storage.string == "plain")
        #expect(storage.attributeRunCount == 1)
        storage.deleteCharacters(in: NSRange(location: 0, length: 5))
        #expect(storage.length == 0)
        #expect(storage.attributeRunCount == 0)
        #expect(storage.runsAreValid)
    }

    @Test("attributeRuns(in:) clips to the range; enumeration can stop")
    func runEnumeration() {
        let storage = TextStorage(AttributedText([("aaa", red), ("bbb", blue), ("ccc", red)]))
        let clipped = storage.attributeRuns(in: NSRange(location: 2, length: 5))
        #expect(clipped.map(\.range) == [NSRange(location: 2, length: 1), NSRange(location: 3, length: 3), NSRange(location: 6, length: 1)])
        var seen = 0
        storage.enumerateAttributeRuns { _, stop in
            seen += 1
            stop = seen == 2
        }
        #expect(seen == 2)
        #expect(storage.attributedSubstring(from: NSRange(location: 2, length: 2)) == AttributedText([("a", red), ("b", blue)]))
    }

    @Test("random edits agree with a per-character reference model", arguments: [1, 2, 3, 4])
    func randomEditsMatchReference(seed: UInt64) {
        var generator = StorageTestRandom(seed: seed)
        let palette: [TextAttributes] = [.empty, red, blue, struck, TextAttributes(foregroundColor: .red, strikethrough: .single)]
        let pieces = ["", "a", "bc", "é", "👍🏽", "\n", "xyz\r\n", "long text piece"]
        let storage = TextStorage()
        var modelUnits: [UInt16] = []
        var modelAttributes: [TextAttributes] = []
        for step in 0..<400 {
            let length = modelUnits.count
            let location = Int(generator.next() % UInt64(length + 1))
            let rangeLength = Int(generator.next() % UInt64(length - location + 1))
            let range = NSRange(location: location, length: min(rangeLength, 6))
            let attributes = palette[Int(generator.next() % UInt64(palette.count))]
            switch generator.next() % 5 {
            case 0, 1:
                let text = pieces[Int(generator.next() % UInt64(pieces.count))]
                let inherited: TextAttributes =
                    range.length > 0 ? modelAttributes[range.location]
                    : range.location > 0 ? modelAttributes[range.location - 1]
                    : length > 0 ? modelAttributes[0] : .empty
                storage.replaceCharacters(in: range, with: text)
                let units = Array(text.utf16)
                modelUnits.replaceSubrange(range.location..<range.location + range.length, with: units)
                modelAttributes.replaceSubrange(
                    range.location..<range.location + range.length, with: Array(repeating: inherited, count: units.count))
            case 2:
                let text = pieces[Int(generator.next() % UInt64(pieces.count))]
                storage.replaceCharacters(in: range, with: AttributedText(text, attributes: attributes))
                let units = Array(text.utf16)
                modelUnits.replaceSubrange(range.location..<range.location + range.length, with: units)
                modelAttributes.replaceSubrange(
                    range.location..<range.location + range.length, with: Array(repeating: attributes, count: units.count))
            case 3:
                storage.setAttributes(attributes, range: range)
                for index in range.location..<range.location + range.length { modelAttributes[index] = attributes }
            default:
                storage.addAttributes(attributes, range: range)
                for index in range.location..<range.location + range.length {
                    modelAttributes[index] = modelAttributes[index].merging(attributes)
                }
            }
            #expect(storage.runsAreValid, "invalid runs after step \(step)")
            #expect(storage.utf16Characters(in: NSRange(location: 0, length: storage.length)) == modelUnits)
            var flattened: [TextAttributes] = []
            for run in storage.attributeRuns() {
                flattened += Array(repeating: run.attributes, count: run.range.length)
            }
            #expect(flattened == modelAttributes, "attributes differ after step \(step)")
            if flattened != modelAttributes { return }
        }
    }

    @Test("a category switch's worth of new attribute values does not grow the table forever")
    func tableCompaction() {
        let storage = TextStorage(string: String(repeating: "word ", count: 100))
        for round in 0..<2_000 {
            storage.setAttributes(TextAttributes(kerning: Double(round)), range: NSRange(location: 0, length: storage.length))
        }
        #expect(storage.attributeTableCount < 600)
        #expect(storage.attributes(at: 0) == TextAttributes(kerning: 1999))
        #expect(storage.runsAreValid)
    }
}

@Suite("TextStorage paragraph ranges")
struct StorageParagraphTests {
    @Test("paragraphRange(for:) agrees with NSString on \\n, \\r, \\r\\n, U+2029, U+2028, U+0085", arguments: [7, 8, 9])
    func matchesNSString(seed: UInt64) {
        var generator = StorageTestRandom(seed: seed)
        let alphabet = ["a", "é", "👍", "\n", "\r", "\r\n", "\u{2029}", "\u{2028}", "\u{85}", " "]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let storage = TextStorage(string: text)
            let ns = text as NSString
            let location = Int(generator.next() % UInt64(ns.length + 1))
            let length = Int(generator.next() % UInt64(ns.length - location + 1))
            let range = NSRange(location: location, length: length)
            #expect(storage.paragraphRange(for: range) == ns.paragraphRange(for: range), "\(text.debugDescription) \(range)")
        }
    }

    @Test("paragraphs end at \\n, \\r, \\r\\n and U+2029; U+2028 is a line separator only")
    func separators() {
        let storage = TextStorage(string: "one\r\ntwo\u{2028}still two\nthree\u{2029}four\rfive")
        let paragraphs = storage.paragraphRanges(in: NSRange(location: 0, length: storage.length)).map(storage.substring(with:))
        #expect(paragraphs == ["one\r\n", "two\u{2028}still two\n", "three\u{2029}", "four\r", "five"])
        // Between \r and \n: the paragraph that the pair ends.
        #expect(storage.paragraphRange(for: NSRange(location: 4, length: 0)) == NSRange(location: 0, length: 5))
        // At the end of a text ending with a terminator: the empty paragraph there.
        let trailing = TextStorage(string: "ab\n")
        #expect(trailing.paragraphRange(for: NSRange(location: 3, length: 0)) == NSRange(location: 3, length: 0))
        #expect(trailing.paragraphRanges(in: NSRange(location: 3, length: 0)).isEmpty)
    }

    @Test("the invalidation range of an edit adds the paragraph starting right after it")
    func invalidationRange() {
        let storage = TextStorage(string: "ab\n\ncd\nef")
        // Typed "\n" at 2 ("ab" + "\n" + "\ncd…"): edited (2,1) → "ab\n" and the new empty paragraph.
        #expect(storage.invalidationRange(forEditedRange: NSRange(location: 2, length: 1)) == NSRange(location: 0, length: 4))
        // Typed a letter inside "cd": only its paragraph.
        #expect(storage.invalidationRange(forEditedRange: NSRange(location: 5, length: 1)) == NSRange(location: 4, length: 3))
        // A deletion (empty edited range) inside the last paragraph.
        #expect(storage.invalidationRange(forEditedRange: NSRange(location: 8, length: 0)) == NSRange(location: 7, length: 2))
    }
}

/// A small deterministic generator (StorageTestRandom) so random tests are reproducible.
struct StorageTestRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
