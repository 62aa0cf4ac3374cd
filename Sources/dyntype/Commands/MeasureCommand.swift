import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype measure`: lay out a text file at one font and width, one paragraph per input line.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Lay out a text file (one paragraph per line) at a font and width; print paragraphs, lines, height.",
        discussion: """
            The font is a profile text style at a category (default: body at large, ios), or a font \
            file and size. Lines are laid out exactly at --width (no line-fragment padding unless \
            --padding is given). The JSON fields are stable (see docs/commands.md): schemaVersion, tool, input, \
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

    /// The numbers and `--font-file` without `--size` are usage errors (64) before anything is read.
    func validate() throws {
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
            if fontFile != nil, size == nil { throw CommandError(code: SysExit.usage, message: "--font-file needs --size <points>") }
            let count = try ContentSizeCategorySelection(parsing: styleOptions.categories).categories.count
            guard fontFile != nil || count == 1 else {
                throw CommandError(
                    code: SysExit.usage, message: "measure lays out at one category; --category '\(styleOptions.categories)' names \(count)")
            }
        }
    }

    func run() throws {
        try runReportingErrors {
            let limit = try inputLimit.limit()
            let resolver = try FontResolver.shared()
            let font: ResolvedFont
            if let fontFile {
                font = try resolver.font(atPath: fontFile, size: size ?? 0)
            } else {
                let profile = try styleOptions.loadProfile()
                let categories = try styleOptions.selectedCategories(in: profile)
                guard let category = categories.first else { throw CommandError(code: SysExit.usage, message: "no category") }
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
