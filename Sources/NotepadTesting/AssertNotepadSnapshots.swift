import DynamicTypeCore
import DynamicTypeTesting
import NotepadViews
import SnapshotTesting

// The notepad's overloads of the sweep, apart from DynamicTypeTesting so that a package testing
// only its own screens does not pull in the sample app. Each lets the screen be written as
// `.editor(note:viewSize:)` or `.list(notes:width:)` in the call.

/// The notepad's screens: the sweep of
/// `assertDynamicTypeSnapshots(of:as:named:categories:record:snapshotDirectory:fileID:file:testName:line:column:)`,
/// with the screen written as `.editor(note:viewSize:)` or `.list(notes:width:)` in the call.
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
    // Module-qualified: the generic sweep, not this overload again.
    DynamicTypeTesting.assertDynamicTypeSnapshots(
        of: screen, as: strategy, named: name, categories: categories, record: record, snapshotDirectory: snapshotDirectory,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// The notepad's screens over a range of categories: `categories: .large ... .accessibility2`.
public func assertDynamicTypeSnapshots<Format>(
    of screen: NotepadScreen,
    as strategy: Snapshotting<NotepadScreen, Format>,
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
    DynamicTypeTesting.assertDynamicTypeSnapshots(
        of: screen, as: strategy, named: name, categories: categories, record: record, snapshotDirectory: snapshotDirectory,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// The notepad's screens, written as `.editor(note:viewSize:)` or `.list(notes:width:)` in the call.
public func verifyDynamicTypeSnapshots<Format>(
    of screen: NotepadScreen,
    as strategy: Snapshotting<NotepadScreen, Format>,
    named name: String? = nil,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    file filePath: StaticString = #filePath,
    testName: String = #function
) -> [DynamicTypeSnapshotFailure] {
    DynamicTypeTesting.verifyDynamicTypeSnapshots(
        of: screen, as: strategy, named: name, categories: categories, record: record, snapshotDirectory: snapshotDirectory,
        artifactsDirectory: artifactsDirectory, file: filePath, testName: testName)
}
