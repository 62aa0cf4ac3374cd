internal import CFriBidi

// Every call into FriBidi in the package is in this file: the bidi analysis of a paragraph
// (bidi types, bracket types, embedding levels) and the version. FriBidi keeps no state between
// calls, so there is no handle to own; its one failure (no memory for the level resolution) is
// checked and thrown as ``ShapingError/outOfMemory(operation:)``.

/// FriBidi's version, e.g. `1.0.8`: the bidi levels, and so run order, depend on its Unicode
/// data. Taken from the headers built against (`FRIBIDI_VERSION`): the runtime string
/// `fribidi_version_info` is a mutable C global, which Swift 6 refuses to read.
enum FriBidiCalls {
    static let version: String = FRIBIDI_VERSION
}

extension BidiAnalysis {
    /// Bidi-type bits that mean "right to left or explicit formatting is present" (strong RTL,
    /// Arabic letter or number, explicit embedding/override/isolate): without them every level is
    /// 0 in an LTR or natural paragraph, and FriBidi's level resolution can be skipped.
    private static let rtlOrExplicitMask = UInt32(
        FRIBIDI_MASK_RTL | FRIBIDI_MASK_ARABIC | FRIBIDI_MASK_EXPLICIT | FRIBIDI_MASK_ISOLATE)
    /// Whitespace, isolates, boundary neutrals and explicit embeddings: what rule L1 moves to the
    /// paragraph level at the end of a line.
    private static let trailingWhitespaceMask = UInt32(
        FRIBIDI_MASK_WS | FRIBIDI_MASK_ISOLATE | FRIBIDI_MASK_BN | FRIBIDI_MASK_EXPLICIT)

    /// Runs FriBidi over `codePoints` (UTF-32).
    static func analyze(_ codePoints: [UInt32], direction: BaseWritingDirection) throws(ShapingError) -> BidiAnalysis {
        let count = codePoints.count
        let requested: FriBidiParType
        switch direction {
        case .natural: requested = FRIBIDI_PAR_ON
        case .leftToRight: requested = FRIBIDI_PAR_LTR
        case .rightToLeft: requested = FRIBIDI_PAR_RTL
        }
        guard count > 0 else {
            return BidiAnalysis(levels: [], bracketTypes: [], baseLevel: direction == .rightToLeft ? 1 : 0)
        }
        guard count < Int(Int32.max) else { throw .paragraphTooLong(utf16Count: count) }
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_LTR, count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        codePoints.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { typesOut in
                fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), typesOut.baseAddress)
            }
            types.withUnsafeBufferPointer { typesIn in
                brackets.withUnsafeMutableBufferPointer { bracketsOut in
                    fribidi_get_bracket_types(
                        text.baseAddress, FriBidiStrIndex(count), typesIn.baseAddress, bracketsOut.baseAddress)
                }
            }
        }
        // Fast path for the common case (Latin, CJK, emoji text in an LTR paragraph): no strong RTL
        // character, Arabic number or explicit formatting means every level is 0 (rules P3, X1–I2).
        if direction != .rightToLeft, !types.contains(where: { $0.rawValue & rtlOrExplicitMask != 0 }) {
            return BidiAnalysis(
                levels: [UInt8](repeating: 0, count: count), bracketTypes: brackets, baseLevel: 0)
        }
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var baseDirection = requested
        let result = types.withUnsafeBufferPointer { typesIn in
            brackets.withUnsafeBufferPointer { bracketsIn in
                levels.withUnsafeMutableBufferPointer { levelsOut in
                    fribidi_get_par_embedding_levels_ex(
                        typesIn.baseAddress, bracketsIn.baseAddress, FriBidiStrIndex(count), &baseDirection,
                        levelsOut.baseAddress)
                }
            }
        }
        // Returns the maximum level + 1, or 0 when it could not allocate its working memory.
        guard result != 0 else { throw .outOfMemory(operation: "fribidi_get_par_embedding_levels_ex") }
        let baseLevel: UInt8 = baseDirection.rawValue & UInt32(FRIBIDI_MASK_RTL) != 0 ? 1 : 0
        var resolved = levels.map { UInt8(clamping: Int($0)) }
        // L1 part 4 (FriBidi leaves it to fribidi_reorder_line): whitespace and isolate/explicit
        // formatting characters at the end of a line take the paragraph level. The paragraph's end
        // is always a line end, so apply it here; the line builder does the same at its breaks.
        var index = count - 1
        while index >= 0 && types[index].rawValue & trailingWhitespaceMask != 0 {
            resolved[index] = baseLevel
            index -= 1
        }
        return BidiAnalysis(levels: resolved, bracketTypes: brackets, baseLevel: baseLevel)
    }

}
