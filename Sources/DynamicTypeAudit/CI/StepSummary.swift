import DynamicTypeCore
import Foundation

/// The Markdown a run appends to `$GITHUB_STEP_SUMMARY`: what was checked, the findings per view
/// and category (so a reviewer sees from which size each view breaks without opening anything),
/// why the run failed, and where the artifacts are.
package struct StepSummary: Sendable {
    /// `dyntype preview`, `dyntype strings`.
    package var command: String
    /// The categories the run covered, smallest first.
    package var categories: [ContentSizeCategory]
    /// Findings after the baseline.
    package var findings: [Finding]
    /// How many findings the baseline accepted, and how many of its entries went stale.
    package var accepted = 0
    package var stale = 0
    /// Why the run fails (``FailPolicy/reasons(_:)``); empty when it passes.
    package var reasons: [String] = []
    /// Files a reviewer opens, by what they are (`contact sheet` → `preview/index.html`).
    package var artifacts: [(name: String, path: String)] = []

    /// A summary of a run.
    package init(command: String, categories: [ContentSizeCategory], findings: [Finding]) {
        (self.command, self.categories, self.findings) = (command, categories, findings)
    }

    /// The Markdown, ending in a newline.
    package func markdown(environment: [String: String]) -> String {
        let problems = findings.filter { $0.severity >= .warning }
        let errors = problems.filter { $0.severity == .error }.count
        var out = "### \(reasons.isEmpty ? "✅" : "❌") `\(command)`: "
        out += "\(problems.count) warning\(problems.count == 1 ? "" : "s") or error\(problems.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"))"
        if accepted > 0 || stale > 0 { out += "; \(accepted) in the baseline, \(stale) stale baseline entr\(stale == 1 ? "y" : "ies")" }
        out += "\n\n"
        let views = Self.ordered(problems.map { $0.view ?? "type ramp" })
        if views.isEmpty {
            out += "No view has a warning or an error at \(categories.first?.name ?? "")…\(categories.last?.name ?? "").\n"
        } else {
            // Findings per view and category: a count, ❗ when one is an error.
            out += "| View | " + categories.map { Self.short($0) }.joined(separator: " | ") + " | Kinds |\n"
            out += "|---|" + categories.map { _ in ":-:" }.joined(separator: "|") + "|---|\n"
            let byView = Dictionary(grouping: problems) { $0.view ?? "type ramp" }
            for view in views.prefix(50) {
                let mine = byView[view] ?? []
                let byCategory = Dictionary(grouping: mine, by: \.category)
                let cells = categories.map { category -> String in
                    let here = byCategory[category] ?? []
                    guard !here.isEmpty else { return "" }
                    return "\(here.count)\(here.contains { $0.severity == .error } ? " ❗" : "")"
                }
                let kinds = Self.ordered(mine.map(\.kind.rawValue)).joined(separator: ", ")
                out += "| `\(Self.cell(view))` | " + cells.joined(separator: " | ") + " | \(Self.cell(kinds)) |\n"
            }
            if views.count > 50 { out += "\n…and \(views.count - 50) more views (see the report).\n" }
        }
        if !reasons.isEmpty { out += "\n" + reasons.map { "- **\(Self.cell($0))**\n" }.joined() }
        let root = FileManager.default.currentDirectoryPath
        var links: [String] = artifacts.map { "\($0.name): `\(SARIFLog.relativePath($0.path, root: root))`" }
        if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"], let run = environment["GITHUB_RUN_ID"] {
            links.append("[artifacts of this run](\(server)/\(repository)/actions/runs/\(run)#artifacts)")
        }
        if !links.isEmpty { out += "\n" + links.joined(separator: " · ") + "\n" }
        return out + "\n"
    }

    /// Appends the summary to the file `$GITHUB_STEP_SUMMARY` names, when it names a regular file
    /// (or nothing yet: it is then created).
    ///
    /// Anything else is skipped with a warning rather than written: a FIFO would block the run
    /// until someone reads it (issue 32), a device or a symbolic link would send the summary
    /// elsewhere. The file is opened with `O_NONBLOCK` (opening a FIFO never waits for a reader)
    /// and `O_NOFOLLOW`, and its type checked with `fstat` on the open descriptor.
    ///
    /// - Returns: the warning for stderr when the summary was skipped, else nil.
    /// - Throws: ``RunFailure`` (73) when a regular file cannot be written.
    @discardableResult
    package func append(environment: [String: String]) throws(RunFailure) -> String? {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        func skipped(_ why: String) -> String { "GITHUB_STEP_SUMMARY '\(path)' \(why); the step summary was not written" }
        let data = Data(markdown(environment: environment).utf8)
        // Appending (O_APPEND) keeps what earlier steps wrote; the runner owns the file.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ELOOP: return skipped("is a symbolic link")
            case ENXIO: return skipped("is a FIFO or a socket with no reader, not a regular file")
            case EISDIR: return skipped("is a directory")
            default:
                throw RunFailure(.cannotWrite, "cannot append to GITHUB_STEP_SUMMARY '\(path)': \(String(cString: strerror(code)))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw RunFailure(.cannotWrite, "cannot append to GITHUB_STEP_SUMMARY '\(path)': \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return skipped("is \(InputFile.kindName(info.st_mode)), not a regular file") }
        let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        guard written == data.count else {
            throw RunFailure(.cannotWrite, "cannot append to GITHUB_STEP_SUMMARY '\(path)': short write")
        }
        return nil
    }

    /// `xS`, `L`, `AX3`: the column headers fit a pull request's width.
    static func short(_ category: ContentSizeCategory) -> String {
        ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"][category.rawValue]
    }

    /// A table cell's text: pipes and newlines would break the row.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "`", with: "'")
    }

    /// Unique values in first-seen order.
    static func ordered(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
