import FontSystem

/// A stretch of a paragraph with one font (after fallback), spacing, script and bidi level:
/// the unit HarfBuzz shapes.
struct ShapingItem {
    /// UTF-16 offsets in the paragraph.
    var range: Range<Int>
    /// Index into the paragraph's font table.
    var fontIndex: Int
    /// Kerning and tracking of the span.
    var spacing: Spacing
    var script: ScriptCode
    var level: UInt8
    /// Whether every character's own script is weak (spaces, punctuation, digits, emoji): the
    /// item may take a neighbour's script.
    var isAllWeak: Bool

    /// A span's spacing attributes (see ``FontSpan/kerning`` and ``FontSpan/trackingPoints``).
    struct Spacing: Equatable {
        var kerning: Double?
        var trackingPoints: Double

        init(_ span: FontSpan) {
            kerning = span.kerning
            trackingPoints = span.trackingPoints
        }

        /// Whether the font's own kerning is turned off (kerning attribute 0).
        var kerningOff: Bool { kerning == 0 }

        /// Points added after each cluster: extra kerning (when not 0) plus tracking.
        var extraPerCluster: Double { (kerning ?? 0) + trackingPoints }
    }

    /// Whether this item and `other` differ at most in script (so one can absorb the other).
    func matchesExceptScript(_ other: ShapingItem) -> Bool {
        fontIndex == other.fontIndex && level == other.level && spacing == other.spacing
    }

    /// Whether a grapheme with these properties continues this item.
    @inline(__always)
    func continues(fontIndex: Int, spacing: Spacing, script: ScriptCode, level: UInt8) -> Bool {
        self.fontIndex == fontIndex && self.script == script && self.level == level && self.spacing == spacing
    }
}

/// A font used in the paragraph with its HarfBuzz font.
struct ParagraphFont {
    var font: ResolvedFont
    var harfBuzz: HarfBuzzFont
}

/// The paragraph decoded into code points and grapheme clusters (extended grapheme clusters,
/// UAX #29, from Swift's `Character` segmentation).
struct DecodedParagraph {
    /// Each Unicode scalar (lone surrogates become U+FFFD, one per code unit, so offsets hold).
    var codePoints: [UInt32] = []
    /// Each scalar's UTF-16 offset in the paragraph.
    var scalarOffsets: [Int32] = []
    /// Index (into `codePoints`) of the first scalar of each grapheme cluster.
    var graphemeStarts: [Int32] = []
    /// Number of UTF-16 units.
    var utf16Count = 0

    init(_ utf16: UnsafeBufferPointer<UInt16>) {
        utf16Count = utf16.count
        codePoints.reserveCapacity(utf16.count)
        scalarOffsets.reserveCapacity(utf16.count)
        graphemeStarts.reserveCapacity(utf16.count)
        // Fast path: below U+0300 (ASCII, Latin-1, Latin Extended A/B) there are no marks, joiners
        // or prepended characters, so every code unit is its own grapheme cluster except CR LF
        // (UAX #29 GB3). Skips building a String and segmenting it.
        if !utf16.contains(where: { $0 >= 0x300 }) {
            for index in 0..<utf16.count {
                let unit = utf16[index]
                if !(unit == 0x0A && index > 0 && utf16[index - 1] == 0x0D) {
                    graphemeStarts.append(Int32(index))
                }
                codePoints.append(UInt32(unit))
                scalarOffsets.append(Int32(index))
            }
            return
        }
        let string = String(decoding: utf16, as: UTF16.self)
        var offset = 0
        for character in string {
            graphemeStarts.append(Int32(codePoints.count))
            for scalar in character.unicodeScalars {
                codePoints.append(scalar.value)
                scalarOffsets.append(Int32(offset))
                offset += scalar.value > 0xFFFF ? 2 : 1
            }
        }
        if offset != utf16.count {
            // Repair did not keep one replacement per ill-formed unit: decode by hand instead,
            // every scalar its own cluster (offsets must match the caller's UTF-16 exactly).
            codePoints.removeAll(keepingCapacity: true)
            scalarOffsets.removeAll(keepingCapacity: true)
            graphemeStarts.removeAll(keepingCapacity: true)
            var index = 0
            while index < utf16.count {
                let unit = utf16[index]
                var value = UInt32(unit)
                var length = 1
                if UTF16.isLeadSurrogate(unit), index + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[index + 1]) {
                    value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(utf16[index + 1]) - 0xDC00)
                    length = 2
                } else if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                    value = 0xFFFD
                }
                graphemeStarts.append(Int32(codePoints.count))
                codePoints.append(value)
                scalarOffsets.append(Int32(index))
                index += length
            }
        }
    }

    /// Scalar index range of grapheme `index`.
    @inline(__always)
    func scalars(ofGrapheme index: Int) -> Range<Int> {
        let start = Int(graphemeStarts[index])
        let end = index + 1 < graphemeStarts.count ? Int(graphemeStarts[index + 1]) : codePoints.count
        return start..<end
    }

    /// UTF-16 offset of scalar `index` (the paragraph length past the end).
    @inline(__always)
    func utf16Offset(ofScalar index: Int) -> Int {
        index < scalarOffsets.count ? Int(scalarOffsets[index]) : utf16Count
    }
}

