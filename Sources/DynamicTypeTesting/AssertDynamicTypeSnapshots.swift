@_exported import DynamicTypeScreens
@_exported import DynamicTypeSnapshots
@_spi(Internals) import SnapshotTesting
import DynamicTypeCore
import Foundation
import Testing
import XCTest

/// One category of a sweep that did not pass.
public struct DynamicTypeSnapshotFailure: Error, Sendable, CustomStringConvertible {
    /// The category whose reference failed.
    public var category: ContentSizeCategory
    /// What happened (mismatch, environment changed, recorded, missing…).
    public var kind: SnapshotOutcome
    /// The reference file compared with.
    public var reference: URL
    /// The full message: cause, files, what to do.
    public var message: String
    /// Files written for review (new snapshot, diff).
    public var artifacts: [URL]

    public var description: String { "[\(category.name)] \(message)" }
}

/// Asserts snapshots of `value` at every content-size category (or the given ones) in one call,
/// with any swift-snapshot-testing strategy.
///
/// Each category is applied with `withContentSizeCategory` (the task-local override of
/// `ContentSizeCategory.current`) while `value` is evaluated and `strategy` snapshots it, so a
/// strategy or value that reads the current category renders at that category; a
/// ``LayoutSnapshotSubject`` with a fixed category (a ``TextLayoutSnapshot``, a ``ScreenSnapshot``,
/// `NotepadViews`' `NotepadScreen`) is also moved to it.
///
/// References are `__Snapshots__/<TestFile>/<testName>.<name>-<category>.<ext>` next to the test
/// file, or `<testName>.<category>.<ext>` without a name (give each sweep of a test that uses the
/// same strategy twice, or of a parameterized test, its own name). The project's strategies
/// (`.layoutDump`, `.png`, and strategies pulled back from them) also write and check the
/// environment fingerprint `<reference>.fingerprint.json` (font files with versions and SHA-256,
/// fontconfig/FreeType/HarfBuzz/ICU versions, rendering settings, scale for images): if it differs
/// the failure says "environment changed: …" or "settings changed: …" and the content is not
/// compared. Other strategies are compared on content only. Record modes are
/// swift-snapshot-testing's (`record:`, `withSnapshotTesting(record:)`, the `.snapshots(record:)`
/// trait, `SNAPSHOT_TESTING_RECORD`), with `never` when `CI` is set and nothing else chose a mode.
/// Writes are atomic; failures put the new snapshot and a diff into
/// `$SNAPSHOT_ARTIFACTS/<TestFile>/` (default: the temporary directory).
///
/// Works from Swift Testing (`Issue.record`) and XCTest (`XCTFail`), one issue per failing
/// category. The strategy must snapshot synchronously.
///
/// ```swift
/// @Test func captionAtEverySize() {
///     let text = TextLayoutSnapshot(TextStorage(string: "Fresh basil"), containerSize: Size(width: 240, height: .infinity),
///                                   style: .caption1)
///     assertDynamicTypeSnapshots(of: text, as: .layoutDump)
///     assertDynamicTypeSnapshots(of: text, as: .png(perceptualTolerance: 2), categories: [.xSmall, .accessibility5])
/// }
/// ```
public func assertDynamicTypeSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    DynamicTypeSweep(
        name: name, categories: categories, record: record, snapshotDirectory: snapshotDirectory, artifactsDirectory: nil,
        writer: .standard, file: "\(filePath)", testName: testName
    ).assert(try value(), as: strategy, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// ``assertDynamicTypeSnapshots(of:as:named:categories:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// over a range of categories: `categories: .large ... .accessibility2`.
public func assertDynamicTypeSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
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
        of: try value(), as: strategy, named: name, categories: ContentSizeCategory.allCases.filter(categories.contains),
        record: record, snapshotDirectory: snapshotDirectory, fileID: fileID, file: filePath, testName: testName,
        line: line, column: column)
}

/// The sweep without reporting: the failures (empty when every category matched). Use it to build
/// your own assertion, or to check that something *does* fail.
public func verifyDynamicTypeSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    file filePath: StaticString = #filePath,
    testName: String = #function
) -> [DynamicTypeSnapshotFailure] {
    DynamicTypeSweep(
        name: name, categories: categories, record: record, snapshotDirectory: snapshotDirectory,
        artifactsDirectory: artifactsDirectory, writer: .standard, file: "\(filePath)", testName: testName
    ).run(try value(), as: strategy)
}

