import DynamicTypeAudit
import DynamicTypeCore
import Foundation

/// Parsers of the option values commands share, with the errors (``CommandError``, 64) the CLI
/// prints: categories against a profile, devices, scales, input size limits.
package enum OptionValues {
    /// Parses a category selection and checks it against what `profile` offers. "all", "standard"
    /// and "accessibility" mean what the profile offers of them (watchOS stops at AX3, Android has
    /// 7 steps); a named category the profile lacks is an error.
    package static func categories(_ text: String, in profile: TypeRampProfile) throws -> [ContentSizeCategory] {
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

    /// The simulated device: a bundled device by id or name (the catalog's default when nil),
    /// with an optional width override (100…4000 pt).
    package static func device(named name: String?, width: Double?) throws -> Device {
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

    /// A PNG scale: 1, 2 or 3.
    package static func scale(_ scale: Double) throws -> Double {
        guard [1.0, 2.0, 3.0].contains(scale) else {
            throw CommandError(code: SysExit.usage, message: "invalid --scale \(PointFormat.string(scale)): use 1, 2 or 3")
        }
        return scale
    }

    /// The environment variable that sets the input size limit when no option gives it.
    package static let inputLimitVariable = "DYNTYPE_MAX_INPUT_SIZE"

    /// How the error past the limit tells users to raise it.
    package static let howToRaiseInputLimit =
        "raise the limit with --max-input-size <size> (e.g. 256MB) or \(inputLimitVariable)"

    /// The input size limit: `option`, else the environment variable, else 64 MB.
    ///
    /// - Throws: ``CommandError`` (64) for a value that is not a size, naming where it came from.
    package static func inputLimit(
        _ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> InputSizeLimit {
        let (text, source): (String?, String) =
            option != nil
            ? (option, "--max-input-size")
            : (environment[inputLimitVariable].flatMap { $0.isEmpty ? nil : $0 }, inputLimitVariable)
        guard let text else { return InputSizeLimit(bytes: InputSizeLimit.defaultBytes, howToRaise: howToRaiseInputLimit) }
        do {
            return try InputSizeLimit(parsing: text, howToRaise: howToRaiseInputLimit)
        } catch {
            throw CommandError(code: SysExit.usage, message: "invalid \(source): \(error)")
        }
    }
}
