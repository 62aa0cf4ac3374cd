import Foundation

// Long paragraphs: shaped, broken and placed a window at a time so that shaping memory stays
// bounded (see ``LayoutManager/paragraphWindowLength``).

extension LayoutManager {
    /// Places a long paragraph window by window: each window is shaped, broken and placed, and
    /// the line band reaching its end is laid out again by the next window, which starts at that
    /// line's start. A line longer than a window (an unbounded width) takes the rest of the
    /// paragraph in one piece.
    func placeInWindows(_ input: ParagraphInput, slot index: Int, cursor: inout LayoutCursor)
        -> (lines: [LineFragment], overflowed: Bool)
    {
        var lines: [LineFragment] = []
        var reserved = false
        let typesetter = typesetter.asking(delegate, of: self, paragraphAt: lineStore.slots[index].range.location)
        var fallbacks = ParagraphFallbacks()
        var windowStart = 0
        var isFirstLine = true
        var direction = input.settings.baseWritingDirection
        let count = input.text.count
        while true {
            var windowEnd = windowEndOffset(input.text, from: windowStart)
            var piece = input.window(windowStart..<windowEnd, baseDirection: direction)
            var measured = measure(piece)
            var window = ParagraphWindow(isContinuation: windowStart > 0, hasMoreText: windowEnd < count)
            var result = typesetter.place(
                measured, cursor: &cursor, containers: textContainers, isFirstParagraph: index == 0 && windowStart == 0,
                window: window, isFirstLine: &isFirstLine, geometryOnlyBelow: geometryOnlyBelow)
            if let resume = result.resumeAt, resume == 0, result.lines.isEmpty {
                // Not one whole line fits in the window: lay out the rest at once.
                windowEnd = count
                piece = input.window(windowStart..<windowEnd, baseDirection: direction)
                measured = measure(piece)
                window.hasMoreText = false
                result = typesetter.place(
                    measured, cursor: &cursor, containers: textContainers,
                    isFirstParagraph: index == 0 && windowStart == 0, window: window, isFirstLine: &isFirstLine, geometryOnlyBelow: geometryOnlyBelow)
            }
            if windowStart == 0, direction == .natural {
                // Later windows keep the direction the paragraph's first strong character gave.
                direction = measured.shaped.isRightToLeft ? .rightToLeft : .leftToRight
            }
            fallbacks.append(measured.shaped, upTo: windowStart + (result.resumeAt ?? measured.count), offset: windowStart)
            releaseGlyphs(in: &result.lines)
            if windowStart > 0, !reserved {
                // Sized once from the first window's lines per character (and a little more):
                // growing a million-line array by doubling held two copies at each step.
                reserved = true
                lines.reserveCapacity(lines.count * count / windowStart * 21 / 20 + result.lines.count + 16)
            }
            lines += result.lines
            guard let resume = result.resumeAt, !result.overflowed else {
                lineStore.slots[index].fallbacks = fallbacks
                lineStore.slots[index].measured = nil
                return (Self.trimmed(lines), result.overflowed)
            }
            windowStart += resume
        }
    }

    /// Where a window starting at `start` ends: about ``paragraphWindowLength`` units on, just
    /// after a space when one comes soon (so no word is cut), never inside a surrogate pair.
    private func windowEndOffset(_ text: [UInt16], from start: Int) -> Int {
        let count = text.count
        var end = start + paragraphWindowLength
        guard end < count else { return count }
        let limit = min(count, end + 1_024)
        var probe = end
        while probe < limit, !MeasuredParagraph.isHangingSpace(text[probe - 1]) { probe += 1 }
        if probe < limit { end = probe }
        if UTF16.isLeadSurrogate(text[end - 1]) { end += 1 }
        return min(end, count)
    }
}
