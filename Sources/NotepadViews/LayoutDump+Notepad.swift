import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import TextStack

/// The notepad's layout dumps: the notes list and a note's editor (the format is ``LayoutDump``'s).
extension LayoutDump {
    /// The dump of a notes list.
    package static func list(_ list: NotesList, profile: TypeRampProfile, findings: [Finding]) -> String {
        var out: [String] = [header]
        out.append("list: \(list.notes.count) notes · width \(num(list.width)) pt · rows \(list.rule.rawValue)")
        out.append(settingLine(list.setting, profile: profile))
        out.append(
            "headline: \(fontName(list.headline)) · line height \(num(list.headline.lineHeight))"
                + (list.rule == .seed ? " · seed row height \(num(list.testLabelHeight * 1.7)) (\"test\" \(num(list.testLabelHeight)) × 1.7)" : ""))
        let titleAttributes = NotesList.titleAttributes(list.headline)
        let titleStyle = style(titleAttributes)
        out.append("titles: \(titleStyle.isEmpty ? "plain" : titleStyle) · content height \(num(list.contentHeight))")
        var y = 0.0
        for row in list.rows {
            var flags = ""
            if row.isTruncated { flags += " · truncated" }
            out.append(
                "row \(row.index + 1) · y \(num(y)) · height \(num(row.height)) · \(row.titleLines) line\(row.titleLines == 1 ? "" : "s") · \(quote(row.title))\(flags)"
            )
            let storage = TextStorage(string: row.title, attributes: titleAttributes)
            for (index, line) in row.lines.enumerated() {
                out.append(
                    fragmentLine(
                        index: index, line: line, storage: storage, origin: 0, top: 0, relative: false, base: list.headline,
                        baseStyle: titleStyle))
            }
            y += row.height
        }
        out += findingLines(findings)
        return out.joined(separator: "\n") + "\n"
    }

    /// The dump of a note's editor.
    package static func editor(_ editor: NoteEditor, profile: TypeRampProfile, findings: [Finding]) -> String {
        let storage = editor.textStorage.storage
        let lines = editor.layoutManager.placedLineFragments
        var out: [String] = [header]
        out.append("editor: \(editor.note.slug) · \(quote(editor.note.title))")
        out.append(settingLine(editor.setting, profile: profile) + " · view \(num(editor.viewSize.width))×\(num(editor.viewSize.height)) pt")
        let body = editor.textStorage.highlighter.bodyFont
        out.append("body: \(fontName(body)) · line height \(num(body.lineHeight)) · leading \(num(body.rampLeading))")
        let indicator = editor.timeIndicator
        out.append(
            "time indicator: \(quote(indicator.text)) · \(fontName(indicator.font)) · circle center (\(num(indicator.center.x)), \(num(indicator.center.y))) r \(num(indicator.radius)) · label x \(num(indicator.labelFrame.minX)) y \(num(indicator.labelFrame.minY)) w \(num(indicator.labelFrame.width)) h \(num(indicator.labelFrame.height))"
        )
        let paragraphs = paragraphRanges(storage)
        out.append(
            "text: \(textSummary(storage, paragraphs: paragraphs.count, lines: editor.layoutManager.numberOfLineFragments)) · content height \(num(editor.contentHeight)) · container inset \(num(NoteEditor.textContainerInset))"
        )
        if editor.keyboardHeight > 0 {
            let visible = editor.visibleLineRange
            out.append(
                "keyboard: \(num(editor.keyboardHeight)) pt · text view height \(num(editor.textViewHeight)) · scrolled \(num(editor.contentOffset)) · lines \(visible.lowerBound)..<\(visible.upperBound) visible")
        }
        if editor.layout != .scrolling {
            out.append(
                "containers: \(editor.layout.name) of \(num(editor.textContainer.size.width))×\(num(editor.textContainer.size.height)) pt · "
                    + editor.containerUsage.map { "\($0.name) \($0.characters) (\($0.lines) lines)" }.joined(separator: ", "))
        }
        var text = joinedLines(out)
        appendParagraphLines(to: &text, storage: storage, paragraphs: paragraphs, lines: lines, base: body)
        var tail: [String] = []
        let diagnostics = editor.textStorage.highlighter.diagnostics
        if !diagnostics.isEmpty {
            tail.append("highlighting:")
            tail += diagnostics.map { "  \($0.description)" }
        }
        tail += findingLines(findings)
        text += joinedLines(tail)
        return text
    }
}
