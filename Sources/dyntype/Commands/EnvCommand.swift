import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeSnapshots
import Foundation
import TextStack

/// `dyntype env --lock | --check <file>`: pin the rendering environment, and check a machine
/// against the pin before comparing snapshots.
struct EnvCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "env",
        abstract: "Print this machine's rendering environment as a lock file, or check it against one.",
        discussion: """
            --lock prints JSON to redirect into dyntype.lock: every font file of the snapshot font set \
            with its SHA-256, version and Debian package, the library versions, the hyphenation \
            dictionary, the installed versions of those packages, and the profile and rules in use. \
            --check <file> compares this machine with it: exit 0 when it matches, 1 naming each \
            difference and the apt-get install pkg=version that fixes it. The lock, profile and rules \
            files must be regular files within --max-input-size (exit 66 for a FIFO, a device or a \
            missing file, 65 past the limit); a lock of an unknown schemaVersion is refused (65).
            """)

    @Flag(name: .long, help: "Print the lock file (JSON) to standard output.")
    var lock = false

    @Option(name: .long, help: ArgumentHelp("Check this machine against a lock file.", valueName: "file"), completion: .file())
    var check: String?

    @Option(name: .long, help: "Type-ramp profile in use: a bundled one or a JSON file.", completion: .list(TypeRampProfile.bundledNames))
    var profile: String = "ios"

    @Option(name: .long, help: ArgumentHelp("Highlight-rule file in use.", valueName: "file.json"), completion: .file(extensions: ["json"]))
    var rules: String?

    @OptionGroup var inputLimit: InputLimitOptions

    /// Exactly one of `--lock` and `--check` (64).
    func validate() throws {
        guard lock != (check != nil) else {
            Diagnostics.error("give exactly one of --lock or --check <file>")
            throw ExitCode(SysExit.usage)
        }
    }

    func run() throws {
        try runReportingErrors {
            let limit = try inputLimit.limit()
            // The lock file is read before anything else: a bad one is reported without the
            // seconds hashing every font takes.
            let locked = try check.map { file -> EnvironmentLock in
                let data: Data
                do {
                    data = try InputFile.read(atPath: file, limit: limit)
                } catch {
                    let (code, message) = describe(error)
                    throw CommandError(code: code, message: "lock file: \(message)")
                }
                do {
                    return try EnvironmentLock.decode(data, origin: file)
                } catch {
                    throw CommandError(code: SysExit.dataError, message: "\(error)")
                }
            }
            let current: EnvironmentLock
            do {
                current = try EnvironmentLock.current(profile: profile, rules: rules, limit: limit)
            } catch let error as HermeticFontError {
                throw CommandError(code: SysExit.unavailable, message: error.description)
            } catch let error as HighlightRuleError {
                throw CommandError(code: SysExit.dataError, message: error.description)
            } catch let error as InputFileError {
                let (code, message) = describe(error)
                throw CommandError(code: code, message: "\(rules.map { $0 == error.path ? "--rules" : "--profile" } ?? "--profile") file: \(message)")
            }
            if lock {
                StandardOutput.write(try JSONOutput.encode(current))
                return
            }
            guard let check, let locked else { return }
            let differences = current.differences(from: locked)
            if differences.isEmpty {
                StandardOutput.write("This machine matches \(check).\n")
                return
            }
            StandardOutput.write(
                "This machine differs from \(check):\n" + differences.map { "  - \($0)\n" }.joined())
            throw ExitCode(SysExit.findings)
        }
    }
}
