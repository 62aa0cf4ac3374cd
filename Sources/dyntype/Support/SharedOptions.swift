import ArgumentParser
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
        try selectCategories(categories, in: profile)
    }

    var legibilityWeight: LegibilityWeight { boldText ? .bold : .regular }
}

/// `--format` of the commands that print text, JSON or Markdown tables.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
}

/// Parses a category selection and checks it against what `profile` offers. "all", "standard" and
/// "accessibility" mean what the profile offers of them (watchOS stops at AX3, Android has 7 steps);
/// a named category the profile lacks is an error.
func selectCategories(_ text: String, in profile: TypeRampProfile) throws -> [ContentSizeCategory] {
    let selection = try ContentSizeCategorySelection(parsing: text)
    let lowered = text.lowercased()
    if lowered == "all" || lowered == "*" || lowered == "standard" || lowered == "accessibility" {
        let offered = selection.categories.filter(profile.supports)
        if offered.isEmpty {
            throw ProfileError.unsupportedCategory(
                profile: profile.name, category: text, available: profile.categories.map(\.category.name))
        }
        return offered
    }
    for category in selection.categories where !profile.supports(category) {
        throw ProfileError.unsupportedCategory(
            profile: profile.name, category: category.name, available: profile.categories.map(\.category.name))
    }
    return selection.categories
}

/// The simulated device: a bundled device by id or name (the catalog's default when nil), with an
/// optional width override (100…4000 pt).
func resolveDevice(named name: String?, width: Double?) throws -> Device {
    let catalog = DeviceCatalog.bundled
    var device = catalog.defaultDevice
    if let name {
        guard let found = catalog.device(named: name) else {
            throw CommandError(
                code: SysExit.usage, message: "unknown device '\(name)'; known: " + catalog.devices.map(\.id).joined(separator: ", "))
        }
        device = found
    }
    if let width {
        guard width >= 100, width <= 4000 else {
            throw CommandError(code: SysExit.usage, message: "invalid --width \(width): give 100…4000 points")
        }
        device.width = width
    }
    return device
}
