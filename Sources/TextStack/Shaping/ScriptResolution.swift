/// A Unicode script as HarfBuzz numbers it: its ISO 15924 tag as a big-endian 32-bit value
/// (`Latn` = 0x4C61746E), 0 for none.
struct ScriptCode: Hashable {
    var rawValue: UInt32

    /// `Zyyy`: spaces, punctuation, digits, most symbols.
    static let common = ScriptCode(tag: "Zyyy")
    /// `Zinh`: combining marks, which take their base's script.
    static let inherited = ScriptCode(tag: "Zinh")
    /// `Zzzz`: unassigned code points.
    static let unknown = ScriptCode(tag: "Zzzz")
    /// No script (HarfBuzz's `HB_SCRIPT_INVALID`).
    static let invalid = ScriptCode(rawValue: 0)

    init(rawValue: UInt32) { self.rawValue = rawValue }

    private init(tag: StaticString) {
        rawValue = tag.withUTF8Buffer { $0.reduce(0) { ($0 << 8) | UInt32($1) } }
    }
}

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
        var scripts: [ScriptCode]
        var isWeak: [Bool]
    }

    /// Resolves the scripts of a paragraph's code points.
    static func resolve(_ codePoints: [UInt32], bracketTypes: [UInt32]) -> Result {
        let count = codePoints.count
        guard count > 0 else { return Result(scripts: [], isWeak: []) }
        let unicode = HarfBuzzUnicodeFunctions.default
        var resolved = [ScriptCode](repeating: .common, count: count)
        var weak = [Bool](repeating: false, count: count)
        var runStart = 0
        var runScript = ScriptCode.common
        // Open brackets not yet closed: their pair identity and the script they were opened in.
        var brackets: [(id: UInt32, script: ScriptCode)] = []

        for index in 0..<count {
            var script = unicode.script(of: codePoints[index])
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
    static func isWeak(_ script: ScriptCode) -> Bool {
        script == .common || script == .inherited || script == .unknown || script == .invalid
    }

    /// The ISO 15924 tag of a script, e.g. `Latn`.
    static func tag(_ script: ScriptCode) -> String {
        let value = HarfBuzzCalls.iso15924Tag(of: script)
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
