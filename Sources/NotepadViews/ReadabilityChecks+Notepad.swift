import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Notepad
import TextStack

/// The notepad's checks, part of the one findings function (`ReadabilityChecks`):
///
/// - the list: titles truncated or clipped in their rows, words wider than the line, fallback and
///   missing glyphs, the headline below the profile's minimum size, the titles' contrast against
///   the list's background;
/// - an editor: words wider than the line, fallback and missing glyphs, text under the time
///   indicator, text below the first screen (info), every run and the indicator's date label
///   below the minimum size, the contrast of every coloured run against its background and of
///   the date label against the indicator.
///
/// ```swift
/// let findings = ReadabilityChecks.findings(in: editor, profile: .ios)
/// ```
extension ReadabilityChecks {
    /// Every finding in the list's rows.
    public static func findings(in list: NotesList, profile: TypeRampProfile) -> [Finding] {
        var result: [Finding] = []
        let category = list.setting.category
        var top = 0.0
        for row in list.rows {
            let element = "list row \(row.index + 1)"
            let rowArea = Rect(x: 0, y: top, width: list.width, height: row.height)
            top += row.height
            if row.isTruncated {
                result.append(
                    Finding(
                        kind: .truncated, severity: .warning, element: element, category: category,
                        message: "title \"\(row.title)\" is truncated in a \(fmt(row.height)) pt row"
                    ).at(rowArea))
            }
            let textBottom = (row.lines.last?.rect.maxY ?? 0) + (row.height - (row.lines.last?.rect.maxY ?? 0)) / 2
            if let last = row.lines.last, last.rect.maxY > row.height + 1e-6 || textBottom > row.height + 1e-6 {
                result.append(
                    Finding(
                        kind: .clipped, severity: .error, element: element, category: category,
                        message: "title needs \(fmt(last.rect.maxY)) pt but the row is \(fmt(row.height)) pt"
                    ).at(rowArea))
            }
            result += wordAndFontFindings(lines: row.lines, fallbacks: row.fallbacks, element: element, category: category).map {
                $0.kind == .wordWiderThanLine ? $0.at(rowArea) : $0
            }
        }
        guard !list.rows.isEmpty else { return result }
        result += minimumSize(element: "list titles", sizes: [list.headline.pointSize], profile: profile, category: category)
        let headline = list.headline
        if let finding = contrast(
            NotesList.titleColor, on: NotepadDrawing.listBackground, size: headline.pointSize, bold: headline.weight >= .bold,
            sample: list.rows[0].title, element: "list titles", category: category)
        {
            result.append(finding)
        }
        return result
    }

    /// Every finding in the editor (the fold is the view height).
    public static func findings(in editor: NoteEditor, profile: TypeRampProfile) -> [Finding] {
        let category = editor.setting.category
        // Flags and geometry only: the lines as placed, without moving their runs' offsets.
        let lines = editor.layoutManager.placedLineFragments.lazy.map(\.line)
        let element = "editor: \(editor.note.title)"
        var result = wordAndFontFindings(
            lines: lines, fallbacks: editor.layoutManager.fallbacks, element: element, category: category)
        // Text under the indicator: a glyph box that reaches into the circle, in every container
        // the circle overlaps (the rightmost columns, the first page; it is at the view's top).
        let indicator = editor.timeIndicator
        var under = 0
        let holders = editor.indicatorContainers
        let origins = Dictionary(uniqueKeysWithValues: holders.map { ($0, editor.containerOrigin($0)) })
        // Lines go container by container, down each: the walk stops below the circle in the last one.
        for line in lines {
            guard let lastHolder = holders.last, line.containerIndex <= lastHolder else { break }
            guard let origin = origins[line.containerIndex] else { continue }
            let top = line.rect.minY + origin.y
            guard top < indicator.center.y + indicator.radius else {
                if line.containerIndex == lastHolder { break } else { continue }
            }
            for run in line.runs {
                for glyph in run.glyphs where glyph.advance > 0 {
                    let left = origin.x + line.rect.minX + glyph.x  // glyph x is relative to the fragment
                    if indicator.overlaps(Rect(x: left, y: top, width: glyph.advance, height: line.rect.height)) { under += 1 }
                }
            }
        }
        if under > 0 {
            result.append(
                Finding(
                    kind: .underIndicator, severity: .error, element: element, category: category,
                    message: "\(under) glyphs are under the time indicator").at(
                    Rect(
                        x: indicator.center.x - indicator.radius, y: indicator.center.y - indicator.radius, width: 2 * indicator.radius,
                        height: 2 * indicator.radius)))
        }
        let contentHeight = editor.contentHeight
        if editor.layout != .scrolling {
            if let overflow = editor.layoutManager.overflowRange {
                let storage = editor.textStorage.storage
                let sample = storage.substring(with: NSRange(location: overflow.location, length: min(24, overflow.length)))
                let containers = editor.layoutManager.textContainers.count
                result.append(
                    Finding(
                        kind: .overflow, severity: .warning, element: element, category: category,
                        message: "\(overflow.length) characters from \"\(sample.split(whereSeparator: \.isNewline).first ?? "")\" fit in none of the \(containers) \(editor.layout == .pages ? "pages" : "columns") (\(fmt(editor.textContainer.size.width))×\(fmt(editor.textContainer.size.height)) pt each)"))
            }
        } else if contentHeight > editor.viewSize.height {
            let visible = editor.visibleText(keyboardHeight: 0)
            result.append(
                Finding(
                    kind: .belowFold, severity: .info, element: element, category: category,
                    message: "\(visible.totalLines - visible.visibleLines) of \(visible.totalLines) lines are below the first screen (\(fmt(contentHeight)) pt of text, \(fmt(editor.viewSize.height)) pt screen)"))
        }
        if editor.keyboardHeight > 0 {
            result += keyboardFindings(editor, element: element, category: category)
        }
        let runs = editor.textStorage.storage.attributeRuns()
        result += minimumSize(
            element: element, sizes: runs.compactMap { $0.attributes.resolvedFont?.pointSize }, profile: profile, category: category)
        result += minimumSize(
            element: "\(element) · date label", sizes: [indicator.font.pointSize], profile: profile, category: category)
        result += contrast(of: editor, element: element)
        if let finding = contrast(
            .white, on: NotepadDrawing.indicatorColor, size: indicator.font.pointSize, bold: indicator.font.weight >= .bold,
            sample: indicator.text, element: "\(element) · date label", category: category)
        {
            result.append(finding)
        }
        return result
    }

