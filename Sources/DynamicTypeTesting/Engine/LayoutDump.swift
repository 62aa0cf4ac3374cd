import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import TextStack

/// The text form of a laid-out screen, made to be read in a code review and diffed line by line.
///
/// An editor dump has a header (setting, body font, time indicator), then the text paragraph by
/// paragraph: each paragraph's character range and top, then its line fragments with character
/// ranges and positions *relative to the paragraph* — so an edit in one paragraph changes that
/// paragraph's lines and only the `top` of the later ones — then the findings:
///
/// ```text
/// ¶1 chars 27..<412 · top 44 · 5 lines
///   L0 +0..<42 · x 0 y +0 w 320 h 22 · baseline +17 · text 297.41 · "This note shows every formatting rule the "
///      Inter Regular 17
///   L1 +42..<85 · x 0 y +22 w 320 h 22 · baseline +39 · text 301.2 · "notepad knows. Words between stars are *bold "
///      Inter Regular 17 +42..<81 · Inter Bold 17 +81..<85
/// ```
///
/// A list dump has the headline font and the seed rule's numbers, then every row (y, height, title
/// lines, truncation) and the findings. Character ranges are UTF-16 (as `NSRange`); lengths are
/// points rounded to 2 decimals.
public enum LayoutDump {
    /// The first line of every dump; bump when the format changes.
    public static let header = "dyntype layout dump 1"

    /// The dump of a notes list.
    public static func list(_ list: NotesList, screen: NotepadScreen, findings: [Finding]) -> String {
        var out: [String] = [header]
        out.append("list: \(list.notes.count) notes · width \(num(list.width)) pt · rows \(list.rule.rawValue)")
        out.append(settingLine(list.setting, profile: screen.profile))
        out.append(
            "headline: \(fontName(list.headline)) · line height \(num(list.headline.lineHeight))"
                + (list.rule == .seed ? " · seed row height \(num(list.testLabelHeight * 1.7)) (\"test\" \(num(list.testLabelHeight)) × 1.7)" : ""))
        out.append("content height \(num(list.contentHeight))")
        var y = 0.0
        for row in list.rows {
            var flags = ""
            if row.isTruncated { flags += " · truncated" }
            out.append(
                "row \(row.index) · y \(num(y)) · height \(num(row.height)) · \(row.titleLines) line\(row.titleLines == 1 ? "" : "s") · \(quote(row.title))\(flags)"
            )
            let storage = row.title as NSString
            for (index, line) in row.lines.enumerated() {
                out += lineLines(index: index, line: line, text: storage, origin: 0, top: 0, relative: false)
            }
            y += row.height
        }
        out += findingLines(findings)
        return out.joined(separator: "\n") + "\n"
    }

