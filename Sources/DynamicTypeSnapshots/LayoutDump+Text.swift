import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

extension LayoutDump {
    /// The dump of any text laid out by a `LayoutManager` (a ``TextLayoutSnapshot``): the
    /// container and setting, the base font, then the paragraphs as in an editor dump, then the
    /// font fallbacks, characters no font has, and text that fit in no container.
    static func text(_ rendering: TextLayoutRendering) -> String {
        let storage = rendering.storage
        let lines = rendering.layoutManager.placedLineFragments
        let snapshot = rendering.snapshot
        var out: [String] = [header]
        let height = snapshot.containerSize.height.isFinite ? num(snapshot.containerSize.height) : "∞"
        out.append("container: \(num(snapshot.containerSize.width))×\(height) pt · used height \(num(rendering.usedHeight))")
        out.append(settingLine(rendering.setting, profile: snapshot.profile))
        out.append("base font: \(fontName(rendering.baseFont)) · line height \(num(rendering.baseFont.lineHeight))")
        let paragraphs = paragraphRanges(storage)
        out.append("text: \(textSummary(storage, paragraphs: paragraphs.count, lines: rendering.layoutManager.numberOfLineFragments))")
        var text = joinedLines(out)
        appendParagraphLines(to: &text, storage: storage, paragraphs: paragraphs, lines: lines, base: rendering.baseFont)
        out = []
        let fallbacks = rendering.layoutManager.fallbacks
        if !fallbacks.isEmpty {
            out.append("fallbacks:")
            out += fallbacks.map { fallback in
                let range = "\(fallback.range.location)..<\(fallback.range.location + fallback.range.length)"
                let text = quote(storage.substring(with: fallback.range))
                guard let used = fallback.usedFamily else {
                    return "  \(range) \(text): no font has it (asked for \(fallback.requestedFamily))"
                }
                return "  \(range) \(text): \(fallback.requestedFamily) → \(used)"
            }
        }
        if let overflow = rendering.layoutManager.overflowRange {
            out.append("overflow: chars \(overflow.location)..<\(overflow.location + overflow.length) fit in no container")
        }
        text += joinedLines(out)
        return text
    }

    // MARK: Pieces

    /// `61 UTF-16 units · 2 paragraphs · 4 lines`.
}