/// One sweep: a value through a strategy at each category, each checked against its reference.
/// (Tests make one with a writer that is interrupted between the temporary file and the rename.)
package struct DynamicTypeSweep {
    package var name: String?
    package var categories: [ContentSizeCategory]
    package var record: SnapshotTestingConfiguration.Record?
    package var snapshotDirectory: String?
    package var artifactsDirectory: String?
    package var writer: AtomicWriter
    package var file: String
    package var testName: String

    package init(
        name: String?, categories: [ContentSizeCategory], record: SnapshotTestingConfiguration.Record?,
        snapshotDirectory: String?, artifactsDirectory: String?, writer: AtomicWriter, file: String, testName: String
    ) {
        self.name = name
        self.categories = categories
        self.record = record
        self.snapshotDirectory = snapshotDirectory
        self.artifactsDirectory = artifactsDirectory
        self.writer = writer
        self.file = file
        self.testName = testName
    }

    /// Runs the sweep and reports each failure as a test issue.
    func assert<Value, Format>(
        _ value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, fileID: StaticString,
        filePath: StaticString, line: UInt, column: UInt
    ) {
        for failure in run(try value(), as: strategy) {
            reportSnapshotIssue(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The failures of the sweep.
    package func run<Value, Format>(
        _ value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>
    ) -> [DynamicTypeSnapshotFailure] {
        let mode = DynamicTypeSnapshotNaming.recordMode(explicit: record)
        let files = DynamicTypeSnapshotNaming(file: file, snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory)
        var failures: [DynamicTypeSnapshotFailure] = []
        for category in categories {
            let fileName = DynamicTypeSnapshotNaming.referenceName(
                testName: testName, name: name, category: category, pathExtension: strategy.pathExtension)
            let reference = files.snapshotDirectory.appendingPathComponent(fileName)
            let label = "\(name.map { "\"\($0)\"" } ?? "the snapshot of \(testName)") at \(category.name)"
            func fail(_ kind: ReferenceResult.Kind, _ message: String, _ artifacts: [URL] = []) {
                failures.append(
                    DynamicTypeSnapshotFailure(
                        category: category, kind: kind, reference: reference, message: message, artifacts: artifacts))
            }
            let report = SnapshotReport()
            var produced: Format?
            var valueError: (any Error)?
            withContentSizeCategory(category) {
                SnapshotReport.$current.withValue(report) {
                    do {
                        var subject = try value()
                        // A value with its own category (a screen, a text snapshot) is moved to this one.
                        if let pinned = (subject as? any LayoutSnapshotSubject)?.at(category) as? Value { subject = pinned }
                        strategy.snapshot(subject).run { produced = $0 }
                    } catch {
                        valueError = error
                    }
                }
            }
            // A missing font or a bad profile is reported as itself, not as a diff.
            if let error = valueError ?? report.error {
                fail(.renderingFailed, "cannot lay out \(label): \(error)")
                continue
            }
            guard let snapshot = produced else {
                fail(.renderingFailed, "the strategy did not produce a snapshot synchronously (asynchronous strategies are not supported by the sweep)")
                continue
            }
            let check = ReferenceCheck(
                reference: reference, artifact: files.artifactsDirectory.appendingPathComponent(fileName), mode: mode,
                label: label, writer: writer)
            let result = check.run(actual: strategy.diffing.toData(snapshot), fingerprint: report.fingerprint) { old, _ in
                guard let (message, attachments) = strategy.diffing.diffV2(strategy.diffing.fromData(old), snapshot) else {
                    return nil
                }
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
}

/// File names, folders and record mode of the sweep (swift-snapshot-testing's conventions).
public struct DynamicTypeSnapshotNaming: Sendable {
    /// `<test file folder>/__Snapshots__/<TestFileName>/`, or the given folder.
    public var snapshotDirectory: URL
    /// `$SNAPSHOT_ARTIFACTS/<TestFileName>/` (default: the temporary directory).
    public var artifactsDirectory: URL

    /// The folders for the test file at `file` (`#filePath`); a nil folder takes its default.
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

    /// `<testName>.<name>-<category>.<ext>`, or `<testName>.<category>.<ext>` without a name: the
    /// test function's name without its parameter list (`editor(_:)` and `testEditor()` give
    /// `editor` and `testEditor`), and both names sanitised as swift-snapshot-testing does (runs of
    /// non-word characters become `-`): `editor.02-welcome-large.txt`.
    public static func referenceName(
        testName: String, name: String?, category: ContentSizeCategory, pathExtension: String?
    ) -> String {
        let function = testName.split(separator: "(", maxSplits: 1).first.map(String.init) ?? testName
        var fileName = "\(sanitize(function)).\(name.map { sanitize($0) + "-" } ?? "")\(category.name)"
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
    package static func recordMode(explicit: SnapshotTestingConfiguration.Record?) -> SnapshotRecordMode {
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
