import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore

/// Options shared by the subcommands (CONVENTIONS.md › CLI).
struct ProfileOptions: ParsableArguments {
    @Option(name: .long, help: "Type-ramp profile: ios, ios7, watchos, macos, android, or a path to a JSON profile.")
    var profile: String = "ios"

    @Option(
        name: [.long, .customLong("category")],
        help: "Categories: a name (large, XL, AX3, extraLarge…), a range (large...accessibility2, ...xxxLarge), all, standard, accessibility, or a comma list.")
    var categories: String = "large"

    @Flag(name: .long, help: "Simulate the Bold Text accessibility setting (legibility weight bold).")
    var boldText = false

    /// The loaded profile.
    func loadProfile() throws -> TypeRampProfile { try TypeRampProfile.named(profile) }

    /// The selected categories, checked against what the profile offers.
    func selectedCategories(in profile: TypeRampProfile) throws -> [ContentSizeCategory] {
        try OptionValues.categories(categories, in: profile)
    }

    var legibilityWeight: LegibilityWeight { boldText ? .bold : .regular }
}

/// `--format` of the commands that print text, JSON or Markdown tables.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
}
