import DynamicTypeCore
import FontSystem
import Foundation

/// Measures plain text at one font and width, one paragraph per line — what `dyntype measure` and
/// the layout benchmarks run, and what other tools compare against (package API for the CLI; a
/// library user lays out with ``LayoutManager`` or ``LayoutManager/sizeThatFits(_:width:lineFragmentPadding:resolver:)``).
package struct TextMeasurer {
    /// One paragraph's result.
    package struct Paragraph: Hashable, Sendable {
        /// Lines the paragraph wraps into (an empty paragraph is one line).
        package var lines: Int
        /// Its height in points (lines × leading, plus line spacing).
        package var height: Double
        /// Its widest line's text width in points (without padding).
        package var width: Double
    }

    /// The whole measurement.
    package struct Result: Sendable {
        /// Per paragraph, in input order.
        package var paragraphs: [Paragraph]
        /// Total lines.
        package var lines: Int { paragraphs.reduce(0) { $0 + $1.lines } }
        /// Total height in points.
        package var height: Double
        /// Seconds spent in the layout loop (shaping, breaking, placing), in process.
        package var elapsedSeconds: Double
        /// UTF-16 length laid out.
        package var utf16Count: Int
    }

    /// The font every paragraph is set in.
    package let font: ResolvedFont
    /// Line-fragment padding on each side (0: measure exactly at the width).
    package let padding: Double
    /// Hyphenation factor for every paragraph (0 = off).
    package let hyphenationFactor: Double
    private let resolver: FontResolver

    /// A measurer for `font`.
    package init(font: ResolvedFont, padding: Double = 0, hyphenationFactor: Double = 0, resolver: FontResolver? = nil) throws {
        self.font = font
        self.padding = padding
        self.hyphenationFactor = hyphenationFactor
        self.resolver = try resolver ?? FontResolver.shared()
    }

    /// Lays out `text` (paragraphs separated by newlines) at `width` points.
    ///
    /// - Throws: ``LayoutError/invalidWidth(_:)`` for a width that is not positive.
    package func measure(_ text: String, width: Double) throws -> Result {
        guard width > 0, !width.isNaN else { throw LayoutError.invalidWidth(width) }
        var attributes = TextAttributes(resolvedFont: font)
        if hyphenationFactor > 0 { attributes.paragraphStyle = ParagraphStyle(hyphenationFactor: hyphenationFactor) }
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = try LayoutManager(resolver: resolver, defaultFont: font)
        manager.addTextContainer(TextContainer(size: Size(width: width + 2 * padding, height: .infinity), lineFragmentPadding: padding))
        // Only counts, heights and widths are reported: no line needs its glyphs.
        manager.glyphRetentionHeight = 0
        manager.releasedLinesKeepRuns = false
        manager.attach(to: storage)
        let clock = ContinuousClock()
        let start = clock.now
        manager.ensureLayout()
        let elapsed = clock.now - start
        let seconds = elapsed.seconds
        var paragraphs: [Paragraph] = []
        var bottoms: [Double] = []
        manager.forEachParagraphLayout { lines, top, bottom in
            var count = 0
            var lastBand = -Double.infinity
            var widest = 0.0
            for line in lines {
                if line.rect.minY != lastBand {
                    count += 1
                    lastBand = line.rect.minY
                }
                widest = max(widest, line.textWidth)
            }
            paragraphs.append(Paragraph(lines: count, height: bottom - top, width: widest))
            bottoms.append(bottom)
        }
        // A text ending with a paragraph separator has an empty last paragraph (TextKit's extra line
        // fragment, there for the insertion point): it is neither a line nor height, as in
        // `boundingRect(with:options:)`. Checked on UTF-16 units: "\r\n" is one Character.
        if let last = text.utf16.last, TextStorage.isParagraphSeparator(last), paragraphs.count > 1 {
            paragraphs.removeLast()
            bottoms.removeLast()
        }
        let height = bottoms.max() ?? 0
        return Result(paragraphs: paragraphs, height: height, elapsedSeconds: seconds, utf16Count: storage.length)
    }
}

extension TextMeasurer {
    /// Measures each line of `text` as a single-line label (`dyntype measure --titles`): its text
    /// width and line height, as ``measure(_:width:)`` at an unbounded width gives them, without
    /// building line fragments — each title is shaped (through the word cache) and summed.
    ///
    /// Text with a line separator (U+2028, two lines in one title) or hyphenation is measured
    /// through the layout manager instead.
    package func measureTitles(_ text: String) throws -> Result {
        if hyphenationFactor > 0 || text.utf16.contains(0x2028) { return try measure(text, width: .infinity) }
        let units = Array(text.utf16)
        let shaper = Shaper(resolver: resolver)
        let cache = WordShapingCache(shaper: shaper)
        let clock = ContinuousClock()
        let start = clock.now
        var paragraphs: [Paragraph] = []
        var height = 0.0
        units.withUnsafeBufferPointer { text in
            var lineStart = 0
            repeat {
                // The storage's own paragraph rule (LF, CR, CRLF, U+2029); a final separator ends the last title.
                let next = TextStorage.paragraphEnd(text, from: lineStart)
                var lineEnd = next
                while lineEnd > lineStart, TextStorage.isParagraphSeparator(text[lineEnd - 1]) { lineEnd -= 1 }
                let measured = measureTitle(Array(text[lineStart..<lineEnd]), shaper: shaper, cache: cache)
                paragraphs.append(measured)
                height += measured.height
                lineStart = next
            } while lineStart < text.count
        }
        let seconds = (clock.now - start).seconds
        return Result(paragraphs: paragraphs, height: height, elapsedSeconds: seconds, utf16Count: units.count)
    }

    /// One title's width (its glyphs before trailing spaces) and height (the tallest leading or
    /// glyph extent of the fonts it is drawn in, as a line's metrics are computed in layout).
    private func measureTitle(_ title: [UInt16], shaper: Shaper, cache: WordShapingCache) -> Paragraph {
        var extent = LineExtent()
        var width = 0.0
        if !title.isEmpty {
            let spans = [FontSpan(range: 0..<title.count, font: font, kerning: nil, trackingPoints: font.trackingPoints)]
            let shaped =
                cache.shape(title, spans: spans, baseDirection: .natural)
                ?? (try? shaper.shape(title, spans: spans, baseDirection: .natural))
            var visibleEnd = title.count
            while visibleEnd > 0, MeasuredParagraph.isHangingSpace(title[visibleEnd - 1]) { visibleEnd -= 1 }
            for run in shaped?.runs ?? [] {
                extent.include(run.font)
                for glyph in run.glyphs where glyph.cluster < visibleEnd { width += glyph.advance }
            }
        }
        if extent.isEmpty { extent.include(font) }
        return Paragraph(lines: 1, height: extent.metrics(.default).height, width: width)
    }
}

extension LayoutManager {
    /// Calls `body` with each paragraph's lines and its top and bottom y (in order).
    func forEachParagraphLayout(_ body: ([LineFragment], Double, Double) -> Void) {
        ensureLayout()
        forEachPlacement { lines, start, end in body(lines, start, end) }
    }
}