/// Character classes that matter for font selection.
enum ScalarClass {
    /// Control characters, line and paragraph separators: never shaped visibly (TextKit gives them
    /// zero-width control glyphs), never a reason to change fonts.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F) || value == 0x2028 || value == 0x2029
    }

    /// Characters that do not decide a cluster's font: controls and default-ignorables (ZWJ, ZWNJ,
    /// variation selectors, tags, bidi marks, soft hyphen). HarfBuzz hides default-ignorables, so
    /// a font lacking them still draws the cluster correctly.
    @inline(__always)
    static func isIgnorable(_ value: UInt32) -> Bool {
        if value < 0x80 { return isControl(value) }
        if isControl(value) { return true }
        guard let scalar = Unicode.Scalar(value) else { return true }
        return scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Space separators: HarfBuzz synthesizes them from U+0020 when the font lacks them.
    @inline(__always)
    static func isSpaceSeparator(_ value: UInt32) -> Bool {
        value == 0x20 || value == 0xA0 || value == 0x1680 || (value >= 0x2000 && value <= 0x200A) || value == 0x202F
            || value == 0x205F || value == 0x3000
    }
}

/// Splits one paragraph into ``ShapingItem``s: picks a font per grapheme cluster (with
/// fallback), then groups clusters of equal font, spacing, script and bidi level.
struct ParagraphItemizer {
    let resolver: FontResolver
    let cache: HarfBuzzFontCache
    let decoded: DecodedParagraph
    let spans: [FontSpan]
    let scripts: ScriptResolution.Result
    let levels: [UInt8]

    /// Fonts used so far (span fonts and fallbacks), deduplicated.
    private(set) var fonts: [ParagraphFont] = []
    private(set) var fallbacks: [FontFallbackEvent] = []
    private var spanFontIndex: [Int?]
    /// Per span: its start and spacing (read per cluster, so kept apart from the span's font).
    private let spanStarts: [Int]
    private let spacings: [ShapingItem.Spacing]
    /// Per font in `fonts`: which printable ASCII characters it has (the common case, answered
    /// without calling HarfBuzz).
    private var asciiCoverage: [HarfBuzzFont.ASCIICoverage] = []
    /// Per paragraph: (scalar, font asked for) → fallback font index, or nil when none has it.
    private var fallbackCache: [FallbackKey: Int?] = [:]

    private struct FallbackKey: Hashable {
        var scalar: UInt32
        var font: Int
    }

    init(
        resolver: FontResolver, cache: HarfBuzzFontCache, decoded: DecodedParagraph, spans: [FontSpan],
        scripts: ScriptResolution.Result, levels: [UInt8]
    ) {
        self.resolver = resolver
        self.cache = cache
        self.decoded = decoded
        self.spans = spans
        self.scripts = scripts
        self.levels = levels
        self.spanFontIndex = Array(repeating: nil, count: spans.count)
        self.spanStarts = spans.map(\.range.lowerBound)
        self.spacings = spans.map(ShapingItem.Spacing.init)
    }

