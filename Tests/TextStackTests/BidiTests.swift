import CFriBidi
import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Bidi levels from FriBidi in the shaper's runs, and the L2 visual reordering of runs.
@Suite("Bidi: levels, run direction and visual order")
struct BidiTests {
    @Test("“abc שלום def” in an LTR paragraph: three runs, the Hebrew one level 1 with its glyphs right to left")
    func mixedLTRParagraph() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let paragraph = try ShapingFixtures.shape("abc שלום def", font: font, direction: .leftToRight)
        #expect(paragraph.baseLevel == 0 && !paragraph.isRightToLeft)
        #expect(paragraph.runs.map(\.range) == [0..<4, 4..<8, 8..<12])
        #expect(paragraph.runs.map(\.bidiLevel) == [0, 1, 0])
        #expect(paragraph.runs.map(\.isRightToLeft) == [false, true, false])
        #expect(paragraph.runs.map(\.script) == ["Latn", "Hebr", "Latn"])
        // Visual order within the run: HarfBuzz returns RTL glyphs left to right, so the logical
        // last letter (ם, offset 7) comes first.
        #expect(paragraph.runs[1].glyphs.map(\.cluster) == [7, 6, 5, 4])
        #expect(paragraph.runs[0].glyphs.map(\.cluster) == [0, 1, 2, 3])
        #expect(BidiReordering.visualOrder(levels: paragraph.runs.map(\.bidiLevel)) == [0, 1, 2])
    }

    @Test("an all-Hebrew paragraph with natural direction is RTL; with no strong character, LTR")
    func naturalDirection() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let hebrew = try ShapingFixtures.shape("שלום עולם", font: font)
        #expect(hebrew.isRightToLeft && hebrew.baseLevel == 1)
        #expect(hebrew.runs.count == 1)
        #expect(hebrew.runs.allSatisfy { $0.bidiLevel == 1 && $0.isRightToLeft })
        let arabic = try ShapingFixtures.shape("مرحبا بالعالم", font: font)
        #expect(arabic.isRightToLeft)
        #expect(arabic.runs.map(\.script) == ["Arab"])
        let neutral = try ShapingFixtures.shape("123 !?", font: font)
        #expect(!neutral.isRightToLeft)
        let forced = try ShapingFixtures.shape("abc", font: font, direction: .rightToLeft)
        #expect(forced.baseLevel == 1)
        #expect(forced.runs.map(\.bidiLevel) == [2], "LTR text in an RTL paragraph: level 2 (rule I2)")
    }

    @Test("“שלום abc עולם” (natural → RTL): levels 1 2 1, and visualOrder puts the runs right to left")
    func rtlParagraphReordering() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let paragraph = try ShapingFixtures.shape("שלום abc עולם", font: font)
        #expect(paragraph.isRightToLeft)
        #expect(paragraph.runs.map(\.bidiLevel) == [1, 2, 1])
        #expect(paragraph.runs.map(\.range) == [0..<5, 5..<8, 8..<13])
        #expect(BidiReordering.visualOrder(levels: paragraph.runs.map(\.bidiLevel)) == [2, 1, 0])
    }

    @Test("a closing bracket keeps its opening bracket's script; numbers in Hebrew get level 2")
    func bracketsAndNumbers() throws {
        let font = try ShapingFixtures.font(ShapingFixtures.dejaVuSans, size: 17)
        let paragraph = try ShapingFixtures.shape("abc (שלום) def", font: font, direction: .leftToRight)
        #expect(paragraph.runs.map(\.range) == [0..<5, 5..<9, 9..<14])
        #expect(paragraph.runs.map(\.script) == ["Latn", "Hebr", "Latn"])
        let numbers = try ShapingFixtures.shape("שלום 123", font: font)
        #expect(numbers.runs.map(\.bidiLevel) == [1, 2])
    }

    @Test(
        "visualOrder follows UAX #9 rule L2",
        arguments: [
            ([], []),
            ([0, 0, 0], [0, 1, 2]),
            ([1, 1, 1], [2, 1, 0]),
            ([0, 1, 1, 0], [0, 2, 1, 3]),
            ([0, 1, 2, 1, 0], [0, 3, 2, 1, 4]),
            ([1, 2, 2, 1], [3, 1, 2, 0]),
            ([2, 2, 0, 2], [0, 1, 2, 3]),
            ([0, 2, 2, 0], [0, 1, 2, 3]),
            ([1, 2, 3, 2, 1], [4, 1, 2, 3, 0]),
        ] as [([UInt8], [Int])])
    func visualOrderExamples(_ levels: [UInt8], _ expected: [Int]) {
        #expect(BidiReordering.visualOrder(levels: levels) == expected)
    }

    @Test("visualOrder equals FriBidi's own line reordering on random level sequences")
    func visualOrderMatchesFriBidi() {
        var generator = BidiTestRandom(seed: 0x5EED)
        for _ in 0..<500 {
            let count = Int(generator.next() % 12) + 1
            let levels = (0..<count).map { _ in UInt8(generator.next() % 5) }
            #expect(BidiReordering.visualOrder(levels: levels) == Self.friBidiOrder(levels), "levels \(levels)")
        }
    }

    /// FriBidi's `fribidi_reorder_line` map (logical index per visual position) for these levels,
    /// with every character a strong letter so rule L1 changes nothing.
    static func friBidiOrder(_ levels: [UInt8]) -> [Int] {
        let count = levels.count
        let types = [FriBidiCharType](repeating: FRIBIDI_TYPE_LTR, count: count)
        var fribidiLevels = levels.map { FriBidiLevel($0) }
        var map = (0..<count).map { FriBidiStrIndex($0) }
        let base = levels.contains(where: { $0 & 1 == 1 }) && levels.allSatisfy({ $0 >= 1 })
            ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        let result = fribidi_reorder_line(
            0, types, FriBidiStrIndex(count), 0, base, &fribidiLevels, nil, &map)
        #expect(result != 0)
        return map.map { Int($0) }
    }
}

/// A small deterministic generator for reproducible random cases.
private struct BidiTestRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
