import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import FontSystem
import Foundation

/// `dyntype strings`: every string of String Catalogs, `.strings` and `.stringsdict` files, in the
/// chosen locales, laid out as one label at each category (``StringsAudit``).
struct StringsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Lay out every string of your catalogs as one label at every text size: which truncate, and from which size.",
        discussion: """
            Every key, every variant (plural and device forms), in each locale of --locales, is laid \
            out as a label of --style, --width (or the device's width less 16 pt margins) and --lines, \
            with placeholders filled with sample values. Reports each string that truncates (needs \
            more lines than the label has) or needs more lines than at large, from which category, \
            located at the key's line in its file. --fail-on, --baseline and --sarif work as in preview.

            Example: dyntype strings Localizable.xcstrings --locales de --categories AX3
            """)

    @Argument(help: "String Catalogs (.xcstrings), .strings and .stringsdict files; later files win.", completion: .file())
    var files: [String] = []

    @Option(name: .long, help: "Locales: a comma list (de,ja), or all (default: every locale the files have).")
    var locales: String = "all"

    @Option(name: .long, help: "The label's text style (body, headline, caption1, …).")
    var style: String = "body"

    @Option(name: .long, parsing: .unconditional, help: "The label's width in points (default: the device's width less 32).")
    var width: Double?

    @Option(name: .long, help: "The device whose width the label takes (see dyntype env).")
    var device: DeviceName?

    @Option(name: .long, parsing: .unconditional, help: "The label's line limit (0: unlimited; report only strings that need more lines).")
    var lines: Int = 1

    @OptionGroup var profileOptions: ProfileOptions

    @Option(name: .long, help: "Output: text, json, or sarif (SARIF 2.1.0 on stdout).")
    var format: Format = .text

    /// `strings`' formats.
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }

    @OptionGroup var findingsOptions: FindingsOptions

    func run() throws {
        try runReportingErrors {
            guard !files.isEmpty else {
                throw CommandError(code: SysExit.usage, message: "give the strings files, e.g. dyntype strings Localizable.xcstrings --locales de")
            }
            let profile = try profileOptions.loadProfile()
            let chosen = locales == "all" ? [] : locales.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let device = device.flatMap { Device.named($0.rawValue) } ?? .standard
            var label = StringsAudit.Label(width: width ?? device.width - 32)
            (label.style, label.lines) = (try TextStyle(parsing: style), lines)
            let audit = try StringsAudit(
                files: files, locales: chosen, label: label, categories: try profileOptions.selectedCategories(in: profile),
                settings: AuditSettings(profile: profile, device: device, legibility: profileOptions.legibilityWeight))
            let report = StringsReport(audit: audit, rows: try audit.run(resolver: try FontResolver.shared()))
            StandardOutput.write(try report.output(format: format.rawValue))
            let summary = StepSummary(command: "dyntype strings", categories: audit.categories, findings: report.findings)
            // Every file the run read: the strings files and a profile given as a file.
            let read = files + OutputSafety.profile(profileOptions.profile).map(\.path)
            try findingsOptions.finish(report.findings, locate: report.locator(), summary: summary, protecting: read)
        }
    }
}
