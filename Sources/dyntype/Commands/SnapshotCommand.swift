import ArgumentParser
import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import DynamicTypeSnapshots
import Foundation

/// `dyntype snapshot record|verify`: snapshot tests of the notepad for people who do not write Swift
/// tests — layout dumps and PNGs of the notes list and every note's editor at every category,
/// recorded into a folder and verified against it in CI.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Record or verify snapshots (layout text, PNG) of the notepad at every text size.",
        discussion: """
            record writes <out>/<view>/<NN>-<category>.txt (a readable layout dump) and/or .png for \
            the notes list (view "list") and each note's editor, each with its environment fingerprint \
            <file>.fingerprint.json (font files with version and SHA-256; fontconfig, FreeType, \
            HarfBuzz and ICU versions; scale). verify renders again and compares: a changed \
            fingerprint fails with "environment changed: …" before any comparison; a difference \
            writes the new snapshot and a diff (.diff for text, .diff.png with the differences in red) \
            into $SNAPSHOT_ARTIFACTS or <out>/artifacts. Fonts come from a hermetic fontconfig \
            configuration that sees only the project's font set. Notes are dated 3 July 2014, so a \
            fresh checkout (new modification times) does not change them.

            Record modes follow swift-snapshot-testing: SNAPSHOT_TESTING_RECORD=all|missing|failed|never. \
            verify defaults to missing (a missing reference is recorded, and verify fails); record \
            defaults to all (identical files are left alone). With CI set and no \
            SNAPSHOT_TESTING_RECORD, verify never writes a reference (never); record, an explicit \
            request, still records. Writes are atomic and \
            nothing is deleted; files in <out> that no note, category or format produces are \
            reported as orphans, and verify fails on them.

            --out and SNAPSHOT_ARTIFACTS may not be, lie in, or hold an input (symbolic links \
            resolved), and SNAPSHOT_ARTIFACTS may not be the snapshot folder or inside it (other \
            than <out>/artifacts). A run locks <out> (.dyntype.lock); a second run waits 3 s, then \
            exits 73.

            Exit codes: 0 ok; 1 a snapshot differs, is missing, was recorded by verify, is \
            orphaned, or was recorded with other settings; 64 usage; 65 a note over \
            --max-input-size was skipped; 66 notes missing, or a note skipped as unreadable or not \
            a regular file; 69 font missing (names the Debian package); 73 cannot write, or \
            another run holds <out>.
            """,
        subcommands: [Record.self, Verify.self])

    /// Options shared by record and verify.
    struct Options: ParsableArguments {
        @OptionGroup var views: ViewInputOptions

        @OptionGroup var categoryOption: CategoriesOption

        @Option(name: .long, help: "Snapshot folder.", completion: .directory)
        var out: String = "snapshots"

        @Option(name: .long, help: "What to snapshot: text (layout dumps), png, or both.")
        var format: SnapshotSuite.Format = .text

        @OptionGroup var scaleOption: ScaleOption

        @Option(name: .long, help: "PNG comparison: fraction of pixels (0…1) allowed to differ.")
        var pixelTolerance: Double = 0

        @Option(name: .long, help: "PNG comparison: CIE76 ΔE under which colours count as equal (0 = exact; 2–3 absorbs anti-aliasing).")
        var perceptualTolerance: Double = 0

        @OptionGroup var findingsOptions: FindingsOptions

        @OptionGroup var shardOption: ShardOption

        @Option(
            name: .customLong("report"),
            help: "Results on stdout: text, json (every reference: path, status, message) or junit (one test case per view × category, for CI).")
        var report: ReportFormat = .text

        /// The tolerances are usage errors (64) before anything runs.
        func validate() throws {
            guard (0...1).contains(pixelTolerance), (0...100).contains(perceptualTolerance) else {
                Diagnostics.error("--pixel-tolerance takes 0…1 and --perceptual-tolerance 0…100")
                throw ExitCode(SysExit.usage)
            }
        }
    }

    /// How `snapshot` reports its results on stdout.
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Write reference snapshots and their environment fingerprints (identical files are left alone).")

        @OptionGroup var options: Options

        func run() throws {
            try runReportingErrors {
                // Asked for by name: CI being set does not turn it into `never`.
                try SnapshotCommand.execute(options, mode: try SnapshotSuite.recordMode(default: .all, neverOnCI: false), verifying: false)
            }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Compare the notepad with the recorded snapshots; exit 1 on any difference, missing reference or orphan.")

        @OptionGroup var options: Options

        func run() throws {
            try runReportingErrors {
                try SnapshotCommand.execute(options, mode: try SnapshotSuite.recordMode(default: .missing, neverOnCI: true), verifying: true)
            }
        }
    }

    /// Loads the inputs, runs the ``SnapshotSuite`` and prints its report.
    static func execute(_ options: Options, mode: SnapshotRecordMode, verifying: Bool) throws {
        let started = ContinuousClock.now
        // Snapshots default to the narrowest device: the strictest layout.
        let settings = try options.views.settings(defaultDevice: "iphone-se")
        let categories = try options.categoryOption.selected(in: settings.profile)
        let scale = try options.scaleOption.value(default: 1)
        let strings = try options.views.stringTable()
        let locales = try options.views.screenLocales(strings)
        let reading = try options.views.readViews(settings: settings, strings: strings, locales: locales)
        let suite = SnapshotSuite(sources: reading.sources, settings: settings, scale: scale, categories: categories)
        var run = SnapshotSuite.RunOptions(out: options.out, mode: mode, verifying: verifying)
        run.format = options.format
        run.tolerance = BitmapTolerance(pixels: options.pixelTolerance, perceptual: options.perceptualTolerance)
        run.shard = try options.shardOption.value()
        run.artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]
        run.protectedInputs = try options.views.protectedInputs(reading)
        let result = try suite.run(run, started: started)
        switch options.report {
        case .text: StandardOutput.write(result.text)
        case .json: StandardOutput.write(try JSONOutput.encode(result.results))
        case .junit: StandardOutput.write(result.results.junit.xml)
        }
        // Text read with replacement characters still snapshots the same every run: not a failure here.
        let failure = result.failure(inputIssues: SysExit.code(for: reading.problems.filter { $0.kind != .invalidText }))
        do {
            // SARIF, baselines and the summary are written whether or not a snapshot failed.
            try options.findingsOptions.finish(
                result.findings, sources: reading.sources,
                summary: StepSummary(command: "dyntype snapshot \(verifying ? "verify" : "record")", categories: categories, findings: result.findings),
                protecting: options.views.filesRead(reading), sharded: run.shard != nil)
        } catch let exit as ExitCode where failure != nil && exit.rawValue == SysExit.findings {}
        if let failure {
            // The report (stdout) lists every failure; stderr says it too, for logs that keep only stderr.
            if let message = failure.message { throw CommandError(code: failure.code, message: message) }
            throw ExitCode(failure.code)
        }
    }
}

extension SnapshotSuite.Format: ExpressibleByArgument {}
