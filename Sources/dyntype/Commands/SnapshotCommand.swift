import ArgumentParser
import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import DynamicTypeScreens
import DynamicTypeSnapshots
import Foundation
import Notepad
import Rendering
import Synchronization
import TextStack

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
        @OptionGroup var notepad: NotepadOptions

        @OptionGroup var categoryOption: CategoriesOption

        @Option(name: .long, help: "Snapshot folder.", completion: .directory)
        var out: String = "snapshots"

        @Option(name: .long, help: "What to snapshot: text (layout dumps), png, or both.")
        var format: Format = .text

        @OptionGroup var scaleOption: ScaleOption

        @Option(name: .long, help: "PNG comparison: fraction of pixels (0…1) allowed to differ.")
        var pixelTolerance: Double = 0

        @Option(name: .long, help: "PNG comparison: CIE76 ΔE under which colours count as equal (0 = exact; 2–3 absorbs anti-aliasing).")
        var perceptualTolerance: Double = 0

        @OptionGroup var failOn: FailOnOption

        @OptionGroup var shardOption: ShardOption

        @Option(
            name: .customLong("report"),
            help: "Results on stdout: text, json (every reference: path, status, message) or junit (one test case per view × category, for CI).")
        var report: ReportFormat = .text
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, png, both

        var extensions: [String] {
            switch self {
            case .text: ["txt"]
            case .png: ["png"]
            case .both: ["txt", "png"]
            }
        }
    }

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Write reference snapshots and their environment fingerprints (identical files are left alone).")

        @OptionGroup var options: Options

        func run() throws {
            try runReportingErrors {
                // Asked for by name: CI being set does not turn it into `never`.
                let mode = try SnapshotCommand.recordMode(default: .all, neverOnCI: false)
                try SnapshotCommand.execute(options, mode: mode, verifying: false)
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
                let mode = try SnapshotCommand.recordMode(default: .missing, neverOnCI: true)
                try SnapshotCommand.execute(options, mode: mode, verifying: true)
            }
        }
    }

    /// SNAPSHOT_TESTING_RECORD, checked (a typo must not silently record), else CI → never when
    /// `neverOnCI` (verify: recording on CI would hide failures), else `fallback`.
    static func recordMode(default fallback: SnapshotRecordMode, neverOnCI: Bool) throws -> SnapshotRecordMode {
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["SNAPSHOT_TESTING_RECORD"], !value.isEmpty, SnapshotRecordMode(rawValue: value) == nil {
            throw CommandError(
                code: SysExit.usage,
                message: "SNAPSHOT_TESTING_RECORD='\(value)' is not a record mode; use all, missing, failed or never")
        }
        guard neverOnCI else {
            return environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotRecordMode.init(rawValue:)) ?? fallback
        }
        return SnapshotRecordMode.fromEnvironment(environment, default: fallback)
    }

    /// One reference to check.
    struct Job: Sendable {
        var screen: Subject
        var category: ContentSizeCategory
        /// `<view>/<NN>-<category>` without extension.
        var stem: String
    }

    /// A view to snapshot: the notepad's list or an editor, or one of your screens in one locale.
    enum Subject: Sendable {
        case notepad(NotepadScreen)
        case screen(ScreenSnapshot)

        /// The view's folder.
        var viewName: String {
            switch self {
            case .notepad(let screen): screen.viewName
            case .screen(let screen): screen.viewName
            }
        }

        /// What rendering it costs, roughly, for ``ShardPlan``: an editor its text, the list its
        /// rows, a screen its views (plus a fixed part per image).
        var estimatedCost: Int {
            switch self {
            case .notepad(let screen):
                switch screen.content {
                case .list(let notes, _, _): 2_000 + notes.count * 200
                case .editor(let note, _): 2_000 + note.contents.utf8.count
                }
            case .screen(let screen): 2_000 + screen.document.screen.views.count * 300
            }
        }

        /// The same view at `category`.
        func at(_ category: ContentSizeCategory) -> Subject {
            switch self {
            case .notepad(let screen): .notepad(screen.at(category))
            case .screen(let screen): .screen(screen.at(category))
            }
        }

        /// The view laid out, and its findings.
        func render() throws -> (rendering: any LayoutSnapshotRendering, findings: [Finding]) {
            switch self {
            case .notepad(let screen):
                let rendering = try screen.render()
                return (rendering, rendering.findings)
            case .screen(let screen):
                let rendering = try screen.render()
                return (rendering, rendering.findings)
            }
        }
    }

    /// One checked reference (see ``Subject/estimatedCost`` for shard plans).
    struct Outcome: Sendable {
        var path: String
        var result: ReferenceResult?
        /// Set when the screen could not be rendered.
        var error: String?
        var errorCode: Int32 = SysExit.software
        /// The rendering's findings (on the first outcome of each screen and category).
        var findings: [Finding] = []
    }

    static func execute(_ options: Options, mode: SnapshotRecordMode, verifying: Bool) throws {
        let started = ContinuousClock.now
        // Snapshots default to the narrowest device: the strictest layout.
        let settings = try options.notepad.settings(defaultDevice: "iphone-se")
        let profile = settings.profile, device = settings.device, rule = settings.rule
        let categories = try options.categoryOption.selected(in: profile)
        let scale = try options.scaleOption.value(default: 1)
        let boldText = settings.legibility == .bold
        guard (0...1).contains(options.pixelTolerance), (0...100).contains(options.perceptualTolerance) else {
            throw CommandError(code: SysExit.usage, message: "--pixel-tolerance takes 0…1 and --perceptual-tolerance 0…100")
        }
        let shard = try options.shardOption.value()
        let (notes, issues, documents) = try loadInputs(options.notepad)
        let strings = try options.notepad.stringTable()
        let locales = try options.notepad.screenLocales(strings)
        let out = URL(fileURLWithPath: options.out).standardizedFileURL
        let inputs = options.notepad.protectedInputs(notes) + OutputSafety.screenFiles(documents)
        try OutputSafety.checkFolder(options.out, option: "--out '\(options.out)'", against: inputs)
        let defaultArtifacts = out.appendingPathComponent("artifacts")
        let artifactsSetting = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
        if let artifactsSetting {
            try OutputSafety.checkFolder(artifactsSetting, option: "SNAPSHOT_ARTIFACTS='\(artifactsSetting)'", against: inputs)
            try OutputSafety.checkArtifacts(artifactsSetting, snapshots: options.out, defaultArtifacts: defaultArtifacts.path)
        }
        let artifacts = artifactsSetting.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? defaultArtifacts
        // Followed, a link would send fresh renders (and, before, copies of linked references)
        // wherever it points; a snapshot folder from a pull request can carry one.
        if ResolvedPath.isSymbolicLink(artifacts.path) {
            let target = ResolvedPath.linkTargetNote(artifacts.path)
            throw artifactsSetting != nil
                ? CommandError(
                    code: SysExit.usage,
                    message: "SNAPSHOT_ARTIFACTS='\(artifactsSetting!)' is a symbolic link\(target); artifacts are written into a real folder only: point SNAPSHOT_ARTIFACTS at a folder, or unset it")
                : CommandError(
                    code: SysExit.dataError,
                    message: "\(artifacts.path) is a symbolic link\(target); the artifacts folder must be a real folder (a link could send renders anywhere): delete the link, or set SNAPSHOT_ARTIFACTS to a folder")
        }
        // Fonts first: a missing package is exit 69 before anything is written.
        let fontSet = HermeticFontSet.project
        do {
            _ = try fontSet.resolver()
        } catch {
            throw CommandError(code: SysExit.unavailable, message: error.description)
        }
        do {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot create '\(options.out)': \(error.localizedDescription)")
        }
        // Held to the end of the run: a second run into the same folder waits, then stops (exit 73).
        let lock = try OutputLock.acquire(out)
        defer { withExtendedLifetime(lock) {} }

        // What to check: the list and every note, at every selected category.
        let viewSize = Size(width: device.width, height: device.height)
        var screens: [Subject] = []
        if !notes.isEmpty {
            var list = NotepadScreen.list(notes: notes, width: device.width, rule: rule, profile: profile, boldText: boldText, scale: scale)
            // Drawn on the device, as preview draws it (a screen tall at least).
            list.device = device
            screens.append(.notepad(list))
            screens += notes.map {
                var editor = NotepadScreen.editor(
                    note: $0, viewSize: viewSize, profile: profile, boldText: boldText, rules: settings.rules, scale: scale)
                editor.keyboardHeight = settings.keyboardHeight
                editor.editorLayout = settings.editorLayout
                editor.figures = settings.figures
                editor.exclusions = settings.exclusions
                editor.device = device
                return .notepad(editor)
            }
        }
        for document in documents {
            for locale in locales {
                // A screen's own device or width wins over --device, as in preview and switch.
                let own = document.device(for: settings)
                var snapshot = ScreenSnapshot(
                    document: document, locale: locale, strings: strings, width: document.screen.width ?? own.width,
                    height: own.height, boldText: boldText, profile: profile, scale: scale)
                snapshot.keyboardHeight = document.keyboardHeight(for: settings)
                // Its safe area and orientation, as preview lays it out.
                snapshot.device = device
                screens.append(.screen(snapshot))
            }
        }
        var jobs: [Job] = []
        // A view's name becomes a folder of the snapshot folder: one file name, or nothing is written.
        for screen in screens {
            do {
                try PathComponent.validated(screen.viewName, what: "view id")
            } catch {
                throw CommandError(code: SysExit.dataError, message: "\(error.description); nothing was written")
            }
        }
        for screen in screens {
            for category in categories {
                jobs.append(Job(screen: screen.at(category), category: category, stem: "\(screen.viewName)/\(category.fileStem)"))
            }
        }
        // A shard checks only its references; every shard computes the same plan.
        var shardInfo: ShardInfo?
        if let shard {
            let items = jobs.map { ShardWorkItem(key: $0.stem, cost: $0.screen.estimatedCost * (100 + 25 * $0.category.ordinal) / 100) }
            let mine = ShardPlan(items: items, count: shard.count).keys(for: shard)
            jobs = jobs.filter { mine.contains($0.stem) }
            let extras = [options.format.rawValue, "\(scale)", "\(options.pixelTolerance)", "\(options.perceptualTolerance)", profile.name, device.id]
                + categories.map(\.name) + items.map(\.key)
            shardInfo = ShardInfo(shard: shard, fingerprint: StableDigest.hex(extras), items: Array(mine))
        }
        let tolerance = BitmapTolerance(pixels: options.pixelTolerance, perceptual: options.perceptualTolerance)
        let outcomes = run(jobs, extensions: options.format.extensions, out: out, artifacts: artifacts, mode: mode, tolerance: tolerance)

        // Orphans: files no note, category or format could produce (any run over these notes) —
        // other shards' references are among them, so a shard never calls them orphans.
        var expected = Set<String>()
        for screen in screens {
            for category in ContentSizeCategory.allCases {
                for ext in ["txt", "png"] {
                    expected.insert("\(screen.viewName)/\(category.fileStem).\(ext)")
                    expected.insert("\(screen.viewName)/\(category.fileStem).\(ext).fingerprint.json")
                }
            }
        }
        let skipping: Set<String> = artifacts.path.hasPrefix(out.path + "/") ? [String(artifacts.path.dropFirst(out.path.count + 1))] : []
        let orphans = SnapshotFolder.orphans(in: out, expected: expected, skipping: skipping)

        // Report.
        var passed = 0, failed = 0
        var writeFailed = false
        var lines: [String] = []
        var written = 0
        for outcome in outcomes {
            if let error = outcome.error {
                failed += 1
                lines.append("ERROR    \(outcome.path): \(error)")
                continue
            }
            guard let result = outcome.result else { continue }
            if result.wroteReference { written += 1 }
            switch result.kind {
            case .matched, .unchanged:
                passed += 1
            case .recorded:
                passed += 1
            case .recordedMissing:
                if verifying {
                    failed += 1
                    lines.append("RECORDED \(outcome.path)\n" + indent(result.message))
                } else {
                    passed += 1
                }
            case .writeFailed:
                failed += 1
                writeFailed = true
                lines.append("ERROR    \(outcome.path)\n" + indent(result.message))
            case .mismatch, .environmentChanged, .settingsChanged:
                if !verifying && result.wroteReference {
                    // record with SNAPSHOT_TESTING_RECORD=failed: the new reference is the point.
                    passed += 1
                    lines.append("UPDATED  \(outcome.path)\n" + indent(result.message))
                } else {
                    failed += 1
                    let tag = [ReferenceResult.Kind.environmentChanged: "ENV      ", .settingsChanged: "SETTINGS "][result.kind] ?? "FAILED   "
                    lines.append(tag + outcome.path + "\n" + indent(result.message))
                }
            case .missing, .fingerprintMissing, .unreadable, .renderingFailed:
                failed += 1
                lines.append((result.kind == .missing ? "MISSING  " : "FAILED   ") + outcome.path + "\n" + indent(result.message))
            }
        }
        for orphan in orphans {
            if verifying { failed += 1 }
            lines.append(
                "ORPHAN   \(orphan): no note, category or format produces it any more (review and delete it if it is obsolete)")
        }
        let seconds = (ContinuousClock.now - started).seconds
        var text = "dyntype snapshot \(verifying ? "verify" : "record"): \(screens.count) views × \(categories.count) categories, "
        text += "\(options.format.rawValue), \(out.path) (record mode \(mode.rawValue)\(SnapshotRecordMode.isCI() ? ", CI is set" : ""))\n"
        for line in lines { text += line + "\n" }
        if written > 0 { text += "\(written) reference\(written == 1 ? "" : "s") written\n" }
        if failed > 0, outcomes.contains(where: { !($0.result?.artifacts.isEmpty ?? true) }) {
            text += "New snapshots and diffs: \(artifacts.path)\n"
        }
        text += "\(passed) passed, \(failed) failed (\(String(format: "%.1f", seconds)) s)\n"
        let results = SnapshotResults(
            command: "snapshot \(verifying ? "verify" : "record")", shard: shardInfo,
            references: entries(outcomes, orphans: orphans, verifying: verifying), seconds: seconds)
        switch options.report {
        case .text: StandardOutput.write(text)
        case .json: StandardOutput.write(try JSONOutput.encode(results))
        case .junit: StandardOutput.write(results.junit.xml)
        }
        if writeFailed {
            // The report (stdout) lists every failure; stderr says it too, for logs that keep only stderr.
            let failures = outcomes.compactMap { $0.result?.kind == .writeFailed ? $0.result?.message : nil }
                .map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            let more = failures.count > 1 ? " (and \(failures.count - 1) more write failure\(failures.count == 2 ? "" : "s"))" : ""
            throw CommandError(
                code: SysExit.cannotCreate,
                message: "\(failures.first ?? "cannot write the snapshots")\(more); free space or fix the folder's permissions, or choose another --out")
        }
        if let renderError = outcomes.first(where: { $0.error != nil }) { throw ExitCode(renderError.errorCode) }
        // A note that was skipped leaves the snapshots incomplete: that must not pass.
        if let code = NoteInput.exitCode(for: issues.filter { $0.kind != .invalidUTF8 }) { throw ExitCode(code) }
        if failed > 0 { throw ExitCode(SysExit.findings) }
        try options.failOn.check(outcomes.flatMap(\.findings))
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "         " + $0 }.joined(separator: "\n")
    }

    /// Renders each job once and checks its references, categories in parallel.
    static func run(
        _ jobs: [Job], extensions: [String], out: URL, artifacts: URL, mode: SnapshotRecordMode, tolerance: BitmapTolerance
    ) -> [Outcome] {
        let results = Mutex<[Outcome]>([])
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        for job in jobs {
            queue.addOperation {
                let outcomes = check(job, extensions: extensions, out: out, artifacts: artifacts, mode: mode, tolerance: tolerance)
                results.withLock { $0 += outcomes }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return results.withLock { $0 }.sorted { $0.path < $1.path }
    }

    static func check(
        _ job: Job, extensions: [String], out: URL, artifacts: URL, mode: SnapshotRecordMode, tolerance: BitmapTolerance
    ) -> [Outcome] {
        let rendering: any LayoutSnapshotRendering
        let findings: [Finding]
        do {
            (rendering, findings) = try job.screen.render()
        } catch {
            // The same codes as every command (`describe`): a screen's bad input is 65 or 66, not 70.
            let code: Int32 = error is HermeticFontError ? SysExit.unavailable : describe(error).0
            return extensions.map { Outcome(path: "\(job.stem).\($0)", result: nil, error: "\(error)", errorCode: code) }
        }
        var outcomes: [Outcome] = []
        for ext in extensions {
            let path = "\(job.stem).\(ext)"
            let check = ReferenceCheck(
                reference: out.appendingPathComponent(path), artifact: artifacts.appendingPathComponent(path), mode: mode,
                label: "\(job.screen.viewName) at \(job.category.name)")
            do {
                let fingerprint = try rendering.fingerprint(includingScale: ext == "png")
                let result: ReferenceResult
                if ext == "txt" {
                    let dump = rendering.layoutDump()
                    result = check.run(actual: Data(dump.utf8), fingerprint: fingerprint) { old, _ in
                        LineDiff.mismatch(old: String(decoding: old, as: UTF8.self), new: dump)
                    }
                } else {
                    let image = rendering.image()
                    let reference = out.appendingPathComponent(path).path
                    result = check.run(actual: try PNGEncoder.encode(image), fingerprint: fingerprint) { old, _ in
                        compareImage(old: old, new: image, tolerance: tolerance, reference: reference)
                    }
                }
                outcomes.append(Outcome(path: path, result: result, findings: outcomes.isEmpty ? findings : []))
            } catch {
                outcomes.append(Outcome(path: path, result: nil, error: "\(error)"))
            }
        }
        return outcomes
    }

    /// Compares the reference PNG (`old`, read from `path`) with the new image; a reference that
    /// does not decode — not a PNG, or a header over the decoder's pixel budget — is a mismatch
    /// naming the file and why, never a crash or an allocation its header asks for.
    static func compareImage(old: Data, new: RGBAImage, tolerance: BitmapTolerance, reference path: String) -> ReferenceCheck.Mismatch? {
        let reference: RGBAImage
        do {
            reference = try PNGDecoder.decode(old)
        } catch {
            return ReferenceCheck.Mismatch(message: "the reference \(path) is not a usable PNG: \(error.description); re-record it")
        }
        let comparison = BitmapComparison.compare(reference: reference, actual: new, tolerance: tolerance)
        guard !comparison.passes else { return nil }
        let picture = BitmapComparison.diffImage(reference: reference, actual: new, tolerance: tolerance)
        return ReferenceCheck.Mismatch(
            message: comparison.message, artifacts: (try? PNGEncoder.encode(picture)).map { [("diff.png", $0)] } ?? [])
    }

    /// The notes, dated 3 July 2014 (the sample notes' date): the time indicator shows the date, and
    /// a checkout's modification times must not change the snapshots.
    static func loadInputs(_ options: NotepadOptions) throws -> (
        notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]
    ) {
        let (notes, issues, screens) = try options.loadInputs()
        let dated = notes.map { note in
            var copy = note
            copy.timestamp = NoteLoader.sampleDate
            return copy
        }
        return (dated, issues, screens)
    }
}
