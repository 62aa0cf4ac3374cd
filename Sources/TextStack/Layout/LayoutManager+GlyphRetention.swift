import Foundation

// Glyph retention: what is kept of lines below ``LayoutManager/glyphRetentionHeight``, and arrays
// of lines trimmed to their size, so that a layout's memory follows what is drawn.

extension LayoutManager {
    /// Where lines start being made without runs: the retention height when released lines keep
    /// no runs, else nowhere.
    var geometryOnlyBelow: Double { releasedLinesKeepRuns ? .infinity : glyphRetentionHeight }

    /// `lines` in a buffer of its own size: appending leaves up to twice the room needed, and a
    /// placement keeps its lines for as long as the layout lives (1.3 million lines of a 16 MB note
    /// in 285,000 paragraphs took 275 MB in their arrays, 190 MB once trimmed). Only small arrays
    /// are copied: the unused end of a large one (a long paragraph's) is memory the system maps but
    /// never touches, and copying it would hold it twice for a moment.
    static func trimmed(_ lines: [LineFragment]) -> [LineFragment] {
        guard lines.capacity > lines.count + lines.count / 16 + 1,
            lines.capacity * MemoryLayout<LineFragment>.stride < 1 << 20
        else { return lines }
        // Not `Array(lines[...])`: a slice of the whole array hands back the same buffer.
        var exact: [LineFragment] = []
        exact.reserveCapacity(lines.count)
        exact.append(contentsOf: lines)
        return exact
    }

    /// Releases the glyph runs of the lines at or below ``glyphRetentionHeight``, in place (a
    /// mapped copy would hold a long paragraph's lines twice).
    func releaseGlyphs(in lines: inout [LineFragment]) {
        guard glyphRetentionHeight.isFinite else { return }
        for index in lines.indices
        where LineFragment.isBelowRetention(containerIndex: lines[index].containerIndex, top: lines[index].rect.minY, height: glyphRetentionHeight) {
            lines[index].releaseGlyphs(keepingRuns: releasedLinesKeepRuns)
        }
    }
}
