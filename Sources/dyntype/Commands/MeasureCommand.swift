import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import TextStack

/// `dyntype measure`: lay out a text file at one font and width, one paragraph per input line.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Lay out a text file (one paragraph per line) at a font and width; print paragraphs, lines, height.",
        discussion: """
            The font is a profile text style at a category (default: body at large, ios), or a font \
            file and size. Lines are laid out exactly at --width (no line-fragment padding unless \
            --padding is given). The JSON fields are stable (see README): schemaVersion, tool, input, \
            font {family, style, file, size, leading}, width, padding, paragraphs, lines, height, \
            elapsedSeconds, utf16Count, and with --per-paragraph "perParagraph" [{index, lines, \
            height}], with --titles "titles" [{index, width, height}].
            """)

    @Argument(help: "UTF-8 text file (use - for standard input).", completion: .file())
    var file: String

    @Option(name: .long, parsing: .unconditional, help: "Width in points.")
    var width: Double = 343

    @Option(name: .long, help: "Text style (SwiftUI or UIKit name).")
    var style: String = "body"

    @OptionGroup var styleOptions: ProfileOptions

    @Option(name: .long, help: "A font file to use instead of a text style (with --size).", completion: .file())
    var fontFile: String?

    @Option(name: .long, parsing: .unconditional, help: "Point size for --font-file.")
    var size: Double?

    @Option(name: .long, parsing: .unconditional, help: "Line-fragment padding on each side, in points.")
    var padding: Double = 0

    @Option(name: .long, parsing: .unconditional, help: "Hyphenation factor 0…1 for every paragraph (0 = off).")
    var hyphenation: Double = 0

    @Flag(name: .long, help: "Also print each paragraph's line count and height.")
    var perParagraph = false

    @Flag(name: .long, help: "Measure each line as a single-line label (width, height) instead of wrapping.")
    var titles = false

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    @OptionGroup var inputLimit: InputLimitOptions

    func run() throws {
        try runReportingErrors {
            guard width > 0, width.isFinite else {
                throw CommandError(
                    code: SysExit.usage, message: "invalid --width \(width): give a positive number of points, e.g. --width 343")
            }
            guard padding >= 0, padding.isFinite else {
                throw CommandError(code: SysExit.usage, message: "invalid --padding \(padding): give 0 or more points")
            }
            guard (0...1).contains(hyphenation) else {
                throw CommandError(
                    code: SysExit.usage, message: "invalid --hyphenation \(hyphenation): give a factor from 0 (off) to 1, e.g. --hyphenation 0.5")
            }
            let limit = try inputLimit.limit()
            let resolver = try FontResolver.shared()
            let font: ResolvedFont
            if let fontFile {
                guard let size else {
                    throw CommandError(code: SysExit.usage, message: "--font-file needs --size <points>")
                }
                font = try resolver.font(atPath: fontFile, size: size)
            } else {
                let profile = try styleOptions.loadProfile()
                let categories = try styleOptions.selectedCategories(in: profile)
                guard categories.count == 1, let category = categories.first else {
                    throw CommandError(
                        code: SysExit.usage, message: "measure lays out at one category; --category '\(styleOptions.categories)' names \(categories.count)")
                }
                let descriptor = try FontDescriptor.preferred(
                    for: try TextStyle(parsing: style), category: category, legibilityWeight: styleOptions.legibilityWeight,
                    profile: profile)
                font = try resolver.resolve(descriptor)
            }
            let text = try InputText.read(file, limit: limit)
            let measurer = try TextMeasurer(font: font, padding: padding, hyphenationFactor: hyphenation, resolver: resolver)
            let result = titles ? try measurer.measureTitles(text.string) : try measurer.measure(text.string, width: width)
            let report = MeasureReport(
                input: file, font: font, width: width, padding: padding, result: result, perParagraph: perParagraph,
                titles: titles)
            for warning in text.warnings { Diagnostics.warning(warning) }
            switch format {
            case .json: StandardOutput.write(try JSONOutput.encode(report))
            case .text: StandardOutput.write(report.text())
            }
        }
    }
}

/// `dyntype measure`'s report; field names are stable.
struct MeasureReport: Encodable {
    struct Font: Encodable {
        var family: String
        var style: String
        var file: String
        var size: Double
        var leading: Double
    }

    struct ParagraphEntry: Encodable {
        var index: Int
        var lines: Int
        var height: Double
    }

    struct TitleEntry: Encodable {
        var index: Int
        var width: Double
        var height: Double
    }

    var schemaVersion = 1
    var tool = ReportTool(command: "measure")
    var input: String
    var font: Font
    var width: Double
    var padding: Double
    var paragraphs: Int
    var lines: Int
    var height: Double
    var elapsedSeconds: Double
    var utf16Count: Int
    var perParagraph: [ParagraphEntry]?
    var titles: [TitleEntry]?

    init(input: String, font: ResolvedFont, width: Double, padding: Double, result: TextMeasurer.Result, perParagraph: Bool, titles: Bool) {
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

    func text() -> String {
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
