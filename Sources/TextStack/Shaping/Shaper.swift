import FontSystem

/// Itemizes a paragraph into runs of one font, script and bidi level, and shapes each run with
/// HarfBuzz (the Core Text / TextKit typesetter's first half).
///
/// The pipeline, as in Pango: decode → bidi levels (FriBidi, UAX #9) → scripts (Common and
/// Inherited resolved to their neighbours) → a font per grapheme cluster (the span's font, or a
/// fallback from ``FontResolver/fallbackFont(for:replacing:)`` when it lacks a character) →
/// items of equal font, spacing, script and level → `hb_shape` per item with the whole paragraph
/// as context. Kerning (`kern`) and standard ligatures (`liga`, `clig`) are on, as in TextKit.
///
/// A shaper is cheap and safe to use from several threads at once; HarfBuzz fonts are cached
/// process-wide per face and size.
///
/// ```swift
/// let resolver = try FontResolver.shared()
/// let shaper = Shaper(resolver: resolver)
/// let body = try resolver.resolve(FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
/// let text = "Hello 中文 😀"
/// let paragraph = try shaper.shape(text, spans: [FontSpan(range: 0..<text.utf16.count, font: body)])
/// paragraph.runs.map(\.font.familyName)   // ["Inter", "WenQuanYi Micro Hei", "Inter", "Noto Color Emoji"]
/// ```
package final class Shaper: Sendable {
    /// The resolver asked for fallback fonts.
    public let resolver: FontResolver
    private let cache: HarfBuzzFontCache

    /// A shaper that falls back through `resolver`.
    public init(resolver: FontResolver) {
        self.resolver = resolver
        self.cache = HarfBuzzFontCache.shared
    }

    /// Shapes one paragraph.
    ///
    /// - Parameters:
    ///   - utf16: The paragraph's text in UTF-16 (ill-formed surrogates are shaped as U+FFFD).
    ///   - spans: Fonts and spacing over the paragraph, sorted by offset. A gap takes the span
    ///     before it; must not be empty unless the text is.
    ///   - baseDirection: The paragraph direction; `.natural` takes it from the first strong character.
    ///   - language: A BCP 47 tag for language-specific glyphs (OpenType `locl`), or nil for the
    ///     font's default.
    /// - Returns: Runs in logical order covering the whole text, with fallbacks and missing glyphs.
    /// - Throws: ``ShapingError`` when HarfBuzz cannot read a font or memory runs out.
    public func shape(
        _ utf16: UnsafeBufferPointer<UInt16>, spans: [FontSpan], baseDirection: BaseWritingDirection = .natural,
        language: String? = nil
    ) throws(ShapingError) -> ShapedParagraph {
        let count = utf16.count
        guard count < Int(Int32.max) else { throw .paragraphTooLong(utf16Count: count) }
        guard count > 0 else {
            return ShapedParagraph(
                runs: [], fallbacks: [], missingGlyphs: [], baseLevel: baseDirection == .rightToLeft ? 1 : 0,
                utf16Count: 0)
        }
        precondition(!spans.isEmpty, "Shaper.shape needs at least one FontSpan for \(count) UTF-16 units")
        let sortedSpans =
            spans.indices.dropFirst().allSatisfy({ spans[$0 - 1].range.lowerBound <= spans[$0].range.lowerBound })
            ? spans : spans.sorted { $0.range.lowerBound < $1.range.lowerBound }

        let decoded = DecodedParagraph(utf16)
        let bidi = try BidiAnalysis.analyze(decoded.codePoints, direction: baseDirection)
        let scripts = ScriptResolution.resolve(decoded.codePoints, bracketTypes: bidi.bracketTypes)
        var itemizer = ParagraphItemizer(
            resolver: resolver, cache: cache, decoded: decoded, spans: sortedSpans, scripts: scripts,
            levels: bidi.levels)
        let items = try itemizer.itemize()

        var buffer = try HarfBuzzBuffer(language: language)
        var runs: [ShapedRun] = []
        runs.reserveCapacity(items.count)
        var missing: [MissingGlyph] = []
        var scriptTags: [UInt32: String] = [:]
        for item in items {
            let font = itemizer.fonts[item.fontIndex]
            var glyphs = try buffer.shape(item, font: font.harfBuzz, text: utf16)
            let width = Self.finish(&glyphs, item: item, font: font.harfBuzz, text: utf16)
            if glyphs.contains(where: { $0.glyphID == 0 }) {
                missing += Self.missingGlyphs(in: glyphs, item: item, font: font, text: utf16)
            }
            let tag: String
            if let known = scriptTags[item.script.rawValue] {
                tag = known
            } else {
                tag = ScriptResolution.tag(item.script)
                scriptTags[item.script.rawValue] = tag
            }
            runs.append(
                ShapedRun(
                    range: item.range, font: font.font, glyphs: glyphs, bidiLevel: item.level, script: tag, width: width))
        }
        missing.sort { $0.offset < $1.offset }
        return ShapedParagraph(
            runs: runs, fallbacks: itemizer.fallbacks, missingGlyphs: missing, baseLevel: bidi.baseLevel,
            utf16Count: count)
    }

    /// Shapes one paragraph given as an array of UTF-16 units (see the `UnsafeBufferPointer` overload).
    public func shape(
        _ utf16: [UInt16], spans: [FontSpan], baseDirection: BaseWritingDirection = .natural, language: String? = nil
    ) throws(ShapingError) -> ShapedParagraph {
        try utf16.withUnsafeBufferPointer { (text) throws(ShapingError) -> ShapedParagraph in
            try shape(text, spans: spans, baseDirection: baseDirection, language: language)
        }
    }

    /// Shapes one paragraph given as a string; offsets in `spans` and the result are UTF-16 offsets.
    public func shape(
        _ text: String, spans: [FontSpan], baseDirection: BaseWritingDirection = .natural, language: String? = nil
    ) throws(ShapingError) -> ShapedParagraph {
        try shape(Array(text.utf16), spans: spans, baseDirection: baseDirection, language: language)
    }

    // MARK: After HarfBuzz

    /// Applies spacing and control-character rules to one run's glyphs; returns the run's width.
    ///
    /// - Extra kerning and tracking go on the advance of the last glyph of each cluster (in array
    ///   order), i.e. after each character cluster, as Core Text adds `kern` to a glyph's advance.
    ///   The run's last cluster gets it too: TextKit treats tracking as trailing space.
    /// - Control characters (tab, newline, separators) get zero advance and, if the font has no
    ///   glyph for them, its space glyph: TextKit draws them as invisible control glyphs, and
    ///   the line builder sizes tabs from tab stops.
    private static func finish(
        _ glyphs: inout [ShapedGlyph], item: ShapingItem, font: HarfBuzzFont, text: UnsafeBufferPointer<UInt16>
    ) -> Double {
        let extra = item.spacing.extraPerCluster
        var width = 0.0
        for index in glyphs.indices {
            let cluster = glyphs[index].cluster
            if ScalarClass.isControl(UInt32(text[cluster])) {
                glyphs[index].advance = 0
                glyphs[index].xOffset = 0
                if glyphs[index].glyphID == 0 { glyphs[index].glyphID = font.spaceGlyph }
            } else if extra != 0 && (index + 1 == glyphs.count || glyphs[index + 1].cluster != cluster) {
                glyphs[index].advance += extra
            }
            width += glyphs[index].advance
        }
        return width
    }

    /// The characters the .notdef glyphs of one run stand for: in each cluster with a .notdef,
    /// the first character the font lacks (control characters excepted: they are invisible).
    private static func missingGlyphs(
        in glyphs: [ShapedGlyph], item: ShapingItem, font: ParagraphFont, text: UnsafeBufferPointer<UInt16>
    ) -> [MissingGlyph] {
        // Cluster starts in logical order; a cluster ends where the next one starts.
        let starts = Array(Set(glyphs.map(\.cluster))).sorted()
        let notdefClusters = Set(glyphs.lazy.filter { $0.glyphID == 0 }.map(\.cluster))
        var found: [MissingGlyph] = []
        for (index, start) in starts.enumerated() where notdefClusters.contains(start) {
            if ScalarClass.isControl(UInt32(text[start])) { continue }
            let end = index + 1 < starts.count ? starts[index + 1] : item.range.upperBound
            var offset = start
            var culprit: MissingGlyph?
            while offset < end {
                let (scalar, length) = Self.scalar(in: text, at: offset)
                if !ScalarClass.isIgnorable(scalar.value) && font.harfBuzz.nominalGlyph(scalar.value) == nil {
                    culprit = MissingGlyph(offset: offset, scalar: scalar, font: font.font)
                    break
                }
                offset += length
            }
            // Every character is in the font, yet HarfBuzz produced .notdef (the font maps
            // something to glyph 0): report the cluster's first character.
            found.append(culprit ?? MissingGlyph(offset: start, scalar: Self.scalar(in: text, at: start).0, font: font.font))
        }
        return found
    }

    /// The scalar at a UTF-16 offset and its length in units (U+FFFD for a lone surrogate).
    private static func scalar(in text: UnsafeBufferPointer<UInt16>, at offset: Int) -> (Unicode.Scalar, Int) {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[offset + 1]) - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return (Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}", 1)
    }
}

/// One `hb_buffer_t`, reused for every item of a paragraph (the calls are in `C/HarfBuzzCalls.swift`).
///
/// `~Copyable` so the owned handle is destroyed exactly once.
struct HarfBuzzBuffer: ~Copyable {
    // Owned: created in init, destroyed in deinit.
    private let handle: HarfBuzzBufferHandle

    init(language: String?) throws(ShapingError) {
        handle = try HarfBuzzBufferHandle.create(language: language)
    }

    deinit { handle.destroy() }

    /// Shapes one item with the whole paragraph as context, so clusters are paragraph offsets and
    /// joining or contextual forms see the characters just outside the item.
    mutating func shape(_ item: ShapingItem, font: HarfBuzzFont, text: UnsafeBufferPointer<UInt16>)
        throws(ShapingError) -> [ShapedGlyph]
    {
        try handle.shape(
            text, range: item.range, font: font.handle, script: item.script, rightToLeft: item.level & 1 == 1,
            kerningOff: item.spacing.kerningOff, unitsPerPoint: HarfBuzzFont.unitsPerPoint)
    }
}
