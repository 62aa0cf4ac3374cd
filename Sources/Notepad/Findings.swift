import DynamicTypeCore
import Foundation
import TextStack

/// A readability problem found at one category.
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Text cut off by a fixed-height box (a list row shorter than its title's lines).
        case clipped
        /// A title cut with "…" in its row.
        case truncated
        /// A word wider than the line, broken between characters or hyphenated.
        case wordWiderThanLine
        /// Characters drawn with a fallback font.
        case fallbackFont
        /// Characters no installed font can draw.
        case missingGlyph
        /// Text under the time indicator.
        case underIndicator
        /// Text that continues below the first screen (informational: the editor scrolls).
        case belowFold
        /// State a size switch did not update (differs from a fresh build at the new size).
        case staleState
        /// A list row whose height did not change although its title's font did.
        case rowNotResized
        /// Text smaller than the platform's minimum legible size.
        case belowMinimumSize
        /// Coloured text whose contrast against the background fails WCAG 2 AA.
        case lowContrast
        /// A view taller than the largest image drawn: its image was cut (informational).
        case imageCut
    }

    /// How bad.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case info, warning, error
        public static func < (a: Severity, b: Severity) -> Bool {
            [Severity.info, .warning, .error].firstIndex(of: a)! < [Severity.info, .warning, .error].firstIndex(of: b)!
        }
    }

    public var kind: Kind
    public var severity: Severity
    /// Where: `list row 2`, `editor`.
    public var element: String
    /// The category it was found at.
    public var category: ContentSizeCategory
    /// Human description with the numbers.
    public var message: String

    /// A finding.
    public init(kind: Kind, severity: Severity, element: String, category: ContentSizeCategory, message: String) {
        self.kind = kind
        self.severity = severity
        self.element = element
        self.category = category
        self.message = message
    }

    public var description: String { "[\(severity.rawValue)] \(category.name) \(element): \(message)" }
}

/// Computes findings for a notes list and an editor at their current setting.
public enum FindingsDetector {
    /// Findings in the list's rows.
    public static func findings(in list: NotesList) -> [Finding] {
        var result: [Finding] = []
        let category = list.setting.category
        for row in list.rows {
            let element = "list row \(row.index)"
            if row.isTruncated {
                result.append(
                    Finding(
                        kind: .truncated, severity: .warning, element: element, category: category,
                        message: "title \"\(row.title)\" is truncated in a \(fmt(row.height)) pt row"))
            }
            let textBottom = (row.lines.last?.rect.maxY ?? 0) + (row.height - (row.lines.last?.rect.maxY ?? 0)) / 2
            if let last = row.lines.last, last.rect.maxY > row.height + 1e-6 || textBottom > row.height + 1e-6 {
                result.append(
                    Finding(
                        kind: .clipped, severity: .error, element: element, category: category,
                        message: "title needs \(fmt(last.rect.maxY)) pt but the row is \(fmt(row.height)) pt"))
            }
            result += wordAndFontFindings(lines: row.lines, fallbacks: row.fallbacks, element: element, category: category)
        }
        return result
    }

    /// Findings in the editor (`screenHeight` marks the fold).
    public static func findings(in editor: NoteEditor) -> [Finding] {
        let category = editor.setting.category
        let lines = editor.layoutManager.lineFragments
        let element = "editor: \(editor.note.title)"
        var result = wordAndFontFindings(
            lines: lines, fallbacks: editor.layoutManager.fallbacks, element: element, category: category)
        // Text under the indicator: a glyph box that reaches into the circle.
        let indicator = editor.timeIndicator
        var under = 0
        for line in lines {
            let top = line.rect.minY + NoteEditor.textContainerInset
            let bottom = line.rect.maxY + NoteEditor.textContainerInset
            for run in line.runs {
                for glyph in run.glyphs where glyph.advance > 0 {
                    let left = line.rect.minX + glyph.x  // glyph x is relative to the fragment
                    let nearestX = min(max(indicator.center.x, left), left + glyph.advance)
                    let nearestY = min(max(indicator.center.y, top), bottom)
                    let dx = nearestX - indicator.center.x, dy = nearestY - indicator.center.y
                    if dx * dx + dy * dy < indicator.radius * indicator.radius - 1e-6 { under += 1 }
                }
            }
        }
        if under > 0 {
            result.append(
                Finding(
                    kind: .underIndicator, severity: .error, element: element, category: category,
                    message: "\(under) glyphs are under the time indicator"))
        }
        let contentHeight = editor.contentHeight
        if contentHeight > editor.viewSize.height {
            let visible = editor.visibleText(keyboardHeight: 0)
            result.append(
                Finding(
                    kind: .belowFold, severity: .info, element: element, category: category,
                    message: "\(visible.totalLines - visible.visibleLines) of \(visible.totalLines) lines are below the first screen (\(fmt(contentHeight)) pt of text, \(fmt(editor.viewSize.height)) pt screen)"))
        }
        return result
    }

    private static func wordAndFontFindings(
        lines: [LineFragment], fallbacks: [LayoutFallback], element: String, category: ContentSizeCategory
    ) -> [Finding] {
        var result: [Finding] = []
        let broken = lines.filter(\.brokeWord).count
        let hyphenated = lines.filter(\.isHyphenated).count
        if broken > 0 {
            result.append(
                Finding(
                    kind: .wordWiderThanLine, severity: .warning, element: element, category: category,
                    message: "\(broken) line\(broken == 1 ? "" : "s") break a word wider than the line between characters"))
        }
        if hyphenated > 0 {
            result.append(
                Finding(
                    kind: .wordWiderThanLine, severity: .info, element: element, category: category,
                    message: "\(hyphenated) line\(hyphenated == 1 ? " is" : "s are") hyphenated"))
        }
        var families: [String: Int] = [:]
        var missing = 0
        for fallback in fallbacks {
            if let used = fallback.usedFamily { families[used, default: 0] += fallback.range.length } else { missing += 1 }
        }
        for (family, count) in families.sorted(by: { $0.key < $1.key }) {
            result.append(
                Finding(
                    kind: .fallbackFont, severity: .info, element: element, category: category,
                    message: "\(count) UTF-16 units drawn with fallback font \(family)"))
        }
        if missing > 0 {
            result.append(
                Finding(
                    kind: .missingGlyph, severity: .error, element: element, category: category,
                    message: "\(missing) characters have no glyph in any installed font"))
        }
        return result
    }

    static func fmt(_ value: Double) -> String { PointFormat.string((value * 10).rounded() / 10) }
}
