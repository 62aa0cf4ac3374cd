import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// `dyntype fonts`: every text style of a profile resolved to a real font at each category, or
/// one font by name (`UIFont(name:size:)`) with its stand-in at a fixed size.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "Resolve every text style to a real font at the chosen content-size categories.",
        discussion: """
            With --family and --size, resolves one font by name as UIFont(name:size:) does (an iOS \
            family such as "Snell Roundhand" or a PostScript name such as SnellRoundhand-Bold) and \
            shows its stand-in, why it was chosen, and that its size does not follow Dynamic Type.

            Examples:
              dyntype fonts                                   # ios profile at large
              dyntype fonts --categories all --bold-text
              dyntype fonts --profile ios7 --categories L...AX5 --style body
              dyntype fonts --categories AX3 --traits bold,italic --format json
              dyntype fonts --family "Snell Roundhand" --size 20 --categories xSmall,AX5
            """)

    @OptionGroup var options: ProfileOptions

    @Option(name: .long, help: "Only these text styles (comma-separated; SwiftUI or UIKit names).")
    var style: String?

    @Option(name: .long, help: "Symbolic traits to add to every style: bold, italic, or bold,italic.")
    var traits: String?

    @Option(
        name: .long,
        help: "A font by name, as UIFont(name:size:) takes it (family or PostScript name); needs --size.")
    var family: String?

    @Option(name: .long, parsing: .unconditional, help: "Point size for --family (a fixed size: it does not follow Dynamic Type).")
    var size: Double?

    @Option(name: .long, help: "Output format.")
    var format: TextOrJSON = .text

    /// `--family` and `--size` go together and without `--style`; traits are known ones (64).
    func validate() throws {
        try runReportingErrors {
            if family != nil || size != nil {
                guard family != nil, size != nil else {
                    throw CommandError(
                        code: SysExit.usage,
                        message: family == nil
                            ? "--size needs --family (a font by name, as UIFont(name:size:) takes it)"
                            : "--family needs --size: UIFont(name:size:) takes a fixed point size")
                }
                guard style == nil else {
                    throw CommandError(code: SysExit.usage, message: "--style does not apply to --family: a font by name has no text style")
                }
            }
            _ = try FontsReport.traits(traits)
        }
    }

    func run() throws {
        try runReportingErrors {
            let profile = try options.loadProfile()
            let categories = try options.selectedCategories(in: profile)
            let traits = try FontsReport.traits(traits)
            let resolver = try FontResolver.shared()
            if let family, let size {
                // `--family NAME --size PT`: one named font at every selected category, next to body's size.
                let report = try NamedFontReport.resolve(
                    family: family, size: size, traits: traits, profile: profile, categories: categories, resolver: resolver)
                StandardOutput.write(format == .json ? try JSONOutput.encode(report) : report.text())
                return
            }
            let report = try FontsReport.resolve(
                profile: profile, categories: categories, styles: try FontsReport.styles(style, in: profile), traits: traits,
                boldText: options.boldText, resolver: resolver)
            StandardOutput.write(format == .json ? try JSONOutput.encode(report) : report.text())
        }
    }
}
