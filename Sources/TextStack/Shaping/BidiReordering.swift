/// Visual reordering of bidi runs (UAX #9 rule L2), used by the line builder.
package enum BidiReordering {
    /// The visual order of items with these embedding levels: element `i` of the result is the
    /// logical index of the item drawn `i`-th from the left.
    ///
    /// Rule L2: from the highest level down to the lowest odd level, reverse every maximal
    /// sequence of items at that level or higher. The line builder applies it to the runs of one
    /// line (after giving trailing whitespace the paragraph level, rule L1).
    ///
    /// ```swift
    /// BidiReordering.visualOrder(levels: [0, 1, 1, 0])   // [0, 2, 1, 3]
    /// BidiReordering.visualOrder(levels: [1, 2, 1])      // [2, 1, 0]
    /// ```
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else {
            return order  // all even levels... or empty
        }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < levels.count {
                guard levels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < levels.count && levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}

/// The bidi analysis of one paragraph by FriBidi: an embedding level per code point (made by
/// `analyze(_:direction:)` in `C/FriBidiCalls.swift`).
struct BidiAnalysis {
    /// Per code point: its resolved embedding level (rules P2–I2 and L1 parts 1–3).
    var levels: [UInt8]
    /// Per code point: FriBidi's bracket type (0 = not a bracket; see `isOpeningBracket`).
    var bracketTypes: [UInt32]
    /// The paragraph level.
    var baseLevel: UInt8

    /// Whether a FriBidi bracket type is an opening bracket.
    static func isOpeningBracket(_ type: UInt32) -> Bool { type & 0x8000_0000 != 0 }
    /// The bracket pair's identity (shared by the opening and closing bracket), 0 if none.
    static func bracketID(_ type: UInt32) -> UInt32 { type & 0x7FFF_FFFF }
}
