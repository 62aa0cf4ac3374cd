import Foundation

// Alignment and justification: where a built line's runs sit in their free segment.

/// Horizontal alignment of lines (TextKit `NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    /// Flush with the segment's left edge.
    case left
    /// Flush with the segment's right edge.
    case right
    /// Centred in the segment.
    case center
    /// Both edges flush; the last line of a paragraph is natural.
    case justified
}

extension ParagraphTypesetter {
    /// The paragraph's alignment with `natural` resolved by the paragraph's direction.
    func resolvedAlignment(_ p: MeasuredParagraph) -> TextAlignment {
        switch p.input.settings.alignment {
        case .natural: p.shaped.isRightToLeft ? .right : .left
        default: p.input.settings.alignment
        }
    }

    /// Aligns a line's runs in `available` width: returns how far right of the segment's padding
    /// the text starts, and spreads a justified line's spaces (in `runs`). A justified line that is
    /// the paragraph's last, or truncated, is left as it is (flush left, as TextKit does).
    func align(
        _ runs: inout [PositionedRun], p: MeasuredParagraph, alignment: TextAlignment, textWidth: Double, available: Double,
        isLastLineOfParagraph: Bool, truncate: Bool
    ) -> Double {
        // An unbounded line (sizing a label) has no right edge to align to.
        switch available.isFinite ? alignment : .left {
        case .right: return max(0, available - textWidth)
        case .center: return max(0, (available - textWidth) / 2)
        case .justified where !isLastLineOfParagraph && !truncate:
            runs = justify(runs, p: p, extra: available - textWidth)
            return 0
        default: return 0
        }
    }

    /// Spreads `extra` width over the spaces of the line (full justification).
    func justify(_ runs: [PositionedRun], p: MeasuredParagraph, extra: Double) -> [PositionedRun] {
        guard extra > 0 else { return runs }
        let start = p.input.start
        let spaces = runs.reduce(0) { total, run in
            total + run.glyphs.filter { p.input.text[$0.characterIndex - start] == 0x20 }.count
        }
        guard spaces > 0 else { return runs }
        let perSpace = extra / Double(spaces)
        var shift = 0.0
        return runs.map { run in
            var copy = run
            copy.x += shift
            for index in copy.glyphs.indices {
                copy.glyphs[index].x += shift
                if p.input.text[copy.glyphs[index].characterIndex - start] == 0x20 {
                    copy.glyphs[index].advance += perSpace
                    shift += perSpace
                }
            }
            copy.width = copy.glyphs.reduce(0) { $0 + $1.advance }
            return copy
        }
    }
}
