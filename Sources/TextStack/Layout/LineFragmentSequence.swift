import Foundation

/// The line fragments of a layout, in layout order and storage coordinates, made one at a time
/// from the layout manager's per-paragraph placements (``LayoutManager/lazyLineFragments``).
///
/// Walking it costs one line's copy per step and no array of every line, so a pass over the
/// lines of a long note (findings, counts, the visible part) needs no memory in proportion to
/// the note. The sequence is a snapshot: later edits or relayouts do not change it.
package struct LineFragmentSequence: Sequence {
    let slots: [ParagraphSlot]

    /// Walks the placements paragraph by paragraph.
    public struct Iterator: IteratorProtocol {
        let slots: [ParagraphSlot]
        var slot = 0
        var line = 0

        /// The next line fragment, in storage coordinates.
        public mutating func next() -> LineFragment? {
            nextPlaced().map { Placement.absolute($0.line, paragraphStart: $0.paragraphStart) }
        }

        /// The next line as its placement keeps it (offsets relative to its paragraph), with the
        /// paragraph's start.
        mutating func nextPlaced() -> PlacedLine? {
            while slot < slots.count {
                if let lines = slots[slot].placement?.lines, line < lines.count {
                    defer { line += 1 }
                    return PlacedLine(paragraphStart: slots[slot].range.location, line: lines[line])
                }
                slot += 1
                line = 0
            }
            return nil
        }
    }

    /// An iterator from the first line.
    public func makeIterator() -> Iterator { Iterator(slots: slots) }

    /// The number of fragments, without walking them.
    public var underestimatedCount: Int { slots.reduce(0) { $0 + ($1.placement?.lines.count ?? 0) } }
}

/// A line as its paragraph's placement keeps it: the fragment's offsets (and its runs') are
/// relative to ``paragraphStart``; ``characterRange`` gives the line's range in the storage.
package struct PlacedLine {
    /// Where the line's paragraph starts in the storage (UTF-16).
    package var paragraphStart: Int
    /// The fragment, offsets relative to the paragraph; geometry and flags as in the layout.
    package var line: LineFragment

    /// The line's characters in storage coordinates.
    package var characterRange: NSRange {
        NSRange(location: paragraphStart + line.characterRange.location, length: line.characterRange.length)
    }
}

/// The line fragments of a layout as the placements keep them (``PlacedLine``): no run is copied
/// to move its offsets, for passes that need geometry, flags or the lines' ranges
/// (``LayoutManager/placedLineFragments``).
package struct PlacedLineSequence: Sequence {
    let lines: LineFragmentSequence

    /// Walks the placements paragraph by paragraph.
    package struct Iterator: IteratorProtocol {
        var base: LineFragmentSequence.Iterator

        /// The next line, paragraph-relative, with its paragraph's start.
        package mutating func next() -> PlacedLine? { base.nextPlaced() }
    }

    /// An iterator from the first line.
    package func makeIterator() -> Iterator { Iterator(base: lines.makeIterator()) }

    /// The number of lines, without walking them.
    package var underestimatedCount: Int { lines.underestimatedCount }
}
