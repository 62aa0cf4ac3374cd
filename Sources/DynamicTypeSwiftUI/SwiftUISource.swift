import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
import Foundation

/// Why a ``SwiftUISource`` could not be made.
package struct SwiftUISourceError: Error, CustomStringConvertible {
    /// What went wrong.
    package var description: String
}

/// One of your SwiftUI views read from source, for snapshot tests at every text size on Linux:
///
/// ```swift
/// assertDynamicTypeSnapshots(of: try SwiftUISource(file: "Sources/App/ContactRow.swift", view: "ContactRow"), as: .png)
/// ```
///
/// `file` is a Swift file or a folder (every Swift file in it is read, so the view may use the
/// app's other views); `view` is a `View` type's name or a `#Preview`'s name. It is laid out with
/// SwiftUI's rules as `dyntype preview` lays it out (docs/swiftui.md), with the hermetic font set.
public struct SwiftUISource: Sendable {
    /// The view as a screen snapshot.
    package var snapshot: ScreenSnapshot

    /// The view named `view` in `file` (a Swift file or a folder), on a `width` × `height` device,
    /// its keys looked up in `strings` for `locale`, design tokens from `fonts` (a token map).
    public init(
        file: String, view: String, fonts: String? = nil, locale: String? = nil, strings: [String] = [], width: Double = 320,
        height: Double = 568
    ) throws {
        let (documents, problems, _, table) = try SwiftUIDocuments.load(
            [file], tokenFiles: fonts.map { [$0] } ?? [], strings: try StringTable.load(files: strings))
        let wanted = SwiftUIProject.safeID(view)
        guard let document = documents.first(where: { $0.slug == wanted || $0.screen.name == view || $0.screen.name == "Preview: \(view)" })
        else {
            let names = documents.map(\.screen.name).joined(separator: ", ")
            throw SwiftUISourceError(description: "no view '\(view)' in \(file)" + (names.isEmpty ? "" : "; it has \(names)"))
        }
        // A test must not pass on a partly read view: its own file's syntax problem fails it (a
        // skipped macOS branch is a warning, not a partial read).
        if let problem = problems.first(where: { $0.file == document.source && SwiftUIProject.isSyntaxProblem($0.reason) }) {
            throw SwiftUISourceError(description: "\(problem.file): \(problem.reason)")
        }
        snapshot = ScreenSnapshot(
            document: document, locale: locale, strings: table, width: width, height: height)
    }

    /// Pixels per point of images.
    public var scale: Double { snapshot.scale }

    /// The same view at `category`.
    public func at(_ category: ContentSizeCategory) -> SwiftUISource {
        var copy = self
        copy.snapshot = snapshot.at(category)
        return copy
    }

    /// Lays the view out with the hermetic font set through the renderer every command uses.
    public func render() throws -> ViewSnapshotRendering { try snapshot.render() }
}

extension SwiftUISource: LayoutSnapshotSubject {}
