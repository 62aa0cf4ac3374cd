import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// The text form of a laid-out screen, made to be read in a code review and diffed line by line.
///
/// An editor dump has a header (setting, body font, time indicator), then the text paragraph by
/// paragraph: each paragraph's character range and top, then one line per line fragment with its
/// character range, box, baseline and text width *relative to the paragraph* — so an edit in one
/// paragraph changes that paragraph's lines and only the `top` of the later ones — its text, the
/// runs drawn in another font than the body's (bold, italic, Zapfino, fallbacks) and the runs with
/// a colour, strikethrough, underline or effect; then the highlighter's diagnostics and the
/// findings:
///
/// ```text
/// ¶1 chars 27..<339 · top 22 · 9 lines
///   L0 +0..<22  rect 0 +0 246.23×22  baseline +17.18  width 171.2  "This note shows every "
///   L2 +50..<87  rect 0 +44 320×22  baseline +61.18  width 296  "knows. Words between stars are *bold "  · Inter Semi Bold 17 +81..<86
///   L7 +243..<278  rect 0 +154 320×22  baseline +171.18  width 293.24  "CAPITALS like URGENT and ASAP turn "  · color #FF0000 +258..<264, color #FF0000 +269..<273
/// ```
///
/// A list dump has the headline font, the titles' style and the seed rule's numbers, then every row
/// (y, height, lines, truncation) with its title's fragments, and the findings (the notepad's dumps
/// are an extension in `NotepadViews`; screens' in `LayoutDump+Screen.swift`). Character ranges are UTF-16
/// (as `NSRange`); lengths are points rounded to 2 decimals; text is quoted Swift-style.
package enum LayoutDump {
    /// The first line of every dump; bump when the format changes.
    package static let header = "dyntype layout dump 1"

    package static func textSummary(_ storage: TextStorage, paragraphs: Int, lines: Int) -> String {
        "\(storage.length) UTF-16 units · \(paragraphs) paragraph\(paragraphs == 1 ? "" : "s") · \(lines) line\(lines == 1 ? "" : "s")"
    }

    /// Each paragraph's range and top, then its line fragments relative to the paragraph.
    /// `lines`, each followed by a line end (what `joined(separator: "\n") + "\n"` gives, or nothing).
    package static func joinedLines(_ lines: [String]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Appends each paragraph's heading and its fragments' lines to `text`, walking `lines` once:
    /// a dump of a long note is written into one string, not kept as a list of lines first.
    package static func appendParagraphLines(
        to text: inout String, storage: TextStorage, paragraphs: [NSRange], lines: PlacedLineSequence, base: ResolvedFont
    ) {
        var remaining = lines.makeIterator()
        var pending = remaining.next()
        for (number, paragraph) in paragraphs.enumerated() {
            let end = paragraph.location + paragraph.length
            let isLast = number == paragraphs.count - 1
            // The heading gives the count, so the paragraph's lines are written aside first.
            var body = "", count = 0, top = 0.0
            while let placed = pending, isLast || placed.characterRange.location < end {
                if count == 0 { top = placed.line.rect.minY }
                body += fragmentLine(
                    index: count, line: placed.line, storage: storage, origin: paragraph.location, top: top, relative: true,
                    base: base, baseStyle: "", runOffset: placed.paragraphStart)
                body += "\n"
                count += 1
                pending = remaining.next()
            }
            text += "¶\(number) chars \(paragraph.location)..<\(end) · top \(num(top)) · \(count) line\(count == 1 ? "" : "s")\n"
            text += body
        }
    }

    package static func settingLine(_ setting: TextSizeSetting, profile: TypeRampProfile) -> String {
        "setting: \(setting.category.name) · Bold Text \(setting.legibilityWeight == .bold ? "on" : "off") · profile \(profile.name)"
    }

    /// One line per fragment: range, box, baseline, text width, the text, then the runs drawn in
    /// another font than `base` (bold, italic, fallbacks) or right to left.
    /// `runOffset` is what the line's offsets are relative to: 0 for storage coordinates, the
    /// paragraph start for a line as its placement keeps it (so no run is copied to move it).
    package static func fragmentLine(
        index: Int, line: LineFragment, storage: TextStorage, origin: Int, top: Double, relative: Bool, base: ResolvedFont,
        baseStyle: String, runOffset: Int = 0
    ) -> String {
        // Only this line's characters are read: a dump is linear in the note, not quadratic.
        let range = NSRange(location: line.characterRange.location + runOffset, length: line.characterRange.length)
        let start = range.location - origin, end = range.location + range.length - origin
        let sign = relative ? "+" : ""
        let content =
            range.location >= 0 && range.location + range.length <= storage.length ? storage.utf16Characters(in: range) : []
        var out = "  L\(index) \(sign)\(start)..<\(end)  rect \(num(line.rect.minX)) \(sign)\(num(line.rect.minY - top)) "
        out += "\(num(line.rect.width))×\(num(line.rect.height))  baseline \(sign)\(num(line.baseline - top))  "
        out += "width \(num(line.textWidth))  \(quote(utf16: content))"
        if line.isHyphenated { out += "  hyphenated" }
        if line.isTruncated { out += "  truncated" }
        if line.brokeWord { out += "  broke-word" }
        if line.containerIndex != 0 { out += "  container \(line.containerIndex)" }
        let runs = otherRuns(line.runs, origin: origin - runOffset, base: base, sign: sign)
        if !runs.isEmpty { out += "  · " + runs }
        let styles = styleRuns(storage, in: range, origin: origin, baseStyle: baseStyle, sign: sign)
        if !styles.isEmpty { out += "  · " + styles }
        if !line.attachments.isEmpty { out += "  · " + attachments(line.attachments, origin: origin - runOffset, top: top, sign: sign) }
        return out
    }

    /// The line's inline attachments, where a renderer draws them: `attachment "smiley" +2 rect 30 +0
    /// 40×40`. Only lines holding attachments get the phrase, so dumps without any are unchanged.
    package static func attachments(_ placements: [AttachmentPlacement], origin: Int, top: Double, sign: String) -> String {
        placements.map { placement in
            let name = placement.attachment.name.map { " \(quote($0))" } ?? ""
            let rect = placement.rect
            return "attachment\(name) \(sign)\(placement.characterIndex - origin) rect \(num(rect.minX)) \(sign)\(num(rect.minY - top)) "
                + "\(num(rect.width))×\(num(rect.height))"
        }.joined(separator: ", ")
    }

    /// The drawing attributes of a range other than the font, as one phrase: `color #E6261F
    /// strikethrough single letterpress`; empty for plain text.
    package static func style(_ attributes: TextAttributes) -> String {
        var parts: [String] = []
        if let color = attributes.foregroundColor, color != .black { parts.append("color \(color.hexString)") }
        if let color = attributes.backgroundColor { parts.append("background \(color.hexString)") }
        if let strike = attributes.strikethrough { parts.append("strikethrough \(strike)") }
        if let underline = attributes.underline { parts.append("underline \(underline)") }
        if let effect = attributes.textEffect { parts.append("\(effect)") }
        if let offset = attributes.baselineOffset, offset != 0 { parts.append("baseline offset \(num(offset))") }
        if let kerning = attributes.kerning, kerning != 0 { parts.append("kern \(num(kerning))") }
        return parts.joined(separator: " ")
    }

    /// Attribute runs of `range` whose style differs from `baseStyle`, merged, in text order:
    /// `color #E6261F +23..<26, strikethrough single +30..<37`.
    package static func styleRuns(_ storage: TextStorage, in range: NSRange, origin: Int, baseStyle: String, sign: String) -> String {
        var segments: [(style: String, start: Int, end: Int)] = []
        var location = range.location
        let end = min(range.location + range.length, storage.length)
        while location < end {
            var effective = NSRange(location: 0, length: 0)
            let attributes = storage.attributes(at: location, effectiveRange: &effective)
            let runEnd = min(end, max(location + 1, effective.location + effective.length))
            let name = style(attributes)
            if let last = segments.last, last.style == name, last.end == location {
                segments[segments.count - 1].end = runEnd
            } else {
                segments.append((name, location, runEnd))
            }
            location = runEnd
        }
        return segments.filter { $0.style != baseStyle }
            .map { "\($0.style.isEmpty ? "plain" : $0.style) \(sign)\($0.start - origin)..<\($0.end - origin)" }
            .joined(separator: ", ")
    }

    /// Runs not in `base` (or right to left), merged by font, in text order:
    /// `Inter Semi Bold 17 +81..<86, Z003 Medium Italic 17 +88..<101`.
    package static func otherRuns(_ runs: [PositionedRun], origin: Int, base: ResolvedFont, sign: String) -> String {
        struct Segment {
            var font: String
            var start: Int
            var end: Int
        }
        let baseName = fontName(base)
        var segments: [Segment] = []
        for run in runs.sorted(by: { $0.characterRange.location < $1.characterRange.location }) {
            let name = fontName(run.font) + (run.isRightToLeft ? " rtl" : "")
            let start = run.characterRange.location, end = run.characterRange.location + run.characterRange.length
            if let last = segments.last, last.font == name, last.end >= start {
                segments[segments.count - 1].end = max(last.end, end)
            } else {
                segments.append(Segment(font: name, start: start, end: end))
            }
        }
        return segments.filter { $0.font != baseName }
            .map { "\($0.font) \(sign)\($0.start - origin)..<\($0.end - origin)" }.joined(separator: ", ")
    }

    package static func findingLines(_ findings: [Finding]) -> [String] {
        guard !findings.isEmpty else { return ["findings: none"] }
        return ["findings:"] + findings.map { "  [\($0.severity.rawValue)] \($0.kind.rawValue) \($0.element): \($0.message)" }
    }

    /// `Inter Semi Bold 17` (family as matched, face style, size in points).
    package static func fontName(_ font: ResolvedFont) -> String {
        "\(font.familyName) \(font.styleName) \(num(font.pointSize))"
    }

    /// Paragraph ranges (each with its terminator) of `text`; an empty text has one empty paragraph.
    package static func paragraphRanges(_ storage: TextStorage) -> [NSRange] {
        var ranges: [NSRange] = []
        var start = 0
        var index = 0
        let length = storage.length
        while index < length {
            let unit = storage.character(at: index)
            if unit == 0x0A || unit == 0x2029 || unit == 0x0D {
                var end = index + 1
                if unit == 0x0D, end < length, storage.character(at: end) == 0x0A { end += 1 }
                ranges.append(NSRange(location: start, length: end - start))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        // The last paragraph; empty after a final newline, like the extra line TextKit lays out.
        ranges.append(NSRange(location: start, length: length - start))
        return ranges
    }

    /// Points with at most 2 decimals; never "-0".
    package static func num(_ value: Double) -> String {
        // Integer arithmetic on hundredths: the same text as formatting the rounded value with
        // "%.2f" and trimming zeros, without `String(format:)` — a dump has millions of numbers.
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return PointFormat.string(value, decimals: 2) }
        let units = Int(hundredths)
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        var text = units < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction < 10 ? ".0" : "."
            text += String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
        return text
    }

    /// A Swift-style quoted string: `\n`, `\t`, `\"`, `\\`, other controls as `\u{…}`.
    package static func quote(_ text: String) -> String { quote(utf16: Array(text.utf16)) }

    /// The same, straight from UTF-16 (a storage's characters): built as UTF-8 bytes, with the
    /// Unicode property lookup only for non-ASCII scalars — a dump quotes every line of a note.
    package static func quote(utf16 units: [UInt16]) -> String {
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(units.count + 8)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        var index = 0
        while index < units.count {
            let unit = units[index]
            index += 1
            if unit >= 0x20 && unit < 0x7F {
                switch unit {
                case 0x22: append("\\\"")
                case 0x5C: append("\\\\")
                default: bytes.append(UInt8(unit))
                }
                continue
            }
            var scalar = Unicode.Scalar(0xFFFD)!
            if UTF16.isLeadSurrogate(unit), index < units.count, UTF16.isTrailSurrogate(units[index]) {
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)) ?? scalar
                index += 1
            } else if let single = Unicode.Scalar(unit) {
                scalar = single
            }
            switch scalar {
            case "\n": append("\\n")
            case "\t": append("\\t")
            case "\r": append("\\r")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                    || scalar.properties.generalCategory == .format && scalar.value != 0x200D
                {
                    append("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}")
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
        bytes.append(0x22)
        return String(decoding: bytes, as: UTF8.self)
    }
}
