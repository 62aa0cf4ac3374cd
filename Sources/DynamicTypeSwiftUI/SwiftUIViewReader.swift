import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation

/// SwiftUI sources as a reader of views: `.swift` files and folders of them (at any depth) become
/// one screen per `View` and `#Preview`, laid out with SwiftUI's rules (``SwiftUILayoutEngine``),
/// with design tokens from `*.fonts.yml` files among the inputs (its companions) and the `fonts`
/// option (`--fonts map.yml`). A file that does not parse cleanly is a problem at its line; its
/// views are read as far as it parses.
package struct SwiftUIViewReader: ViewSourceReader {
    /// The SwiftUI reader.
    package init() {}

    package var name: String { "SwiftUI sources" }

    package var claimsDescription: String { "SwiftUI sources (.swift files, *.fonts.yml token maps)" }

    package func claims(file: String) -> Bool { SwiftUIProject.isSwiftFile(file) }

    package func companion(file: String) -> Bool { DesignTokens.isTokenFile(file) }

    package func holdsFiles(inTree folder: String) -> Bool? { SwiftUIProject.holdsSwiftFile(at: folder) }

    /// The app's String Catalogs and `.lproj` strings in a folder of Swift files: a localized
    /// `Text` shows what they hold without `--strings`.
    package func stringsFiles(inTree folder: String) -> [String] { SwiftUIProject.stringsFiles(at: folder) }

    package func read(_ files: [String], context: ViewReadContext) throws(InputProblem) -> ViewReading {
        // `--fonts`, `--samples` and `--views` maps are one format (DesignTokens).
        var maps: [String] = []
        for option in ["fonts", "samples", "views"] {
            for map in context.options[option] ?? [] {
                guard FileManager.default.fileExists(atPath: map) else {
                    throw InputProblem(
                        file: map, kind: .unreadable,
                        fullMessage: "token map '\(map)' (--\(option)) does not exist; give a YAML file with fonts:, colors:, samples: or views: (docs/swiftui.md)")
                }
                maps.append(map)
            }
        }
        let swiftPaths = files.filter { !companion(file: $0) }
        guard !swiftPaths.isEmpty else {
            guard !maps.isEmpty else { return ViewReading() }
            return ViewReading(problems: [
                InputProblem(
                    file: maps.joined(separator: ", "), kind: .warning,
                    fullMessage: "\(maps.joined(separator: ", ")): a token map (--fonts, --samples, --views) is for SwiftUI sources, but the inputs have no .swift file; it is not used")
            ])
        }
        let tokenFiles = files.filter(companion(file:)) + maps
        let loaded: (documents: [ScreenDocument], problems: [(file: String, reason: String)], read: [String], strings: StringTable)
        do {
            loaded = try SwiftUIDocuments.load(swiftPaths, tokenFiles: tokenFiles, strings: context.strings)
        } catch {
            throw InputProblem(file: error.file, kind: .invalid, fullMessage: error.description)
        }
        let documents = loaded.documents.map { document in
            var document = document
            document.slug = context.uniqueID(document.slug)
            return document
        }
        let problems = loaded.problems.map { problem in
            var result = InputProblem(
                // A file that does not parse, or is nested past what the parser can take safely, is
                // invalid input; links refused and files that cannot be read stay warnings.
                file: problem.file,
                kind: SwiftUIProject.isSyntaxProblem(problem.reason) ? .syntax : .warning,
                fullMessage: "\(problem.file): \(problem.reason)")
            result.line = SwiftUIViewReader.line(in: problem.reason)
            return result
        }
        guard !documents.isEmpty else { return ViewReading(problems: problems, readFiles: loaded.read, watchedFiles: loaded.read) }
        var source = ScreenSource(screens: documents, locales: context.locales, strings: loaded.strings)
        source.locator = SwiftLineLocator()
        return ViewReading(sources: [source], problems: problems, readFiles: loaded.read, watchedFiles: loaded.read)
    }

    /// The line a reason starts with (`line 12: …`).
    static func line(in reason: String) -> Int? {
        guard reason.hasPrefix("line ") else { return nil }
        return Int(reason.dropFirst(5).prefix { $0.isASCII && $0.isNumber })
    }
}

/// A SwiftUI view's findings at the line their element names in the Swift file (`Text Row.swift:14`).
struct SwiftLineLocator: ScreenLineLocator {
    func line(of finding: Finding, in view: SourceView, file: String) -> Int? { Self.swiftLine(in: finding.element, file: file) }

    /// The line a SwiftUI view's element names after its file's name: `Text Row.swift:14` → 14.
    static func swiftLine(in element: String, file: String) -> Int? {
        let marker = (file as NSString).lastPathComponent + ":"
        guard let found = element.range(of: marker, options: .backwards) else { return nil }
        return Int(element[found.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }
}

/// SwiftUI views read from `.swift` files and folders as screen documents, one per view and
/// preview, each laid out by its ``SwiftUILayoutEngine``: how `preview`, `switch`, `snapshot` and
/// `serve` take Swift inputs next to notes and screen files.
package enum SwiftUIDocuments {
    /// The documents of the Swift files `paths` name (files, or folders read recursively), with
    /// the design tokens of `tokenFiles` and of any `*.fonts.yml` in the folders; and the files
    /// that could not be read or did not parse cleanly, with why; and every file read (the Swift
    /// files and token maps). Each folder is walked once.
    ///
    /// `strings` are the strings files in use: returned with the code's fallback texts of its
    /// localized keys added as source-language texts where the files have none.
    package static func load(_ paths: [String], tokenFiles: [String] = [], strings: StringTable = StringTable()) throws(DesignTokens.ReadError) -> (
        documents: [ScreenDocument], problems: [(file: String, reason: String)], read: [String], strings: StringTable
    ) {
        let scans = paths.map { SwiftUIProject.scan($0) }
        let files = scans.flatMap(\.files)
        let allTokenFiles = tokenFiles + paths.flatMap(tokenFilesIn)
        var tokens = DesignTokens()
        for file in allTokenFiles {
            tokens.merge(try DesignTokens.load(path: file))
        }
        let project = SwiftUIProject.load(files: files, tokens: tokens)
        var strings = strings
        strings.addSourceTexts(project.sourceTexts)
        // Links in the folders given that were not followed are said, like files that could not be read.
        let refused = scans.flatMap(\.refused) + paths.flatMap(refusedTokenLinks)
        return (documents(project, files: files), project.problems + refused, files + allTokenFiles, strings)
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