    /// With the keyboard up: how much of the note the shrunken text view shows (info), and a
    /// warning when fewer than two lines fit above the keyboard — the caret's line and the one
    /// before it, the least a writer needs to see what they type.
    static func keyboardFindings(_ editor: NoteEditor, element: String, category: ContentSizeCategory) -> [Finding] {
        let visible = editor.visibleLineRange
        let total = editor.layoutManager.numberOfLines
        let keyboard = fmt(editor.keyboardHeight)
        var result = [
            Finding(
                kind: .underKeyboard, severity: .info, element: element, category: category,
                message: visible.isEmpty
                    ? "keyboard up (\(keyboard) pt): no line fits in the \(fmt(editor.textViewHeight)) pt above it"
                    : "keyboard up (\(keyboard) pt): lines \(visible.lowerBound + 1)–\(visible.upperBound) of \(total) visible above it, scrolled \(fmt(editor.contentOffset)) pt to the caret")
        ]
        if visible.count < 2 && total >= 2 {
            let keyboardArea = Rect(
                x: 0, y: editor.viewSize.height - editor.keyboardHeight, width: editor.viewSize.width, height: editor.keyboardHeight)
            result.append(
                Finding(
                    kind: .underKeyboard, severity: .warning, element: element, category: category,
                    message: "only \(visible.count) line\(visible.count == 1 ? "" : "s") fit\(visible.count == 1 ? "s" : "") in the \(fmt(editor.textViewHeight)) pt above the \(keyboard) pt keyboard; the caret's line and the one before it do not"
                ).at(keyboardArea))
        }
        return result
    }

    /// Coloured runs whose contrast against their background (the run's own, else white) fails
    /// WCAG 2 AA; one finding per colour, with its worst case. The seeds' red ALLCAPS on white is a
    /// real case (4.0:1).
    private static func contrast(of editor: NoteEditor, element: String) -> [Finding] {
        var worst: [String: (ratio: Double, finding: Finding)] = [:]
        let storage = editor.textStorage.storage
        for run in storage.attributeRuns() {
            guard let color = run.attributes.foregroundColor, run.range.length > 0 else { continue }
            let font = run.attributes.resolvedFont
            let background = run.attributes.backgroundColor ?? .white
            let key = color.hexString + "/" + background.hexString
            let ratio = color.contrastRatio(with: background)
            guard worst[key].map({ ratio < $0.ratio }) ?? true,
                let finding = contrast(
                    color, on: background, size: font?.pointSize ?? 17, bold: (font?.weight ?? .regular) >= .bold,
                    sample: storage.substring(with: run.range), element: element, category: editor.setting.category)
            else { continue }
            worst[key] = (ratio, finding)
        }
        return worst.sorted { $0.key < $1.key }.map(\.value.finding)
    }
}
