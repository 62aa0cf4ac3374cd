import DynamicTypeCore
import Foundation

/// swift-snapshot-testing's record modes, for code that does not link SnapshotTesting (the CLI).
package enum SnapshotRecordMode: String, Hashable, Sendable, CaseIterable {
    /// Record every snapshot, whatever is on disk (and fail, in tests: re-run to compare).
    case all
    /// Record only missing references (and fail); compare the others. The default.
    case missing
    /// Compare; when a snapshot differs, record the new one (and still fail).
    case failed
    /// Never write: a missing reference is a failure.
    case never

    /// The mode from `SNAPSHOT_TESTING_RECORD` (`all`, `missing`, `failed`, `never`); when it is
    /// not set, `never` if `CI` is set (recording on CI would hide failures), else `fallback`.
    /// An unknown value is ignored, as swift-snapshot-testing does; empty values count as unset.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, default fallback: SnapshotRecordMode = .missing
    ) -> SnapshotRecordMode {
        if let value = environment["SNAPSHOT_TESTING_RECORD"], let mode = SnapshotRecordMode(rawValue: value) { return mode }
        return isCI(environment) ? .never : fallback
    }

    /// Whether `CI` is set to something (CI services set `CI=true`).
    package static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["CI"] ?? "").isEmpty
    }
}

/// What happened to one snapshot reference: matched, recorded, or why it failed.
public enum SnapshotOutcome: String, Hashable, Sendable {
    /// Same environment, same content.
    case matched
    /// Record mode `all`, and the reference and fingerprint were already identical (not rewritten).
    case unchanged
    /// Record mode `all`: written.
    case recorded
    /// There was no reference; one was recorded.
    case recordedMissing
    /// There was no reference and recording is disabled.
    case missing
    /// The content differs.
    case mismatch
    /// The fingerprint differs: fonts or libraries changed since recording.
    case environmentChanged
    /// The reference was made with other rendering settings (profile, Bold Text, size, scale, rows).
    case settingsChanged
    /// The reference has no fingerprint and recording is disabled.
    case fingerprintMissing
    /// The reference or its fingerprint cannot be read or decoded.
    case unreadable
    /// A file could not be written.
    case writeFailed
    /// The snapshot could not be made (a missing font, a bad profile).
    case renderingFailed
}

/// How one reference compared.
package struct ReferenceResult: Sendable {
    package typealias Kind = SnapshotOutcome

    /// What happened to the reference.
    public var kind: Kind
    /// The reference file.
    public var reference: URL
    /// What happened, for people: cause, files, what to do.
    public var message: String
    /// Files written for review (the new snapshot, diffs).
    public var artifacts: [URL]
    /// Whether a new reference was written (modes all, missing, failed).
    public var wroteReference: Bool

    /// Whether a test should pass: only an identical comparison does (recording fails the test,
    /// as in swift-snapshot-testing).
    public var passes: Bool { kind == .matched }
}

