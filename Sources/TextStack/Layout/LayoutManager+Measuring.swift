import DynamicTypeCore
import FontSystem
import Foundation

// Measuring: a paragraph of the storage becomes a ``ParagraphInput`` (text, font spans, style,
// attachments) and then a ``MeasuredParagraph`` (shaped, with its break opportunities).

extension LayoutManager {
    /// A paragraph's text, font spans and style, ready to shape.
    func paragraphInput(_ storage: TextStorage, _ range: NSRange) -> ParagraphInput {
        var contentLength = range.length
        var separator = 0
        if contentLength > 0 {
            let lastUnit = storage.character(at: range.location + contentLength - 1)
            if TextStorage.isParagraphSeparator(lastUnit) {
                separator = 1
                if lastUnit == 0x0A, contentLength >= 2, storage.character(at: range.location + contentLength - 2) == 0x0D {
                    separator = 2
                }
                contentLength -= separator
            }
        }
        let contentRange = NSRange(location: range.location, length: contentLength)
        let text = storage.utf16Characters(in: contentRange)
        var spans: [FontSpan] = []
        var style = ParagraphStyle.default
        let runs =
            range.length > 0
            ? storage.attributeRuns(in: range)
            : storage.length > 0 ? [storage.attributeRun(at: max(0, min(range.location, storage.length) - 1))] : []
        if let first = runs.first(where: { range.length == 0 || NSLocationInRange(range.location, $0.range) }) ?? runs.last,
            let paragraphStyle = first.attributes.paragraphStyle
        {
            style = paragraphStyle
        }
        var lastFont = defaultFont
        var attachments: [ParagraphAttachment] = []
        if contentLength > 0 {
            for run in runs {
                let lo = max(run.range.location, contentRange.location) - range.location
                let hi = min(run.range.location + run.range.length, contentRange.location + contentLength) - range.location
                guard lo < hi else { continue }
                if let attachment = run.attributes.attachment {
                    for offset in lo..<hi where text[offset] == 0xFFFC {
                        attachments.append(ParagraphAttachment(offset: offset, attachment: attachment))
                    }
                }
                let font = font(for: run.attributes)
                lastFont = font
                spans.append(
                    FontSpan(range: lo..<hi, font: font, kerning: run.attributes.kerning, trackingPoints: font.trackingPoints))
            }
        } else if let run = runs.last {
            lastFont = font(for: run.attributes)
        }
        return ParagraphInput(
            text: text, separatorLength: separator, start: 0, spans: spans, defaultFont: lastFont, settings: style,
            attachments: attachments)
    }

    /// Shapes a paragraph (or a window of one) and finds its break opportunities.
    func measure(_ input: ParagraphInput) -> MeasuredParagraph {
        let text = input.shapingText, spans = input.spans, style = input.settings
        var shaped: ShapedParagraph
        do {
            if usesWordShapingCache, let fast = wordCache.shape(text, spans: spans, baseDirection: style.baseWritingDirection) {
                shaped = fast
            } else {
                shaped = try shaper.shape(text, spans: spans, baseDirection: style.baseWritingDirection)
            }
        } catch {
            // HarfBuzz could not read a font (damaged file): lay the paragraph out as empty rather
            // than crash, and report it as missing glyphs.
            shaped = ShapedParagraph(
                runs: [], fallbacks: [], missingGlyphs: [], baseLevel: 0, utf16Count: text.count)
        }
        shaped = shaped.fittingAttachments(input.attachments)
        // Break opportunities come from the real text (U+FFFC, not the space it was shaped as).
        var breaks = (try? LineBreakIterator.shared?.breaks(in: input.text, strategy: input.settings.lineBreakStrategy)) ?? []
        // Without ICU (it failed to start) every line still ends at the paragraph end, and long
        // lines break between characters.
        if breaks.last?.offset != text.count { breaks.append(LineBreakOpportunity(offset: text.count, isMandatory: true)) }
        return MeasuredParagraph(input: input, shaped: shaped, breaks: breaks)
    }

    /// The font drawn for an attribute set: its resolved font, else its descriptor resolved, else the default.
    private func font(for attributes: TextAttributes) -> ResolvedFont {
        if let resolved = attributes.resolvedFont { return resolved }
        if let descriptor = attributes.font {
            let sized = descriptor.size > 0 ? descriptor : descriptor.withSize(defaultFont.pointSize)
            if let resolved = try? resolver.resolve(sized) { return resolved }
        }
        return defaultFont
    }
}

extension LineBreakIterator {
    /// One iterator per thread: ICU break iterators are not thread-safe, layout managers are
    /// confined to a thread, and creating an iterator costs far more than reusing one.
    static var shared: LineBreakIterator? {
        let key = "DynamicTypeSimulator.LineBreakIterator"
        if let existing = Thread.current.threadDictionary[key] as? LineBreakIterator { return existing }
        // Root locale: deterministic, and what the conformance test checks.
        guard let made = try? LineBreakIterator(locale: "") else { return nil }
        Thread.current.threadDictionary[key] = made
        return made
    }
}
