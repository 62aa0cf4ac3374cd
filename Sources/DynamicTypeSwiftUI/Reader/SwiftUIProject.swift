import DynamicTypeCore
import Foundation
import SwiftSyntax
import SwiftSyntaxProblems

/// One view read from Swift: a `View` type with a `body`, or a `#Preview` / `PreviewProvider`.
package struct SwiftUIView: Sendable {
    /// The view's id: the type name or the preview's name, made a single safe path component.
    package var id: String
    /// The title in reports (`ContactRow`, `Preview: Large row`).
    package var title: String
    /// The file it was read from.
    package var file: String
    /// Its line.
    package var line: Int
    /// The view tree.
    package var root: ViewNode
    /// What the reader decided or could not read.
    package var notes: [BuildNote]
    /// Whether it is a preview.
    package var isPreview: Bool
}

/// The SwiftUI views of a set of Swift files and folders: every file is read first, so a view
/// may use the app's views of any other file.
package struct SwiftUIProject: Sendable {
    /// The views, in file order (types first, then previews, per file).
    package var views: [SwiftUIView]
    /// Files that could not be read (too large, not UTF-8) or did not parse cleanly, with why.
    package var problems: [(file: String, reason: String)]
    /// The texts the code gives its localized keys (SwiftGen's `fallback:`, `NSLocalizedString`'s
    /// `value:`), by key: the source language's text where the strings files have none.
    package var sourceTexts: [String: String] = [:]

    /// The largest Swift file read (larger ones are skipped and reported).
    package static let maximumFileBytes = 2 << 20
    /// The most Swift files read from the folders given.
    package static let maximumFiles = 5_000

    /// Whether a problem's reason says the file did not parse cleanly or was nested too deep to
    /// parse (its views are partial or missing), rather than a warning (a link not followed, a
    /// macOS branch skipped).
    package static func isSyntaxProblem(_ reason: String) -> Bool {
        reason.contains("Swift syntax error") || reason.contains("to parse safely")
    }

    /// Whether `path` is a Swift file.
    package static func isSwiftFile(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// The Swift files `path` names: itself, or a folder's, recursively (sorted; hidden folders,
    /// `.build`, `Tests` and `Pods` skipped), at most ``maximumFiles``.
    package static func swiftFiles(at path: String) -> [String] { scan(path).files }

    /// Whether `path` is a String Catalog or a strings file.
    package static func isStringsFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".xcstrings") || lower.hasSuffix(".strings") || lower.hasSuffix(".stringsdict")
    }

    /// The app's strings files in the folder `path` (walked as for Swift files: hidden folders,
    /// `Pods`, `Carthage` and `…Tests` skipped, no link followed out), when it holds Swift files.
    package static func stringsFiles(at path: String) -> [String] {
        guard holdsSwiftFile(at: path) else { return [] }
        return scan(path, matching: isStringsFile).files
    }

    /// Whether `path` is a Swift file or holds one (the walk stops at the first).
    package static func holdsSwiftFile(at path: String) -> Bool { !scan(path, limit: 1).files.isEmpty }

    /// The Swift files `path` names (as ``swiftFiles(at:)``) and, in one walk, those in the folder
    /// that are not read because a symbolic link leads out of the folder or to something other
    /// than a regular file (issue 32), each with why.
    package static func scan(
        _ path: String, limit: Int = maximumFiles, matching wanted: (String) -> Bool = isSwiftFile
    ) -> (files: [String], refused: [(file: String, reason: String)]) {
        SourceTreeScan.scan(path, limit: limit, matching: wanted)
    }

    /// Reads `files` with the design `tokens`, on a large stack (``LargeStack``): parsing and
    /// building view trees recurse once or more per nesting level.
    package static func load(files: [String], tokens: DesignTokens = DesignTokens()) -> SwiftUIProject {
        LargeStack.run { loadOnCurrentThread(files: files, tokens: tokens) }
    }

    private static func loadOnCurrentThread(files: [String], tokens: DesignTokens) -> SwiftUIProject {
        var declarations = Declarations()
        var problems: [(file: String, reason: String)] = []
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            guard (attributes?[.type] as? FileAttributeType) == .typeRegular else {
                problems.append((file, "not a regular file; not read"))
                continue
            }
            guard ((attributes?[.size] as? NSNumber)?.intValue ?? 0) <= maximumFileBytes else {
                problems.append((file, "larger than \(maximumFileBytes) bytes; not read"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: file), let source = String(data: data, encoding: .utf8) else {
                problems.append((file, "not UTF-8 text; not read"))
                continue
            }
            declarations.read(source: source, path: file)
        }
        return build(declarations, tokens: tokens, problems: problems)
    }

    /// Reads Swift `source` as the file `path` (tests, fuzzing), on a large stack.
    package static func parse(_ source: String, path: String = "View.swift", tokens: DesignTokens = DesignTokens()) -> SwiftUIProject {
        LargeStack.run {
            var declarations = Declarations()
            declarations.read(source: String(source.prefix(maximumFileBytes)), path: path)
            return build(declarations, tokens: tokens, problems: [])
        }
    }

    private static func build(_ declarations: Declarations, tokens: DesignTokens, problems: [(file: String, reason: String)]) -> SwiftUIProject {
        let builder = ViewBuilder(declarations: declarations, tokens: tokens)
        var views: [SwiftUIView] = []
        var byFile: [String: [SwiftUIView]] = [:]
        var fileOrder: [String] = []
        func add(_ view: SwiftUIView, path: String) {
            if byFile[path] == nil { fileOrder.append(path) }
            byFile[path, default: []].append(view)
        }
        for (name, index) in declarations.viewOrder {
            guard let all = declarations.views[name], index < all.count else { continue }
            let declaration = declarations.withHelpers(all[index])
            builder.reset()
            let nodes = builder.instance(
                of: declaration, nil, Scope(file: declaration.file, path: declaration.path, converter: declaration.converter))
            let root = nodes.count == 1 ? nodes[0] : ViewNode(.stack(.vertical, alignment: 0, spacing: nil), children: nodes, location: "\(declaration.file):\(declaration.line)")
            var title = name
            var notes = builder.notes
            if all.count > 1 {
                // Two views of one name (an iOS and a macOS target, two features): both are
                // reported, each named with the end of its path that tells them apart.
                let places = DuplicateNames.places(all.map { ($0.path, $0.line) })
                title = "\(name) (\(places[index]))"
                notes.insert(
                    BuildNote(
                        kind: .defaulted,
                        message: "\(all.count) views are named \(name) (\(places.joined(separator: ", "))): each is reported with its file, and a reference to \(name) uses the one in its own file",
                        location: "\(declaration.file):\(declaration.line)"),
                    at: 0)
            }
            add(
                SwiftUIView(
                    id: safeID(title), title: title, file: declaration.path, line: declaration.line, root: root, notes: notes,
                    isPreview: false),
                path: declaration.path)
        }
        var unnamed: [String: Int] = [:]
        for preview in declarations.previews {
            builder.reset()
            let nodes = builder.views(in: preview.body, Scope(file: preview.file, path: preview.path, converter: preview.converter))
            let root = nodes.count == 1 ? nodes[0] : ViewNode(.stack(.vertical, alignment: 0, spacing: nil), children: nodes, location: "\(preview.file):\(preview.line)")
            let base = (preview.file as NSString).deletingPathExtension
            let name: String
            if let given = preview.name, !given.isEmpty {
                name = given
            } else {
                unnamed[base, default: 0] += 1
                name = "\(base) preview" + (unnamed[base]! > 1 ? " \(unnamed[base]!)" : "")
            }
            add(
                SwiftUIView(
                    id: safeID(name), title: "Preview: \(name)", file: preview.path, line: preview.line, root: root, notes: builder.notes,
                    isPreview: true),
                path: preview.path)
        }
        for path in fileOrder { views += byFile[path] ?? [] }
        return SwiftUIProject(views: views, problems: problems + declarations.problems, sourceTexts: builder.sourceTexts)
    }

    /// `name` as a single safe path component: letters, digits, `-`, `_` and `.` (not leading),
    /// other characters as `-`, at most 80 characters.
    package static func safeID(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-" {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasPrefix("-") || result.hasPrefix(".") { result.removeFirst() }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "view" : String(result.prefix(80))
    }
}
