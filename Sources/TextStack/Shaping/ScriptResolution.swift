import CHarfBuzz

/// Resolves each code point's Unicode script so that Common and Inherited characters (spaces,
/// punctuation, digits, combining marks, emoji) join a neighbouring real script, as ICU's
/// `usc_*` script runs and Pango do (UAX #24 style).
///
/// - Inherited and Common characters take the script of the run they are in: the previous
///   real script, or at the start of the paragraph the next one.
/// - A closing bracket takes the script of its opening bracket, so `(שלום)` in Latin text and
///   `abc (def)` keep their brackets with the text they enclose.
///
/// A paragraph with no real script at all stays `Zyyy` (Common).
enum ScriptResolution {
    /// Per code point: the resolved script, and whether the character's own script is weak
    /// (Common, Inherited, Unknown), i.e. it could belong to either neighbour.
    struct Result {
        var scripts: [hb_script_t]
        var isWeak: [Bool]
    }

    /// Resolves the scripts of a paragraph's code points.
    static func resolve(_ codePoints: [UInt32], bracketTypes: [UInt32]) -> Result {
        let count = codePoints.count
        guard count > 0 else { return Result(scripts: [], isWeak: []) }
        let unicode = hb_unicode_funcs_get_default()
        var resolved = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: count)
        var weak = [Bool](repeating: false, count: count)
        var runStart = 0
        var runScript = HB_SCRIPT_COMMON
        // Open brackets not yet closed: their pair identity and the script they were opened in.
        var brackets: [(id: UInt32, script: hb_script_t)] = []

        for index in 0..<count {
            var script = hb_unicode_script(unicode, codePoints[index])
            weak[index] = isWeak(script)
            let bracket = index < bracketTypes.count ? bracketTypes[index] : 0
            let bracketID = BidiAnalysis.bracketID(bracket)
            if bracketID != 0 {
                if BidiAnalysis.isOpeningBracket(bracket) {
                    // Nesting deeper than this is not text, and the stack must stay bounded.
                    if brackets.count >= 64 { brackets.removeFirst() }
                    brackets.append((bracketID, runScript))
                } else if let match = brackets.lastIndex(where: { $0.id == bracketID }) {
                    if !isWeak(brackets[match].script) { script = brackets[match].script }
                    brackets.removeSubrange(match...)
                }
            }
            if isWeak(script) || script == runScript {
                continue
            }
            if isWeak(runScript) {
                // The run's first real script: the Common/Inherited characters before it join it,
                // and so do brackets opened in them.
                runScript = script
                for b in brackets.indices where isWeak(brackets[b].script) { brackets[b].script = script }
                continue
            }
            // A new real script: close the run.
            for i in runStart..<index { resolved[i] = runScript }
            runStart = index
            runScript = script
        }
        for i in runStart..<count { resolved[i] = runScript }
        return Result(scripts: resolved, isWeak: weak)
    }

    /// Common, Inherited and Unknown join their neighbours.
    @inline(__always)
    static func isWeak(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            || script == HB_SCRIPT_INVALID
    }

    /// The ISO 15924 tag of a script, e.g. `Latn`.
    static func tag(_ script: hb_script_t) -> String {
        let value = hb_script_to_iso15924_tag(script)
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
