import DynamicTypeCore
import FontSystem
import Foundation

// Queries: what a laid-out text answers — its lines, counts, used area, overflow, fallbacks, and
// hit testing. Every query lays out first (``LayoutManager/ensureLayout()``), as TextKit does.

extension LayoutManager {
    /// Each laid-out paragraph's lines (paragraph-relative character offsets) with its top and bottom y.
    func forEachPlacement(_ body: ([LineFragment], Double, Double) -> Void) {
        for slot in lineStore.slots {
            guard let placement = slot.placement else { continue }
            body(placement.lines, placement.start.y, placement.lines.last?.rect.maxY ?? placement.end.y)
        }
    }

    /// Every line fragment in layout order (containers in order, top to bottom).
    public var lineFragments: [LineFragment] {
        ensureLayout()
        return lineStore.absoluteLines()
    }

    /// Every line fragment in layout order, in storage coordinates, made one at a time as the
    /// sequence is walked — no array of all lines is built (``lineFragments`` builds and keeps one).
    /// For one pass over a long text: counts, flags, the lines of the first screen.
    public var lazyLineFragments: some Sequence<LineFragment> { lineFragmentSequence }

    /// ``lazyLineFragments`` as its concrete sequence, for the placed-line walk.
    package var lineFragmentSequence: LineFragmentSequence {
        ensureLayout()
        return LineFragmentSequence(slots: lineStore.slots)
    }

    /// Every line as its paragraph's placement keeps it, with the paragraph's start: no offset is
    /// moved, so no run is copied (``lazyLineFragments`` gives storage coordinates).
    package var placedLineFragments: PlacedLineSequence { PlacedLineSequence(lines: lineFragmentSequence) }

    /// Calls `body` with every glyph run of every line in layout order, as the placements keep
    /// them (character offsets relative to their paragraph): for what does not need offsets, such
    /// as the fonts a layout draws with, without copying a line.
    package func forEachRun(_ body: (PositionedRun) -> Void) {
        ensureLayout()
        for slot in lineStore.slots {
            for line in slot.placement?.lines ?? [] {
                for run in line.runs { body(run) }
            }
        }
    }

    /// The line fragments in container `index`.
    public func lineFragments(inContainer index: Int) -> [LineFragment] {
        lineFragments.filter { $0.containerIndex == index }
    }

    /// Number of line fragments (a line split by an exclusion counts once per fragment).
    public var numberOfLineFragments: Int {
        ensureLayout()
        return lineStore.slots.reduce(0) { $0 + ($1.placement?.lines.count ?? 0) }
    }

    /// Number of lines: fragments sharing a band (text on both sides of an exclusion) count as one line.
    public var numberOfLines: Int {
        ensureLayout()
        var count = 0
        for slot in lineStore.slots {
            guard let lines = slot.placement?.lines else { continue }
            var lastBand: (Int, Double)?
            for line in lines where lastBand.map({ $0.0 != line.containerIndex || $0.1 != line.rect.minY }) ?? true {
                count += 1
                lastBand = (line.containerIndex, line.rect.minY)
            }
        }
        return count
    }

    /// The area the text uses in container `index` (TextKit `usedRect(for:)`).
    public func usedRect(forContainer index: Int = 0) -> Rect {
        ensureLayout()
        // Straight from the placements: geometry does not depend on storage offsets, so no line
        // is copied.
        var used = Rect.zero
        for slot in lineStore.slots {
            for line in slot.placement?.lines ?? [] where line.containerIndex == index { used = used.union(line.usedRect) }
        }
        return used
    }

    /// The characters that did not fit in any container, if any.
    public var overflowRange: NSRange? {
        ensureLayout()
        guard let overflowStart, let storage = textStorage, overflowStart < storage.length else { return nil }
        return NSRange(location: overflowStart, length: storage.length - overflowStart)
    }