    /// The items of the paragraph in logical order.
    mutating func itemize() throws(ShapingError) -> [ShapingItem] {
        var items: [ShapingItem] = []
        var spanIndex = 0
        var previous: (font: Int, span: Int)? = nil
        let graphemeCount = decoded.graphemeStarts.count
        for grapheme in 0..<graphemeCount {
            let scalars = decoded.scalars(ofGrapheme: grapheme)
            let start = decoded.utf16Offset(ofScalar: scalars.lowerBound)
            let end = decoded.utf16Offset(ofScalar: scalars.upperBound)
            // The span in effect: the last one starting at or before this cluster (a gap takes the
            // span before it, text before the first span takes the first).
            while spanIndex + 1 < spanStarts.count && spanStarts[spanIndex + 1] <= start { spanIndex += 1 }
            let spacing = spacings[spanIndex]
            let requested = try fontIndex(forSpan: spanIndex)
            let inherited = previous.flatMap { $0.span == spanIndex ? $0.font : nil }
            let chosen: Int
            if scalars.count == 1 && asciiCoverage[requested].contains(decoded.codePoints[scalars.lowerBound]) {
                // Fast path: one printable ASCII character the span's font has.
                chosen = requested
            } else {
                chosen = try chooseFont(for: scalars, requested: requested, inherited: inherited)
            }
            if chosen != requested {
                recordFallback(start..<end, requested: requested, used: chosen)
            }
            previous = (chosen, spanIndex)
            let script = scripts.scripts[scalars.lowerBound]
            let level = levels[scalars.lowerBound]
            let weak = !scalars.contains { !scripts.isWeak[$0] }
            if let last = items.indices.last,
                items[last].range.upperBound == start,
                items[last].continues(fontIndex: chosen, spacing: spacing, script: script, level: level)
            {
                items[last].range = items[last].range.lowerBound..<end
                items[last].isAllWeak = items[last].isAllWeak && weak
            } else {
                items.append(
                    ShapingItem(
                        range: start..<end, fontIndex: chosen, spacing: spacing, script: script, level: level,
                        isAllWeak: weak))
            }
        }
        return Self.mergeWeakItems(items)
    }

    /// Joins an item of only weak-script characters to the item after it when they differ only in
    /// script. Script resolution gives a space the script before it, but bidi may give it the
    /// level after it: in "abc שלום def" the space after the Hebrew word is Hebrew by script and
    /// level 0 by bidi, and belongs with "def" rather than in a run of its own.
    static func mergeWeakItems(_ items: [ShapingItem]) -> [ShapingItem] {
        guard items.count > 1 else { return items }
        var merged: [ShapingItem] = []
        merged.reserveCapacity(items.count)
        for item in items.reversed() {
            if item.isAllWeak, var next = merged.last, next.range.lowerBound == item.range.upperBound,
                item.matchesExceptScript(next)
            {
                next.range = item.range.lowerBound..<next.range.upperBound
                merged[merged.count - 1] = next
            } else {
                merged.append(item)
            }
        }
        return merged.reversed()
    }

    // MARK: Fonts

    private mutating func fontIndex(forSpan index: Int) throws(ShapingError) -> Int {
        if let known = spanFontIndex[index] { return known }
        let found = try fontIndex(for: spans[index].font)
        spanFontIndex[index] = found
        return found
    }

    /// The index of `font` in the paragraph's font table, adding it (and its HarfBuzz font).
    mutating func fontIndex(for font: ResolvedFont) throws(ShapingError) -> Int {
        if let found = fonts.firstIndex(where: { $0.font == font }) { return found }
        let harfBuzz = try cache.font(for: font)
        fonts.append(ParagraphFont(font: font, harfBuzz: harfBuzz))
        asciiCoverage.append(harfBuzz.asciiCoverage)
        return fonts.count - 1
    }

