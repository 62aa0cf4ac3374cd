import ArgumentParser

/// `dyntype`: Dynamic Type and TextKit on Linux with real fonts.
@main
struct Dyntype: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "dyntype",
        abstract: "Simulate Apple's Dynamic Type on Linux with real fonts.",
        discussion: """
            Resolves every text style at every content-size category to a real font (fontconfig +
            FreeType), following the type ramps in Profiles/. Exit codes follow sysexits: 0 ok, \
            1 findings, 64 usage, 65 bad input data, 66 input missing, 69 font unavailable, \
            70 internal error, 73 cannot write output.
            """,
        version: version,
        subcommands: [PreviewCommand.self, SwitchCommand.self, FontsCommand.self, CategoriesCommand.self, MeasureCommand.self, SnapshotCommand.self, BenchCommand.self],
        defaultSubcommand: nil)
}