    /// Font fallbacks and characters no font can draw, in storage coordinates.
    public var fallbacks: [LayoutFallback] {
        ensureLayout()
        var result: [LayoutFallback] = []
        for slot in lineStore.slots {
            guard let shaped = slot.fallbacks else { continue }
            let base = slot.range.location
            for event in shaped.fallbacks {
                result.append(
                    LayoutFallback(
                        range: NSRange(location: base + event.range.lowerBound, length: event.range.count),
                        requestedFamily: event.requestedFamily, usedFamily: event.usedFamily))
            }
            for missing in shaped.missingGlyphs {
                result.append(
                    LayoutFallback(
                        range: NSRange(location: base + missing.offset, length: missing.scalar.utf16.count),
                        requestedFamily: missing.font.familyName, usedFamily: nil))
            }
        }
        return result
    }

    /// The union of the fragments' rects covering `range` (TextKit `boundingRect(forGlyphRange:in:)`,
    /// by character), in container coordinates of the first container involved.
    public func boundingRect(forCharacterRange range: NSRange) -> Rect {
        var result: Rect?
        for line in lineFragments {
            let overlap = NSIntersectionRange(line.characterRange, range)
            guard overlap.length > 0 || (range.length == 0 && NSLocationInRange(range.location, line.characterRange)) else {
                continue
            }
            var minX = Double.infinity, maxX = -Double.infinity
            for run in line.runs {
                for glyph in run.glyphs where NSLocationInRange(glyph.characterIndex, range)
                    || (range.length == 0 && glyph.characterIndex == range.location)
                {
                    // Glyph x is relative to the fragment's left edge.
                    minX = min(minX, line.rect.minX + glyph.x)
                    maxX = max(maxX, line.rect.minX + glyph.x + glyph.advance)
                }
            }
            if minX > maxX {
                minX = line.usedRect.minX
                maxX = line.usedRect.minX
            }
            let rect = Rect(x: minX, y: line.rect.minY, width: maxX - minX, height: line.rect.height)
            result = result.map { $0.union(rect) } ?? rect
        }
        return result ?? .zero
    }

    /// The character under `point` in container `containerIndex` (TextKit
    /// `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`): the nearest line, then
    /// the glyph whose box holds x (its left half → that character, right half → the next).
    public func characterIndex(at point: Point, inContainer containerIndex: Int = 0) -> Int {
        let lines = lineFragments(inContainer: containerIndex)
        guard !lines.isEmpty else { return 0 }
        let line =
            lines.first { point.y >= $0.rect.minY && point.y < $0.rect.maxY && point.x >= $0.rect.minX && point.x < $0.rect.maxX }
            ?? lines.first { point.y >= $0.rect.minY && point.y < $0.rect.maxY }
            ?? (point.y < lines[0].rect.minY ? lines[0] : lines[lines.count - 1])
        var best = line.characterRange.location
        var bestDistance = Double.infinity
        // Glyph x is relative to the fragment's left edge; work in fragment coordinates.
        let x = point.x - line.rect.minX
        for run in line.runs {
            for glyph in run.glyphs {
                let mid = glyph.x + glyph.advance / 2
                if x >= glyph.x && x < glyph.x + glyph.advance {
                    let after = run.isRightToLeft ? x < mid : x >= mid
                    return after ? min(glyph.characterIndex + 1, line.characterRange.location + line.characterRange.length) : glyph.characterIndex
                }
                let distance = abs(x - mid)
                if distance < bestDistance {
                    bestDistance = distance
                    best = x > mid && !run.isRightToLeft ? glyph.characterIndex + 1 : glyph.characterIndex
                }
            }
        }
        return min(best, line.characterRange.location + line.characterRange.length)
    }

    /// The size the text needs at `width` with unlimited height (UIKit `sizeThatFits`, the seeds'
    /// `sizeToFit`): widest used rect and the total height, line-fragment padding included.
    public static func sizeThatFits(
        _ storage: TextStorage, width: Double, lineFragmentPadding: Double = 5, resolver: FontResolver? = nil
    ) throws -> Size {
        guard width > 0, width.isFinite || width == .infinity else { throw LayoutError.invalidWidth(width) }
        let manager = try LayoutManager(resolver: resolver)
        let container = TextContainer(size: Size(width: width, height: .infinity), lineFragmentPadding: lineFragmentPadding)
        manager.addTextContainer(container)
        manager.attach(to: storage)
        defer { storage.removeLayoutManager(manager) }
        let used = manager.usedRect()
        return Size(width: used.width, height: used.maxY)
    }
}