/// Compares one snapshot with its reference on disk and its environment fingerprint, recording
/// according to the mode. Shared by the test helpers and `dyntype snapshot`.
///
/// The fingerprint (`<reference>.fingerprint.json`) is checked first: if the rendering settings
/// changed, the result is ``ReferenceResult/Kind/settingsChanged``; if fonts or libraries changed,
/// ``ReferenceResult/Kind/environmentChanged``; either way the content is not compared. All writes
/// are atomic (``AtomicWriter``); nothing is ever deleted, and an artifact is never written over
/// its reference.
package struct ReferenceCheck {
    /// A content difference.
    package struct Mismatch {
        /// What differs and the likely cause.
        package var message: String
        /// Extra files for review: suffix (`diff.png`, `diff`) and bytes. They are written next to
        /// the new snapshot as `<reference name without extension>.<suffix>`.
        package var artifacts: [(suffix: String, data: Data)]

        package init(message: String, artifacts: [(suffix: String, data: Data)] = []) {
            self.message = message
            self.artifacts = artifacts
        }
    }

    /// The reference file.
    package var reference: URL
    /// Where the new snapshot goes when it fails (same file name as the reference, in the
    /// artifacts folder).
    package var artifact: URL
    package var mode: SnapshotRecordMode
    package var writer: AtomicWriter
    /// Shown in messages (`"02-welcome at large"`).
    package var label: String

    package init(reference: URL, artifact: URL, mode: SnapshotRecordMode, label: String, writer: AtomicWriter = .standard) {
        self.reference = reference
        self.artifact = artifact
        self.mode = mode
        self.label = label
        self.writer = writer
    }

    /// `<reference>.fingerprint.json`.
    package var fingerprintURL: URL { Self.fingerprintURL(for: reference) }

    /// The most a reference or fingerprint is read of: references are this package's own dumps
    /// and PNGs, far smaller; the bound only keeps a planted FIFO or a runaway file harmless.
    static let readLimit = InputSizeLimit(bytes: 1 << 30, howToRaise: "it cannot be a reference; remove it and re-record")

    /// What is wrong with a fingerprint that did not decode, without Foundation's error dump.
    static func decodingProblem(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): "not valid JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): "field '\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        default: "\(error)"
        }
    }

    /// The first of the reference, its fingerprint and the reference's folder that is a symbolic
    /// link: a snapshot folder comes from a repository, and a link there could make `verify`
    /// print and copy another file (a key, a password file) into the artifacts, or `record` write
    /// outside the snapshot folder.
    func linkedPath() -> URL? {
        [reference, fingerprintURL, reference.deletingLastPathComponent()].first { ResolvedPath.isSymbolicLink($0.path) }
    }

    package static func fingerprintURL(for reference: URL) -> URL {
        reference.deletingLastPathComponent().appendingPathComponent(reference.lastPathComponent + ".fingerprint.json")
    }

    /// Checks `actual` (the new snapshot's bytes, made in the environment `fingerprint`).
    ///
    /// - Parameter fingerprint: the environment the snapshot was made in; nil for a strategy that
    ///   reports none (not one of the project's): then no fingerprint is written or checked, and
    ///   only the content is compared.
    /// - Parameter compare: the content comparison, given the reference's and the new bytes
    ///   (only called when they are not byte-identical); nil when they match.
    package func run(
        actual: Data, fingerprint: EnvironmentFingerprint?, compare: (_ reference: Data, _ actual: Data) -> Mismatch?
    ) -> ReferenceResult {
        let fileManager = FileManager.default
        if let link = linkedPath() {
            // Neither read nor written through: its contents must never reach a message or an artifact.
            return ReferenceResult(
                kind: .unreadable, reference: reference,
                message: "\(link.path) is a symbolic link\(ResolvedPath.linkTargetNote(link.path)); snapshot references, fingerprints and their folders must be regular files and folders, so \(label) was not compared. Replace the link with the recorded file (or delete it and record again).",
                artifacts: [], wroteReference: false)
        }
        let hasReference = fileManager.fileExists(atPath: reference.path)
        let hasFingerprint = fingerprint != nil && fileManager.fileExists(atPath: fingerprintURL.path)
        let rerecord = "re-record with SNAPSHOT_TESTING_RECORD=failed (or all), then review the changed files before committing"

        func result(_ kind: ReferenceResult.Kind, _ message: String, artifacts: [URL] = [], wrote: Bool = false) -> ReferenceResult {
            ReferenceResult(kind: kind, reference: reference, message: message, artifacts: artifacts, wroteReference: wrote)
        }
        /// Fingerprint first, then the reference: a kill in between leaves the old reference,
        /// whose comparison then fails visibly rather than passing by accident.
        func record() throws(SnapshotWriteError) {
            if let fingerprint { try writer.write(fingerprint.jsonData(), to: fingerprintURL) }
            try writer.write(actual, to: reference)
        }
        func saveArtifacts(_ extra: [(suffix: String, data: Data)] = []) -> ([URL], String) {
            // An artifacts folder that is the snapshot folder would put the fresh render over the
            // reference, and the next check would pass a real regression.
            if ResolvedPath.resolve(artifact.path) == ResolvedPath.resolve(reference.path) {
                return ([], "\n(artifacts not saved: \(artifact.path) is the reference itself; point SNAPSHOT_ARTIFACTS outside the snapshot folder)")
            }
            // A link among the artifacts would lead the fresh render and its diffs out of the folder.
            let folder = artifact.deletingLastPathComponent()
            if ResolvedPath.isSymbolicLink(folder.path) {
                return ([], "\n(artifacts not saved: \(folder.path) is a symbolic link\(ResolvedPath.linkTargetNote(folder.path)); artifacts are written into real folders only)")
            }
            var written: [URL] = []
            var problems: [String] = []
            do {
                try writer.write(actual, to: artifact)
                written.append(artifact)
            } catch {
                problems.append(error.description)
            }
            let base = artifact.deletingPathExtension()
            for (suffix, data) in extra {
                let url = base.deletingLastPathComponent().appendingPathComponent(base.lastPathComponent + "." + suffix)
                do {
                    try writer.write(data, to: url)
                    written.append(url)
                } catch {
                    problems.append(error.description)
                }
            }
            return (written, problems.isEmpty ? "" : "\n(artifacts not saved: " + problems.joined(separator: "; ") + ")")
        }

        /// In mode `failed`, records the new snapshot and replaces `tail` with `done`; whether it wrote.
        func recordIfFailedMode(_ tail: inout String, done: String) -> Bool {
            guard mode == .failed else { return false }
            do {
                try record()
                tail = done
                return true
            } catch {
                tail += " (\(error.description))"
                return false
            }
        }
        /// A fingerprint that differs in `changes`: the content is not compared.
        func fingerprintDiffers(_ kind: ReferenceResult.Kind, _ headline: String, _ changes: [String], because: String)
            -> ReferenceResult
        {
            let (artifacts, note) = saveArtifacts()
            var tail = because
            let wrote = recordIfFailedMode(
                &tail, done: "Recorded a new reference and fingerprint (SNAPSHOT_TESTING_RECORD=failed); review and commit them.")
            return result(
                kind, "\(headline): \(changes.joined(separator: "; ")).\n\(label): \(tail)\nNew snapshot: \(artifact.path)\(note)",
                artifacts: artifacts, wrote: wrote)
        }

        if mode == .all {
            if hasReference, let old = try? InputFile.read(atPath: reference.path, limit: Self.readLimit), old == actual,
                fingerprint.map({ fingerprint in
                    hasFingerprint && (try? InputFile.read(atPath: fingerprintURL.path, limit: Self.readLimit)) == fingerprint.jsonData()
                }) ?? true
            {
                return result(
                    .unchanged,
                    "Record mode is on (SNAPSHOT_TESTING_RECORD=all): \(label) is already identical to \(reference.path); nothing written. Turn record mode off to compare.")
            }
            do {
                try record()
            } catch {
                return result(.writeFailed, "cannot record \(label): \(error.description)")
            }
            return result(
                .recorded,
                "Record mode is on (SNAPSHOT_TESTING_RECORD=all): recorded \(label) to \(reference.path). Turn record mode off and re-run to compare against it.",
                wrote: true)
        }

        guard hasReference else {
            if mode == .never {
                let (artifacts, note) = saveArtifacts()
                return result(
                    .missing,
                    "No reference for \(label) at \(reference.path), and recording is disabled (SNAPSHOT_TESTING_RECORD=never, or CI is set). The new snapshot is in \(artifact.path); record it locally and commit it.\(note)",
                    artifacts: artifacts)
            }
            do {
                try record()
            } catch {
                return result(.writeFailed, "cannot record \(label): \(error.description)")
            }
            return result(
                .recordedMissing,
                "No reference was found on disk for \(label). Recorded it\(fingerprint == nil ? "" : " (with its environment fingerprint)") to \(reference.path); review it and re-run to compare against it.",
                wrote: true)
        }

        let old: Data
        do {
            old = try InputFile.read(atPath: reference.path, limit: Self.readLimit)
        } catch {
            return result(
                .unreadable, "cannot read the reference of \(label): \(error.description); remove or rename it, then \(rerecord)")
        }

        if hasFingerprint, let fingerprint {
            let recorded: EnvironmentFingerprint
            do {
                recorded = try EnvironmentFingerprint.decode(try InputFile.read(atPath: fingerprintURL.path, limit: Self.readLimit))
            } catch let error as InputFileError {
                return result(
                    .unreadable,
                    "cannot read the environment fingerprint of \(label): \(error.description); remove or rename it, then \(rerecord)")
            } catch {
                return result(
                    .unreadable,
                    "the environment fingerprint \(fingerprintURL.path) of \(label) is not a fingerprint (\(Self.decodingProblem(error))); \(rerecord)")
            }
            let settingsChanges = fingerprint.settingsChanges(since: recorded)
            if !settingsChanges.isEmpty {
                return fingerprintDiffers(
                    .settingsChanged, "settings changed", settingsChanges,
                    because: "The reference was recorded with other rendering settings, so its content was not compared. Verify with the settings it was recorded with (\(fingerprintURL.lastPathComponent) lists them), or if the new settings are intended, re-record with them (SNAPSHOT_TESTING_RECORD=all, or dyntype snapshot record with the same options).")
            }
            let changes = fingerprint.changes(since: recorded)
            if !changes.isEmpty {
                return fingerprintDiffers(
                    .environmentChanged, "environment changed", changes,
                    because: "The reference was made with other fonts or libraries, so its content was not compared (a diff would show the machine, not your change). Install what \(fingerprintURL.lastPathComponent) lists, or if the new environment is intended, \(rerecord).")
            }
        }

        if old != actual, let mismatch = compare(old, actual) {
            let (artifacts, note) = saveArtifacts(mismatch.artifacts)
            var tail = "If the change is intended, \(rerecord)."
            let wrote = recordIfFailedMode(&tail, done: "A new reference was recorded (SNAPSHOT_TESTING_RECORD=failed); review and commit it.")
            let files = artifacts.map(\.path).joined(separator: ", ")
            return result(
                .mismatch,
                "Snapshot \(label) does not match reference \(reference.path).\n\(mismatch.message.trimmingCharacters(in: .whitespacesAndNewlines))\nNew snapshot and diff: \(files)\n\(tail)\(note)",
                artifacts: artifacts, wrote: wrote)
        }

        if let fingerprint, !hasFingerprint {
            if mode == .never {
                return result(
                    .fingerprintMissing,
                    "\(reference.path) has no environment fingerprint (\(fingerprintURL.lastPathComponent)); record it locally with SNAPSHOT_TESTING_RECORD=missing and commit it.")
            }
            do {
                try writer.write(fingerprint.jsonData(), to: fingerprintURL)
            } catch {
                return result(.writeFailed, "cannot write the fingerprint of \(label): \(error.description)")
            }
        }
        return result(.matched, "\(label) matches \(reference.path)")
    }
}

/// Finds references no snapshot produces any more.
package enum SnapshotFolder {
    /// Files under `directory` (relative paths, sorted) that are not in `expected`; hidden files
    /// (temporary files of interrupted writes) and the folders in `skipping` are ignored.
    package static func orphans(in directory: URL, expected: Set<String>, skipping: Set<String> = []) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") || skipping.contains(path) {
                if skipping.contains(path) { enumerator.skipDescendants() }
                continue
            }
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory)
            if !isDirectory.boolValue, !expected.contains(path) { result.append(path) }
        }
        return result.sorted()
    }
}
