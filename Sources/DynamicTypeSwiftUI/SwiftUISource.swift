import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import DynamicTypeSnapshots
import Foundation

/// SwiftUI views read from `.swift` files and folders as screen documents, one per view and
/// preview, each laid out by its ``SwiftUILayoutEngine``: how `preview`, `switch`, `snapshot` and
/// `serve` take Swift inputs next to notes and screen files.
package enum SwiftUIDocuments {
    /// Whether `path` is a Swift file or a folder holding Swift files (at any depth).
    package static func isSwiftInput(_ path: String) -> Bool { !SwiftUIProject.swiftFiles(at: path).isEmpty }

    /// The documents of the Swift files `paths` name (files, or folders read recursively), with
    /// the design tokens of `tokenFiles` and of any `*.fonts.yml` in the folders; and the files
    /// that could not be read or did not parse cleanly, with why.
    package static func load(_ paths: [String], tokenFiles: [String] = []) throws(DesignTokens.ReadError) -> (
        documents: [ScreenDocument], problems: [(file: String, reason: String)]
    ) {
        let files = paths.flatMap(SwiftUIProject.swiftFiles(at:))
        var tokens = DesignTokens()
        for file in tokenFiles + paths.flatMap(tokenFilesIn) {
            let loaded = try DesignTokens.load(path: file)
            tokens.fonts.merge(loaded.fonts) { $1 }
            tokens.colors.merge(loaded.colors) { $1 }
        }
        let project = SwiftUIProject.load(files: files, tokens: tokens)
        // Links in the folders given that were not followed are said, like files that could not be read.
        let refused = paths.flatMap(SwiftUIProject.refusedLinks(at:)) + paths.flatMap(refusedTokenLinks)
        return (documents(project, files: files), project.problems + refused)
    }

    /// The token files in the folder `path` whose links lead out of it or to no regular file.
    static func refusedTokenLinks(_ path: String) -> [(file: String, reason: String)] {
        guard !DesignTokens.isTokenFile(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.sorted().filter(DesignTokens.isTokenFile).compactMap { name in
            let full = (path as NSString).appendingPathComponent(name)
            return FolderLink.refusal(full, inFolder: path).map { (full, $0.description) }
        }
    }

    /// The token files a path names: itself, or the `*.fonts.yml` files directly in a folder.
    static func tokenFilesIn(_ path: String) -> [String] {
        if DesignTokens.isTokenFile(path) { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        // Links out of the folder (or to a FIFO, a device) are not followed (issue 32).
        return names.sorted().filter(DesignTokens.isTokenFile).map { (path as NSString).appendingPathComponent($0) }
            .filter { FolderLink.refusal($0, inFolder: path) == nil }
    }

    /// One document per view of `project`.
    static func documents(_ project: SwiftUIProject, files: [String]) -> [ScreenDocument] {
        project.views.map { view in
            var document = ScreenDocument(
                screen: SwiftUILayoutEngine.screen(for: view), slug: view.id, source: view.file,
                baseDirectory: (view.file as NSString).deletingLastPathComponent)
            document.engine = SwiftUILayoutEngine(view: view)
            document.line = view.line
            return document
        }
    }
}

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
        let (documents, problems) = try SwiftUIDocuments.load([file], tokenFiles: fonts.map { [$0] } ?? [])
        let wanted = SwiftUIProject.safeID(view)
        guard let document = documents.first(where: { $0.slug == wanted || $0.screen.name == view || $0.screen.name == "Preview: \(view)" })
        else {
            let names = documents.map(\.screen.name).joined(separator: ", ")
            throw SwiftUISourceError(description: "no view '\(view)' in \(file)" + (names.isEmpty ? "" : "; it has \(names)"))
        }
        // A test must not pass on a partly read view: its own file's problem fails it.
        if let problem = problems.first(where: { $0.file == document.source }) {
            throw SwiftUISourceError(description: "\(problem.file): \(problem.reason)")
        }
        snapshot = ScreenSnapshot(
            document: document, locale: locale, strings: try StringTable.load(files: strings), width: width, height: height)
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