    /// The font for one grapheme cluster. The whole cluster gets one font, so a base and its
    /// combining marks, or an emoji with its skin tone, ZWJ partners and variation selectors,
    /// are never split across fonts.
    private mutating func chooseFont(for scalars: Range<Int>, requested: Int, inherited: Int?) throws(ShapingError)
        -> Int
    {
        let codePoints = decoded.codePoints
        var base: UInt32?
        var textPresentation = false
        var emojiPresentation = false
        for index in scalars {
            let value = codePoints[index]
            switch value {
            case 0xFE0E: textPresentation = true
            case 0xFE0F: emojiPresentation = true
            case 0x1F3FB...0x1F3FF: if base != nil { emojiPresentation = true }
            default: break
            }
            if base == nil && !ScalarClass.isIgnorable(value) { base = value }
        }
        guard let base else {
            // Only controls and invisible format characters: stay with the neighbour so they do
            // not split a run (a ZWJ or newline after an emoji stays in the emoji's run).
            return inherited ?? requested
        }
        if !textPresentation && !emojiPresentation && base >= 0x80,
            let scalar = Unicode.Scalar(base), scalar.properties.isEmojiPresentation
        {
            emojiPresentation = true
        }
        // Emoji presentation asks for the colour emoji font even when the text font has a
        // monochrome glyph (as Core Text picks Apple Color Emoji for U+2764 U+FE0F).
        if emojiPresentation, !fonts[requested].font.face.hasColor, let emoji = try emojiFont(for: base, requested),
            covers(emoji, scalars)
        {
            return emoji
        }
        if covers(requested, scalars) { return requested }
        let firstMissing = scalars.first { !ScalarClass.isIgnorable(codePoints[$0]) && !covers(requested, $0..<$0 + 1) }
        var candidates: [Int] = []
        if let firstMissing, let found = try fallback(for: codePoints[firstMissing], replacing: requested) {
            candidates.append(found)
        }
        let baseMissing = !covers(requested, scalar: base)
        if baseMissing, let found = try fallback(for: base, replacing: requested), !candidates.contains(found) {
            candidates.append(found)
        }
        // A font that has the whole cluster; else one that at least has its base (its marks may
        // still compose to a precomposed glyph, or show as .notdef); else the span's font (.notdef).
        if let whole = candidates.first(where: { covers($0, scalars) }) { return whole }
        if !baseMissing { return requested }
        return candidates.first { covers($0, scalar: base) } ?? requested
    }

    /// The colour emoji font for a cluster asking for emoji presentation: the fallback for its
    /// base if that is a colour font, else the resolver's emoji font (found through U+1F600,
    /// because bases such as the digit of a keycap sequence classify as plain text).
    private mutating func emojiFont(for base: UInt32, _ requested: Int) throws(ShapingError) -> Int? {
        if let found = try fallback(for: base, replacing: requested), fonts[found].font.face.hasColor {
            return found
        }
        if let found = try fallback(for: 0x1F600, replacing: requested), fonts[found].font.face.hasColor {
            return found
        }
        return nil
    }

    /// Whether font `index` has every character of the cluster that needs a glyph.
    private func covers(_ index: Int, _ scalars: Range<Int>) -> Bool {
        for scalar in scalars {
            let value = decoded.codePoints[scalar]
            if ScalarClass.isIgnorable(value) { continue }
            if !covers(index, scalar: value) { return false }
        }
        return true
    }

    private func covers(_ index: Int, scalar value: UInt32) -> Bool {
        let font = fonts[index].harfBuzz
        if font.nominalGlyph(value) != nil { return true }
        // HarfBuzz draws missing space separators with the space glyph at the right width.
        return ScalarClass.isSpaceSeparator(value) && font.spaceGlyph != 0
    }

    /// The resolver's fallback for `scalar` in place of font `index`, as a font-table index.
    private mutating func fallback(for scalar: UInt32, replacing index: Int) throws(ShapingError) -> Int? {
        let key = FallbackKey(scalar: scalar, font: index)
        if let cached = fallbackCache[key] { return cached }
        var found: Int?
        if let unicodeScalar = Unicode.Scalar(scalar),
            let font = resolver.fallbackFont(for: unicodeScalar, replacing: fonts[index].font)
        {
            found = try fontIndex(for: font)
        }
        fallbackCache[key] = .some(found)
        return found
    }

    private mutating func recordFallback(_ range: Range<Int>, requested: Int, used: Int) {
        let requestedFamily = fonts[requested].font.familyName
        let usedFont = fonts[used].font
        if let last = fallbacks.indices.last, fallbacks[last].range.upperBound == range.lowerBound,
            fallbacks[last].requestedFamily == requestedFamily, fallbacks[last].usedFont == usedFont
        {
            fallbacks[last].range = fallbacks[last].range.lowerBound..<range.upperBound
            return
        }
        fallbacks.append(
            FontFallbackEvent(
                range: range, requestedFamily: requestedFamily, usedFamily: usedFont.familyName, usedFont: usedFont))
    }
}
