import DynamicTypeAudit
import DynamicTypeSnapshots
import DynamicTypeCore
import Foundation
import Rendering
import Synchronization

extension SnapshotSuite {
    /// How a run writes and compares: the folder, the mode and the tolerances.
    package struct RunOptions: Sendable {
        /// The snapshot folder, as the user gave it (messages quote it).
        package var out: String
        /// Which files each view and category has.
        package var format: Format = .text
        /// How references are written (``SnapshotSuite/recordMode(default:neverOnCI:environment:)``).
        package var mode: SnapshotRecordMode
        /// Verify (a recorded missing reference and an orphan fail) or record.
        package var verifying: Bool
        /// PNG comparison tolerances.
        package var tolerance: BitmapTolerance = .exact
        /// Only this shard's references, when set.
        package var shard: ShardSpec?
        /// `SNAPSHOT_ARTIFACTS`: where fresh renders and diffs go (default `<out>/artifacts`).
        package var artifacts: String?
        /// Every file and folder the run reads: the snapshot and artifacts folders may not be,
        /// lie in, or hold one of them.
        package var protectedInputs: [OutputSafety.Input] = []

        /// Options for a run into `out`.
        package init(out: String, mode: SnapshotRecordMode, verifying: Bool) {
            self.out = out
            self.mode = mode
            self.verifying = verifying
        }
    }

    /// Runs the suite: checks the folders against the inputs, the fonts, creates and locks the
    /// snapshot folder, renders each job once and checks its references (in parallel), then
    /// lists the orphans. What failed is in the returned run, not thrown.
    ///
    /// - Throws: ``CommandError`` when the run cannot start: 64 for a folder that is or holds an
    ///   input, 65 for a view id that is not a file name or a linked artifacts folder, 69 for a
    ///   missing font, 73 for a folder that cannot be created or is locked by another run.
    package func run(_ options: RunOptions, started: ContinuousClock.Instant = .now) throws -> SnapshotRun {
        let out = URL(fileURLWithPath: options.out).standardizedFileURL
        let artifacts = try prepareFolders(options, out: out)
        // Held to the end of the run: a second run into the same folder waits, then stops (exit 73).
        let lock = try OutputLock.acquire(out)
        defer { withExtendedLifetime(lock) {} }
        // A view's name becomes a folder of the snapshot folder: one file name, or nothing is written.
        for subject in subjects {
            do {
                try PathComponent.validated(subject.viewName, what: "view id")
            } catch {
                throw CommandError(code: SysExit.dataError, message: "\(error.description); nothing was written")
            }
        }
        var jobs = self.jobs
        var shardInfo: ShardInfo?
        if let shard = options.shard {
            (jobs, shardInfo) = self.jobs(for: shard, format: options.format, tolerance: options.tolerance)
        }
        let outcomes = Self.check(jobs, options: options, out: out, artifacts: artifacts)
        let skipping: Set<String> = artifacts.path.hasPrefix(out.path + "/") ? [String(artifacts.path.dropFirst(out.path.count + 1))] : []
        return SnapshotRun(
            options: options, out: out, artifacts: artifacts, views: subjects.count, categories: categories.count,
            outcomes: outcomes, orphans: SnapshotFolder.orphans(in: out, expected: expectedFiles, skipping: skipping),
            shard: shardInfo, seconds: (ContinuousClock.now - started).seconds)
    }

