@_exported import DynamicTypeSnapshots
@_spi(Internals) import SnapshotTesting
import DynamicTypeCore
import Foundation
import Testing
import XCTest

/// One category of a sweep that did not pass.
public struct DynamicTypeSnapshotFailure: Error, Sendable, CustomStringConvertible {
    public var category: ContentSizeCategory
    /// What happened (mismatch, environment changed, recorded, missing…).
    public var kind: ReferenceResult.Kind
    public var reference: URL
    /// The full message: cause, files, what to do.
    public var message: String
    /// Files written for review (new snapshot, diff).
    public var artifacts: [URL]

    public var description: String { "[\(category.name)] \(message)" }
}

/// Asserts a screen's snapshots at every content-size category (or the given ones) in one call.
///
/// References are `__Snapshots__/<TestFile>/<testName>.<name>-<category>.<ext>` next to the test
/// file, each with its environment fingerprint `<reference>.fingerprint.json` (font files with
/// versions and SHA-256, fontconfig/FreeType/HarfBuzz/ICU versions, scale for images). The
/// fingerprint is checked first: if it differs the failure says "environment changed: …" and the
/// content is not compared. Record modes are swift-snapshot-testing's (`record:`,
/// `withSnapshotTesting(record:)`, the `.snapshots(record:)` trait, `SNAPSHOT_TESTING_RECORD`), with
/// `never` when `CI` is set and nothing else chose a mode. Writes are atomic; failures put the new
/// snapshot and a diff into `$SNAPSHOT_ARTIFACTS/<TestFile>/` (default: the temporary directory).
///
/// Works from Swift Testing (`Issue.record`) and XCTest (`XCTFail`), one issue per failing category.
///
/// ```swift
/// @Test func welcomeAtEverySize() {
///     let screen = NotepadScreen.editor(note: note, viewSize: Size(width: 320, height: 568))
///     assertDynamicTypeSnapshots(of: screen, as: .layoutDump, named: "welcome")
///     assertDynamicTypeSnapshots(of: screen, as: .png(perceptualTolerance: 2), named: "welcome",
///                                categories: [.xSmall, .large, .accessibility5])
/// }
/// ```
public func assertDynamicTypeSnapshots<Format>(
    of screen: NotepadScreen,
    as strategy: Snapshotting<NotepadScreen, Format>,
    named name: String,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let failures = verifyDynamicTypeSnapshots(
        of: screen, as: strategy, named: name, categories: categories, record: record,
        snapshotDirectory: snapshotDirectory, file: filePath, testName: testName)
    for failure in failures {
        reportSnapshotIssue(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// ``assertDynamicTypeSnapshots(of:as:named:categories:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// over a range of categories: `categories: .large ... .accessibility2`.
public func assertDynamicTypeSnapshots<Format>(
    of screen: NotepadScreen,
    as strategy: Snapshotting<NotepadScreen, Format>,
    named name: String,
    categories: ClosedRange<ContentSizeCategory>,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    assertDynamicTypeSnapshots(
        of: screen, as: strategy, named: name, categories: ContentSizeCategory.allCases.filter(categories.contains),
        record: record, snapshotDirectory: snapshotDirectory, fileID: fileID, file: filePath, testName: testName,
        line: line, column: column)
}

/// The sweep without reporting: the failures (empty when every category matched). Use it to build
/// your own assertion, or to check that something *does* fail.
public func verifyDynamicTypeSnapshots<Format>(
    of screen: NotepadScreen,
    as strategy: Snapshotting<NotepadScreen, Format>,
    named name: String,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    writer: AtomicWriter = .standard,
    file filePath: StaticString = #filePath,
    testName: String = #function
) -> [DynamicTypeSnapshotFailure] {
    let mode = DynamicTypeSnapshotNaming.recordMode(explicit: record)
    let files = DynamicTypeSnapshotNaming(file: "\(filePath)", snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory)
    let pathExtension = strategy.pathExtension
    var failures: [DynamicTypeSnapshotFailure] = []
    for category in categories {
        let screenAtCategory = screen.at(category)
        let fileName = DynamicTypeSnapshotNaming.referenceName(
            testName: testName, name: name, category: category, pathExtension: pathExtension)
        let reference = files.snapshotDirectory.appendingPathComponent(fileName)
        func fail(_ kind: ReferenceResult.Kind, _ message: String, _ artifacts: [URL] = []) {
            failures.append(
                DynamicTypeSnapshotFailure(
                    category: category, kind: kind, reference: reference, message: message, artifacts: artifacts))
        }
        // Lay out first: a missing font or a bad profile is reported as itself, not as a diff.
        let fingerprint: EnvironmentFingerprint
        do {
            fingerprint = try screenAtCategory.render().fingerprint(includingScale: pathExtension == "png")
        } catch {
            fail(.renderingFailed, "cannot lay out \(screenAtCategory.viewName) at \(category.name): \(error)")
            continue
        }
        var produced: Format?
        strategy.snapshot(screenAtCategory).run { produced = $0 }
        guard let value = produced else {
            fail(.renderingFailed, "the strategy did not produce a snapshot synchronously (asynchronous strategies are not supported by the sweep)")
            continue
        }
        let check = ReferenceCheck(
            reference: reference, artifact: files.artifactsDirectory.appendingPathComponent(fileName), mode: mode,
            label: "\"\(name)\" at \(category.name)", writer: writer)
        let result = check.run(actual: strategy.diffing.toData(value), fingerprint: fingerprint) { old, _ in
            guard let (message, attachments) = strategy.diffing.diffV2(strategy.diffing.fromData(old), value) else { return nil }
            let extra: [(suffix: String, data: Data)] = attachments.compactMap { attachment in
                // swift-snapshot-testing names the line diff "difference.patch"; ours is "<reference>.diff".
                if case .data(let data, let name) = attachment { return (name == "difference.patch" ? "diff" : name, data) }
                return nil
            }
            return ReferenceCheck.Mismatch(message: message, artifacts: extra)
        }
        if !result.passes { fail(result.kind, result.message, result.artifacts) }
    }
    return failures
}

/// File names, folders and record mode of the sweep (swift-snapshot-testing's conventions).
public struct DynamicTypeSnapshotNaming: Sendable {
    /// `<test file folder>/__Snapshots__/<TestFileName>/`, or the given folder.
    public var snapshotDirectory: URL
    /// `$SNAPSHOT_ARTIFACTS/<TestFileName>/` (default: the temporary directory).
    public var artifactsDirectory: URL

    public init(file: String, snapshotDirectory: String? = nil, artifactsDirectory: String? = nil) {
        let fileURL = URL(fileURLWithPath: file, isDirectory: false)
        let testFileName = fileURL.deletingPathExtension().lastPathComponent
        self.snapshotDirectory =
            snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? fileURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(testFileName)
        let artifacts =
            artifactsDirectory ?? ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? NSTemporaryDirectory()
        self.artifactsDirectory = URL(fileURLWithPath: artifacts, isDirectory: true).appendingPathComponent(testFileName)
    }

    /// `<testName>.<name>-<category>.<ext>`: the test function's name without its parameter list
    /// (`editor(_:)` and `testEditor()` give `editor` and `testEditor`), and both names sanitised as
    /// swift-snapshot-testing does (runs of non-word characters become `-`):
    /// `editor.02-welcome-large.txt`.
    public static func referenceName(
        testName: String, name: String, category: ContentSizeCategory, pathExtension: String?
    ) -> String {
        let function = testName.split(separator: "(", maxSplits: 1).first.map(String.init) ?? testName
        var fileName = "\(sanitize(function)).\(sanitize(name))-\(category.name)"
        if let pathExtension { fileName += "." + pathExtension }
        return fileName
    }

    static func sanitize(_ string: String) -> String {
        string.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// The record mode: `explicit`, else the one `withSnapshotTesting` or the `.snapshots` trait
    /// set, else `SNAPSHOT_TESTING_RECORD`; `missing` becomes `never` when `CI` is set and neither
    /// the call nor `SNAPSHOT_TESTING_RECORD` asked for it.
    public static func recordMode(explicit: SnapshotTestingConfiguration.Record?) -> SnapshotRecordMode {
        let environment = ProcessInfo.processInfo.environment
        let fromVariable = environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotRecordMode.init(rawValue:))
        let configured = explicit ?? SnapshotTestingConfiguration.current?.record
        var mode = configured.map(Self.mode(of:)) ?? fromVariable ?? .missing
        if explicit == nil, fromVariable == nil, mode == .missing, SnapshotRecordMode.isCI(environment) { mode = .never }
        return mode
    }

    static func mode(of record: SnapshotTestingConfiguration.Record) -> SnapshotRecordMode {
        switch record {
        case .all: .all
        case .failed: .failed
        case .never: .never
        default: .missing
        }
    }
}

/// `Issue.record` under Swift Testing, `XCTFail` under XCTest (as swift-snapshot-testing 1.19 does).
func reportSnapshotIssue(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: fileID.description, filePath: filePath.description, line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
