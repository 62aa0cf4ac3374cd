import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype measure`'s report; field names are stable.
package struct MeasureReport: Encodable {
    /// The font laid out with.
    package struct Font: Encodable {
        /// The family name.
        package var family: String
        /// The style (face) name, or the text style.
        package var style: String
        /// The font file.
        package var file: String
        /// Point size.
        package var size: Double
        /// Leading in points.
        package var leading: Double
    }

    /// One paragraph (`--per-paragraph`).
    package struct ParagraphEntry: Encodable {
        /// The paragraph's index, from 0.
        package var index: Int
        /// How many lines.
        package var lines: Int
        /// Height in points.
        package var height: Double
    }

    /// One line measured as a label (`--titles`).
    package struct TitleEntry: Encodable {
        /// The paragraph's index, from 0.
        package var index: Int
        /// The width in points.
        package var width: Double
        /// Height in points.
        package var height: Double
    }

    /// The report format's version; bumped on breaking changes.
    package var schemaVersion = 1
    /// The tool, its version and the command.
    package var tool = ReportTool(command: "measure")
    /// The input file as given (`-` for standard input).
    package var input: String
    /// The font laid out with.
    package var font: Font
    /// The width in points.
    package var width: Double
    /// Line-fragment padding on each side, in points.
    package var padding: Double
    /// How many paragraphs.
    package var paragraphs: Int
    /// How many lines.
    package var lines: Int
    /// Height in points.
    package var height: Double
    /// Layout time.
    package var elapsedSeconds: Double
    /// The text's length in UTF-16 units.
    package var utf16Count: Int
    /// Each paragraph, with `--per-paragraph`.
    package var perParagraph: [ParagraphEntry]?
    /// Each line as a label, with `--titles`.
    package var titles: [TitleEntry]?

    /// Makes the value from its parts.
    package init(input: String, font: ResolvedFont, width: Double, padding: Double, result: TextMeasurer.Result, perParagraph: Bool, titles: Bool) {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        self.input = input
        self.font = Font(
            family: font.familyName, style: font.styleName, file: font.filePath, size: font.pointSize,
            leading: round(font.rampLeading))
        self.width = width
        self.padding = padding
        paragraphs = result.paragraphs.count
        lines = result.lines
        height = round(result.height)
        elapsedSeconds = result.elapsedSeconds
        utf16Count = result.utf16Count
        if perParagraph {
            self.perParagraph = result.paragraphs.enumerated().map {
                ParagraphEntry(index: $0.offset, lines: $0.element.lines, height: round($0.element.height))
            }
        }
        if titles {
            self.titles = result.paragraphs.enumerated().map {
                TitleEntry(index: $0.offset, width: round($0.element.width + 2 * padding), height: round($0.element.height))
            }
        }
    }

    /// The report as terminal text.
    package func text() -> String {
        var out = "font: \(font.family) \(font.style) \(PointFormat.string(font.size)) pt (leading \(PointFormat.string(font.leading)))\n"
        out += "width: \(PointFormat.string(width)) pt, padding \(PointFormat.string(padding)) pt\n"
        out += "paragraphs: \(paragraphs)\nlines: \(lines)\nheight: \(PointFormat.string(height)) pt\n"
        out += String(format: "layout time: %.3f ms\n", elapsedSeconds * 1000)
        if let perParagraph {
            var table = TextTable(header: ["#", "lines", "height"])
            table.rightAligned = [0, 1, 2]
            for entry in perParagraph { table.add([String(entry.index), String(entry.lines), PointFormat.string(entry.height)]) }
            out += "\n" + table.render()
        }
        if let titles {
            var table = TextTable(header: ["#", "width", "height"])
            table.rightAligned = [0, 1, 2]
            for entry in titles { table.add([String(entry.index), PointFormat.string(entry.width), PointFormat.string(entry.height)]) }
            out += "\n" + table.render()
        }
        return out
    }
}