    /// Checks the snapshot and artifacts folders, the fonts, and creates the snapshot folder.
    ///
    /// - Returns: the artifacts folder.
    private func prepareFolders(_ options: RunOptions, out: URL) throws -> URL {
        try OutputSafety.checkFolder(options.out, option: "--out '\(options.out)'", against: options.protectedInputs)
        let defaultArtifacts = out.appendingPathComponent("artifacts")
        let setting = options.artifacts.flatMap { $0.isEmpty ? nil : $0 }
        if let setting {
            try OutputSafety.checkFolder(setting, option: "SNAPSHOT_ARTIFACTS='\(setting)'", against: options.protectedInputs)
            try OutputSafety.checkArtifacts(setting, snapshots: options.out, defaultArtifacts: defaultArtifacts.path)
        }
        let artifacts = setting.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? defaultArtifacts
        // Followed, a link would send fresh renders (and, before, copies of linked references)
        // wherever it points; a snapshot folder from a pull request can carry one.
        if ResolvedPath.isSymbolicLink(artifacts.path) {
            let target = ResolvedPath.linkTargetNote(artifacts.path)
            if let setting {
                throw CommandError(
                    code: SysExit.usage,
                    message: "SNAPSHOT_ARTIFACTS='\(setting)' is a symbolic link\(target); artifacts are written into a real folder only: point SNAPSHOT_ARTIFACTS at a folder, or unset it")
            }
            throw CommandError(
                code: SysExit.dataError,
                message: "\(artifacts.path) is a symbolic link\(target); the artifacts folder must be a real folder (a link could send renders anywhere): delete the link, or set SNAPSHOT_ARTIFACTS to a folder")
        }
        // Fonts first: a missing package is exit 69 before anything is written.
        do {
            _ = try HermeticFontSet.project.resolver()
        } catch {
            throw CommandError(code: SysExit.unavailable, message: "\(error)")
        }
        do {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        } catch {
            throw CommandError(code: SysExit.cannotCreate, message: "cannot create '\(options.out)': \(error.localizedDescription)")
        }
        return artifacts
    }

    /// Renders each job once and checks its references, jobs in parallel; outcomes sorted by path.
    static func check(_ jobs: [Job], options: RunOptions, out: URL, artifacts: URL) -> [SnapshotRun.Outcome] {
        let results = Mutex<[SnapshotRun.Outcome]>([])
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
        for job in jobs {
            queue.addOperation {
                let outcomes = check(job, options: options, out: out, artifacts: artifacts)
                results.withLock { $0 += outcomes }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return results.withLock { $0 }.sorted { $0.path < $1.path }
    }

    /// The view laid out, and its findings: the one place the suite draws a view.
    static func render(_ job: Job) throws -> (rendering: any LayoutSnapshotRendering, findings: [Finding]) {
        let rendering = try job.subject.render()
        return (rendering, rendering.findings)
    }

    /// One job's references checked (one outcome per format).
    static func check(_ job: Job, options: RunOptions, out: URL, artifacts: URL) -> [SnapshotRun.Outcome] {
        let extensions = options.format.extensions
        let rendering: any LayoutSnapshotRendering
        let findings: [Finding]
        do {
            (rendering, findings) = try render(job)
        } catch {
            // The same codes as every command (`describe`): a screen's bad input is 65 or 66, not 70.
            let code: Int32 = error is HermeticFontError ? SysExit.unavailable : describe(error).0
            return extensions.map { SnapshotRun.Outcome(path: "\(job.stem).\($0)", error: "\(error)", errorCode: code) }
        }
        var outcomes: [SnapshotRun.Outcome] = []
        for ext in extensions {
            let path = "\(job.stem).\(ext)"
            let check = ReferenceCheck(
                reference: out.appendingPathComponent(path), artifact: artifacts.appendingPathComponent(path), mode: options.mode,
                label: "\(job.subject.viewName) at \(job.category.name)")
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
                        compareImage(old: old, new: image, tolerance: options.tolerance, reference: reference)
                    }
                }
                outcomes.append(SnapshotRun.Outcome(path: path, result: result, findings: outcomes.isEmpty ? findings : []))
            } catch {
                outcomes.append(SnapshotRun.Outcome(path: path, error: "\(error)"))
            }
        }
        return outcomes
    }

    /// Compares the reference PNG (`old`, read from `path`) with the new image; a reference that
    /// does not decode — not a PNG, or a header over the decoder's pixel budget — is a mismatch
    /// naming the file and why, never a crash or an allocation its header asks for.
    static func compareImage(
        old: Data, new: RGBAImage, tolerance: BitmapTolerance, reference path: String
    ) -> ReferenceCheck.Mismatch? {
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
}
