import FontSystem
import Foundation

/// One paragraph to typeset: its text (without the separator), its font spans and settings.
struct ParagraphInput {
    /// The paragraph's characters, without the paragraph separator.
    var text: [UInt16]
    /// UTF-16 length of the separator that ends the paragraph (0 for the last paragraph).
    var separatorLength: Int
    /// Offset added to character indices in the lines produced (0: lines are paragraph-relative).
    var start: Int
    /// Font spans covering `text` (paragraph-relative).
    var spans: [FontSpan]
    /// The font for an empty paragraph's line height and for inserted hyphens/ellipses.
    var defaultFont: ResolvedFont
    var settings: ParagraphStyle
    /// Attachments on the paragraph's U+FFFC characters, by ascending offset (usually none).
    var attachments: [ParagraphAttachment] = []
}

extension ParagraphInput {
    /// The part `range` of the paragraph as a paragraph of its own: spans clipped and shifted,
    /// the separator only on the last part, line offsets still relative to the whole paragraph.
    func window(_ range: Range<Int>, baseDirection: BaseWritingDirection) -> ParagraphInput {
        var spans: [FontSpan] = []
        for span in self.spans where span.range.upperBound > range.lowerBound && span.range.lowerBound < range.upperBound {
            var clipped = span
            clipped.range = (max(span.range.lowerBound, range.lowerBound) - range.lowerBound)..<(min(span.range.upperBound, range.upperBound) - range.lowerBound)
            spans.append(clipped)
        }
        var settings = self.settings
        settings.baseWritingDirection = baseDirection
        let attachments = self.attachments(in: range.lowerBound, range.upperBound).map {
            ParagraphAttachment(offset: $0.offset - range.lowerBound, attachment: $0.attachment)
        }
        return ParagraphInput(
            text: Array(text[range]), separatorLength: range.upperBound == text.count ? separatorLength : 0,
            start: start + range.lowerBound, spans: spans, defaultFont: defaultFont, settings: settings,
            attachments: attachments)
    }
}

/// Where the next line goes: container index and y inside it.
struct LayoutCursor: Hashable, Sendable {
    var containerIndex: Int
    var y: Double
    /// Lines placed so far in the current container (for `maximumNumberOfLines`).
    var linesInContainer: Int

    /// Moves to the top of the next container (the current one is full or out of lines).
    mutating func moveToNextContainer() {
        containerIndex += 1
        y = 0
        linesInContainer = 0
    }
}

/// The measured (shaped) form of a paragraph, independent of where it is placed: glyph advances per
/// UTF-16 offset and break opportunities. Reused when a paragraph only moves.
final class MeasuredParagraph {
    let input: ParagraphInput
    let shaped: ShapedParagraph
    /// `prefix[i]` = width of text[0..<i] in logical order (cluster advances credited to the
    /// cluster's first code unit).
    let prefix: [Double]
    /// Offsets after which a line may end (soft), and mandatory ones (U+2028 inside a paragraph).
    let breaks: [LineBreakOpportunity]
    private var graphemeBoundaryCache: [Int]?

    init(input: ParagraphInput, shaped: ShapedParagraph, breaks: [LineBreakOpportunity]) {
        self.input = input
        self.shaped = shaped
        self.breaks = breaks
        let count = input.text.count
        var advances = [Double](repeating: 0, count: count + 1)
        for run in shaped.runs {
            for glyph in run.glyphs where glyph.cluster >= 0 && glyph.cluster < count {
                advances[glyph.cluster] += glyph.advance
            }
        }
        var prefix = [Double](repeating: 0, count: count + 1)
        var total = 0.0
        for index in 0..<count {
            prefix[index] = total
            total += advances[index]
        }
        prefix[count] = total
        self.prefix = prefix
    }

    var count: Int { input.text.count }

    /// Width of text[a..<b].
    @inline(__always) func width(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }

    /// Grapheme-cluster boundaries (UTF-16 offsets, ascending, including 0 and count).
    var graphemeBoundaries: [Int] {
        if let graphemeBoundaryCache { return graphemeBoundaryCache }
        var boundaries = [0]
        var offset = 0
        for character in String(decoding: input.text, as: UTF16.self) {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        graphemeBoundaryCache = boundaries
        return boundaries
    }

    /// Whether the code unit is whitespace that may hang past the line end.
    @inline(__always) func isHangingSpace(_ index: Int) -> Bool { Self.isHangingSpace(input.text[index]) }

    /// Whether a code unit is whitespace that hangs past a line's end (space, tab, ideographic space).
    @inline(__always) static func isHangingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x3000
    }

    /// `end` moved back over trailing hanging spaces (not before `start`).
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && (isHangingSpace(e - 1) || input.text[e - 1] == 0x2028) { e -= 1 }
        return e
    }
}

/// Which part of a paragraph a ``ParagraphTypesetter/place`` call lays out.
struct ParagraphWindow: Hashable, Sendable {
    /// The piece continues a paragraph placed by earlier calls.
    var isContinuation: Bool
    /// More of the paragraph follows the piece.
    var hasMoreText: Bool

    /// The whole paragraph at once.
    static let whole = ParagraphWindow(isContinuation: false, hasMoreText: false)
}

// MARK: Lookups

// Everything a line needs from its paragraph is found by binary search over sorted arrays (spans,
// runs, glyph clusters, attachments): per line, work in proportion to the line, not the paragraph.
extension ParagraphTypesetter {
    /// The first index of a sorted collection whose element satisfies a predicate that is false
    /// then true along it (a partition point), found by binary search.
    @inline(__always)
    static func firstIndex<C: RandomAccessCollection>(in elements: C, where isPast: (C.Element) -> Bool) -> Int
    where C.Index == Int {
        var lo = elements.startIndex, hi = elements.endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if isPast(elements[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Indices of the shaped runs overlapping `start..<end` (runs are in logical order and
    /// contiguous, so this is a binary search plus the overlap itself: per line, work in
    /// proportion to the line, not to the paragraph).
    func runIndices(_ p: MeasuredParagraph, overlapping start: Int, _ end: Int) -> Range<Int> {
        let runs = p.shaped.runs
        let first = Self.firstIndex(in: runs) { $0.range.upperBound > start }
        var last = first
        while last < runs.count, runs[last].range.lowerBound < end { last += 1 }
        return first..<last
    }

    /// The glyphs of `run` whose clusters lie in `start..<end`. Clusters are monotone along a
    /// run (increasing left to right, decreasing for right-to-left runs: HarfBuzz's default
    /// cluster level), so the glyphs form one contiguous block found by binary search.
    static func glyphRange(of run: ShapedRun, clusters start: Int, _ end: Int) -> Range<Int> {
        let glyphs = run.glyphs
        if run.isRightToLeft {
            let lo = firstIndex(in: glyphs) { $0.cluster < end }
            let hi = firstIndex(in: glyphs) { $0.cluster < start }
            return lo..<max(lo, hi)
        }
        let lo = firstIndex(in: glyphs) { $0.cluster >= start }
        let hi = firstIndex(in: glyphs) { $0.cluster >= end }
        return lo..<max(lo, hi)
    }

    /// The span font at a paragraph offset.
    func fontAt(_ p: MeasuredParagraph, _ offset: Int) -> ResolvedFont {
        // Spans are sorted and do not overlap: the first whose end is past `offset`.
        let spans = p.input.spans
        let index = Self.firstIndex(in: spans) { $0.range.upperBound > offset }
        if index < spans.count, spans[index].range.contains(offset) { return spans[index].font }
        return spans.last?.font ?? p.input.defaultFont
    }
}
