import ArgumentParser
import DynamicTypeAudit

#if canImport(CMalloc)
    import CMalloc
#endif

/// `dyntype`: Dynamic Type and TextKit on Linux with real fonts.
@main
struct Dyntype: ParsableCommand {
    static let version = ReportTool.version

    /// Runs the command after one process setting: glibc's malloc raises its mmap threshold
    /// each time a large block is freed, after which multi-megabyte buffers (a note's layout)
    /// come from the per-thread arenas and are never returned — a 12-category preview of a 1 MB
    /// note peaked at 138 MB instead of 106 MB. A fixed threshold keeps large buffers in mmap, so
    /// they go back to the system when freed. It is 8 MB, not lower: a preview image (786×1704 px,
    /// 5.4 MB) then reuses heap memory instead of a fresh mapping whose every page faults in —
    /// at 128 KB that was a quarter of the samples' preview time (sys 0.43 s of 1.66 s), for 4 MB
    /// less peak memory; a 16 MB note peaks at the same 484 MB either way. For the same reason
    /// free memory at the top of the heap is kept up to 32 MB instead of 128 KB (glibc's trim
    /// threshold): returned after each image, it faulted in again for the next (the samples'
    /// preview 1.52 → 1.23 s, sys 0.29 → 0.08 s, 6 MB more at the peak; 1 and 16 MB notes within
    /// ±5 % of their peaks).
    static func main() {
        #if canImport(CMalloc)
            // mallopt returns 0 when the value is refused; memory use is then only higher.
            if mallopt(M_MMAP_THRESHOLD, 8 * 1024 * 1024) == 0 || mallopt(M_TRIM_THRESHOLD, 32 * 1024 * 1024) == 0 {
                Diagnostics.note("note: could not tune malloc's mmap and trim thresholds; large runs may use more memory or time")
            }
        #endif
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(KeyboardArgument.expand(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "dyntype",
        abstract: "Simulate Apple's Dynamic Type on Linux with real fonts.",
        discussion: """
            Resolves every text style at every content-size category to a real font (fontconfig + \
            FreeType), following the type ramps in Profiles/. Exit codes follow sysexits: 0 ok, \
            1 findings, 64 usage, 65 bad input data, 66 input missing, 69 font unavailable, \
            70 internal error, 73 cannot write output.
            """,
        version: version,
        subcommands: [PreviewCommand.self, SwitchCommand.self, MergeCommand.self, FontsCommand.self, CategoriesCommand.self, MeasureCommand.self, SnapshotCommand.self, ServeCommand.self, EnvCommand.self, LintCommand.self, StringsCommand.self, BenchCommand.self],
        defaultSubcommand: nil)
}

/// A bare `--keyboard` means the device's keyboard: ArgumentParser options always take a value,
/// so `--keyboard` not followed by a height becomes `--keyboard device` before parsing. The one
/// rewrite of argv left, kept on purpose: ArgumentParser has no option whose value is optional
/// (a `@Flag` and an `@Option` cannot share `--keyboard`), and `--keyboard` alone is documented.
enum KeyboardArgument {
    static func expand(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            result.append(argument)
            guard argument == "--keyboard" else { continue }
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            if let next, next == "device" || Double(next) != nil { continue }
            result.append("device")
        }
        return result
    }
}