    /// The dump of a note's editor.
    public static func editor(_ editor: NoteEditor, screen: NotepadScreen, findings: [Finding]) -> String {
        let storage = editor.textStorage.storage
        let text = storage.string as NSString
        let lines = editor.layoutManager.lineFragments
        var out: [String] = [header]
        out.append("editor: \(editor.note.slug) · \(quote(editor.note.title))")
        out.append(settingLine(editor.setting, profile: screen.profile) + " · view \(num(editor.viewSize.width))×\(num(editor.viewSize.height)) pt")
        let body = editor.textStorage.highlighter.bodyFont
        out.append("body: \(fontName(body)) · line height \(num(body.lineHeight)) · leading \(num(body.rampLeading))")
        let indicator = editor.timeIndicator
        out.append(
            "time indicator: \(quote(indicator.text)) · \(fontName(indicator.font)) · circle center (\(num(indicator.center.x)), \(num(indicator.center.y))) r \(num(indicator.radius)) · label x \(num(indicator.labelFrame.minX)) y \(num(indicator.labelFrame.minY)) w \(num(indicator.labelFrame.width)) h \(num(indicator.labelFrame.height))"
        )
        let paragraphs = paragraphRanges(text)
        out.append(
            "text: \(text.length) UTF-16 units · \(paragraphs.count) paragraph\(paragraphs.count == 1 ? "" : "s") · \(lines.count) line\(lines.count == 1 ? "" : "s") · content height \(num(editor.contentHeight)) · container inset \(num(NoteEditor.textContainerInset))"
        )
        var lineIndex = 0
        for (number, paragraph) in paragraphs.enumerated() {
            let end = paragraph.location + paragraph.length
            var members: [LineFragment] = []
            let isLast = number == paragraphs.count - 1
            while lineIndex < lines.count, isLast || lines[lineIndex].characterRange.location < end {
                members.append(lines[lineIndex])
                lineIndex += 1
            }
            let top = members.first?.rect.minY ?? 0
            out.append(
                "¶\(number) chars \(paragraph.location)..<\(end) · top \(num(top)) · \(members.count) line\(members.count == 1 ? "" : "s")"
            )
            for (index, line) in members.enumerated() {
                out += lineLines(index: index, line: line, text: text, origin: paragraph.location, top: top, relative: true)
            }
        }
        let diagnostics = editor.textStorage.highlighter.diagnostics
        if !diagnostics.isEmpty {
            out.append("highlighting:")
            out += diagnostics.map { "  \($0.description)" }
        }
        out += findingLines(findings)
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Pieces

    static func settingLine(_ setting: TextSizeSetting, profile: TypeRampProfile) -> String {
        "setting: \(setting.category.name) · Bold Text \(setting.legibilityWeight == .bold ? "on" : "off") · profile \(profile.name)"
    }

    /// Two lines per fragment: geometry and text, then the fonts of its runs.
    static func lineLines(index: Int, line: LineFragment, text: NSString, origin: Int, top: Double, relative: Bool) -> [String] {
        let range = line.characterRange
        let start = range.location - origin, end = range.location + range.length - origin
        let prefix = relative ? "+" : ""
        var flags = ""
        if line.isHyphenated { flags += " · hyphenated" }
        if line.isTruncated { flags += " · truncated" }
        if line.brokeWord { flags += " · broke word" }
        if line.containerIndex != 0 { flags += " · container \(line.containerIndex)" }
        let y = line.rect.minY - top, baseline = line.baseline - top
        let content = range.location + range.length <= text.length ? text.substring(with: range) : ""
        let geometry =
            "x \(num(line.rect.minX)) y \(prefix)\(num(y)) w \(num(line.rect.width)) h \(num(line.rect.height)) · baseline \(prefix)\(num(baseline)) · text \(num(line.textWidth))"
        var result = ["  L\(index) \(prefix)\(start)..<\(end) · \(geometry) · \(quote(content))\(flags)"]
        result.append("     " + runSummary(line.runs, origin: origin, lineRange: range, prefix: prefix))
        return result
    }

    /// Runs merged by font: `Inter Regular 17` for a one-font line, else each font with its range.
    static func runSummary(_ runs: [PositionedRun], origin: Int, lineRange: NSRange, prefix: String) -> String {
        struct Segment {
            var font: String
            var start: Int
            var end: Int
        }
        // Logical order, so the ranges read left to right in the text even on mixed-direction lines.
        let ordered = runs.sorted { $0.characterRange.location < $1.characterRange.location }
        var segments: [Segment] = []
        for run in ordered {
            let name = fontName(run.font) + (run.isRightToLeft ? " rtl" : "")
            let start = run.characterRange.location, end = run.characterRange.location + run.characterRange.length
            if let last = segments.last, last.font == name, last.end >= start {
                segments[segments.count - 1].end = max(last.end, end)
            } else {
                segments.append(Segment(font: name, start: start, end: end))
            }
        }
        if segments.isEmpty { return "(no glyphs)" }
        if segments.count == 1 { return segments[0].font }
        return segments.map { "\($0.font) \(prefix)\($0.start - origin)..<\($0.end - origin)" }.joined(separator: " · ")
    }

    static func findingLines(_ findings: [Finding]) -> [String] {
        guard !findings.isEmpty else { return ["findings: none"] }
        return ["findings:"] + findings.map { "  [\($0.severity.rawValue)] \($0.kind.rawValue) \($0.element): \($0.message)" }
    }

    /// `Inter Semi Bold 17` (family as matched, face style, size in points).
    public static func fontName(_ font: ResolvedFont) -> String {
        "\(font.familyName) \(font.styleName) \(num(font.pointSize))"
    }

    /// Paragraph ranges (each with its terminator) of `text`; an empty text has one empty paragraph.
    static func paragraphRanges(_ text: NSString) -> [NSRange] {
        var ranges: [NSRange] = []
        var start = 0
        var index = 0
        while index < text.length {
            let unit = text.character(at: index)
            if unit == 0x0A || unit == 0x2029 || unit == 0x0D {
                var end = index + 1
                if unit == 0x0D, end < text.length, text.character(at: end) == 0x0A { end += 1 }
                ranges.append(NSRange(location: start, length: end - start))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        // The last paragraph; empty after a final newline, like the extra line TextKit lays out.
        ranges.append(NSRange(location: start, length: text.length - start))
        return ranges
    }

    /// Points with at most 2 decimals; never "-0".
    public static func num(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return PointFormat.string(rounded == 0 ? 0 : rounded, decimals: 2)
    }

    /// A Swift-style quoted string: `\n`, `\t`, `\"`, `\\`, other controls as `\u{…}`.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                    || scalar.properties.generalCategory == .format && scalar.value != 0x200D
                {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
